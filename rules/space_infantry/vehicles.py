"""Anti-vehicle (A-V) attacks for Space Infantry, after the Vehicle rules (v0.3.2).

How an A-V attack goes: the player works out the SL of the attacking unit's A-V skill with the
core rules (at Melee range the attack gains +1AP; we only show that as a note) and enters it.
Then, for each SL, one RN is drawn:

* against a Heavy Armor vehicle, RN + PEN equal to or above the vehicle's DMG is a hit, each hit
  is a wound counter, and the vehicle is destroyed once its wounds reach its SP;
* a vehicle without Heavy Armor is destroyed by an RN of 2 or more (PEN does not count).

Heavy Armor vehicles ignore standard (Fire/Melee) attacks. The Scorpio resource lets any unit
make an A-V 4, PEN 0 attack, and that unit uses no other skill in the same activation (Herald
tracks this per turn, the unit's one activation; a Scorpio attack, like every squad attack in a
fight, is made in the combat turn).

>>> import random
>>> titan = Vehicle(name="Titan", dmg=4, sp=2, heavy=True)
>>> result = resolve_av_attack(titan, sl=1, pen=0, rng=random.Random(2))
>>> [roll.rn for roll in result.rolls], result.vehicle.wounds
([1], 0)
"""

from __future__ import annotations

import random
from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field

from rules.distribution import Distribution, bernoulli, power
from rules.errors import RuleError
from rules.i18n import Message, Text, _, ngettext
from rules.space_infantry.common import DEFAULT_RN_DIE, MAX_NAME_LENGTH, RNDraw, clean_name, draw_rn

MAX_SL = 30
"""The most SL one A-V attack may have (each SL draws an RN)."""
MAX_VEHICLE_SP = 20
MAX_VEHICLE_DMG = 20
MAX_PEN = 10
MAX_STANDARD_DAMAGE = 99

SCORPIO_AV = 4
"""The A-V skill the Scorpio resource gives the unit using it."""
SCORPIO_PEN = 0
UNARMORED_KILL_RN = 2
"""An RN of this or more destroys a vehicle without Heavy Armor hit by an A-V weapon."""


class AVSource(StrEnum):
    """Where an A-V attack comes from: the unit's own A-V skill or the Scorpio resource."""

    OWN = "own"
    SCORPIO = "scorpio"


class Vehicle(BaseModel):
    """A vehicle on the table: its armour (DMG), structure points (SP), Heavy Armor and wounds.

    For a vehicle without Heavy Armor, ``sp`` is how many wounds standard attacks need to
    destroy it (the hit points the core rules give it).

    >>> Vehicle(name="Titan", dmg=4, sp=2, heavy=True).destroyed
    False
    """

    model_config = ConfigDict(extra="forbid")

    name: str = Field(min_length=1, max_length=MAX_NAME_LENGTH)
    dmg: int | None = Field(default=None, ge=1, le=MAX_VEHICLE_DMG)
    """Only a Heavy Armor vehicle has one that matters; ``None`` for a vehicle without it."""
    sp: int = Field(ge=1, le=MAX_VEHICLE_SP)
    heavy: bool = True
    wounds: int = Field(default=0, ge=0)
    destroyed: bool = False


def light_dmg_note(dmg: int) -> Message:
    """What became of a DMG given for a vehicle without Heavy Armor: it is not used, and why.

    >>> str(light_dmg_note(3))[:31]
    'DMG 3 is not used: a vehicle wi'
    """
    return _("DMG {dmg} is not used: a vehicle without Heavy Armor has no DMG to beat, and an A-V hit "
             "destroys it on RN {rn}+ (give `heavy:true` for Heavy Armor).", dmg=dmg, rn=UNARMORED_KILL_RN)


def make_vehicle(name: str, *, dmg: int | None = None, sp: int, heavy: bool = True) -> Vehicle:
    """Build a :class:`Vehicle` from player input, raising :class:`RuleError` on bad numbers.

    A vehicle without Heavy Armor is destroyed by any A-V hit on an RN of 2 or more, so its DMG
    plays no part: it is dropped.

    >>> make_vehicle("Titan", dmg=4, sp=2).sp
    2
    >>> make_vehicle("Pilum", dmg=3, sp=1, heavy=False).dmg is None
    True
    """
    name = clean_name(name, "vehicle name")
    if not heavy:
        dmg = None
    elif dmg is None:
        raise RuleError(_("{name} has Heavy Armor, so it needs its DMG (the RN + PEN it takes to hit; 4+ is "
                          "4). Give dmg, or set heavy:false for a vehicle without Heavy Armor.", name=name))
    if dmg is not None and not 1 <= dmg <= MAX_VEHICLE_DMG:
        raise RuleError(_("{name}'s DMG must be between 1 and {most} (a DMG of 4+ is 4).", name=name,
                          most=MAX_VEHICLE_DMG))
    if not 1 <= sp <= MAX_VEHICLE_SP:
        raise RuleError(_("{name}'s SP must be between 1 and {most}.", name=name, most=MAX_VEHICLE_SP))
    return Vehicle(name=name, dmg=dmg, sp=sp, heavy=heavy)


