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
    if not cleaned:
        raise RuleError(f"The {what} is empty: give it a name of 1 to {MAX_NAME_LENGTH} characters.")
    bad = sorted({c for c in cleaned if c in FORBIDDEN_NAME_CHARACTERS})
    if cleaned.startswith(FORBIDDEN_NAME_STARTS):
        bad = sorted({*bad, cleaned[0]})
    if bad:
        shown = " ".join(bad)
        raise RuleError(
            f"The {what} '{cleaned[:40]}' has characters that names can't use here "
            f"({shown}): they would ping people or break the text. Pick another name."
        )
    if len(cleaned) > MAX_NAME_LENGTH:
        raise RuleError(
            f"The {what} '{cleaned[:40]}' is {len(cleaned)} characters long: use at most {MAX_NAME_LENGTH}."
        )
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
    if hints:
        tail = "Did you mean " + " or ".join(hints) + "?"
    elif pool:
        tail = "Known: " + ", ".join(pool[:10]) + "."
    else:
        tail = f"There is no {what} yet."
    raise NotFoundError(f"There is no {what} called '{quote(name)}'. {tail}")
