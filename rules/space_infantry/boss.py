"""The Space Infantry boss fight, after the Bosses rules (v0.9.0): a pure Game/State/apply engine.

A fight is a :class:`FightState` (a pydantic model that round-trips through JSON). Every change
is ``result = apply(state, action, rng)``: the input state is never modified, ``result.state`` is
the new one, ``result.events`` are short lines for the game's log, and every RN drawn is listed in
``result.draws``. To undo, the bot keeps the previous state's JSON and restores it.

The turn, as phases:

* ``setup``: before the first turn. Add units, resources and vehicles; units may engage. The
  squad does not attack yet (neither zones nor vehicles).
* ``engagement``: after :class:`DetermineRange`. Units engage and disengage freely.
* ``combat``: after :class:`ActivateZones` (which closes the engagement window). Each activated
  zone waits for the player to enter its successes (:class:`EnterSuccesses`), then for those
  successes to be allocated to units (:class:`ZoneAttack`, which can also do both at once). The
  zones attack first: the squad's hits on the boss (:class:`SquadHit`) wait until every zone's
  attack of the turn is resolved, so who types first never decides whether a zone attacks, and
  no entered success is left waiting when the boss falls. A-V attacks and hits on vehicles
  (:class:`AVAttack`, :class:`VehicleHit`) do not touch the zones and may come at any point of
  the combat turn. Squad attacks are refused in every other phase.
  :class:`DetermineRange` starts the next turn once every activation is resolved.
* ``over``: all vital zones are destroyed, or every unit is out.

Choices where the seed is silent (documented here and in the events):

* After a Charge, the next range is read in the Melee column (a Charge is fought at Melee).
* Damage beyond a zone's remaining HP: from an outer zone it flows on to the first connected
  internal zone still standing (the seed sends damage through a destroyed outer zone inwards);
  from an internal zone, and from any grenade, it is lost.
* Stone Skin divides each attack's total damage before it is applied (rounding down).
* The zones' attacks of a turn are resolved before the squad's hits on the boss, so an activated
  zone always makes its attack. (A fight saved by an older Herald may still hold a zone destroyed
  before its successes were entered: that zone does not attack that turn.)
* A zone that can reach no unit (every unit still standing engages another zone) attacks nobody:
  it asks for no successes. An attack that can reach only one unit is applied as soon as its
  successes are entered: there is nothing to allocate.
* Every action is refused once the fight is over (``over``); the bot's undo still works.
* A zone's successes, not its wounds, are what is allocated: each success is a hit on one eligible
  unit and inflicts ``wounds_per_success`` wounds on it (2 under Deadly), so one Deadly success is
  never split as one wound on each of two units. Wounds beyond what that unit has left are lost,
  never passed on to another unit. The players type successes per unit; they must add up to the
  entered successes (fewer only when those already put every eligible unit out: the rest are
  lost), and no unit may get more successes than it needs to go out while another eligible unit
  is still standing.
* Herald's proposal gives the successes one at a time to the eligible unit with the most wounds
  left that the hit does not take out; when every one of them would go out, to the one with the
  fewest wounds left (fewer wounds wasted, the sturdier units kept).
* A destroyed outer zone still has its engage limit: it counts the units attacking the internal
  zone through it.
* When a unit's zone is destroyed it follows the connection inwards (first standing internal
  zone) if there is one, otherwise it is left free.
* The specialist rule is checked when a specialist engages; it does not push specialists off a
  zone if a basic unit later becomes free.

>>> from rules.space_infantry.content import load_boss
>>> import random
>>> r = start_fight(load_boss("elder_leviathan"))
>>> r = apply(r.state, AddUnit(name="Kai", wounds=2))
>>> r = apply(r.state, Engage(unit="Kai", zone="Mouth"))
>>> [str(line) for line in r.events]
['Kai engages Mouth (1/2).']
"""

from __future__ import annotations

import random
import re
from enum import StrEnum
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from rules.errors import RuleError
from rules.i18n import N_, Message, Text, _, ngettext
from rules.space_infantry.common import (
    DEFAULT_RN_DIE,
    RNDraw,
    clean_name,
    draw_rn,
    find_name,
    possessive,
)
from rules.space_infantry.content import BossSpec, Column, Range, ZoneKind
from rules.space_infantry.vehicles import (
    SCORPIO_AV,
    SCORPIO_PEN,
    UNARMORED_KILL_RN,
    AVResult,
    AVSource,
    Vehicle,
    apply_standard_damage,
    light_dmg_note,
    make_vehicle,
    resolve_av_attack,
)

SCHEMA_VERSION = 1
MAX_UNITS = 20
MAX_UNIT_WOUNDS = 10
MAX_DAMAGE = 99
MAX_SUCCESSES = 50
MAX_VEHICLES = 10
MAX_TURNS = 200

CHARGE_NEXT_COLUMN = Column.MELEE
"""After a Charge the next range look-up uses this column (a Charge is fought at Melee range)."""


class UnitKind(StrEnum):
    """Basic units engage first; a specialist may engage only when no basic unit is free."""

    BASIC = "basic"
    SPECIALIST = "specialist"


class Resource(StrEnum):
    """Squad resources the engine knows about."""

    SCORPIO = "scorpio"


class Phase(StrEnum):
    """Where the fight stands in the combat turn."""

    SETUP = "setup"
    ENGAGEMENT = "engagement"
    COMBAT = "combat"
    OVER = "over"


class Unit(BaseModel):
    """A unit of the squad. ``wounds`` is what it has left; at 0 it is out."""

    model_config = ConfigDict(extra="forbid")

    name: str
    kind: UnitKind = UnitKind.BASIC
    max_wounds: int = Field(ge=1, le=MAX_UNIT_WOUNDS)
    wounds: int = Field(ge=0, le=MAX_UNIT_WOUNDS)

    @property
    def out(self) -> bool:
        return self.wounds <= 0


class Engagement(BaseModel):
    """The zone a unit attacks; ``via`` is the destroyed outer zone it reaches an internal one by."""

    model_config = ConfigDict(extra="forbid")

    zone: str
    via: str | None = None


class Activation(BaseModel):
    """A zone's activation this turn: its RN, the range, the skill level it attacks with."""

    model_config = ConfigDict(extra="forbid")

    zone: str
    rn: int
    range: Range
    skill: int | None
    ap_bonus: int = 0
    resolved: bool = False
    successes: int | None = None
    """The successes the players entered; once entered they stand (see :class:`EnterSuccesses`)."""
    targets: list[str] = Field(default_factory=list)
    """The units the attack could wound when its successes were entered."""

    @property
    def attacks(self) -> bool:
        return self.skill is not None

    @property
    def awaiting_allocation(self) -> bool:
        """Its successes are entered and wait to be given out to units."""
        return self.attacks and not self.resolved and self.successes is not None

    @property
    def dropped(self) -> bool:
        """Its zone fell before anyone entered its successes, so it never attacked."""
        return self.attacks and self.resolved and self.successes is None

    def describe(self) -> Message:
        """A player-facing line, e.g. ``Mouth (RN 4): Melee skill 3, +1AP (Charge)``."""
        if self.skill is None:
            return _("{zone} (RN {rn}): no {range} attack, it does nothing.", zone=self.zone, rn=self.rn,
                     range=_range_label(self.range))
        if self.range is Range.CHARGE:
            return _("{zone} (RN {rn}): {range} skill {skill}, +{ap}AP (Charge).", zone=self.zone, rn=self.rn,
                     range=_range_label(Range.MELEE), skill=self.skill, ap=self.ap_bonus)
        return _("{zone} (RN {rn}): {range} skill {skill}.", zone=self.zone, rn=self.rn,
                 range=_range_label(self.range), skill=self.skill)


class Outcome(StrEnum):
    BOSS_ELIMINATED = "boss_eliminated"
    SQUAD_OUT = "squad_out"