class AVRoll(BaseModel):
    """One RN drawn for one SL, and whether it scored."""

    rn: int
    pen: int
    needed: int
    hit: bool


class AVResult(BaseModel):
    """What an A-V attack did: the RNs drawn, the hits, the vehicle after it, and the events."""

    vehicle: Vehicle
    sl: int
    pen: int
    source: AVSource
    rolls: list[AVRoll]
    hits: int
    destroyed: bool
    notes: list[Message]
    events: list[Message]

    @property
    def draws(self) -> list[RNDraw]:
        """Every RN the attack drew, one per SL, in order (``SL 1``, ``SL 2``...)."""
        return [
            RNDraw(purpose=f"SL {i}", die=DEFAULT_RN_DIE, value=r.rn)
            for i, r in enumerate(self.rolls, start=1)
        ]


def resolve_av_attack(
    vehicle: Vehicle,
    *,
    sl: int,
    rng: random.Random,
    pen: int = 0,
    source: AVSource = AVSource.OWN,
    attacker: str | None = None,
    melee: bool = False,
    die: int = DEFAULT_RN_DIE,
) -> AVResult:
    """Resolve one A-V attack with ``sl`` successes (from the player) against ``vehicle``.

    With ``source=AVSource.SCORPIO`` the PEN is the Scorpio's 0 whatever ``pen`` says. RNs stop
    being drawn once the vehicle is destroyed. The input vehicle is not changed.

    >>> import random
    >>> r = resolve_av_attack(Vehicle(name="Pilum", dmg=3, sp=1, heavy=False), sl=1,
    ...                       rng=random.Random(1))
    >>> r.rolls[0].rn, r.destroyed
    (2, True)
    """
    if not 0 <= sl <= MAX_SL:
        raise RuleError(_("SL must be between 0 and {most}; you entered {n}.", most=MAX_SL, n=sl))
    if source is AVSource.SCORPIO:
        pen = SCORPIO_PEN
    if not 0 <= pen <= MAX_PEN:
        raise RuleError(_("PEN must be between 0 and {most} (a weapon without PEN has 0).", most=MAX_PEN))
    who: Text = attacker or _("The attack")
    if vehicle.destroyed:
        raise RuleError(_("{name} is already destroyed: pick another target.", name=vehicle.name))
    after = vehicle.model_copy(deep=True)
    notes: list[Message] = []
    if source is AVSource.SCORPIO:
        notes.append(_("Scorpio: A-V {av}, PEN {pen}; the unit uses no other skill this turn.", av=SCORPIO_AV,
                       pen=SCORPIO_PEN))
    if melee:
        notes.append(_("Melee range: the A-V skill gains +1AP when you work out the SL."))
    if not vehicle.heavy and pen:
        notes.append(_("PEN {pen} is not used: without Heavy Armor, an A-V hit destroys {name} on RN {rn}+ "
                       "whatever the PEN.", pen=pen, name=vehicle.name, rn=UNARMORED_KILL_RN))
    rolls: list[AVRoll] = []
    for _unused in range(sl):
        if after.destroyed:
            break
        rn = draw_rn(rng, die)
        if vehicle.heavy:
            needed = vehicle.dmg or 1
            hit = rn + pen >= needed
            rolls.append(AVRoll(rn=rn, pen=pen, needed=needed, hit=hit))
            if hit:
                after.wounds += 1
                if after.wounds >= after.sp:
                    after.destroyed = True
        else:
            hit = rn >= UNARMORED_KILL_RN
            rolls.append(AVRoll(rn=rn, pen=0, needed=UNARMORED_KILL_RN, hit=hit))
            if hit:
                after.destroyed = True
    hits = sum(r.hit for r in rolls)
    if vehicle.heavy:
        drawn: Text = ", ".join(f"{r.rn}+{r.pen}={r.rn + r.pen}" for r in rolls) or _("none")
        line = ngettext("{who} fires A-V at {name} (DMG {dmg}+): SL {sl}, RN {drawn} -> {n} hit; wounds "
                        "{wounds}/{sp}.",
                        "{who} fires A-V at {name} (DMG {dmg}+): SL {sl}, RN {drawn} -> {n} hits; wounds "
                        "{wounds}/{sp}.", hits, who=who, name=vehicle.name, dmg=vehicle.dmg, sl=sl,
                            drawn=drawn,
                        n=hits, wounds=after.wounds, sp=after.sp)
    else:
        drawn = ", ".join(str(r.rn) for r in rolls) or _("none")
        line = _("{who} fires A-V at {name} (no Heavy Armor, destroyed on RN {rn}+): SL {sl}, RN {drawn}.",
                 who=who, name=vehicle.name, rn=UNARMORED_KILL_RN, sl=sl, drawn=drawn)
    events = [line]
    if after.destroyed:
        events.append(_("{name} is destroyed.", name=vehicle.name))
    return AVResult(vehicle=after, sl=sl, pen=pen, source=source, rolls=rolls, hits=hits,
                    destroyed=after.destroyed, notes=notes, events=events)


