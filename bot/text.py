"""The one door every user-chosen name passes before Discord shows it in a message.

:func:`public` is for names and labels players chose (a tournament's name, a faction, a squad,
a vehicle, a roll's label, a saved roll's name, a display name inside message text). It

* removes control, bidirectional-override and zero-width characters (``rules.text.clean_text``,
  which the bot also applies to every option and form field as it arrives, so stored names are
  clean already; applying it again costs nothing and protects names stored before that);
* puts the name on one line and cuts it to ``limit`` characters;
* escapes every markdown character with a backslash, so ``[Free Nitro](https://evil.example)``
  is shown as typed and is no masked link, ``# x`` is no heading, ``||x||`` no spoiler and
  three backticks no code block (Discord hides the backslashes);
* breaks every mention (``@everyone``, ``@here``, ``<@id>``, ``<@&id>``, ``<#id>``,
  ``</command:id>``) with a zero-width space, so it neither pings nor even renders as one.

Use it where the name goes into message content, an embed's title or description, or a field.
Embed author names, footers, button labels, select options, thread names and images show plain
text (no markdown): there only ``rules.text.clean_text`` applies, or the backslashes would show.
Pinging is separate: a message pings exactly the users it lists by id in its allowed mentions
(see ``bot.text.pinging``), never a mention found in text.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

import discord

from bot.limits import quote
from rules.text import clean_text

#: Every character Discord's markdown gives a meaning to; ``:`` too, so no typed URL is a link.
_MARKDOWN = re.compile(r"([\\*_~`|>#\-\[\]()<:])")
#: What starts a mention once the markdown is escaped: ``@`` (everyone, here, users, roles),
#: ``#`` after ``<`` (channels) and ``/`` after ``<`` (slash commands).
_MENTION = re.compile(r"@|(?<=<\\)[#/]")
_ZWSP = "\u200b"


def public(name: object, limit: int = 100) -> str:
    """``name`` made inert for a public message: one line, at most ``limit`` characters (before
    escaping), no markup, no mention, no invisible or direction-changing character.

    >>> public("[Free Nitro](https://evil.example/login)")
    '\\\\[Free Nitro\\\\]\\\\(https\\\\://evil.example/login\\\\)'
    >>> public("@everyone") == "@\\u200beveryone"
    True
    >>> public("<@123>") == "\\\\<@\\u200b123\\\\>"
    True
    >>> public("Cup\\u202e\\x00 # one")
    'Cup \\\\# one'
    """
    text = quote(clean_text(str(name)), limit)
    text = _MARKDOWN.sub(r"\\\1", text)
    return _MENTION.sub(lambda m: m.group(0) + _ZWSP, text)


#: What :func:`inert` escapes: emphasis, spoilers, masked links and mentions anywhere, and a
#: heading, quote or small-text mark at a line's start. Parentheses, colons, hyphens and backticks
#: stay as they are: they make nothing live (a cog's own `code` in a footer now shows as code).
_INERT = re.compile(r"([\\*_~|\[\]<])|^([ \t]*)(#|>|-#)", re.MULTILINE)


def inert(text: str) -> str:
    """``text`` with its markdown and mentions made inert, every line kept, and lighter than
    :func:`public`: for words written for a place Discord showed as plain text (an embed's author
    or footer) that a card shows as markdown.

    >>> inert("[x](https://evil.example) @here **b** (ok: yes)")
    '\\\\[x\\\\](https://evil.example) @\\u200bhere \\\\*\\\\*b\\\\*\\\\* (ok: yes)'
    >>> inert("# big") == "\\\\# big"
    True
    """

    def escape(found: re.Match[str]) -> str:
        if found.group(1):
            return "\\" + found.group(1)
        return found.group(2) + "\\" + found.group(3)

    return _MENTION.sub(lambda m: m.group(0) + _ZWSP, _INERT.sub(escape, text))


def plain(name: object, limit: int = 100) -> str:
    """``name`` for a place Discord shows as plain text (embed author or footer, a button's label,
    a thread's name): one clean line of at most ``limit`` characters, nothing escaped.

    >>> plain("Ka\\x00i \\u202ethe\\u202c   Bold")
    'Kai the Bold'
    """
    return quote(clean_text(str(name)), limit)


#: Characters a kept display name drops (see :func:`kept_name`).
_NAME_MARKUP = re.compile(r"[\\*_~`|<>@#\[\]]")


def kept_name(name: object, limit: int = 32) -> str:
    """A member's display name as a game keeps it (a seat, a player of a battle or tournament):
    shown in text, on buttons and in pictures alike, so it can hold no escape. Instead of escaping,
    the characters markdown or mentions need are dropped, then :func:`plain` applies.

    >>> kept_name("**Bob** <@1> [x](y) #1 @everyone")
    'Bob 1 x(y) 1 everyone'
    """
    return plain(_NAME_MARKUP.sub("", clean_text(str(name))), limit) or "?"


def pinging(user_ids: Iterable[int | None]) -> discord.AllowedMentions:
    """Allowed mentions for a message that pings exactly these users (by id) and nobody else:
    no ``@everyone``, no role, no reply author, and no mention that typed text might contain."""
    ids = sorted({int(u) for u in user_ids if u})
    return discord.AllowedMentions(
        users=[discord.Object(u) for u in ids], everyone=False, roles=False, replied_user=False
    )
