"""The compact text form of a side, short enough for a Discord option: ``SV16 B3 PS4 DA``.

Parts are separated by spaces (or commas), in any order, capitals optional:

=================  ====================================================================
``SV13``           the attribute the side rolls against (required unless ``B0``)
``SV13+3-6``       with modifiers, which count at most ±12 in total; ``+3`` alone also works
``B3``             Burst, 0 to 6 (default 1; ``B0``: this side does not roll)
``PS4``/``DAM13``  the weapon's PS (N5) or DAM (N4); default PS 7, the same as DAM 13
``DA``             ammunition: ``N DA EXP E/M PARA SHOCK STUN PLASMA``, with ``AP``, ``T2``
                   (alone or joined: ``AP+DA``, ``AP+EXP``) and ``CONT`` (Continuous Damage);
                   ``STUN(ARM)`` or ``STUN(BTS)``: what the weapon's Stun saves on (BTS if not said)
``ARM2``           this side's ARM when the other side's hits land; ``BTS3``, ``PH10`` too
``COVER``          this side is in partial cover (+3 to its saves)
=================  ====================================================================

Every mistake raises :class:`NotationError`, which names the part that is wrong.

>>> parse_side("SV16 B3 PS4 DA").describe()
'SV16 B3 PS4 DA'
>>> parse_side("sv13 arm2, cover").describe()
'SV13 ARM2 COVER'
>>> parse_side("SV16 B9")
Traceback (most recent call last):
...
rules.infinity.notation.NotationError: `B9` in `SV16 B9`: Burst 9 is out of range: use 1 to 6 dice (0: ...).
"""

from __future__ import annotations

import difflib
import re
from typing import Any

from rules.errors import RuleError, quote
from rules.i18n import Message, Text, _
from rules.infinity.side import Ammunition, SaveOn, Side

MAX_TEXT_LENGTH = 100
"""The longest side description we read (Discord options are short anyway)."""

_AMMO_WORDS = {
    "N": Ammunition.N,
    "DA": Ammunition.DA,
    "EXP": Ammunition.EXP,
    "E/M": Ammunition.EM,
    "EM": Ammunition.EM,
    "PARA": Ammunition.PARA,
    "SHOCK": Ammunition.SHOCK,
    "STUN": Ammunition.STUN,
    "PLASMA": Ammunition.PLASMA,
}
_FLAG_WORDS = {"AP": "ap", "T2": "t2"}
_CONTINUOUS_WORDS = ("CONT", "CONTINUOUS", "CD")
_STATS = {"B": "burst", "PS": "ps", "DAM": "dam", "ARM": "arm", "BTS": "bts", "PH": "ph"}
_STAT_NAMES = {"burst": "Burst", "ps": "PS", "dam": "DAM", "arm": "ARM", "bts": "BTS", "ph": "PH"}
_SV = re.compile(r"SV(\d+)((?:[+-]\d+)*)", re.ASCII)
_MODIFIER = re.compile(r"(?:[+-]\d+)+", re.ASCII)
_STAT = re.compile(r"(B|PS|DAM|ARM|BTS|PH)(\d+)", re.ASCII)
_STUN_ON = re.compile(r"STUN\((ARM|BTS)\)", re.ASCII)
_KNOWN = ["SV13", "B3", "PS4", "DAM13", "ARM2", "BTS3", "PH10", "COVER", "CONT", "STUN(ARM)"]
_KNOWN += [*_AMMO_WORDS, *_FLAG_WORDS]


class NotationError(RuleError):
    """A side description with a wrong part; ``part`` is that part as typed."""

    def __init__(self, text: str, part: str, problem: Text) -> None:
        # a backtick typed by the player would break the reply's code spans
        shown_part, shown_text = part.replace("`", "'"), text.replace("`", "'")
        super().__init__(
            _("`{part}` in `{text}`: {problem}", part=shown_part, text=shown_text, problem=problem)
        )
        self.typed = text
        self.part = part
        self.problem = problem


def _modifiers(text: str) -> int:
    return sum(int(m) for m in re.findall(r"[+-]\d+", text, re.ASCII))


def _ammo(part: str, upper: str, fields: dict[str, Any], text: str) -> bool:
    """Read ``AP+DA``-style ammunition into ``fields``; False if ``upper`` is not ammunition."""
    words = upper.split("+")
    if not all(w in _AMMO_WORDS or w in _FLAG_WORDS or _STUN_ON.fullmatch(w) for w in words):
        return False
    for word in words:
        if stun := _STUN_ON.fullmatch(word):
            fields["stun_save"] = SaveOn(stun.group(1))
            word = "STUN"
        if word in _FLAG_WORDS:
            key = _FLAG_WORDS[word]
            if fields.get(key):
                raise NotationError(text, part, _("{word} is given twice.", word=word))
            fields[key] = True
        else:
            if "ammo" in fields:
                already = fields["ammo"].value
                problem = _(
                    "the ammunition is already {ammo}: give one (AP and T2 may join it).", ammo=already
                )
                raise NotationError(text, part, problem)
            fields["ammo"] = _AMMO_WORDS[word]
    return True