class FightState(BaseModel):
    """Everything about one boss fight; serialise with ``model_dump_json``.

    >>> from rules.space_infantry.content import load_boss
    >>> s = start_fight(load_boss("elder_leviathan")).state
    >>> FightState.model_validate_json(s.model_dump_json()) == s
    True
    """

    model_config = ConfigDict(extra="forbid")

    schema_version: int = SCHEMA_VERSION
    boss: BossSpec
    zone_hp: dict[str, int]
    units: list[Unit] = Field(default_factory=list)
    engagements: dict[str, Engagement] = Field(default_factory=dict)
    resources: list[Resource] = Field(default_factory=list)
    vehicles: list[Vehicle] = Field(default_factory=list)
    phase: Phase = Phase.SETUP
    turn: int = 0
    range: Range | None = None
    activations: list[Activation] = Field(default_factory=list)
    scorpio_users: list[str] = Field(default_factory=list)
    attackers: list[str] = Field(default_factory=list)
    """Units that attacked (a hit or an A-V attack) this turn."""
    outcome: Outcome | None = None

    # Read-only views -----------------------------------------------------------------------
    def unit(self, name: str) -> Unit:
        """The unit called ``name`` (any case); suggests close names when there is none."""
        found = find_name(name, [u.name for u in self.units], "unit in the squad")
        return next(u for u in self.units if u.name == found)

    def zone_name(self, name: str) -> str:
        """The zone's proper name for ``name`` typed in any case."""
        return self.boss.zone(name).name

    def destroyed(self, zone: str) -> bool:
        return self.zone_hp[self.zone_name(zone)] <= 0

    def is_over(self) -> bool:
        return self.outcome is not None

    def engaged_with(self, zone: str) -> list[str]:
        """Units whose attacks go to ``zone`` (including those reaching it through a destroyed zone)."""
        z = self.zone_name(zone)
        return [u for u, e in self.engagements.items() if e.zone == z]

    def at_opening(self, outer: str) -> list[str]:
        """Units counting against ``outer``'s engage limit: engaging it or passing through it."""
        z = self.zone_name(outer)
        return [u for u, e in self.engagements.items() if e.zone == z or e.via == z]

    def free_units(self) -> list[str]:
        """Units that are neither out nor engaged."""
        return [u.name for u in self.units if not u.out and u.name not in self.engagements]

    def active_zones(self) -> list[str]:
        """Zones that activate this turn: standing outer zones, and standing internal zones with a
        destroyed connected outer zone."""
        out = []
        for z in self.boss.zones:
            if self.zone_hp[z.name] <= 0:
                continue
            if z.kind is ZoneKind.OUTER or any(self.zone_hp[o] <= 0 for o in self.boss.outers_of(z.name)):
                out.append(z.name)
        return out

    def pending_activations(self) -> list[Activation]:
        """Attacks not resolved yet: waiting for their successes or for their allocation."""
        return [a for a in self.activations if a.attacks and not a.resolved]

    def awaiting_successes(self) -> list[Activation]:
        return [a for a in self.pending_activations() if a.successes is None]

    def awaiting_allocation(self) -> list[Activation]:
        return [a for a in self.pending_activations() if a.successes is not None]

    def activation(self, zone: str) -> Activation | None:
        """This turn's activation of ``zone``, if it activated."""
        z = self.zone_name(zone)
        return next((a for a in self.activations if a.zone == z), None)

    def next_column(self) -> Column:
        """The range-table column the next range determination reads."""
        if self.range is None:
            return Column.SET
        if self.range is Range.CHARGE:
            return CHARGE_NEXT_COLUMN
        return Column(self.range.value)


def _range_label(r: Range | None) -> Message:
    return _("none") if r is None else _(RANGE_WORDS[r])


#: The columns of the range table, as the events name them.
COLUMN_WORDS = {Column.SET: N_("Set"), Column.MELEE: N_("Melee"), Column.FIRE: N_("Fire")}
#: A unit's kind, as the events name it.
KIND_WORDS = {"basic": N_("basic"), "specialist": N_("specialist")}


#: The ranges as messages name them (Fire, Melee and Charge are the game's words).
RANGE_WORDS = {
    None: N_("not drawn"),
    Range.FIRE: N_("Fire"),
    Range.MELEE: N_("Melee"),
    Range.CHARGE: N_("Charge"),
}


# Actions ------------------------------------------------------------------------------------

