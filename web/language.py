"""Which language a visitor reads a page in: ``?lang=``, the event's own language,
``Accept-Language``, else English; only languages Herald offers count (:func:`rules.i18n.offered`).

The answer is always one of the offered languages' codes (``en``, ``es``), so the pages' caches
hold one rendering per offered language at most, however many different headers visitors send.

>>> from rules.i18n import force_offer
>>> with force_offer("es"):
...     choose(query="", own=None, header="fr-CH, es;q=0.9, en;q=0.8")
'es'
>>> choose(query="", own=None, header="de-DE")     # no German catalogue: English
'en'
"""

from __future__ import annotations

import re
from functools import lru_cache

from rules import i18n
from rules.i18n import SOURCE, Translator, offered, translator

MAX_HEADER_CHARS = 512
"""Only this much of an ``Accept-Language`` header is read (a browser sends a few dozen)."""
MAX_RANGES = 16
"""Only this many of its language ranges are weighed."""

_RANGE = re.compile(
    r"\s*([A-Za-z]{1,8}(?:-[A-Za-z0-9]{1,8})*|\*)\s*(?:;\s*q\s*=\s*([0-9](?:\.[0-9]{0,3})?))?\s*"
)


def _primary(tag: str) -> str:
    return tag.split("-", 1)[0].split("_", 1)[0].lower()


def preferred(header: str | None) -> list[str]:
    """The primary languages of an ``Accept-Language`` header, most wanted first (by q, then by
    order), without those refused (``q=0``). Malformed ranges are skipped; the header is cut at
    :data:`MAX_HEADER_CHARS` and :data:`MAX_RANGES`, so a hostile one costs little.

    >>> preferred("en;q=0.5, es-ES, de;q=0, fr;q=oops, *")
    ['es', 'en']
    """
    if not header:
        return []
    weighed: list[tuple[float, int, str]] = []
    for index, part in enumerate(header[:MAX_HEADER_CHARS].split(",")[:MAX_RANGES]):
        found = _RANGE.fullmatch(part)
        if found is None or found.group(1) == "*":
            continue
        q = float(found.group(2)) if found.group(2) is not None else 1.0
        if 0 < q <= 1:
            weighed.append((-q, index, _primary(found.group(1))))
    seen: list[str] = []
    for _q, _index, language in sorted(weighed):
        if language not in seen:
            seen.append(language)
    return seen


_OFFERED: dict[tuple[object, frozenset[str]], frozenset[str]] = {}


def available() -> frozenset[str]:
    """:func:`rules.i18n.offered`, kept: it looks at ``locale/`` on disk, and a page answers many
    polls a second. What is offered changes only with the catalogues' folder or a test's
    ``force_offer`` (a compiled catalogue is read once per process), so those are the key."""
    key = (i18n._locale_dir, frozenset(i18n._forced))
    found = _OFFERED.get(key)
    if found is None:
        if len(_OFFERED) > 16:
            _OFFERED.clear()
        found = _OFFERED[key] = offered()
    return found


def asked(query: str | None) -> str | None:
    """The offered language ``?lang=`` names (``es``, ``es-ES`` and ``ES`` all name ``es``), else None.

    >>> from rules.i18n import force_offer
    >>> with force_offer("es"):
    ...     asked("es-ES"), asked("xx")
    ('es', None)
    """
    wanted = _primary(query or "")
    return wanted if wanted in available() else None


def choose(*, query: str | None, own: str | None, header: str | None) -> str:
    """The offered language for a request: ``?lang=``, else the event's own language (a locale
    such as ``es-ES``), else the best offered match of ``Accept-Language``, else English."""
    available_now = available()
    wanted = asked(query)
    if wanted is not None:
        return wanted
    if own and _primary(own) in available_now:
        return _primary(own)
    for language in preferred(header):
        if language in available_now:
            return language
    return SOURCE


def words(language: str) -> Translator:
    """The translator of an offered language (``choose``'s answer)."""
    return translator(language)


@lru_cache(maxsize=32)
def own_name(language: str) -> str:
    """A language's name in itself, as the switch on a page shows it: ``English``, ``Español``."""
    from babel import Locale

    name = Locale.parse(language).get_display_name(language) or language
    return name[:1].upper() + name[1:]


def switch_languages() -> list[str]:
    """Every offered language, English first, for the switch on a page."""
    return sorted(available(), key=lambda code: (code != SOURCE, code))
