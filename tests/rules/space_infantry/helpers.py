"""Shared test helpers: a scripted Random and a quick squad builder."""

from __future__ import annotations

import random
from collections.abc import Iterable

from rules.space_infantry import AddUnit, FightState, UnitKind, apply, start_fight


class ScriptedRandom(random.Random):
    """A Random whose randint returns the scripted numbers in order (checking the range)."""

    def __init__(self, values: Iterable[int]) -> None:
        super().__init__(0)
        self.values = list(values)

    def randint(self, a: int, b: int) -> int:
        assert self.values, "the test ran out of scripted RNs"
        value = self.values.pop(0)
        assert a <= value <= b
        return value


def squad(boss, *units: tuple[str, UnitKind, int]) -> FightState:
    state = start_fight(boss).state
    for name, kind, wounds in units:
        state = apply(state, AddUnit(name=name, unit_kind=kind, wounds=wounds)).state
    return state


B = UnitKind.BASIC
S = UnitKind.SPECIALIST


def finish_turn(state: FightState) -> FightState:
    """Resolve every open zone activation with 0 successes."""
    from rules.space_infantry import ZoneAttack

    for act in state.pending_activations():
        state = apply(state, ZoneAttack(zone=act.zone, successes=0)).state
    return state