class AVOdds(BaseModel):
    """The exact chances of one A-V attack, before any RN is drawn."""

    sl: int
    pen: int
    hit_each: float
    """The chance that one RN scores a hit (for a vehicle without Heavy Armor: destroys it)."""
    at_least_one_hit: float
    destroyed: float
    hits_needed: int
    """Hits still needed to destroy the vehicle (1 without Heavy Armor)."""
    mean_hits: float
    """Expected hits; RNs stop once the vehicle is destroyed, so at most ``hits_needed``."""


def av_attack_odds(
    vehicle: Vehicle,
    *,
    sl: int,
    pen: int = 0,
    source: AVSource = AVSource.OWN,
    die: int = DEFAULT_RN_DIE,
) -> AVOdds:
    """The chance of at least one hit and of destroying ``vehicle`` with an A-V attack of ``sl`` SL.

    Takes what :func:`resolve_av_attack` takes (without the RNG) and checks it the same way.
    Each SL draws one RN: against Heavy Armor it hits on RN + PEN >= DMG and the vehicle falls
    when its wounds reach SP; without Heavy Armor an RN of 2+ destroys it.

    >>> titan = Vehicle(name="Titan", dmg=4, sp=2, heavy=True)
    >>> odds = av_attack_odds(titan, sl=2)
    >>> odds.hit_each, odds.at_least_one_hit, odds.destroyed
    (0.5, 0.75, 0.25)
    """
    if not 0 <= sl <= MAX_SL:
        raise RuleError(_("SL must be between 0 and {most}; you entered {n}.", most=MAX_SL, n=sl))
    if source is AVSource.SCORPIO:
        pen = SCORPIO_PEN
    if not 0 <= pen <= MAX_PEN:
        raise RuleError(_("PEN must be between 0 and {most} (a weapon without PEN has 0).", most=MAX_PEN))
    if vehicle.destroyed:
        raise RuleError(_("{name} is already destroyed: pick another target.", name=vehicle.name))
    if vehicle.heavy:
        needed_rn = (vehicle.dmg or 1) - pen
        hit_each = sum(1 for rn in range(1, die + 1) if rn >= needed_rn) / die
        hits_needed = max(1, vehicle.sp - vehicle.wounds)
    else:
        hit_each = sum(1 for rn in range(1, die + 1) if rn >= UNARMORED_KILL_RN) / die
        hits_needed = 1
    hits: Distribution = power(bernoulli(hit_each), sl)
    return AVOdds(
        sl=sl,
        pen=pen,
        hit_each=hit_each,
        at_least_one_hit=hits.at_least(1),
        destroyed=hits.at_least(hits_needed),
        hits_needed=hits_needed,
        mean_hits=hits.map(lambda h: min(h, hits_needed)).mean,
    )


def apply_standard_damage(vehicle: Vehicle, damage: int) -> tuple[Vehicle, list[str]]:
    """Apply a standard (Fire/Melee) attack's damage; Heavy Armor refuses it with a RuleError.

    >>> v, events = apply_standard_damage(Vehicle(name="Pilum", dmg=3, sp=2, heavy=False), 1)
    >>> v.wounds
    1
    """
    if vehicle.heavy:
        raise RuleError(_("{name} has Heavy Armor and ignores standard attacks: use an A-V attack (a unit's "
                          "A-V skill or the Scorpio).", name=vehicle.name))
    if vehicle.destroyed:
        raise RuleError(_("{name} is already destroyed: pick another target.", name=vehicle.name))
    if not 0 <= damage <= MAX_STANDARD_DAMAGE:
        raise RuleError(_("Damage must be between 0 and {most}; you entered {n}.", most=MAX_STANDARD_DAMAGE,
                          n=damage))
    after = vehicle.model_copy(deep=True)
    after.wounds = min(after.sp, after.wounds + damage)
    after.destroyed = after.wounds >= after.sp
    events = [_("{name} takes {n} damage: wounds {wounds}/{sp}.", name=vehicle.name, n=damage,
                wounds=after.wounds, sp=after.sp)]
    if after.destroyed:
        events.append(_("{name} is destroyed.", name=vehicle.name))
    return after, events
