"""Space Infantry: boss fights (``boss``), their content (``content``) and A-V attacks (``vehicles``).

How a cog drives it (each step: load state JSON, ``apply``, save ``result.state``, append
``result.events`` to the log, render ``renderers.boss_map.render_boss_map(result.state)``):

=====================  ===================================================================
command                call
=====================  ===================================================================
boss list / start      ``load_bosses()`` -> (bosses, errors); ``start_fight(find_boss(name, bosses))``
squad add / remove     ``apply(s, AddUnit(name=, unit_kind=, wounds=))`` / ``RemoveUnit(name=)``
resource               ``apply(s, AddResource(resource=Resource.SCORPIO))``
engage / disengage     ``apply(s, Engage(unit=, zone=, via=None))`` / ``Disengage(unit=)``
turn: range            ``apply(s, DetermineRange(), rng)``  (opens the engagement window)
turn: activations      ``apply(s, ActivateZones(), rng)``   (closes it; ``result.activations``)
zone successes         ``apply(s, EnterSuccesses(zone=, successes=))`` (they stand from then on)
zone attack            ``apply(s, ZoneAttack(zone=, successes=, allocation=None|{unit: n}))``,
                       ``n`` being SUCCESSES (each one inflicts the Deadly multiplier's wounds on
                       that unit); preview with ``propose_allocation(s, zone, successes)``; read a
                       typed allocation ("Kai:2, Lee:1") with ``parse_allocation(text)``
hit / grenade          ``apply(s, SquadHit(unit=, damage=, grenade=False))``
wound / heal           ``apply(s, WoundUnit(unit=, amount=))`` (negative heals)
vehicle add / attack   ``AddVehicle(name=, dmg=, sp=, heavy=)`` / ``AVAttack(unit=, vehicle=, sl=,
                       pen=, source=AVSource.SCORPIO|OWN)`` with ``rng``; ``VehicleHit``
one-off A-V            ``resolve_av_attack(make_vehicle(name, dmg=, sp=, heavy=), sl=, pen=, rng=)``
A-V odds               ``av_attack_odds(vehicle, sl=, pen=, source=)`` -> at_least_one_hit, destroyed
status                 ``status_lines(s)``, ``s.is_over()``, ``s.outcome``, ``next_step(s)``
undo                   restore the previous ``FightState`` JSON the bot saved
=====================  ===================================================================

>>> from rules.space_infantry import load_boss, start_fight
>>> start_fight(load_boss("elder_leviathan")).state.phase
<Phase.SETUP: 'setup'>
"""

from __future__ import annotations

from rules.space_infantry.boss import (
    Action,
    ActivateZones,
    Activation,
    AddResource,
    AddUnit,
    AddUnits,
    AddVehicle,
    AVAttack,
    DetermineRange,
    Disengage,
    Engage,
    Engagement,
    EnterSuccesses,
    FightState,
    Outcome,
    Phase,
    RemoveResource,
    RemoveUnit,
    Resource,
    RNDraw,
    SquadHit,
    StepResult,
    Unit,
    UnitKind,
    VehicleHit,
    WoundUnit,
    ZoneAttack,
    allocation_words,
    apply,
    check_allocation,
    legal_engagements,
    legal_targets,
    next_step,
    next_step_messages,
    parse_allocation,
    parse_units,
    propose_allocation,
    special_rule_lines,
    start_fight,
    status_lines,
    status_messages,
    success_words,
)
from rules.space_infantry.content import (
    BossSpec,
    Column,
    Range,
    ZoneKind,
    ZoneSpec,
    find_boss,
    load_boss,
    load_bosses,
    load_bosses_strict,
    suggest_bosses,
)
from rules.space_infantry.vehicles import (
    AVOdds,
    AVResult,
    AVSource,
    Vehicle,
    av_attack_odds,
    make_vehicle,
    resolve_av_attack,
)

__all__ = [
    "AVAttack",
    "AVOdds",
    "AVResult",
    "AVSource",
    "Action",
    "ActivateZones",
    "Activation",
    "AddResource",
    "AddUnit",
    "AddUnits",
    "AddVehicle",
    "BossSpec",
    "Column",
    "DetermineRange",
    "Disengage",
    "Engage",
    "Engagement",
    "EnterSuccesses",
    "FightState",
    "Outcome",
    "Phase",
    "RNDraw",
    "Range",
    "RemoveResource",
    "RemoveUnit",
    "Resource",
    "SquadHit",
    "StepResult",
    "Unit",
    "UnitKind",
    "Vehicle",
    "VehicleHit",
    "WoundUnit",
    "ZoneAttack",
    "ZoneKind",
    "ZoneSpec",
    "allocation_words",
    "apply",
    "av_attack_odds",
    "check_allocation",
    "find_boss",
    "legal_engagements",
    "legal_targets",
    "load_boss",
    "load_bosses",
    "load_bosses_strict",
    "make_vehicle",
    "next_step",
    "next_step_messages",
    "parse_allocation",
    "parse_units",
    "propose_allocation",
    "resolve_av_attack",
    "special_rule_lines",
    "start_fight",
    "status_lines",
    "status_messages",
    "success_words",
    "suggest_bosses",
]
