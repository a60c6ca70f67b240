"""Space Infantry: boss fights (``boss``), their content (``content``) and A-V attacks (``vehicles``).

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
    AddVehicle,
    AVAttack,
    DetermineRange,
    Disengage,
    Engage,
    Engagement,
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
    apply,
    check_allocation,
    legal_engagements,
    legal_targets,
    propose_allocation,
    start_fight,
    status_lines,
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
)
from rules.space_infantry.vehicles import AVResult, AVSource, Vehicle, make_vehicle, resolve_av_attack

__all__ = [
    "AVAttack", "AVResult", "AVSource", "Action", "ActivateZones", "Activation", "AddResource",
    "AddUnit", "AddVehicle", "BossSpec", "Column", "DetermineRange", "Disengage", "Engage",
    "Engagement", "FightState", "Outcome", "Phase", "RNDraw", "Range", "RemoveResource",
    "RemoveUnit", "Resource", "SquadHit", "StepResult", "Unit", "UnitKind", "Vehicle", "VehicleHit",
    "WoundUnit", "ZoneAttack", "ZoneKind", "ZoneSpec", "apply", "check_allocation", "find_boss",
    "legal_engagements", "legal_targets", "load_boss", "load_bosses", "load_bosses_strict",
    "make_vehicle", "propose_allocation", "resolve_av_attack", "start_fight", "status_lines",
]
