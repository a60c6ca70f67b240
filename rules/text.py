"""Typed text made safe to keep and to read back: the pure half of Herald's one door for input.

Whatever a player types (a tournament's name, a squad's name, a roll's label, a number) reaches
the rules as a string that may hold anything Discord lets through: NUL and other control
characters (PostgreSQL refuses NUL in text), bidirectional overrides that make a name read
backwards or hide what follows it, zero-width characters that make two names look the same, and
digits by the thousand. Two functions deal with it, here, so every engine and every caller gets
them:

* :func:`clean_text` removes the invisible and the dangerous characters. The bot applies it to
  every string option of every slash command and every form field before a handler sees it
  (``bot.errors.HeraldTree.interaction_check`` and ``bot.views.form_values``), so what is stored
  and what is drawn in pictures is already clean.
* :func:`parse_whole` reads a whole number from typed text, checking its length and range before
  Python converts it, and answers a player-readable :class:`RuleError` naming the allowed range.

Showing a name in a Discord message needs more (markdown and mentions made inert): that is
``bot.text.public``, which calls :func:`clean_text` first.
"""

from __future__ import annotations

import re
import unicodedata

from rules.errors import RuleError, quote

#: Bidirectional embeddings, overrides and isolates, and the implicit direction marks.
BIDI = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c")
#: Characters that take no room: zero-width space, joiners, word joiner, invisible operators,
#: the byte-order mark, the soft hyphen, the Mongolian vowel separator and the Hangul fillers.
ZERO_WIDTH = frozenset(
    "\u200b\u200c\u200d\u2060\u2061\u2062\u2063\u2064\ufeff\u00ad\u180e\u115f\u1160\u3164\uffa0"
)
_LINE_BREAKS = re.compile(r"\r\n?|[\u2028\u2029\x85]")


def _dropped(char: str) -> bool:
    if char in BIDI or char in ZERO_WIDTH:
        return True
    # Cc: C0 and C1 controls (NUL included); Cs: lone surrogates, which no database can store.
    return unicodedata.category(char) in ("Cc", "Cs")


def _joins_emoji(text: str, i: int) -> bool:
    """A zero-width joiner inside an emoji sequence (a family, a flag) is part of the emoji."""
    if text[i] != "\u200d" or i == 0 or i + 1 == len(text):
        return False
    before, after = text[i - 1], text[i + 1]
    return (unicodedata.category(before) in ("So", "Sk") or before == "\ufe0f") and (
        unicodedata.category(after) == "So"
    )


def clean_text(text: str, max_len: int | None = None, *, multiline: bool = False) -> str:
    """``text`` without control, bidirectional-override and zero-width characters.

    Tabs and (unless ``multiline``) line breaks become spaces; with ``multiline`` every line break
    becomes ``\\n``. ``max_len`` cuts the result to that many characters (with an ellipsis).
    Nothing else changes: letters of every script, emoji and punctuation stay as typed.

    >>> clean_text("Ka\\x00i")
    'Kai'
    >>> clean_text("Cup \\u202eevil\\u202c\\u200b!")
    'Cup evil!'
    >>> clean_text("two\\nlines\\tand a tab")
    'two lines and a tab'
    >>> clean_text("two\\r\\nlines", multiline=True)
    'two\\nlines'
    >>> clean_text("a long name", 6)
    'a lon…'
    >>> len(clean_text("\U0001F3F3\uFE0F\u200d\U0001F308"))  # an emoji's own joiner stays
    4
    """
    text = _LINE_BREAKS.sub("\n", str(text))
    kept = []
    for i, char in enumerate(text):
        if char == "\t" or (char == "\n" and not multiline):
            kept.append(" ")
        elif char == "\n" or not _dropped(char) or _joins_emoji(text, i):
            kept.append(char)
    out = "".join(kept)
    if max_len is not None and len(out) > max_len:
        out = out[: max(max_len - 1, 0)].rstrip() + "…"
    return out


#: More digits than any number Herald counts (cards, points, dice) could need.
MAX_DIGITS = 12


def spelled_digits(text: str) -> str | None:
    """The digits of a number typed as ``12``, ``#12`` or ``# 12`` (a card's printed number),
    however many; None when ``text`` is no number. :func:`small_number` reads the value; the
    digits alone tell "a number, but too long for any card" from "a name".

    >>> spelled_digits(" # 12 "), spelled_digits("12a"), spelled_digits("²")
    ('12', None, None)
    """
    digits = str(text).strip().lstrip("#").strip()
    return digits if digits.isdecimal() else None


def small_number(text: str, max_digits: int = MAX_DIGITS) -> int | None:
    """The whole number ``text`` spells (decimal digits, ``#`` and spaces around them allowed), or
    None when it is no number or has more than ``max_digits`` digits: more than any card, count or
    score Herald knows, so such text is refused before Python reads it.

    >>> small_number(" #12 "), small_number("twelve"), small_number("9" * 5000)
    (12, None, None)
    """
    digits = spelled_digits(text)
    if digits is None or len(digits) > max_digits:
        return None
    return int(digits)


def parse_whole(text: str, low: int, high: int, what: str) -> int:
    """The whole number typed in ``text``, between ``low`` and ``high``, else a RuleError that
    names the allowed range. The length is checked before converting, so thousands of digits
    cost nothing (Python refuses to read more than 4,300 of them).

    >>> parse_whole(" 12 ", 1, 40, "a card number")
    12
    >>> parse_whole("9" * 5000, 1, 40, "a card number")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    rules.errors.RuleError: A card number must be a whole number from 1 to 40, not '99999999999… (5,000 ...'.
    """
    flat = str(text).strip()
    digits = flat.lstrip("+-")
    ok = digits.isascii() and digits.isdigit() and len(digits) <= MAX_DIGITS and len(flat) - len(digits) <= 1
    value = int(flat) if ok else None
    if value is None or not low <= value <= high:
        shown = quote(flat, 20) if len(flat) <= 20 else f"{quote(flat, 12)} ({len(flat):,} characters)"
        what = what[:1].upper() + what[1:]
        raise RuleError(f"{what} must be a whole number from {low} to {high}, not '{shown}'.")
    return value


_TYPED_ALIKE = str.maketrans({"\u2019": "'", "\u2018": "'", "\u02bc": "'", "\u2032": "'", "\u00b4": "'"})


def match_key(name: str) -> str:
    """The form a name is matched by as players type it: case, accents, the typographic
    apostrophe and repeated spaces do not count.

    >>> match_key("  Spinnin\u2019   Blades "), match_key("Spinnin' blades"), match_key("Ork Nob\u00e9")
    ("spinnin' blades", "spinnin' blades", 'ork nobe')
    """
    folded = unicodedata.normalize("NFKD", name.translate(_TYPED_ALIKE))
    return " ".join("".join(c for c in folded if not unicodedata.combining(c)).split()).casefold()