def parse_side(text: str) -> Side:
    """Read a side from its compact text form; raise :class:`NotationError` at the first wrong part.

    >>> side = parse_side("SV11+6-3 B2 DAM14 AP+EXP ARM3")
    >>> side.sv, side.burst, side.ammo.value, side.ap, side.dam
    (14, 2, 'EXP', True, 14)
    >>> parse_side("SV13 ARM2 PS")
    Traceback (most recent call last):
    ...
    rules.infinity.notation.NotationError: `PS` in `SV13 ARM2 PS`: PS needs a number right after it, like PS4.
    """
    text = " ".join(str(text).split())
    if not text:
        raise RuleError(_("The side is empty: give at least its SV, e.g. `SV13` or `SV16 B3 PS4 DA`."))
    if len(text) > MAX_TEXT_LENGTH:
        raise RuleError(
            _(
                "The side is {n} characters long: keep it to {limit} at most.",
                n=len(text),
                limit=MAX_TEXT_LENGTH,
            )
        )
    fields: dict[str, Any] = {}
    seen: dict[str, str] = {}
    for part in [p for p in re.split(r"[\s,]+", text) if p]:
        upper = part.upper()
        if match := _SV.fullmatch(upper):
            if "attribute" in seen:
                raise NotationError(
                    text, part, _("the SV is already given as `{part}`.", part=seen["attribute"])
                )
            seen["attribute"] = part
            fields["attribute"] = int(match.group(1))
            fields["modifier"] = fields.get("modifier", 0) + _modifiers(match.group(2))
        elif _MODIFIER.fullmatch(upper):
            fields["modifier"] = fields.get("modifier", 0) + _modifiers(upper)
        elif match := _STAT.fullmatch(upper):
            key = _STATS[match.group(1)]
            if key in seen:
                raise NotationError(
                    text,
                    part,
                    _("{name} is already given as `{part}`.", name=_STAT_NAMES[key], part=seen[key]),
                )
            seen[key] = part
            fields[key] = int(match.group(2))
        elif upper in _STATS or upper == "SV":
            raise NotationError(
                text,
                part,
                _(
                    "{word} needs a number right after it, like {example}.",
                    word=upper,
                    example=_example(upper),
                ),
            )
        elif upper == "COVER":
            fields["cover"] = True
        elif upper in _CONTINUOUS_WORDS:
            fields["continuous"] = True
        elif not _ammo(part, upper, fields, text):
            raise NotationError(text, part, _unknown(upper))
        _check_part(text, part, fields)
    if "attribute" not in fields and fields.get("burst", 1) != 0:
        shown = quote(text)
        raise RuleError(
            _("`{side}` has no SV: start with the attribute it rolls on, e.g. `SV13 {side}`.", side=shown)
        )
    return Side(**fields)


def _example(word: str) -> str:
    examples = {"SV": "13", "B": "3", "PS": "4", "DAM": "13", "ARM": "2", "BTS": "3", "PH": "10"}
    return word + examples[word]


def _unknown(upper: str) -> Message:
    close = difflib.get_close_matches(upper, _KNOWN, n=2, cutoff=0.5)
    if len(close) == 2:
        return _(
            "not a part of a side. Use SV, B, PS or DAM, an ammunition (N DA EXP E/M PARA SHOCK STUN PLASMA, "
            "STUN(ARM), AP, T2, CONT), ARM, BTS, PH or COVER. Did you mean `{first}` or `{second}`?",
            first=close[0],
            second=close[1],
        )
    if close:
        return _(
            "not a part of a side. Use SV, B, PS or DAM, an ammunition (N DA EXP E/M PARA SHOCK STUN PLASMA, "
            "STUN(ARM), AP, T2, CONT), ARM, BTS, PH or COVER. Did you mean `{first}`?",
            first=close[0],
        )
    return _(
        "not a part of a side. Use SV, B, PS or DAM, an ammunition (N DA EXP E/M PARA SHOCK STUN PLASMA, "
        "STUN(ARM), AP, T2, CONT), ARM, BTS, PH or COVER."
    )


def _check_part(text: str, part: str, fields: dict[str, Any]) -> None:
    """Validate the side so far, so an out-of-range number is blamed on the part that gave it."""
    try:
        Side(**fields)
    except RuleError as error:
        raise NotationError(text, part, error.text) from None
