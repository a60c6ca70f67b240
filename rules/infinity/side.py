"""One side of a Face to Face Roll: how it rolls, what its weapon does, and how it saves.

A :class:`Side` holds both halves of a trooper in the exchange: the attack it makes (SV, Burst,
the weapon's PS or DAM and its ammunition) and its defence when the other side's hits land
(ARM, BTS, PH for PARA, cover). The compact text form (``SV16 B3 PS4 DA``) is read by
:func:`rules.infinity.notation.parse_side`.

Cover here is the bonus to the side's own saves; the -3 cover gives the enemy's roll is one of
the modifiers the enemy puts in its SV, like range and other modifiers.

>>> side = Side(attribute=13, modifier=3, burst=3, ps=4, ammo=Ammunition.DA)
>>> side.sv, side.describe()
(16, 'SV13+3 B3 PS4 DA')
"""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, ConfigDict, model_validator

from rules.errors import RuleError
from rules.i18n import _
from rules.infinity.dice import MAX_ATTRIBUTE, MAX_BURST, MAX_RAW_MODIFIER, success_value

MAX_STAT = 20
"""ARM, BTS, PH and PS above this make no difference to a d20 save."""
MAX_DAM = 30
DEFAULT_PS = 7
"""A weapon given neither PS nor DAM is read as PS 7 (DAM 13 in N4), the usual calculator default."""
COVER_BONUS = 3
"""Partial cover adds 3 to the save in N5 and takes 3 off the Attack Damage in N4."""
PARA_PH_MODIFIER = -6
"""PARA saves are made against PH-6."""
NOBODY_ROLLS = "Both sides have Burst 0, so nobody rolls: give at least one side a Burst of 1 or more."


class Ammunition(StrEnum):
    """The weapon's ammunition. AP, T2 and Continuous Damage are flags on :class:`Side`, since they
    combine with these (AP+DA, AP+EXP, T2 Fire)."""

    N = "N"
    DA = "DA"
    EXP = "EXP"
    EM = "E/M"
    PARA = "PARA"
    SHOCK = "SHOCK"
    STUN = "STUN"
    PLASMA = "PLASMA"

    @property
    def causes_wounds(self) -> bool:
        """False for ammunition whose failed saves impose a state (E/M, PARA, Stun), not a wound.

        >>> Ammunition.DA.causes_wounds, Ammunition.PARA.causes_wounds
        (True, False)
        """
        return self not in (Ammunition.EM, Ammunition.PARA, Ammunition.STUN)


class SaveOn(StrEnum):
    """The attribute Stun saves on: the weapon's profile says which."""

    ARM = "ARM"
    BTS = "BTS"