class _Action(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class AddUnit(_Action):
    """Add a unit to the squad (at full wounds)."""

    kind: Literal["add_unit"] = "add_unit"
    name: str
    unit_kind: UnitKind = UnitKind.BASIC
    wounds: int = 1


class AddUnits(_Action):
    """Add several units at once (all or none: one bad unit refuses the lot)."""

    kind: Literal["add_units"] = "add_units"
    units: list[AddUnit]


class RemoveUnit(_Action):
    kind: Literal["remove_unit"] = "remove_unit"
    name: str


class AddResource(_Action):
    kind: Literal["add_resource"] = "add_resource"
    resource: Resource


class RemoveResource(_Action):
    kind: Literal["remove_resource"] = "remove_resource"
    resource: Resource


class Engage(_Action):
    """Engage ``unit`` with ``zone``. Naming an internal zone, or a destroyed outer zone, engages
    the internal zone through a destroyed outer zone; ``via`` picks that outer zone when several
    would do."""

    kind: Literal["engage"] = "engage"
    unit: str
    zone: str
    via: str | None = None


class Disengage(_Action):
    kind: Literal["disengage"] = "disengage"
    unit: str


class DetermineRange(_Action):
    """Start a combat turn: draw the range RN (needs ``rng``)."""

    kind: Literal["determine_range"] = "determine_range"


class ActivateZones(_Action):
    """Close the engagement window and activate every zone that acts this turn (needs ``rng``)."""

    kind: Literal["activate_zones"] = "activate_zones"


class EnterSuccesses(_Action):
    """Record a zone's ``successes`` (0 if it missed). From then on they stand: destroying the zone
    no longer cancels the attack, and the successes wait for :class:`ZoneAttack` to allocate them. An
    attack with no wounds to give (or nobody to take them) is resolved at once."""

    kind: Literal["enter_successes"] = "enter_successes"
    zone: str
    successes: int


class ZoneAttack(_Action):
    """Resolve a zone's activation: ``successes`` from the player (0 if it missed).
    ``allocation`` maps unit names to SUCCESSES (each one a hit inflicting the Deadly multiplier's
    wounds on that unit, see :func:`check_allocation`); leave it out to take
    :func:`propose_allocation`'s. If the successes were already entered (:class:`EnterSuccesses`),
    ``successes`` must be the same number."""

    kind: Literal["zone_attack"] = "zone_attack"
    zone: str
    successes: int
    allocation: dict[str, int] | None = None


class SquadHit(_Action):
    """An engaged unit deals ``damage`` (worked out by the player) to the zone it engages.
    ``grenade=True``: the damage stays in that one zone (nothing flows on)."""

    kind: Literal["squad_hit"] = "squad_hit"
    unit: str
    damage: int
    grenade: bool = False


class WoundUnit(_Action):
    """Adjust a unit's wounds by hand: positive ``amount`` wounds it, negative heals it."""

    kind: Literal["wound_unit"] = "wound_unit"
    unit: str
    amount: int


class AddVehicle(_Action):
    kind: Literal["add_vehicle"] = "add_vehicle"
    name: str
    dmg: int | None = None
    """Needed with Heavy Armor only: a vehicle without it is destroyed on an RN of 2 or more."""
    sp: int
    heavy: bool = True


class AVAttack(_Action):
    """A unit's A-V attack on a tracked vehicle with ``sl`` successes (needs ``rng``)."""

    kind: Literal["av_attack"] = "av_attack"
    unit: str
    vehicle: str
    sl: int
    pen: int = 0
    source: AVSource = AVSource.OWN
    melee: bool | None = None
    """Whether the attack is at Melee range (only the +1AP note depends on it); ``None`` reads it
    from the fight's current range."""


class VehicleHit(_Action):
    """A standard attack's damage on a vehicle without Heavy Armor."""

    kind: Literal["vehicle_hit"] = "vehicle_hit"
    vehicle: str
    damage: int


Action = Annotated[
    AddUnit | AddUnits | RemoveUnit | AddResource | RemoveResource | Engage | Disengage | DetermineRange
    | ActivateZones | EnterSuccesses | ZoneAttack | SquadHit | WoundUnit | AddVehicle | AVAttack | VehicleHit,
    Field(discriminator="kind"),
]


class StepResult(BaseModel):
    """What :func:`apply` returns."""

    state: FightState
    events: list[Message]
    """What happened, one sentence each: rendered in the channel's language when posted, and kept
    (as JSON) in the fight's event log."""
    draws: list[RNDraw] = Field(default_factory=list)
    activations: list[Activation] = Field(default_factory=list)
    allocation: dict[str, int] | None = None
    """Successes per unit of the zone attack just proposed or resolved."""
    av: AVResult | None = None


# Starting -----------------------------------------------------------------------------------

def start_fight(boss: BossSpec) -> StepResult:
    """A new fight against ``boss`` with an empty squad, in the setup phase.

    >>> from rules.space_infantry.content import load_boss
    >>> start_fight(load_boss("elder_leviathan")).state.zone_hp
    {'Mouth': 5, 'Body': 5}
    """
    state = FightState(boss=boss, zone_hp={z.name: z.hp for z in boss.zones})
    events = [_("The fight against {boss} begins. Add your squad, engage, then determine the range.",
                boss=boss.name)]
    events.extend(special_rule_lines(boss))
    return StepResult(state=state, events=events)


def special_rule_lines(boss: BossSpec) -> list[Message]:
    """One line per special rule of ``boss``, said the way Herald applies it.

    >>> from rules.space_infantry.content import load_boss
    >>> str(special_rule_lines(load_boss("elder_leviathan"))[1])
    'Stone Skin: the total damage of each attack on it is halved (rounded down) before it is applied.'
    """
    sr = boss.special_rules
    lines: list[Message] = []
    if sr.no_ambush:
        lines.append(_("No Ambush: the squad cannot gain the Ambush advantage against {boss}.",
                       boss=boss.name))
    if sr.stone_skin and sr.stone_skin.divisor == 2:
        lines.append(_("Stone Skin: the total damage of each attack on it is halved (rounded down) before it "
                       "is applied."))
    elif sr.stone_skin:
        lines.append(_("Stone Skin: the total damage of each attack on it is divided by {n} (rounded down) "
                       "before it is applied.", n=sr.stone_skin.divisor))
    if sr.deadly:
        lines.append(_("Deadly: every zone's attack deals {n} wounds for each success.",
                       n=sr.deadly.wounds_per_success))
    if sr.charge:
        lines.append(_("Charge: when the range comes up Charge, the fight is at Melee and its attacks gain "
                       "+{ap}AP.", ap=sr.charge.ap_bonus))
    return lines


# Engagement rules -----------------------------------------------------------------------------

def _engagement_target(state: FightState, unit: Unit, zone: str, via: str | None) -> Engagement:
    """Work out what engaging ``zone`` means and check every restriction but the phase."""
    spec = state.boss.zone(zone)
    hp = state.zone_hp
    if spec.kind is ZoneKind.OUTER:
        if hp[spec.name] > 0:
            if via is not None:
                raise RuleError(_("{zone} is an outer zone still standing: engage it directly, without "
                                  "'via'.", zone=spec.name))
            target = Engagement(zone=spec.name)
        else:
            inner = [i for i in state.boss.internals_of(spec.name) if hp[i] > 0]
            if not inner:
                raise RuleError(_("{zone} is destroyed and leads to no standing internal zone: engage "
                                  "another zone.", zone=spec.name))
            if via is not None:
                chosen = state.zone_name(via)
                if chosen not in inner:
                    raise RuleError(_("From {zone} you can reach {zones}, not {chosen}.", zone=spec.name,
                                      zones=", ".join(inner), chosen=chosen))
                inner = [chosen]
            target = Engagement(zone=inner[0], via=spec.name)
    else:
        if hp[spec.name] <= 0:
            raise RuleError(_("{zone} is already destroyed: engage a zone still standing.", zone=spec.name))
        openings = [o for o in state.boss.outers_of(spec.name) if hp[o] <= 0]
        if not openings:
            needed = " / ".join(state.boss.outers_of(spec.name))
            raise RuleError(_("{zone} is an internal zone: destroy {needed} first, then engage {zone} "
                              "through "
                              "it.", zone=spec.name, needed=needed))
        if via is not None:
            chosen = state.zone_name(via)
            if chosen not in openings:
                raise RuleError(_("{zone} can be reached through {zones}, not {chosen}.", zone=spec.name,
                                  zones=", ".join(openings), chosen=chosen))
            openings = [chosen]
        else:
            # Prefer an opening with room left, so the player need not name one.
            roomy = [o for o in openings if _room(state, o, unit.name) > 0]
            openings = roomy or openings
        target = Engagement(zone=spec.name, via=openings[0])
    opening = target.via or target.zone
    limit = state.boss.zone(opening).engage_limit or 0
    others = [u for u in state.at_opening(opening) if u != unit.name]
    if len(others) >= limit:
        values = {"zone": opening, "n": limit, "others": _join(others)}
        if target.via:
            raise RuleError(ngettext(
                "{zone} is an outer zone: at most {n} unit can engage it (its opening also limits units "
                "attacking inwards), and {others} already do. Disengage one of them or pick another zone.",
                "{zone} is an outer zone: at most {n} units can engage it (its opening also limits units "
                "attacking inwards), and {others} already do. Disengage one of them or pick another zone.",
                limit, **values))
        raise RuleError(ngettext(
            "{zone} is an outer zone: at most {n} unit can engage it, and {others} already do. Disengage "
            "one of them or pick another zone.",
            "{zone} is an outer zone: at most {n} units can engage it, and {others} already do. Disengage "
            "one of them or pick another zone.", limit, **values))
    if unit.kind is UnitKind.SPECIALIST:
        free_basic = [u.name for u in state.units
                      if u.kind is UnitKind.BASIC and not u.out and u.name not in state.engagements]
        if free_basic:
            raise RuleError(_("{unit} is a specialist: specialists engage only when no basic unit is free. "
                              "Engage {units} first.", unit=unit.name, units=_join(free_basic)))
    return target


def _room(state: FightState, outer: str, unit: str) -> int:
    limit = state.boss.zone(outer).engage_limit or 0
    return limit - len([u for u in state.at_opening(outer) if u != unit])


def _successes(n: int) -> Message:
    return ngettext("{n} success", "{n} successes", n, n=n)


def _wounds(n: int) -> Message:
    return ngettext("{n} wound", "{n} wounds", n, n=n)


def _join(names: list[str]) -> Text:
    """``Kai, Lee and Ana`` in the reader's language (a name or nothing as it is)."""
    if len(names) <= 1:
        return "".join(names)
    return _("{names} and {last}", names=", ".join(names[:-1]), last=names[-1])


def legal_engagements(state: FightState) -> list[tuple[str, str]]:
    """Every (unit, zone) pair that :class:`Engage` would accept now (``zone`` as a player names it).

    >>> from rules.space_infantry.content import load_boss
    >>> s = apply(start_fight(load_boss("elder_leviathan")).state, AddUnit(name="Kai")).state
    >>> legal_engagements(s)
    [('Kai', 'Mouth')]
    """
    if state.phase not in (Phase.SETUP, Phase.ENGAGEMENT):
        return []
    pairs = []
    for u in state.units:
        if u.out:
            continue
        for z in state.boss.zones:
            try:
                _engagement_target(state, u, z.name, None)
            except RuleError:
                continue
            pairs.append((u.name, z.name))
    return pairs


# Damage to the boss -------------------------------------------------------------------------------

def stone_skin(state: FightState, damage: int) -> int:
    """The damage left after the boss's Stone Skin (if it has it).

    >>> from rules.space_infantry.content import load_boss
    >>> stone_skin(start_fight(load_boss("elder_leviathan")).state, 5)
    2
    """
    rule = state.boss.special_rules.stone_skin
    return damage // rule.divisor if rule else damage


def _damage_zone(state: FightState, zone: str, amount: int, *, flow: bool, events: list[Message]) -> None:
    """Take ``amount`` off ``zone`` (mutating ``state``); see the module notes on overflow."""
    while amount > 0:
        before = state.zone_hp[zone]
        if before <= 0:
            break
        taken = min(before, amount)
        state.zone_hp[zone] = before - taken
        amount -= taken
        events.append(_("{zone} loses {n} HP ({left}/{hp} left).", zone=zone, n=taken,
                        left=state.zone_hp[zone],
                        hp=state.boss.zone(zone).hp))
        if state.zone_hp[zone] > 0:
            break
        events.append(_("{zone} is destroyed.", zone=zone))
        _after_destroyed(state, zone, events)
        spec = state.boss.zone(zone)
        if not flow or spec.kind is not ZoneKind.OUTER or amount <= 0:
            break
        inner = [i for i in state.boss.internals_of(zone) if state.zone_hp[i] > 0]
        if not inner:
            break
        events.append(_("The remaining {n} damage goes through {zone} into {inner}.", n=amount, zone=zone,
                        inner=inner[0]))
        zone = inner[0]
    if amount > 0:
        events.append(_("{n} damage beyond the zone's HP is lost.", n=amount))


def _after_destroyed(state: FightState, zone: str, events: list[Message]) -> None:
    """Move the units of a destroyed zone inwards (or free them), drop its attack if it has not
    been resolved yet this turn (a destroyed zone does not attack), and check for elimination."""
    for act in state.activations:
        if act.zone == zone and act.attacks and not act.resolved:
            if act.successes is None:
                act.resolved = True
                events.append(_("{zone} falls before its successes are entered: it does not attack this "
                                "turn.", zone=zone))
            else:
                events.append(ngettext(
                    "{zone} falls, but its attack was already made: its {n} success still waits for its "
                    "allocation.",
                    "{zone} falls, but its attack was already made: its {n} successes still wait for their "
                    "allocation.", act.successes, zone=zone, n=act.successes))
    for name in state.engaged_with(zone):
        eng = state.engagements[name]
        opening = eng.via or zone
        inner = [i for i in state.boss.internals_of(opening) if state.zone_hp[i] > 0]
        if inner:
            state.engagements[name] = Engagement(zone=inner[0], via=opening)
            events.append(_("{unit} now attacks {zone} through {opening}.", unit=name, zone=inner[0],
                            opening=opening))
        else:
            del state.engagements[name]
            events.append(_("{unit} is no longer engaged.", unit=name))
    if all(state.zone_hp[z.name] <= 0 for z in state.boss.zones if z.vital):
        state.outcome = Outcome.BOSS_ELIMINATED
        state.phase = Phase.OVER
        events.append(_("{boss} is eliminated: every vital part is destroyed.", boss=state.boss.name))


# Damage to the squad ------------------------------------------------------------------------------

def legal_targets(state: FightState, zone: str) -> list[str]:
    """Units that ``zone``'s damage may be given to: those engaged with it, otherwise the free ones.

    >>> from rules.space_infantry.content import load_boss
    >>> s = apply(start_fight(load_boss("elder_leviathan")).state, AddUnit(name="Kai")).state
    >>> legal_targets(s, "Mouth")
    ['Kai']
    """
    z = state.zone_name(zone)
    act = state.activation(z)
    if act is not None and act.awaiting_allocation:
        # Entered successes keep the targets they had then, even if the zone has fallen since.
        squad = {u.name: u for u in state.units}
        return [t for t in act.targets if t in squad and not squad[t].out]
    engaged = [u for u in state.engaged_with(z) if not state.unit(u).out]
    return engaged or state.free_units()


def _to_take_out(left: int, per: int) -> int:
    """How many successes of ``per`` wounds each put a unit with ``left`` wounds out."""
    return -(-left // per)


def propose_allocation(state: FightState, zone: str, successes: int) -> dict[str, int]:
    """Herald's allocation of ``zone``'s ``successes``, as successes per unit (each success is a hit
    on one unit, inflicting the Deadly multiplier's wounds on it).

    One success at a time, to the legal target with the most wounds left among those the hit does
    not take out (ties by squad order); when every target would go out, to the one with the fewest
    wounds left. So as few units as possible go out. Successes left once every target is out are
    dropped (they are lost).

    >>> from rules.space_infantry.content import load_boss
    >>> s = start_fight(load_boss("elder_leviathan")).state
    >>> s = apply(s, AddUnit(name="Kai", wounds=3)).state
    >>> s = apply(s, AddUnit(name="Lee", wounds=3)).state
    >>> propose_allocation(s, "Mouth", 1), propose_allocation(s, "Mouth", 2)
    ({'Kai': 1}, {'Kai': 1, 'Lee': 1})
    """
    per = state.boss.special_rules.wounds_per_success
    left = {u: state.unit(u).wounds for u in legal_targets(state, zone)}
    plan = dict.fromkeys(left, 0)
    order = list(left)
    for _unused in range(successes):
        standing = [u for u in order if left[u] > 0]
        if not standing:
            break
        safe = [u for u in standing if left[u] > per]
        if safe:
            best = max(safe, key=lambda u: (left[u], -order.index(u)))
        else:
            best = min(standing, key=lambda u: (left[u], order.index(u)))
        left[best] = max(0, left[best] - per)
        plan[best] += 1
    return {u: n for u, n in plan.items() if n}


def check_allocation(
    state: FightState, zone: str, successes: int, allocation: dict[str, int]
) -> dict[str, int]:
    """Check a player's allocation of ``zone``'s ``successes`` (successes per unit, each success
    inflicting the Deadly multiplier's wounds on its unit) and return it with proper unit names, or
    raise RuleError saying why.

    The numbers must add up to ``successes`` (fewer only if they already take every eligible unit
    out: the rest are lost), and no unit gets more successes than it needs to go out while another
    eligible unit is left standing.
    """
    z = state.zone_name(zone)
    per = state.boss.special_rules.wounds_per_success
    targets = legal_targets(state, z)
    clean: dict[str, int] = {}
    for raw, n in allocation.items():
        name = state.unit(raw).name
        if n < 0:
            raise RuleError(_("You gave {unit} {n} successes: use 0 or more.", unit=name, n=n))
        if n == 0:
            continue
        if name not in targets:
            unit = state.unit(name)
            if unit.out:
                why = _("{unit} is already out", unit=name)
            elif name in state.engagements:
                why = _("{unit} is engaged with {other}: {zone}'s damage can't reach them", unit=name,
                        other=state.engagements[name].zone, zone=z)
            else:
                why = _("{unit} is not engaged, and {zone}'s damage must go to {units}, who engage it",
                        unit=name, zone=z, units=_join(targets))
            raise RuleError(_("{why}. Give these successes to {units}.", why=why,
                              units=_join(targets) or _("nobody")))
        clean[name] = clean.get(name, 0) + n
    total = sum(clean.values())
    need = {u: _to_take_out(state.unit(u).wounds, per) for u in targets}
    standing = [u for u in targets if clean.get(u, 0) < need[u]]
    if per > 1:
        scored = _("{zone} scored {successes} ({wounds}: each success is {per} wounds on one unit)", zone=z,
                   successes=_successes(successes), wounds=_wounds(successes * per), per=per)
    else:
        scored = _("{zone} scored {successes}", zone=z, successes=_successes(successes))
    if total > successes or (total < successes and standing):
        floor = sum(need.values())
        values = {"scored": scored, "given": _successes(total), "n": successes, "floor": floor}
        if floor < successes:
            raise RuleError(_("{scored}, but your allocation gives out {given}. Type the successes each unit "
                              "takes, adding up to {n} (or at least {floor}, which takes every unit it can "
                              "reach out: the rest are lost).", **values))
        raise RuleError(_("{scored}, but your allocation gives out {given}. Type the successes each unit "
                          "takes, adding up to {n}.", **values))
    for name, n in clean.items():
        if n > need[name] and standing:
            left = state.unit(name).wounds
            puts = ngettext("{n} success puts them out", "{n} successes put them out", need[name],
                            n=need[name])
            whom = _("them") if len(standing) > 1 else standing[0]
            raise RuleError(ngettext(
                "{unit} has {wounds} left, so {puts}, but you gave them {n} while {standing} can still take "
                    "a "
                "hit: give the extra success to {whom}.",
                "{unit} has {wounds} left, so {puts}, but you gave them {n} while {standing} can still take "
                    "a "
                "hit: give the extra successes to {whom}.", n - need[name], unit=name, wounds=_wounds(left),
                puts=puts, n=n, standing=_join(standing), whom=whom))
    return clean


MAX_ALLOCATION_TEXT = 400
_ALLOCATION_PAIR = re.compile(r"\s*(?P<name>[^:=,;\n]+?)\s*[:=]\s*(?P<n>[+-]?\d+)\s*[,;\n]?")


def parse_allocation(text: str) -> dict[str, int]:
    """Read a player's allocation typed as ``Kai:2, Lee:1``: the SUCCESSES each unit takes (``=``
    works too; commas, semicolons, new lines or plain spaces separate units). A unit named twice is
    refused. Names and numbers are checked later, by :func:`check_allocation`.

    >>> parse_allocation("Kai:2, Lee = 1")
    {'Kai': 2, 'Lee': 1}
    >>> parse_allocation("rico:3 hicks:1")
    {'rico': 3, 'hicks': 1}
    """
    if len(text) > MAX_ALLOCATION_TEXT:
        raise RuleError(_("That allocation is {n} characters long: keep it under {most}, like 'Kai:2, "
                          "Lee:1'.",
                          n=len(text), most=MAX_ALLOCATION_TEXT))
    out: dict[str, int] = {}
    seen: dict[str, str] = {}
    pos = 0
    text = text.strip()
    while pos < len(text):
        m = _ALLOCATION_PAIR.match(text, pos)
        if m is None or m.end() == pos:
            bad = re.split(r"[,;\n]", text[pos:].strip(" ,;\n"))[0].strip()
            raise RuleError(_("I can't read '{bad}': write each unit as name:successes, like 'Kai:2, Lee:1'.",
                              bad=bad[:40]))
        name = " ".join(m["name"].split())
        key = name.lower()
        if key in seen:
            raise RuleError(_("{unit} is named twice in your allocation: give each unit its successes once, "
                              "like 'Kai:2, Lee:1'.", unit=seen[key]))
        seen[key] = name
        out[name] = int(m["n"])
        pos = m.end()
    if not out:
        raise RuleError(
            _("The allocation is empty: write each unit as name:successes, like 'Kai:2, Lee:1'.")
        )
    return out


def _wound(state: FightState, name: str, amount: int, events: list[Message],
           what: Message | None = None) -> None:
    """Take ``amount`` wounds off ``name`` (negative heals); ``what`` says what it takes instead of
    the bare wounds (``1 success = 2 wounds``)."""
    unit = state.unit(name)
    before = unit.wounds
    unit.wounds = max(0, min(unit.max_wounds, unit.wounds - amount))
    if amount >= 0:
        taken = what or _wounds(amount)
        events.append(_("{unit} takes {taken} ({left}/{most} left).", unit=name, taken=taken,
                        left=unit.wounds,
                        most=unit.max_wounds))
    else:
        healed = unit.wounds - before
        if healed == 0:
            events.append(_("{unit} is already at full wounds ({left}/{most}): nothing to heal.", unit=name,
                            left=unit.wounds, most=unit.max_wounds))
        else:
            values = {"unit": name, "n": healed, "asked": -amount, "left": unit.wounds,
                      "most": unit.max_wounds}
            if healed == -amount:
                events.append(ngettext("{unit} is healed by {n} wound: {left}/{most} left.",
                                       "{unit} is healed by {n} wounds: {left}/{most} left.", healed,
                                           **values))
            else:
                events.append(ngettext(
                    "{unit} is healed by {n} wound (of the {asked} asked; it was missing {n}): "
                        "{left}/{most} left.",
                    "{unit} is healed by {n} wounds (of the {asked} asked; it was missing {n}): "
                        "{left}/{most} "
                    "left.", healed, **values))
        if before <= 0 < unit.wounds:
            events.append(_("{unit} is back in the fight (free: engage it in the next engagement window).",
                            unit=name))
    if unit.out:
        events.append(_("{unit} is out.", unit=name))
        state.engagements.pop(name, None)
    _check_squad(state, events)


def _check_squad(state: FightState, events: list[Message]) -> None:
    if state.units and all(u.out for u in state.units) and state.outcome is None:
        state.outcome = Outcome.SQUAD_OUT
        state.phase = Phase.OVER
        events.append(_("Every unit of the squad is out: the boss wins."))


# apply ---------------------------------------------------------------------------------------------

def _need_rng(rng: random.Random | None, what: str) -> random.Random:
    if rng is None:
        raise ValueError(f"{what} draws RNs: pass a random.Random")
    return rng


def _not_over(state: FightState) -> None:
    if state.outcome is Outcome.BOSS_ELIMINATED:
        raise RuleError(_("The fight is over: {boss} is eliminated, so nothing in it can change now. /si "
                          "undo "
                          "takes back the last step; anyone here can close the fight with /si end.",
                          boss=state.boss.name))
    if state.outcome is Outcome.SQUAD_OUT:
        raise RuleError(_("The fight is over: every unit is out, so nothing in it can change now. /si undo "
                          "takes back the last step; anyone here can close the fight with /si end."))


def apply(state: FightState, action: Action, rng: random.Random | None = None) -> StepResult:
    """Apply ``action`` to a copy of ``state`` and return the new state, events and RNs drawn.

    Raises :class:`RuleError` (with a message for the player) when the action is not allowed.

    >>> from rules.space_infantry.content import load_boss
    >>> s = start_fight(load_boss("elder_leviathan")).state
    >>> s = apply(s, AddUnit(name="Kai", wounds=2)).state
    >>> r = apply(s, DetermineRange(), random.Random(0))
    >>> r.state.turn, r.draws[0].purpose
    (1, 'range')
    """
    _not_over(state)
    s = state.model_copy(deep=True)
    events: list[Message] = []
    result = StepResult(state=s, events=events)
    handler = _HANDLERS[type(action)]
    handler(s, action, rng, result)
    return result


def _add_unit(s: FightState, a: AddUnit, rng: random.Random | None, r: StepResult) -> None:
    if len(s.units) >= MAX_UNITS:
        raise RuleError(_("A squad has at most {n} units: remove one before adding {unit}.", n=MAX_UNITS,
                          unit=a.name))
    name = clean_name(a.name, "unit name")
    if any(u.name.lower() == name.lower() for u in s.units):
        raise RuleError(_("There is already a unit called {name}: pick another name.", name=name))
    if not 1 <= a.wounds <= MAX_UNIT_WOUNDS:
        raise RuleError(_("A unit has 1 to {most} wounds; you gave {unit} {n}.", most=MAX_UNIT_WOUNDS,
                          unit=name,
                          n=a.wounds))
    s.units.append(Unit(name=name, kind=a.unit_kind, max_wounds=a.wounds, wounds=a.wounds))
    r.events.append(ngettext("{unit} joins the squad ({kind}, {n} wound).", "{unit} joins the squad "
                             "({kind}, {n} wounds).",
                             a.wounds, unit=name, kind=_(KIND_WORDS[a.unit_kind.value]), n=a.wounds))


def _add_units(s: FightState, a: AddUnits, rng: random.Random | None, r: StepResult) -> None:
    for unit in a.units:
        _add_unit(s, unit, rng, r)


MAX_UNITS_TEXT = 600


def parse_units(text: str, kind: UnitKind = UnitKind.BASIC, wounds: int = 1) -> list[AddUnit]:
    """Read several units typed as ``Kai:basic:2, Lee:2, Doc:specialist:1``: each unit's name,
    then its kind and wounds in any order, each optional (``kind`` and ``wounds`` fill in what is
    left out). Commas, semicolons or new lines separate units. Names are checked when added.

    >>> [(u.name, u.unit_kind.value, u.wounds) for u in parse_units("Kai:basic:2, Doc:specialist:1")]
    [('Kai', 'basic', 2), ('Doc', 'specialist', 1)]
    >>> [(u.name, u.wounds) for u in parse_units("Lee:3; Ray", wounds=2)]
    [('Lee', 3), ('Ray', 2)]
    """
    if len(text) > MAX_UNITS_TEXT:
        raise RuleError(_("That list is {n} characters long: keep it under {most}, like 'Kai:basic:2, "
                          "Lee:basic:2'.", n=len(text), most=MAX_UNITS_TEXT))
    units = []
    for part in (p.strip() for p in re.split(r"[,;\n]", text)):
        if not part:
            continue
        name, *rest = (x.strip() for x in part.split(":"))
        unit_kind, count = kind, wounds
        for value in rest:
            if value.isdecimal():
                count = int(value)
            elif value.lower() in {k.value for k in UnitKind}:
                unit_kind = UnitKind(value.lower())
            else:
                raise RuleError(_("I can't read '{bad}': write each unit as name:kind:wounds, like "
                                  "'Kai:basic:2, Doc:specialist:1' (kind is basic or specialist).",
                                      bad=part[:40]))
        units.append(AddUnit(name=name, unit_kind=unit_kind, wounds=count))
    if not units:
        raise RuleError(_("Name at least one unit, like 'Kai' or 'Kai:basic:2, Lee:basic:2'."))
    return units


def _remove_unit(s: FightState, a: RemoveUnit, rng: random.Random | None, r: StepResult) -> None:
    unit = s.unit(a.name)
    if s.phase is Phase.COMBAT:
        waiting = [p.zone for p in s.pending_activations() if unit.name in legal_targets(s, p.zone)]
        eng = s.engagements.get(unit.name)
        why: Message | None = None
        if waiting:
            why = _("{zones}'s attack, not resolved yet, may still wound {unit}, so leaving now would dodge "
                    "it",
                    zones=_join(waiting), unit=unit.name)
        elif eng is not None:
            why = _("{unit} is engaged with {zone} in the middle of the combat turn", unit=unit.name,
                    zone=eng.zone)
        if why is not None:
            raise RuleError(_("{unit} can't leave the squad now: {why}. Remove it once this turn's attacks "
                              "are "
                              "resolved and /si turn has determined the next range (or undo the step that "
                              "added it, if it was a mistake).", unit=unit.name, why=why))
    s.units.remove(unit)
    s.engagements.pop(unit.name, None)
    if unit.name in s.scorpio_users:
        s.scorpio_users.remove(unit.name)
    if unit.name in s.attackers:
        s.attackers.remove(unit.name)
    r.events.append(_("{unit} leaves the squad.", unit=unit.name))
    _check_squad(s, r.events)


def _add_resource(s: FightState, a: AddResource, rng: random.Random | None, r: StepResult) -> None:
    if a.resource in s.resources:
        raise RuleError(_("The squad already has the {resource}.", resource=a.resource.value.title()))
    s.resources.append(a.resource)
    r.events.append(_("The squad takes the {resource}.", resource=a.resource.value.title()))


def _remove_resource(s: FightState, a: RemoveResource, rng: random.Random | None, r: StepResult) -> None:
    if a.resource not in s.resources:
        raise RuleError(_("The squad has no {resource}.", resource=a.resource.value.title()))
    s.resources.remove(a.resource)
    r.events.append(_("The squad gives up the {resource}.", resource=a.resource.value.title()))


def _engagement_window(s: FightState, verb: str) -> None:
    _not_over(s)
    if s.phase not in (Phase.SETUP, Phase.ENGAGEMENT):
        if verb == "engage":
            raise RuleError(_("Units engage only after the range is determined, before the zones activate. "
                              "Resolve this turn, then determine the range for the next one."))
        raise RuleError(_("Units disengage only after the range is determined, before the zones activate. "
                          "Resolve this turn, then determine the range for the next one."))


def _engage(s: FightState, a: Engage, rng: random.Random | None, r: StepResult) -> None:
    _engagement_window(s, "engage")
    unit = s.unit(a.unit)
    if unit.out:
        raise RuleError(_("{unit} is out and cannot engage.", unit=unit.name))
    target = _engagement_target(s, unit, a.zone, a.via)
    old = s.engagements.get(unit.name)
    s.engagements[unit.name] = target
    if old is not None and old != target:
        r.events.append(_("{unit} leaves {zone}.", unit=unit.name, zone=old.zone))
    opening = target.via or target.zone
    count = f"{len(s.at_opening(opening))}/{s.boss.zone(opening).engage_limit}"
    if target.via:
        r.events.append(_("{unit} engages {zone} through {opening} ({count}).", unit=unit.name,
                          zone=target.zone,
                          opening=target.via, count=count))
    else:
        r.events.append(_("{unit} engages {zone} ({count}).", unit=unit.name, zone=target.zone, count=count))


def _disengage(s: FightState, a: Disengage, rng: random.Random | None, r: StepResult) -> None:
    _engagement_window(s, "disengage")
    unit = s.unit(a.unit)
    if unit.name not in s.engagements:
        raise RuleError(_("{unit} is not engaged with any zone.", unit=unit.name))
    zone = s.engagements.pop(unit.name).zone
    r.events.append(_("{unit} disengages from {zone}.", unit=unit.name, zone=zone))


def _determine_range(s: FightState, a: DetermineRange, rng: random.Random | None, r: StepResult) -> None:
    _not_over(s)
    if s.phase is Phase.ENGAGEMENT:
        raise RuleError(_("The range for turn {turn} is already {range}: engage, then activate the zones.",
                          turn=s.turn, range=_range_label(s.range)))
    waiting = s.awaiting_allocation()
    if waiting:
        raise RuleError(_("Turn {turn} is not finished: the successes of {zones} wait for their allocation. "
                          "Accept Herald's proposal or give your own (/si status shows it again), then start "
                          "the next turn.", turn=s.turn, zones=_join([p.zone for p in waiting])))
    pending = s.awaiting_successes()
    if pending:
        raise RuleError(_("Turn {turn} is not finished: enter the successes of {zones} first (0 if it "
                          "missed).",
                          turn=s.turn, zones=_join([p.zone for p in pending])))
    _squad_can_fight(s)
    if s.turn >= MAX_TURNS:
        raise RuleError(_("This fight has reached {n} turns: start a new one.", n=MAX_TURNS))
    rng = _need_rng(rng, "Determining the range")
    column = s.next_column()
    rn = draw_rn(rng, s.boss.rn_die)
    new = s.boss.lookup_range(rn, column)
    s.turn += 1
    s.range = new
    s.phase = Phase.ENGAGEMENT
    s.activations = []
    s.scorpio_users = []
    s.attackers = []
    r.draws.append(RNDraw(purpose="range", die=s.boss.rn_die, value=rn))
    values = {"turn": s.turn, "rn": rn, "column": _(COLUMN_WORDS[column]), "range": _range_label(new)}
    if new is Range.CHARGE:
        bonus = s.boss.special_rules.charge.ap_bonus if s.boss.special_rules.charge else 0
        r.events.append(_("Turn {turn}: range RN {rn} in the {column} column -> {range}. {boss} charges: "
                          "the fight "
                          "is at Melee and its attacks gain +{ap}AP.", boss=s.boss.name, ap=bonus, **values))
    else:
        r.events.append(_("Turn {turn}: range RN {rn} in the {column} column -> {range}.", **values))
    r.events.append(_("Units may now engage or disengage, then activate the zones."))


def _activate(s: FightState, a: ActivateZones, rng: random.Random | None, r: StepResult) -> None:
    _not_over(s)
    if s.phase is not Phase.ENGAGEMENT:
        raise RuleError(_("Determine the range for this turn before activating the zones."))
    _squad_can_fight(s)
    rng = _need_rng(rng, "Activating the zones")
    assert s.range is not None
    bonus = s.boss.special_rules.charge.ap_bonus if s.boss.special_rules.charge else 0
    for zone in s.active_zones():
        rn = draw_rn(rng, s.boss.rn_die)
        skill = s.boss.zone(zone).skills.at(s.range)
        act = Activation(zone=zone, rn=rn, range=s.range, skill=skill,
                         ap_bonus=bonus if s.range is Range.CHARGE else 0, resolved=skill is None)
        s.activations.append(act)
        r.draws.append(RNDraw(purpose=f"activation: {zone}", die=s.boss.rn_die, value=rn))
        r.events.append(act.describe())
        if act.attacks and not legal_targets(s, zone):
            # Nobody to hurt: the attack is void, so there are no successes to ask for.
            act.successes, act.resolved = 0, True
            r.events.append(_("{zone} can reach no unit (every unit still standing engages another zone): it "
                              "hurts nobody, no successes to enter.", zone=zone))
    s.phase = Phase.COMBAT
    r.activations = list(s.activations)
    if s.pending_activations():
        r.events.append(_(ZONES_FIRST))


ZONES_FIRST = N_("The zones attack first: enter each zone's successes and give them out; then your "
                 "engaged units hit the boss.")


def _squad_can_fight(s: FightState) -> None:
    if not any(not u.out for u in s.units):
        raise RuleError(_("The squad has no unit able to fight: add units first."))


def _open_activation(s: FightState, zone_name: str) -> Activation:
    """The zone's activation this turn, still open; a RuleError saying why otherwise."""
    zone = s.zone_name(zone_name)
    if s.phase is not Phase.COMBAT:
        raise RuleError(_("Zones attack after they are activated: determine the range and activate the "
                          "zones first."))
    act = s.activation(zone)
    if act is None:
        raise RuleError(_("{zone} did not activate this turn, so it has no attack to resolve.", zone=zone))
    if act.dropped:
        raise RuleError(_("{zone} was destroyed before its successes were entered, so it does not attack "
                          "this "
                          "turn: there is nothing to enter.", zone=zone))
    if act.resolved:
        raise RuleError(_("{zone}'s attack this turn is already resolved (undo to change it).", zone=zone))
    return act


def _scores_line(s: FightState, act: Activation) -> Message:
    successes = act.successes or 0
    per = s.boss.special_rules.wounds_per_success
    values = {"zone": act.zone, "successes": _successes(successes), "wounds": _wounds(successes * per)}
    if s.boss.special_rules.deadly:
        return _("{zone} scores {successes} (Deadly: {per} wounds each): {wounds}.", per=per, **values)
    return _("{zone} scores {successes}: {wounds}.", **values)


def _record_successes(s: FightState, act: Activation, successes: int) -> None:
    if not 0 <= successes <= MAX_SUCCESSES:
        raise RuleError(_("Successes must be between 0 and {most}; you entered {n}.", most=MAX_SUCCESSES,
                          n=successes))
    if s.zone_hp[act.zone] <= 0:  # only in a fight saved before entered successes were recorded
        raise RuleError(_("{zone} was destroyed before its successes were entered: it does not attack this "
                          "turn.", zone=act.zone))
    act.targets = legal_targets(s, act.zone)
    act.successes = successes


def _enter_successes(s: FightState, a: EnterSuccesses, rng: random.Random | None, r: StepResult) -> None:
    act = _open_activation(s, a.zone)
    if act.successes is not None:
        raise RuleError(_("{zone}'s successes are already entered ({n}) and wait for their allocation: "
                          "accept "
                          "Herald's proposal or give your own (/si status shows it). To change the "
                              "successes, "
                          "undo that step first.", zone=act.zone, n=act.successes))
    _record_successes(s, act, a.successes)
    plan = propose_allocation(s, act.zone, act.successes)
    if not plan:
        _resolve(s, act, plan, r)
        return
    if len(act.targets) == 1:
        _resolve(s, act, plan, r)
        r.events.append(_("{unit} is the only unit {zone} can reach, so its successes are applied at once: "
                          "there is nothing to allocate.", unit=act.targets[0], zone=act.zone))
        return
    r.events.append(_scores_line(s, act))
    r.events.append(_("The successes wait for their allocation: Herald proposes {plan}.",
                      plan=allocation_words(plan, s.boss.special_rules.wounds_per_success)))
    r.allocation = plan


def _zone_attack(s: FightState, a: ZoneAttack, rng: random.Random | None, r: StepResult) -> None:
    act = _open_activation(s, a.zone)
    if act.successes is None:
        _record_successes(s, act, a.successes)
    elif a.successes != act.successes:
        raise RuleError(_("{zone}'s successes were entered as {n}, not {typed}: allocate those, or undo that "
                          "step to enter another number.", zone=act.zone, n=act.successes, typed=a.successes))
    if a.allocation is None:
        plan = propose_allocation(s, act.zone, act.successes)
    else:
        plan = check_allocation(s, act.zone, act.successes, a.allocation)
    _resolve(s, act, plan, r)


def _resolve(s: FightState, act: Activation, plan: dict[str, int], r: StepResult) -> None:
    """Give out the successes of ``act`` (entered) as ``plan`` says, and close it: each success
    inflicts ``wounds_per_success`` wounds on the unit it goes to."""
    per = s.boss.special_rules.wounds_per_success
    wounds = (act.successes or 0) * per
    act.resolved = True
    r.events.append(_scores_line(s, act))
    if wounds and not plan:
        r.events.append(_("No unit can be hurt by it: the wounds are lost."))
    dealt = 0
    for name, n in plan.items():
        dealt += min(n * per, s.unit(name).wounds)
        _wound(s, name, n * per, r.events, what=success_words(n, per))
    if wounds > dealt and plan:
        lost = wounds - dealt
        r.events.append(ngettext("{n} wound beyond what the targets had left is lost.",
                                 "{n} wounds beyond what the targets had left are lost.", lost, n=lost))
    r.allocation = plan


def success_words(n: int, wounds_per_success: int = 1) -> Message:
    """``1 success = 2 wounds``: a unit's share of an attack, said both ways.

    >>> print(success_words(2, 1))
    2 successes = 2 wounds
    """
    return _("{successes} = {wounds}", successes=_successes(n), wounds=_wounds(n * wounds_per_success))


def allocation_words(plan: dict[str, int], wounds_per_success: int = 1) -> tuple[Message, ...]:
    """How proposals show an allocation of successes, with the wounds each unit takes (a list a
    message renders with commas).

    >>> ", ".join(map(str, allocation_words({"Kai": 1, "Lee": 2}, 2)))
    'Kai 1 success = 2 wounds, Lee 2 successes = 4 wounds'
    """
    return tuple(_("{unit} {share}", unit=name, share=success_words(n, wounds_per_success))
                 for name, n in plan.items())


def _squad_hit(s: FightState, a: SquadHit, rng: random.Random | None, r: StepResult) -> None:
    _not_over(s)
    unit = s.unit(a.unit)
    if s.phase is not Phase.COMBAT:
        raise RuleError(_("The squad attacks during the combat turn: determine the range, engage, and "
                          "activate the zones first."))
    if unit.out:
        raise RuleError(_("{unit} is out and cannot attack.", unit=unit.name))
    if unit.name in s.scorpio_users:
        raise RuleError(_("{unit} used the Scorpio this turn, so it uses no other skill until the next turn.",
                          unit=unit.name))
    eng = s.engagements.get(unit.name)
    if eng is None:
        raise RuleError(_("{unit} is not engaged: units must engage a zone to damage {boss}. Engage during "
                          "the "
                          "next engagement window.", unit=unit.name, boss=s.boss.name))
    if not 0 <= a.damage <= MAX_DAMAGE:
        raise RuleError(_("Damage must be between 0 and {most}; you entered {n}.", most=MAX_DAMAGE,
                          n=a.damage))
    _zones_attacked(s, unit.name)
    dealt = stone_skin(s, a.damage)
    _note_attacker(s, unit.name, r)
    bare = possessive(unit.name).endswith("'")
    if a.grenade:
        what = _("{unit}' grenade", unit=unit.name) if bare else _("{unit}'s grenade", unit=unit.name)
    else:
        what = _("{unit}' attack", unit=unit.name) if bare else _("{unit}'s attack", unit=unit.name)
    if s.boss.special_rules.stone_skin:
        r.events.append(_("{attack} on {zone}: {n} damage, Stone Skin leaves {dealt}.", attack=what,
                          zone=eng.zone,
                          n=a.damage, dealt=dealt))
    else:
        r.events.append(_("{attack} on {zone}: {n} damage.", attack=what, zone=eng.zone, n=a.damage))
    _damage_zone(s, eng.zone, dealt, flow=not a.grenade, events=r.events)


def _zones_attacked(s: FightState, unit: str) -> None:
    """Refuse a hit on the boss while a zone's attack of this turn is not resolved: the zones
    attack first."""
    entering = [a.zone for a in s.awaiting_successes()]
    giving = [a.zone for a in s.awaiting_allocation()]
    if not entering and not giving:
        return
    enter = _("enter the successes of {zones} (0 if it missed)", zones=_join(entering))
    give = _("give out the successes of {zones} (Accept or your own allocation)", zones=_join(giving))
    if entering and giving:
        todo: Message = _("{first} and {then}", first=enter, then=give)
    else:
        todo = enter if entering else give
    raise RuleError(_("The zones attack first this turn: {todo}, then {unit} can hit. Nothing was applied.",
                      todo=todo, unit=unit))


def _note_attacker(s: FightState, name: str, r: StepResult) -> None:
    """Remember that ``name`` attacked this turn; a second attack is allowed (the core rules may
    give several) but said out loud, so an attack entered twice by mistake is seen."""
    if name in s.attackers:
        r.events.append(_("{unit} already attacked this turn: make sure this is a new attack.", unit=name))
    else:
        s.attackers.append(name)


def _wound_unit(s: FightState, a: WoundUnit, rng: random.Random | None, r: StepResult) -> None:
    unit = s.unit(a.unit)
    if a.amount == 0 or abs(a.amount) > MAX_DAMAGE:
        raise RuleError(_("Give a number of wounds from 1 to {most} (negative to heal).", most=MAX_DAMAGE))
    if a.amount > 0 and unit.out:
        raise RuleError(_("{unit} is already out.", unit=unit.name))
    _wound(s, unit.name, a.amount, r.events)


def _vehicle(s: FightState, name: str) -> Vehicle:
    found = find_name(name, [v.name for v in s.vehicles], "vehicle")
    return next(v for v in s.vehicles if v.name == found)


def _add_vehicle(s: FightState, a: AddVehicle, rng: random.Random | None, r: StepResult) -> None:
    if len(s.vehicles) >= MAX_VEHICLES:
        raise RuleError(_("At most {n} vehicles can be tracked in a fight.", n=MAX_VEHICLES))
    v = make_vehicle(a.name, dmg=a.dmg, sp=a.sp, heavy=a.heavy)
    if any(x.name.lower() == v.name.lower() for x in s.vehicles):
        raise RuleError(_("There is already a vehicle called {name}: pick another name.", name=v.name))
    s.vehicles.append(v)
    if v.heavy:
        r.events.append(_("Vehicle {name} joins the fight (DMG {dmg}+, SP {sp}, Heavy Armor).", name=v.name,
                          dmg=v.dmg, sp=v.sp))
    else:
        r.events.append(_("Vehicle {name} joins the fight (SP {sp}, no Heavy Armor: an A-V hit destroys it "
                          "on "
                          "RN {rn}+).", name=v.name, sp=v.sp, rn=UNARMORED_KILL_RN))
        if a.dmg is not None:
            r.events.append(light_dmg_note(a.dmg))


def _combat_only(s: FightState, what: Message) -> None:
    if s.phase is not Phase.COMBAT:
        raise RuleError(_("{what} during the combat turn: determine the range, engage, and activate the "
                          "zones "
                          "first. (/si av works any time, outside the fight.)", what=what))


def _av_attack(s: FightState, a: AVAttack, rng: random.Random | None, r: StepResult) -> None:
    _not_over(s)
    unit = s.unit(a.unit)
    if unit.out:
        raise RuleError(_("{unit} is out and cannot attack.", unit=unit.name))
    if a.source is AVSource.SCORPIO and Resource.SCORPIO not in s.resources:
        raise RuleError(_("The squad has no Scorpio: add the resource first."))
    if a.source is AVSource.SCORPIO and a.pen != SCORPIO_PEN:
        raise RuleError(_(
            "The Scorpio has its own PEN of {own}, so PEN {pen} can't apply to it: leave `pen` out to fire "
                "the "
            "Scorpio, or leave `scorpio` out to attack with the weapon's PEN {pen}.", own=SCORPIO_PEN,
                pen=a.pen
        ))
    vehicle = _vehicle(s, a.vehicle)
    _combat_only(s, _("The squad makes A-V attacks"))
    if unit.name in s.scorpio_users:
        raise RuleError(_("{unit} used the Scorpio this turn, so it uses no other skill (and no second "
                          "Scorpio "
                          "attack) until the next turn.", unit=unit.name))
    if a.source is AVSource.SCORPIO and unit.name in s.attackers:
        raise RuleError(_("{unit} already attacked this turn: the Scorpio's user uses no other skill, so "
                          "another "
                          "unit must take it.", unit=unit.name))
    rng = _need_rng(rng, "An A-V attack")
    melee = a.melee if a.melee is not None else s.range in (Range.MELEE, Range.CHARGE)
    res = resolve_av_attack(vehicle, sl=a.sl, pen=a.pen, source=a.source, attacker=unit.name,
                            melee=melee, rng=rng)
    s.vehicles[s.vehicles.index(vehicle)] = res.vehicle
    if a.source is AVSource.SCORPIO:
        s.scorpio_users.append(unit.name)
        r.events.append(_("{unit} uses the Scorpio (A-V {av}, PEN 0) and no other skill.", unit=unit.name,
                          av=SCORPIO_AV))
    else:
        _note_attacker(s, unit.name, r)
    r.events.extend(res.events)
    r.events.extend(res.notes[1:] if a.source is AVSource.SCORPIO else res.notes)
    r.draws.extend(RNDraw(purpose=f"A-V on {vehicle.name}", die=DEFAULT_RN_DIE, value=x.rn)
                   for x in res.rolls)
    r.av = res


def _vehicle_hit(s: FightState, a: VehicleHit, rng: random.Random | None, r: StepResult) -> None:
    _not_over(s)
    vehicle = _vehicle(s, a.vehicle)
    _combat_only(s, _("The squad attacks vehicles"))
    after, events = apply_standard_damage(vehicle, a.damage)
    s.vehicles[s.vehicles.index(vehicle)] = after
    r.events.extend(events)


_HANDLERS = {
    AddUnit: _add_unit,
    AddUnits: _add_units,
    RemoveUnit: _remove_unit,
    AddResource: _add_resource,
    RemoveResource: _remove_resource,
    Engage: _engage,
    Disengage: _disengage,
    DetermineRange: _determine_range,
    ActivateZones: _activate,
    EnterSuccesses: _enter_successes,
    ZoneAttack: _zone_attack,
    SquadHit: _squad_hit,
    WoundUnit: _wound_unit,
    AddVehicle: _add_vehicle,
    AVAttack: _av_attack,
    VehicleHit: _vehicle_hit,
}


def next_step(state: FightState) -> str:
    """What the players should do next, in one line.

    >>> from rules.space_infantry.content import load_boss
    >>> next_step(start_fight(load_boss("elder_leviathan")).state)
    'Add units to the squad.'
    """
    return "\n".join(str(line) for line in next_step_messages(state))


def _owner(name: str) -> Message:
    """``Kai's`` / ``Hicks'`` as a message (a language without the apostrophe says it its way)."""
    return _("{name}'", name=name) if possessive(name).endswith("'") else _("{name}'s", name=name)


def _joined(names: list[str]) -> Message | str:
    if len(names) <= 1:
        return "".join(names)
    return _("{names} and {last}", names=", ".join(names[:-1]), last=names[-1])


def _success_message(n: int, wounds_per_success: int) -> Message:
    wounds = n * wounds_per_success
    return _(
        "{successes} = {wounds}",
        successes=ngettext("{n} success", "{n} successes", n, n=n),
        wounds=ngettext("{n} wound", "{n} wounds", wounds, n=wounds),
    )


def next_step_messages(state: FightState) -> list[Message]:
    """:func:`next_step`, one message per line, to be shown in the reader's language."""
    if state.outcome is Outcome.BOSS_ELIMINATED:
        return [_("{boss} is eliminated. Well fought!", boss=state.boss.name)]
    if state.outcome is Outcome.SQUAD_OUT:
        return [_("Every unit is out: the fight is over. Undo the last step if it was a mistake; "
                  "otherwise anyone here can end the fight.")]
    if not state.units:
        return [_("Add units to the squad.")]
    if state.phase is Phase.SETUP:
        return [_("Engage zones if you like, then determine the range to start turn 1.")]
    if state.phase is Phase.ENGAGEMENT:
        return [_("Engage or disengage units, then activate the zones.")]
    lines = []
    per = state.boss.special_rules.wounds_per_success
    for act in state.awaiting_allocation():
        successes = act.successes or 0
        plan = propose_allocation(state, act.zone, successes)
        shares = tuple(
            _("{name} {share}", name=name, share=_success_message(n, per)) for name, n in plan.items()
        )
        lines.append(ngettext(
            "{owner} {share} waits for its allocation: Herald proposes **{plan}**. Accept it or give "
            "your own (successes per unit).",
            "{owner} {share} wait for their allocation: Herald proposes **{plan}**. Accept it or give "
            "your own (successes per unit).",
            successes,
            owner=_owner(act.zone),
            share=_success_message(successes, per),
            plan=shares or _("nobody"),
        ))
    pending = state.awaiting_successes()
    if pending:
        zones = _joined([p.zone for p in pending])
        lines.append(_("Enter the successes of {zones} (0 if it missed).", zones=zones))
    if lines:
        lines.append(_("Then attack with your engaged units: the zones attack first."))
        return lines
    return [_("Attack with your engaged units, then determine the range for the next turn.")]


def status_lines(state: FightState) -> list[str]:
    """A short text summary (for an embed beside the map).

    >>> from rules.space_infantry.content import load_boss
    >>> status_lines(start_fight(load_boss("elder_leviathan")).state)[0]
    'Elder Leviathan - before the first turn'
    """
    return [str(line) for line in status_messages(state)]


def status_messages(state: FightState) -> list[Message]:
    """:func:`status_lines` as messages, to be shown in the reader's language."""
    if state.turn:
        head = _("{boss} - turn {turn}, range {range}", boss=state.boss.name, turn=state.turn,
                 range=_(RANGE_WORDS[state.range]))
    else:
        head = _("{boss} - before the first turn", boss=state.boss.name)
    lines = [head]
    for z in state.boss.zones:
        hp = state.zone_hp[z.name]
        tag = _("destroyed") if hp <= 0 else _("{hp}/{max} HP", hp=hp, max=z.hp)
        who = state.engaged_with(z.name)
        name = _("{zone} (vital)", zone=z.name) if z.vital else z.name
        if who:
            lines.append(_("{zone}: {state}; engaged: {units}", zone=name, state=tag, units=_joined(who)))
        else:
            lines.append(_("{zone}: {state}", zone=name, state=tag))
    for u in state.units:
        if u.out:
            lines.append(_("{unit}: out", unit=u.name))
        else:
            left = _("{unit}: {wounds}/{max} wounds left", unit=u.name, wounds=u.wounds, max=u.max_wounds)
            lines.append(left)
    if state.outcome is Outcome.BOSS_ELIMINATED:
        lines.append(_("{boss} is eliminated.", boss=state.boss.name))
    elif state.outcome is Outcome.SQUAD_OUT:
        lines.append(_("The squad is out."))
    return lines
