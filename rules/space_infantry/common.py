"""Small helpers shared by the Space Infantry engines: name look-up, RN draws and limits.

>>> import random
>>> draw_rn(random.Random(1), 6) in range(1, 7)
True
"""

from __future__ import annotations

import difflib
import random
from collections.abc import Iterable

from pydantic import BaseModel

from rules.errors import NotFoundError, RuleError, quote
from rules.i18n import N_, Message, _

#: What a name names, in a refusal ("The unit name is empty"), by the key the rules pass.
NAME_WORDS = {"name": N_("name"), "unit name": N_("unit name"), "vehicle name": N_("vehicle name")}
#: What is looked for, in a refusal ("There is no unit in the squad called ..."), by key.
LOOKUP_WORDS = {"zone": N_("zone"), "unit in the squad": N_("unit in the squad"), "vehicle": N_("vehicle"),
                "boss": N_("boss")}


def _word(words: dict[str, str], what: str) -> Message | str:
    return _(words[what]) if what in words else what

MAX_NAME_LENGTH = 32
"""The longest unit, zone or vehicle name we accept (it has to fit on the map)."""

FORBIDDEN_NAME_CHARACTERS = "@<>`*:,;=[]|\\~_"
"""Characters a unit or vehicle name may not hold: mentions, markdown (links, spoilers, bold,
italics, escapes), and the allocation text's separators (``Kai:2, Lee:1``)."""
#: Markdown that only counts at the start of a line (a heading, a list item, a quote).
FORBIDDEN_NAME_STARTS = ("#", "-", ">")

DEFAULT_RN_DIE = 6
"""RN is one D6 unless a boss file says otherwise."""


class RNDraw(BaseModel):
    """One RN drawn, and what for."""

    purpose: str
    die: int
    value: int


def draw_rn(rng: random.Random, die: int = DEFAULT_RN_DIE) -> int:
    """Draw one RN (a number from 1 to ``die``) from ``rng``.

    >>> draw_rn(random.Random(3), 6) in range(1, 7)
    True
    """
    return rng.randint(1, die)


def clean_name(name: str, what: str = "name") -> str:
    """Strip a player-typed name and check its length; raise :class:`RuleError` if it is unusable.

    >>> clean_name("  Kai ")
    'Kai'
    """
    cleaned = " ".join(str(name).split())
    word = _word(NAME_WORDS, what)
    if not cleaned:
        raise RuleError(_("The {what} is empty: give it a name of 1 to {most} characters.", what=word,
                          most=MAX_NAME_LENGTH))
    bad = sorted({c for c in cleaned if c in FORBIDDEN_NAME_CHARACTERS})
    if cleaned.startswith(FORBIDDEN_NAME_STARTS):
        bad = sorted({*bad, cleaned[0]})
    if bad:
        shown = " ".join(bad)
        raise RuleError(_("The {what} '{name}' has characters that names can't use here ({shown}): they "
                          "would ping people or break the text. Pick another name.", what=word,
                          name=cleaned[:40], shown=shown))
    if len(cleaned) > MAX_NAME_LENGTH:
        raise RuleError(_("The {what} '{name}' is {n} characters long: use at most {most}.", what=word,
                          name=cleaned[:40], n=len(cleaned), most=MAX_NAME_LENGTH))
    return cleaned


def possessive(name: str) -> str:
    """``name`` with an apostrophe for "belonging to": Kai's, Hicks'.

    >>> possessive("Kai"), possessive("Hicks")
    ("Kai's", "Hicks'")
    """
    return f"{name}'" if name.endswith(("s", "S")) else f"{name}'s"


def suggest(name: str, choices: Iterable[str]) -> list[str]:
    """Return up to three of ``choices`` that look like ``name`` (case-insensitive).

    >>> suggest("mouht", ["Mouth", "Body"])
    ['Mouth']
    """
    pool = list(choices)
    lowered = {c.lower(): c for c in pool}
    close = difflib.get_close_matches(name.lower(), list(lowered), n=3, cutoff=0.5)
    starts = [c for c in pool if c.lower().startswith(name.lower()[:2])] if name else []
    out: list[str] = []
    for c in [lowered[m] for m in close] + starts:
        if c not in out:
            out.append(c)
    return out[:3]


def find_name(name: str, choices: Iterable[str], what: str) -> str:
    """Find ``name`` among ``choices`` ignoring case; raise :class:`NotFoundError` with suggestions.

    >>> find_name("mouth", ["Mouth", "Body"], "zone")
    'Mouth'
    """
    pool = list(choices)
    wanted = " ".join(str(name).split()).lower()
    for c in pool:
        if c.lower() == wanted:
            return c
    hints = suggest(wanted, pool)
    word = _word(LOOKUP_WORDS, what)
    if hints:
        tail = _("Did you mean {names}?", names=" / ".join(hints))
    elif pool:
        tail = _("Known: {names}.", names=", ".join(pool[:10]))
    else:
        tail = _("There is no {what} yet.", what=word)
    raise NotFoundError(_("There is no {what} called '{name}'. {hint}", what=word, name=quote(name),
                          hint=tail))
