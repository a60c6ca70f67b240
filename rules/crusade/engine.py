"""The Crusade rules as functions from a campaign to a new one: forces, battles and their
post-battle sequence, honours, scars and requisitions. Randomness comes in as ``rng``.

>>> import random
>>> c = create("Autumn", organiser_id=1)
>>> captain = UnitSpec("Captain", 80, {Role.CHARACTER})
>>> c = join(c, player_id=1, player_name="Kai", name="Kai's host", units=[captain])
>>> c.force(1).rp, c.force(1).supply_limit
(5, 1000)
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from rules.crusade.model import (
    MAX_FORCES,
    MAX_HONOURS,
    MAX_LOG,
    MAX_NAME,
    MAX_PENDING,
    MAX_RP,
    MAX_SCARS,
    MAX_TEXT,
    MAX_UNITS,
    Battle,
    Campaign,
    CrusadeUnit,
    Force,
    Honour,
    OutOfAction,
    Rank,
    Result,
    Role,
)
from rules.crusade.tables import Requisition
from rules.crusade.words import CrusadeError, CrusadeNotFound, Said, _, ngettext
from rules.errors import quote
from rules.text import match_key

#: Units a unit must destroy over the campaign for each Dealers of Death XP.
DEALERS_OF_DEATH_EVERY = 3
MARKED_FOR_GREATNESS_XP = 3
BATTLE_EXPERIENCE_XP = 1
#: The most kills one unit may be credited with in one battle.
MAX_KILLS = 50


@dataclass(frozen=True)
class UnitSpec:
    """A unit to add: its name, points (None: its list gave none) and Crusade roles."""

    name: str
    points: int | None = 0
    roles: frozenset[Role] | set[Role] = field(default_factory=frozenset)


@dataclass(frozen=True)
class Outcome:
    """A new campaign and what happened, one line each (names as typed; the edge escapes them)."""

    campaign: Campaign
    lines: tuple[Said, ...] = ()
    battle: Battle | None = None


def _clip(text: str, limit: int = MAX_NAME) -> str:
    flat = " ".join(str(text).split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def _logged(campaign: Campaign, *lines: Said) -> tuple[Said, ...]:
    return (*campaign.log, *lines)[-MAX_LOG:]


CORRECTION = _("That was the organiser's correction.")


def _told(campaign: Campaign, line: Said, correction: bool) -> Outcome:
    """``campaign`` with ``line`` (and, for an organiser's correction, a line saying so) logged."""
    lines = (line, CORRECTION) if correction else (line,)
    return Outcome(campaign.model_copy(update={"log": _logged(campaign, *lines)}), lines)


#: What the rules call each rank and result, marked for translation.
RANK_NAMES = {
    Rank.BATTLE_READY: _("Battle-ready"),
    Rank.BLOODED: _("Blooded"),
    Rank.BATTLE_HARDENED: _("Battle-hardened"),
    Rank.HEROIC: _("Heroic"),
    Rank.LEGENDARY: _("Legendary"),
}
RESULT_NAMES = {Result.WIN: _("win"), Result.DRAW: _("draw"), Result.LOSS: _("loss")}


def create(name: str, *, organiser_id: int) -> Campaign:
    """A new campaign with no forces yet."""
    name = _clip(name)
    if not name:
        raise CrusadeError(_("Give the campaign a name: `/crusade create name:`."))
    return Campaign(name=name, organiser_id=organiser_id)


def _replace_force(campaign: Campaign, force: Force) -> Campaign:
    forces = tuple(force if f.player_id == force.player_id else f for f in campaign.forces)
    return campaign.model_copy(update={"forces": forces})


def _replace_unit(force: Force, unit: CrusadeUnit) -> Force:
    return force.model_copy(update={"units": tuple(unit if u.key == unit.key else u for u in force.units)})


def require_force(campaign: Campaign, player_id: int) -> Force:
    force = campaign.force(player_id)
    if force is None:
        raise CrusadeError(
            _("That player has no Order of Battle in this campaign: `/crusade join file:` makes one.")
        )
    return force


def may_change(campaign: Campaign, force: Force, actor_id: int, *, organiser: bool) -> bool:
    """Whether ``actor_id`` may change ``force``; True for the organiser (a correction, said as one).
    Raises for anyone else."""
    if actor_id == force.player_id:
        return False
    if organiser or actor_id == campaign.organiser_id:
        return True
    raise CrusadeError(_("Only a force's own player changes it (the organiser may correct it)."))


def _new_units(force: Force, specs: Iterable[UnitSpec]) -> Force:
    units = list(force.units)
    key = force.next_key
    for spec in specs:
        if len(units) >= MAX_UNITS:
            raise CrusadeError(_("An Order of Battle holds at most {n} units.", n=MAX_UNITS))
        name = _clip(spec.name)
        if not name:
            raise CrusadeError(_("A unit needs a name."))
        taken = {u.name.lower() for u in units}
        base, n = name, 2
        while name.lower() in taken:
            name, n = _clip(f"{base} ({n})"), n + 1
        units.append(
            CrusadeUnit(
                key=f"u{key}",
                name=name,
                points=None if spec.points is None else max(0, int(spec.points)),
                roles=frozenset(spec.roles),
            )
        )
        key += 1
    return force.model_copy(update={"units": tuple(units), "next_key": key})


def join(
    campaign: Campaign,
    *,
    player_id: int,
    player_name: str,
    name: str,
    faction: str = "",
    units: Sequence[UnitSpec] = (),
) -> Campaign:
    """Add a player's Order of Battle: every unit a Crusade card with 0 XP. One force a player."""
    if campaign.force(player_id) is not None:
        raise CrusadeError(_("You already have an Order of Battle here: add units with `/crusade add`."))
    if len(campaign.forces) >= MAX_FORCES:
        raise CrusadeError(_("A campaign holds at most {n} forces.", n=MAX_FORCES))
    force = Force(
        player_id=player_id,
        player_name=_clip(player_name),
        name=_clip(name) or "Order of Battle",
        faction=_clip(faction),
    )
    force = _new_units(force, units)
    line = ngettext(
        "{player} joined with {force} ({n} unit, {points} points).",
        "{player} joined with {force} ({n} units, {points} points).",
        len(force.units),
        player=force.player_name,
        force=force.name,
        n=len(force.units),
        points=force.supply_used,
    )
    return campaign.model_copy(update={"forces": (*campaign.forces, force), "log": _logged(campaign, line)})


_ROLE_WORDS = {match_key(r.value.replace("-", " ")): r for r in Role}


def read_roles(text: str) -> frozenset[Role]:
    """Crusade keywords typed with commas: ``"Character, Epic Hero"``.

    >>> sorted(r.value for r in read_roles("Character, epic hero"))
    ['character', 'epic-hero']
    """
    roles = set()
    for part in text.split(","):
        key = match_key(part.replace("-", " "))
        if not key:
            continue
        if key not in _ROLE_WORDS:
            raise CrusadeError(
                _(
                    "'{typed}' is no Crusade keyword Herald counts: "
                    "character, epic hero, titanic, fortification, swarm or summoned.",
                    typed=quote(part, 30),
                )
            )
        roles.add(_ROLE_WORDS[key])
    return frozenset(roles)


def over_supply(force: Force) -> int:
    """How many points the force's units pass its Supply Limit by (0 when within it)."""
    return max(0, force.supply_used - force.supply_limit)


def find_unit(force: Force, typed: str) -> CrusadeUnit:
    """A unit by key or name (case and spacing ignored); NotFoundError naming what was typed."""
    key = match_key(typed)
    for unit in force.units:
        if unit.key == typed or match_key(unit.name) == key:
            return unit
    matches = [u for u in force.units if key and key in match_key(u.name)]
    if len(matches) == 1:
        return matches[0]
    raise CrusadeNotFound(
        _("{force} has no unit called '{typed}'.", force=force.name, typed=quote(typed, 40))
    )


def add_units(
    campaign: Campaign, player_id: int, units: Sequence[UnitSpec], *, actor_id: int, organiser: bool = False
) -> Outcome:
    force = require_force(campaign, player_id)
    correction = may_change(campaign, force, actor_id, organiser=organiser)
    force = _new_units(force, units)
    names = ", ".join(_clip(u.name, 40) for u in units)
    line = _("{player} added {units} to {force}.", player=force.player_name, units=names, force=force.name)
    return _told(_replace_force(campaign, force), line, correction)


def remove_unit(
    campaign: Campaign, player_id: int, unit_name: str, *, actor_id: int, organiser: bool = False
) -> Outcome:
    """Take a unit off the Order of Battle, for good (the rules allow no way back)."""
    force = require_force(campaign, player_id)
    correction = may_change(campaign, force, actor_id, organiser=organiser)
    unit = find_unit(force, unit_name)
    force = force.model_copy(update={"units": tuple(u for u in force.units if u.key != unit.key)})
    line = _("{unit} was removed from {force} for good.", unit=unit.name, force=force.name)
    return _told(_replace_force(campaign, force), line, correction)


# -- battles ------------------------------------------------------------------------------------

_KILL = re.compile(r"^(?P<name>.+?)\s*[:x×]?\s*(?P<count>\d{1,3})$")


def parse_kills(force: Force, text: str) -> dict[str, int]:
    """``"Intercessors 2, Captain 1"`` as unit key -> units destroyed.

    >>> f = Force(player_id=1, player_name="K", name="F", units=(CrusadeUnit(key="u1", name="Intercessors"),))
    >>> parse_kills(f, "Intercessors 2")
    {'u1': 2}
    """
    kills: dict[str, int] = {}
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        match = _KILL.match(part)
        if match is None:
            raise CrusadeError(
                _(
                    "I can't read '{typed}' as kills: write a unit's name and a number, such as "
                    "`Intercessors 2, Captain 1`.",
                    typed=quote(part, 40),
                )
            )
        count = int(match["count"])
        if count > MAX_KILLS:
            raise CrusadeError(
                _(
                    "{typed}: at most {n} units destroyed by one unit in a battle.",
                    typed=quote(part, 40),
                    n=MAX_KILLS,
                )
            )
        unit = find_unit(force, match["name"])
        kills[unit.key] = kills.get(unit.key, 0) + count
    return kills


def unit_keys(force: Force, names: Iterable[str]) -> tuple[str, ...]:
    keys: list[str] = []
    for name in names:
        name = name.strip()
        if name:
            key = find_unit(force, name).key
            if key not in keys:
                keys.append(key)
    return tuple(keys)


def _open_battles(campaign: Campaign) -> list[Battle]:
    return [b for b in campaign.battles if b.stage not in ("done", "disputed")]


def record_battle(
    campaign: Campaign,
    *,
    player_id: int,
    opponent_id: int,
    opponent_name: str,
    result: Result,
) -> Outcome:
    """Open a battle's post-battle sequence: the player then says which units took part."""
    require_force(campaign, player_id)
    if opponent_id == player_id:
        raise CrusadeError(_("Your opponent must be someone else."))
    if len(_open_battles(campaign)) >= MAX_PENDING:
        raise CrusadeError(_("{n} battles already wait for their steps: finish some first.", n=MAX_PENDING))
    battle = Battle(
        id=campaign.next_battle,
        player_id=player_id,
        opponent_id=opponent_id,
        opponent_name=_clip(opponent_name),
        result=result,
    )
    campaign = campaign.model_copy(
        update={"battles": (*campaign.battles, battle)[-MAX_LOG:], "next_battle": campaign.next_battle + 1}
    )
    return Outcome(campaign, battle=battle)


def require_battle(campaign: Campaign, battle_id: int) -> Battle:
    battle = campaign.battle(battle_id)
    if battle is None:
        raise CrusadeNotFound(_("There is no battle #{battle} in this campaign.", battle=battle_id))
    return battle


def _put_battle(campaign: Campaign, battle: Battle) -> Campaign:
    return campaign.model_copy(
        update={"battles": tuple(battle if b.id == battle.id else b for b in campaign.battles)}
    )


def set_details(
    campaign: Campaign,
    battle_id: int,
    *,
    actor_id: int,
    took_part: Sequence[str] | None = None,
    destroyed: Sequence[str] | None = None,
    kills: dict[str, int] | None = None,
    marked: str | None = None,
) -> Outcome:
    """Change what the player says about a battle still being described (unit keys)."""
    battle = require_battle(campaign, battle_id)
    if actor_id != battle.player_id:
        raise CrusadeError(_("Only the player who recorded this battle describes it."))
    if battle.stage != "details":
        raise CrusadeError(_("Battle #{battle} is past its details.", battle=battle.id))
    force = require_force(campaign, battle.player_id)
    known = {u.key for u in force.units}
    update: dict[str, object] = {}
    if took_part is not None:
        update["took_part"] = tuple(k for k in took_part if k in known)
    if destroyed is not None:
        update["destroyed"] = tuple(k for k in destroyed if k in known)
    if kills is not None:
        update["kills"] = {k: max(0, min(MAX_KILLS, v)) for k, v in kills.items() if k in known}
    if marked is not None:
        update["marked"] = marked if marked in known else ""
    battle = battle.model_copy(update=update)
    # a unit destroyed, credited with kills or marked took part
    part = list(battle.took_part)
    for key in (*battle.destroyed, *battle.kills, *([battle.marked] if battle.marked else [])):
        if key not in part:
            part.append(key)
    battle = battle.model_copy(update={"took_part": tuple(part)})
    return Outcome(_put_battle(campaign, battle), battle=battle)


def submit(campaign: Campaign, battle_id: int, *, actor_id: int) -> Outcome:
    """The player is done describing: the battle waits on the opponent's confirmation."""
    battle = require_battle(campaign, battle_id)
    if actor_id != battle.player_id:
        raise CrusadeError(_("Only the player who recorded this battle sends it for confirmation."))
    if battle.stage != "details":
        raise CrusadeError(_("Battle #{battle} was already sent.", battle=battle.id))
    if not battle.took_part:
        raise CrusadeError(_("Choose the units that took part first."))
    battle = battle.model_copy(update={"stage": "confirm"})
    return Outcome(_put_battle(campaign, battle), battle=battle)


def dispute(campaign: Campaign, battle_id: int, *, actor_id: int) -> Outcome:
    battle = require_battle(campaign, battle_id)
    if actor_id not in (battle.opponent_id, campaign.organiser_id):
        raise CrusadeError(_("Only the opponent (or the organiser) disputes a result."))
    if battle.stage != "confirm":
        raise CrusadeError(_("Battle #{battle} does not wait for a confirmation.", battle=battle.id))
    battle = battle.model_copy(update={"stage": "disputed"})
    line = _(
        "Battle #{battle} was disputed; it counts for nothing. Record it again once you agree.",
        battle=battle.id,
    )
    campaign = _put_battle(campaign, battle).model_copy(update={"log": _logged(campaign, line)})
    return Outcome(campaign, (line,), battle)


def confirm(campaign: Campaign, battle_id: int, *, actor_id: int, rng: random.Random) -> Outcome:
    """The opponent confirms: Herald runs the post-battle sequence.

    Tallies, Out of Action tests (a D6 for each destroyed unit; a 1 waits for the player's
    choice), +1 Requisition Point (never past 10), then XP: Battle Experience +1 to each unit that
    took part, Dealers of Death +1 for every third unit it destroyed over the campaign, Marked for
    Greatness +3; ranks gained owe a Battle Honour each.
    """
    battle = require_battle(campaign, battle_id)
    if actor_id not in (battle.opponent_id, campaign.organiser_id):
        raise CrusadeError(_("Only the opponent (or the organiser) confirms this result."))
    if battle.stage != "confirm":
        raise CrusadeError(_("Battle #{battle} does not wait for a confirmation.", battle=battle.id))
    force = require_force(campaign, battle.player_id)
    won = battle.result is Result.WIN
    lines: list[Said] = [
        _(
            "Battle #{battle}: {player} ({result}) against {opponent}.",
            battle=battle.id,
            player=force.player_name,
            result=RESULT_NAMES[battle.result],
            opponent=battle.opponent_name,
        )
    ]
    rp = min(MAX_RP, force.rp + 1)
    force = force.model_copy(
        update={"battles": force.battles + 1, "victories": force.victories + int(won), "rp": rp}
    )
    lines.append(
        _("Requisition Points: {rp} (at most 10).", rp=rp)
        if rp == MAX_RP
        else _("Requisition Points: {rp}.", rp=rp)
    )
    tests: list[OutOfAction] = []
    for key in battle.destroyed:
        unit = force.unit(key)
        if unit is None:
            continue
        roll = rng.randint(1, 6)
        tests.append(OutOfAction(unit=key, roll=roll))
        lines.append(
            _(
                "Out of Action test for {unit}: {roll} (failed: choose a Battle Scar or a Devastating Blow).",
                unit=unit.name,
                roll=roll,
            )
            if roll == 1
            else _("Out of Action test for {unit}: {roll} (passed).", unit=unit.name, roll=roll)
        )
    for key in battle.took_part:
        unit = force.unit(key)
        if unit is None:
            continue
        unit, said = _experience(unit, kills=battle.kills.get(key, 0), marked=key == battle.marked, won=won)
        force = _replace_unit(force, unit)
        lines.extend(said)
    battle = battle.model_copy(update={"stage": "done", "tests": tuple(tests), "lines": tuple(lines)})
    campaign = _replace_force(_put_battle(campaign, battle), force)
    campaign = campaign.model_copy(update={"log": _logged(campaign, *lines)})
    return Outcome(campaign, tuple(lines), battle)


def _experience(unit: CrusadeUnit, *, kills: int, marked: bool, won: bool) -> tuple[CrusadeUnit, list[Said]]:
    """A unit that took part after the battle: tallies, XP (capped), rank, honours owed."""
    before_kills = unit.kills
    after_kills = before_kills + kills
    unit = unit.model_copy(
        update={"battles": unit.battles + 1, "wins": unit.wins + int(won), "kills": after_kills}
    )
    if not unit.gains_xp:
        return unit, []
    gained = BATTLE_EXPERIENCE_XP
    parts = [_("Battle Experience +{xp}", xp=BATTLE_EXPERIENCE_XP)]
    dealers = after_kills // DEALERS_OF_DEATH_EVERY - before_kills // DEALERS_OF_DEATH_EVERY
    if dealers:
        gained += dealers
        parts.append(_("Dealers of Death +{xp}", xp=dealers))
    if marked:
        gained += MARKED_FOR_GREATNESS_XP
        parts.append(_("Marked for Greatness +{xp}", xp=MARKED_FOR_GREATNESS_XP))
    unit, said = gain_xp(unit, gained)
    return unit, [_("{unit}: {awards} → {xp} XP.", unit=unit.name, awards=tuple(parts), xp=unit.xp), *said]


def gain_xp(unit: CrusadeUnit, amount: int) -> tuple[CrusadeUnit, list[Said]]:
    """``unit`` with ``amount`` more XP, stopped at its cap; a rank gained owes a Battle Honour.

    >>> u, said = gain_xp(CrusadeUnit(key="u1", name="Squad", xp=29), 4)
    >>> u.xp, str(said[0])
    (30, 'Squad stops at 30 XP: only CHARACTERS (or Legendary Veterans) go further.')
    """
    said: list[Said] = []
    if not unit.gains_xp or amount <= 0:
        return unit, said
    xp = unit.xp + amount
    cap = unit.xp_cap
    if cap is not None and xp > cap:
        xp = max(unit.xp, cap)
        said.append(
            _(
                "{unit} stops at {cap} XP: only CHARACTERS (or Legendary Veterans) go further.",
                unit=unit.name,
                cap=cap,
            )
        )
    before = unit.rank
    unit = unit.model_copy(update={"xp": xp})
    gained = unit.rank.index() - before.index()
    if gained > 0:
        unit = unit.model_copy(update={"honours_due": unit.honours_due + gained})
        said.append(
            _(
                "{unit} is now {rank}: choose a Battle Honour (`/crusade honour`).",
                unit=unit.name,
                rank=RANK_NAMES[unit.rank],
            )
        )
    return unit, said


def choose(
    campaign: Campaign,
    battle_id: int,
    unit_key: str,
    choice: str,
    *,
    actor_id: int,
    scar: str = "",
    organiser: bool = False,
) -> Outcome:
    """The player's answer to a failed Out of Action test: ``"scar"`` (``scar`` names it) or
    ``"blow"`` (a Devastating Blow: the unit loses its latest Battle Honour, or, with none, leaves
    the Order of Battle for good)."""
    battle = require_battle(campaign, battle_id)
    force = require_force(campaign, battle.player_id)
    correction = may_change(campaign, force, actor_id, organiser=organiser)
    test = next((t for t in battle.open_choices if t.unit == unit_key), None)
    if test is None:
        raise CrusadeError(_("That Out of Action test waits for no choice (it was made already)."))
    unit = force.unit(unit_key)
    if unit is None:
        line = _("That unit has left the Order of Battle.")
        force_after = force
    elif choice == "scar":
        if len(unit.scars) >= MAX_SCARS:
            raise CrusadeError(
                _(
                    "{unit} already has {n} Battle Scars: take the Devastating Blow.",
                    unit=unit.name,
                    n=MAX_SCARS,
                )
            )
        scar = _clip(scar, MAX_TEXT) or "Battle Scar"
        unit = unit.model_copy(update={"scars": (*unit.scars, scar)})
        force_after = _replace_unit(force, unit)
        line = _("{unit} gains the Battle Scar {scar}.", unit=unit.name, scar=scar)
    elif choice == "blow":
        if unit.honours:
            lost = unit.honours[-1]
            unit = unit.model_copy(update={"honours": unit.honours[:-1]})
            force_after = _replace_unit(force, unit)
            line = _(
                "Devastating Blow: {unit} loses the Battle Honour {honour}.", unit=unit.name, honour=lost.name
            )
        else:
            force_after = force.model_copy(
                update={"units": tuple(u for u in force.units if u.key != unit.key)}
            )
            line = _(
                "Devastating Blow: {unit} had no Battle Honour and leaves the Order of Battle for good.",
                unit=unit.name,
            )
    else:
        raise CrusadeError(_("Choose `scar` or `blow`."))
    lines = (line, CORRECTION) if correction else (line,)
    tests = tuple(
        t.model_copy(update={"choice": choice}) if t.unit == unit_key and t.failed and not t.choice else t
        for t in battle.tests
    )
    battle = battle.model_copy(update={"tests": tests, "lines": (*battle.lines, *lines)})
    campaign = _replace_force(_put_battle(campaign, battle), force_after)
    return Outcome(campaign.model_copy(update={"log": _logged(campaign, *lines)}), lines, battle)


# -- honours, scars, requisitions ---------------------------------------------------------------


def add_honour(
    campaign: Campaign,
    player_id: int,
    unit_name: str,
    honour: Honour,
    *,
    actor_id: int,
    organiser: bool = False,
) -> Outcome:
    force = require_force(campaign, player_id)
    correction = may_change(campaign, force, actor_id, organiser=organiser)
    unit = find_unit(force, unit_name)
    limit = MAX_HONOURS if (Role.CHARACTER in unit.roles or unit.legendary_veterans) else 3
    if len(unit.honours) >= limit:
        raise CrusadeError(
            _("{unit} already has {n} Battle Honours, as many as it may hold.", unit=unit.name, n=limit)
        )
    unit = unit.model_copy(
        update={"honours": (*unit.honours, honour), "honours_due": max(0, unit.honours_due - 1)}
    )
    line = _(
        "{unit} gains the Battle Honour {honour} ({points} Crusade Points).",
        unit=unit.name,
        honour=honour.name,
        points=unit.crusade_points,
    )
    return _told(_replace_force(campaign, _replace_unit(force, unit)), line, correction)


def add_scar(
    campaign: Campaign, player_id: int, unit_name: str, scar: str, *, actor_id: int, organiser: bool = False
) -> Outcome:
    """Give a unit a Battle Scar; a fourth is refused."""
    force = require_force(campaign, player_id)
    correction = may_change(campaign, force, actor_id, organiser=organiser)
    unit = find_unit(force, unit_name)
    if len(unit.scars) >= MAX_SCARS:
        raise CrusadeError(
            _(
                "{unit} already has {n} Battle Scars, as many as a unit may carry.",
                unit=unit.name,
                n=MAX_SCARS,
            )
        )
    scar = _clip(scar, MAX_TEXT) or "Battle Scar"
    unit = unit.model_copy(update={"scars": (*unit.scars, scar)})
    line = _("{unit} gains the Battle Scar {scar}.", unit=unit.name, scar=scar)
    return _told(_replace_force(campaign, _replace_unit(force, unit)), line, correction)


def requisition(
    campaign: Campaign,
    player_id: int,
    req: Requisition,
    *,
    actor_id: int,
    unit_name: str = "",
    cost: int | None = None,
    organiser: bool = False,
) -> Outcome:
    """Spend Requisition Points on ``req``. Its effect on the force, where Herald keeps one:
    a larger Supply Limit, Legendary Veterans (the 30 XP cap lifted), a scar repaired."""
    force = require_force(campaign, player_id)
    correction = may_change(campaign, force, actor_id, organiser=organiser)
    unit = find_unit(force, unit_name) if req.needs_unit or unit_name else None
    price = price_of(req, unit) if cost is None else cost
    if not req.min_cost <= price <= req.max_cost:
        raise CrusadeError(
            _("{requisition} costs {cost} Requisition Points.", requisition=req.name, cost=req.cost_text)
        )
    if price > force.rp:
        raise CrusadeError(
            _(
                "{requisition} costs {cost} RP and {force} has {rp}.",
                requisition=req.name,
                cost=price,
                force=force.name,
                rp=force.rp,
            )
        )
    if req.limit and force.bought.get(req.key, 0) >= req.limit:
        raise CrusadeError(
            ngettext(
                "{requisition} may be bought once per campaign, and was.",
                "{requisition} may be bought {n} times per campaign, and was.",
                req.limit,
                requisition=req.name,
                n=req.limit,
            )
        )
    if req.needs_unit and unit is None:
        raise CrusadeError(_("{requisition} is for one unit: name it with `unit:`.", requisition=req.name))
    effect: Said | None = None
    if req.effect_key == "supply":
        force = force.model_copy(update={"supply_limit": force.supply_limit + req.amount})
        effect = _("{force}'s Supply Limit is now {limit}.", force=force.name, limit=force.supply_limit)
    elif req.effect_key == "legendary-veterans" and unit is not None:
        if Role.CHARACTER in unit.roles:
            raise CrusadeError(_("{unit} is a CHARACTER: its XP has no cap to lift.", unit=unit.name))
        if unit.legendary_veterans:
            raise CrusadeError(_("{unit} already has Legendary Veterans.", unit=unit.name))
        unit = unit.model_copy(update={"legendary_veterans": True})
        force = _replace_unit(force, unit)
        effect = _("{unit} may pass 30 XP.", unit=unit.name)
    elif req.effect_key == "repair" and unit is not None:
        if not unit.scars:
            raise CrusadeError(_("{unit} has no Battle Scar to repair.", unit=unit.name))
        unit = unit.model_copy(update={"scars": unit.scars[:-1]})
        force = _replace_unit(force, unit)
        effect = _("{unit} loses a Battle Scar.", unit=unit.name)
    force = force.model_copy(
        update={"rp": force.rp - price, "bought": {**force.bought, req.key: force.bought.get(req.key, 0) + 1}}
    )
    line = (
        _(
            "{player} spends {cost} RP on {requisition} for {unit} ({rp} RP left).",
            player=force.player_name,
            cost=price,
            requisition=req.name,
            unit=unit.name,
            rp=force.rp,
        )
        if unit is not None
        else _(
            "{player} spends {cost} RP on {requisition} ({rp} RP left).",
            player=force.player_name,
            cost=price,
            requisition=req.name,
            rp=force.rp,
        )
    )
    lines = (line, effect) if effect is not None else (line,)
    if correction:
        lines = (*lines, CORRECTION)
    campaign = _replace_force(campaign, force)
    return Outcome(campaign.model_copy(update={"log": _logged(campaign, *lines)}), lines)


def price_of(req: Requisition, unit: CrusadeUnit | None) -> int:
    """What ``req`` costs for ``unit``: Repair and Recuperate 1 + 1 per honour (at most 5), Fresh
    Recruits 1 + 1 per two honours (at most 4); any other its lowest cost."""
    honours = len(unit.honours) if unit is not None else 0
    if req.effect_key == "repair":
        return min(req.max_cost, 1 + honours)
    if req.key == "fresh-recruits":
        return min(req.max_cost, 1 + honours // 2)
    return req.min_cost


def standings(campaign: Campaign, order: str | None = None) -> list[Force]:
    """Forces best first: by victories, battles or Crusade Points (then the other two)."""
    order = order or campaign.order

    def key(f: Force) -> tuple[int, ...]:
        if order == "points":
            return (-f.crusade_points, -f.victories, -f.battles)
        if order == "battles":
            return (-f.battles, -f.victories, -f.crusade_points)
        return (-f.victories, -f.battles, -f.crusade_points)

    return sorted(campaign.forces, key=lambda f: (*key(f), f.player_name.lower()))


def set_order(campaign: Campaign, order: str, *, actor_id: int, organiser: bool = False) -> Campaign:
    if not (organiser or actor_id == campaign.organiser_id):
        raise CrusadeError(_("Only the organiser picks the standings' order."))
    if order not in ("victories", "battles", "points"):
        raise CrusadeError(_("Order the standings by `victories`, `battles` or `points`."))
    return campaign.model_copy(update={"order": order})
