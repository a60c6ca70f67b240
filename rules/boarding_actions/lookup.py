"""Fuzzy name look-up for Boarding Actions missions and rules topics.

The same approach as the ITS look-ups (``rules/its/topics.py`` and ``cogs/its/library.py``):
names are compared as lower-case letters and digits, an exact name or alias always wins, very
short queries only match exactly, and otherwise rapidfuzz's ``WRatio`` ranks the names. A typed
name is taken only when it is clearly meant (exact, the start of one name only, or a fuzzy
score both high and ahead of the rest); else the caller shows "did you mean" choices.

>>> index = NameIndex([("Deck Sweepers", "deck-sweepers"), ("Death in the Dark", "death-in-the-dark")])
>>> index.resolve("deck sweeper")
'deck-sweepers'
>>> index.resolve("de") is None
True
>>> index.suggest("dark death")[0]
'death-in-the-dark'
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rapidfuzz import fuzz, process, utils

#: Names and queries shorter than this (letters and digits) match only exactly or as a prefix.
MIN_FUZZY_CHARS = 4
#: Longest query matched; longer input is cut, not refused.
MAX_QUERY_CHARS = 100
#: A fuzzy match is taken without asking only from this score...
CONFIDENT_SCORE = 85
#: ...and only when it is this far ahead of the next candidate.
CONFIDENT_MARGIN = 6
#: Autocomplete and search offer a fuzzy match only from this score.
SEARCH_CUTOFF = 70


def key_of(text: str) -> str:
    """Letters and digits only, lower case.

    >>> key_of("Lock It Down!")
    'lockitdown'
    """
    return re.sub(r"[^a-z0-9]", "", text.casefold())


@dataclass(frozen=True)
class Hit:
    """A candidate with its score (0-100)."""

    value: str
    score: float


class NameIndex:
    """Names (titles and aliases) pointing at values (ids); several names may share a value."""

    def __init__(self, names: list[tuple[str, str]]) -> None:
        self._names = [(name, value) for name, value in names if key_of(name)]
        self._exact: dict[str, str] = {}
        for name, value in self._names:
            self._exact.setdefault(key_of(name), value)
        self._fuzzy = [(n, v) for n, v in self._names if len(key_of(n)) >= MIN_FUZZY_CHARS]
        self._order = list(dict.fromkeys(v for _, v in self._names))

    def values(self) -> list[str]:
        """Every value once, in the order first named."""
        return list(self._order)

    def exact(self, text: str) -> str | None:
        return self._exact.get(key_of(text[:MAX_QUERY_CHARS]))

    def search(self, text: str, *, limit: int = 25, cutoff: float = 0) -> list[Hit]:
        """Values ranked by their best-matching name: exact 100, a name starting with the text at
        least 95, a name containing it at least 90, else the fuzzy score (below 100)."""
        text = text.strip()[:MAX_QUERY_CHARS]
        key = key_of(text)
        if not key:
            return []
        best: dict[str, float] = {}

        def offer(value: str, score: float) -> None:
            if score >= cutoff and score > best.get(value, -1.0):
                best[value] = score

        for name, value in self._names:
            name_key = key_of(name)
            if name_key == key:
                offer(value, 100.0)
            elif name_key.startswith(key):
                offer(value, 95.0)
            elif len(key) >= MIN_FUZZY_CHARS and key in name_key:
                offer(value, 90.0)
        if len(key) >= MIN_FUZZY_CHARS and self._fuzzy:
            hits = process.extract(
                text,
                [n for n, _ in self._fuzzy],
                scorer=fuzz.WRatio,
                processor=utils.default_process,
                limit=max(limit * 4, 20),
            )
            for _, score, index in hits:
                offer(self._fuzzy[index][1], min(float(score), 99.0))
        ranked = sorted(best.items(), key=lambda kv: (-kv[1], self._order.index(kv[0])))
        return [Hit(value, score) for value, score in ranked[:limit]]

    def resolve(self, text: str) -> str | None:
        """The value ``text`` surely means, or None when it is not sure."""
        found = self.exact(text)
        if found is not None:
            return found
        key = key_of(text[:MAX_QUERY_CHARS])
        if not key:
            return None
        starts = {v for n, v in self._names if key_of(n).startswith(key)}
        if len(starts) == 1 and len(key) >= 2:
            return starts.pop()
        if len(key) < MIN_FUZZY_CHARS:
            return None
        hits = self.search(text, limit=2)
        if not hits or hits[0].score < CONFIDENT_SCORE:
            return None
        if len(hits) > 1 and hits[0].score - hits[1].score < CONFIDENT_MARGIN:
            return None
        return hits[0].value

    def suggest(self, text: str, *, limit: int = 3) -> list[str]:
        """The values closest to ``text`` (for "did you mean" buttons), best first."""
        return [hit.value for hit in self.search(text, limit=limit)]