class Side(BaseModel):
    """A trooper in a Face to Face Roll. ``ps`` is the weapon's N5 PS, ``dam`` its N4 DAM; give
    either (PS = 20 - DAM gives the same odds, so each edition converts the other).

    >>> Side(attribute=13).describe()
    'SV13'
    >>> Side(attribute=13, burst=7)
    Traceback (most recent call last):
    ...
    rules.errors.RuleError: Burst 7 is out of range: use 1 to 6 dice (0: this side does not roll).
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    attribute: int = 0
    modifier: int = 0
    burst: int = 1
    ps: int | None = None
    dam: int | None = None
    ammo: Ammunition = Ammunition.N
    stun_save: SaveOn = SaveOn.BTS
    """What Stun saves on (``STUN(ARM)``, ``STUN(BTS)``); the other ammunition says it itself."""
    ap: bool = False
    t2: bool = False
    continuous: bool = False
    arm: int = 0
    bts: int = 0
    ph: int | None = None
    cover: bool = False

    @model_validator(mode="after")
    def _check(self) -> Side:
        if not 0 <= self.burst <= MAX_BURST:
            raise RuleError(
                _(
                    "Burst {burst} is out of range: use 1 to {max} dice (0: this side does not roll).",
                    burst=self.burst,
                    max=MAX_BURST,
                )
            )
        if not 0 <= self.attribute <= MAX_ATTRIBUTE:
            raise RuleError(
                _(
                    "SV {sv} is out of range: use 0 to {max} before MODs.",
                    sv=self.attribute,
                    max=MAX_ATTRIBUTE,
                )
            )
        if abs(self.modifier) > MAX_RAW_MODIFIER:
            mods = f"{self.modifier:+d}"
            raise RuleError(
                _(
                    "MODs of {mods} are too large: give at most ±{max}.",
                    mods=mods,
                    max=MAX_RAW_MODIFIER,
                )
            )
        for name in ("ps", "arm", "bts", "ph"):
            value = getattr(self, name)
            if value is not None and not 0 <= value <= MAX_STAT:
                raise RuleError(
                    _(
                        "{name} {value} is out of range: use 0 to {max}.",
                        name=name.upper(),
                        value=value,
                        max=MAX_STAT,
                    )
                )
        if self.dam is not None and not 0 <= self.dam <= MAX_DAM:
            raise RuleError(_("DAM {dam} is out of range: use 0 to {max}.", dam=self.dam, max=MAX_DAM))
        if self.ps is not None and self.dam is not None:
            raise RuleError(_("Give the weapon's PS (N5) or its DAM (N4), not both."))
        if self.ap and self.ammo is Ammunition.PARA:
            raise RuleError(
                _("AP halves ARM or BTS, and PARA saves use PH-6: AP+PARA does nothing, drop AP.")
            )
        if self.ap and self.ammo is Ammunition.EM:
            raise RuleError(
                _(
                    "E/M already halves BTS, and Herald does not halve it twice: drop AP (E/M alone saves "
                    "against half the BTS)."
                )
            )
        if self.stun_save is not SaveOn.BTS and self.ammo is not Ammunition.STUN:
            raise RuleError(
                _(
                    "Only Stun saves on ARM or BTS as its weapon says; {ammo} ammunition says it "
                    "itself: write `STUN(ARM)` for Stun that saves on ARM.",
                    ammo=self.ammo.value,
                )
            )
        return self

    @property
    def sv(self) -> int:
        """The Success Value after the ±12 modifier cap.

        >>> Side(attribute=10, modifier=15).sv
        22
        """
        return success_value(self.attribute, self.modifier)

    @property
    def rolls(self) -> bool:
        """False for a side that rolls nothing: Burst 0, or an SV below 1 (automatic failure)."""
        return self.burst > 0 and self.sv >= 1

    def weapon_ps(self) -> int:
        """The weapon's PS for N5 (from DAM when only DAM is given, else the default).

        >>> Side(dam=13).weapon_ps(), Side().weapon_ps()
        (7, 7)
        """
        if self.ps is not None:
            return self.ps
        if self.dam is not None:
            return max(0, min(MAX_STAT, 20 - self.dam))
        return DEFAULT_PS

    def weapon_dam(self) -> int:
        """The weapon's DAM for N4 (from PS when only PS is given, else the default).

        >>> Side(ps=4).weapon_dam(), Side(dam=15).weapon_dam()
        (16, 15)
        """
        if self.dam is not None:
            return self.dam
        return 20 - self.weapon_ps()

    def ammo_label(self) -> str:
        """The ammunition as players write it: ``AP+DA``, ``T2``, ``N CONT``.

        >>> Side(ammo=Ammunition.DA, ap=True).ammo_label(), Side(t2=True).ammo_label()
        ('AP+DA', 'T2')
        """
        parts = []
        if self.ap:
            parts.append("AP")
        if self.ammo is Ammunition.STUN:
            parts.append(f"STUN({self.stun_save.value})")  # what it saves on, always said
        elif self.ammo is not Ammunition.N or not (self.ap or self.t2):
            parts.append(self.ammo.value)
        if self.t2:
            parts.append("T2")
        label = "+".join(parts)
        return label + (" CONT" if self.continuous else "")

    def describe(self) -> str:
        """The canonical compact form, which :func:`~rules.infinity.notation.parse_side` reads back.

        >>> Side(attribute=12, burst=2, dam=14, ammo=Ammunition.EXP, arm=3, cover=True).describe()
        'SV12 B2 DAM14 EXP ARM3 COVER'
        """
        parts = [f"SV{self.attribute}" + (f"{self.modifier:+d}" if self.modifier else "")]
        if self.burst != 1:
            parts.append(f"B{self.burst}")
        if self.ps is not None:
            parts.append(f"PS{self.ps}")
        if self.dam is not None:
            parts.append(f"DAM{self.dam}")
        label = self.ammo_label()
        if label != "N":
            parts.append(label)
        for name in ("arm", "bts"):
            if getattr(self, name):
                parts.append(f"{name.upper()}{getattr(self, name)}")
        if self.ph is not None:
            parts.append(f"PH{self.ph}")
        if self.cover:
            parts.append("COVER")
        return " ".join(parts)
