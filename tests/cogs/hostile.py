"""Hostile names (issue 26, items 1 and 2) and the checks that a public message shows them inert."""

from __future__ import annotations

import re

from bot.offline import Message

#: A user id nobody in a test has: a mention of it typed into a name must never ping or render.
VICTIM = 314159265358979323
LINK = "[Free Nitro](https://evil.example/login)"
#: Each is typed into names; a public message must never show one of these live.
HOSTILE = (
    LINK,
    "@everyone",
    "@here",
    f"<@{VICTIM}>",
    f"<@!{VICTIM}>",
    "<@&271828182845904523>",
    "<#161803398874989484>",
    "\u202eevil\u202c",
    "# heading",
    "```fence",
    "||spoiler||",
    "**bold**",
)
#: One name carrying every trick, short enough for most fields; the heading comes first.
COMBINED = "# Cup " + " ".join(HOSTILE[:8]) + " ||s|| ```x"
#: Every trick in the 80 characters most name fields allow.
SHORT = "# [Free Nitro](https://evil.example/login) @everyone <@&271828182845904523> ||s|| ```x"[:80]
#: Characters that must never reach a message, a stored name or a picture.
INVISIBLE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c\ufeff]")

_LIVE = (
    ("masked link", re.compile(r"(?<!\\)\]\((?=\S)")),
    ("@everyone or @here", re.compile(r"@(everyone|here)")),
    ("user mention", re.compile(rf"<@!?{VICTIM}>")),
    ("role mention", re.compile(r"<@&\d+>")),
    ("channel mention", re.compile(r"<#161803398874989484>")),
    ("heading", re.compile(r"(?m)^#{1,3} ")),
    ("code fence", re.compile(r"(?<!\\)```(fence|x)")),
    ("spoiler", re.compile(r"(?<!\\)\|\|(spoiler|s)(?<!\\)\|\|")),
    ("bold", re.compile(r"(?<!\\)\*\*bold")),
    ("invisible character", INVISIBLE),
)


def _text_displays(components: list[dict]) -> list[str]:
    """A card's text displays, each line's own card mark (``## `` a title, ``-# `` small text)
    taken off: what follows it is the line's text, where a ``#`` no longer starts a heading."""
    found = []
    for comp in components:
        if comp.get("type") == 10:
            lines = (comp.get("content") or "").split("\n")
            marked = ("·" + line[3:] if line.startswith(("## ", "-# ")) else line for line in lines)
            found.append("\n".join(marked))
        found += _text_displays(comp.get("components") or [])
    return found


def rendered_parts(message: Message) -> list[str]:
    """The parts of a message where Discord renders markdown and mentions: a card's every text
    display; an old message's content, embed titles, descriptions and fields."""
    parts = [message.content, *_text_displays(message.components)]
    for raw in message.embeds:
        parts += [raw.get("title") or "", raw.get("description") or ""]
        for f in raw.get("fields", []):
            parts += [f.get("name") or "", f.get("value") or ""]
    return [p for p in parts if p]


def live_markup(message: Message) -> list[str]:
    """What a hostile name left live in ``message``: empty when every name shows inert."""
    found = []
    for part in rendered_parts(message):
        for what, pattern in _LIVE:
            if pattern.search(part):
                found.append(f"{what} in {part[:300]!r}")
    return found


def plain_parts(message: Message) -> list[str]:
    """Parts shown as plain text (no markdown): author, footer, button labels, select options."""
    parts = [raw.get("author", {}).get("name") or "" for raw in message.embeds]
    parts += [raw.get("footer", {}).get("text") or "" for raw in message.embeds]
    parts += [b.label for b in message.buttons] + [label for s in message.selects for label, _ in s.options]
    return [p for p in parts if p]


def pings_beyond_ids(messages: list[Message]) -> list[str]:
    """Messages whose allowed mentions let anything ping but users named by id: Discord would
    ping every user, role or @everyone mentioned in their text, typed names included."""
    found = []
    for message in messages:
        allowed = message.allowed_mentions or {"parse": []}
        loose = set(allowed.get("parse") or []) & {"users", "roles", "everyone"}
        if loose or allowed.get("roles"):
            found.append(f"{sorted(loose) or 'roles'} may ping from {message.content[:200]!r}")
    return found
