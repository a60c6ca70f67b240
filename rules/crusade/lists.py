"""An army list (New Recruit or BattleScribe) as the units of an Order of Battle.

>>> from rules.wh40k.roster import Roster, RosterUnit
>>> captain = RosterUnit(name="Captain", models=1, points=80, roles=("character",))
>>> specs = unit_specs(Roster(name="L", units=(captain,)))
>>> specs[0].name, specs[0].points, sorted(r.value for r in specs[0].roles)
('Captain', 80, ['character'])
"""

from __future__ import annotations

from rules.crusade.engine import UnitSpec
from rules.crusade.model import Role
from rules.wh40k.roster import Roster, parse_roster

_ROLES = {r.value: r for r in Role}


def unit_specs(roster: Roster) -> list[UnitSpec]:
    """Each unit of ``roster`` with its points and the Crusade roles its categories give."""
    return [
        UnitSpec(u.name, u.points, frozenset(_ROLES[r] for r in u.roles if r in _ROLES))
        for u in roster.units
    ]


def read_force(data: bytes, filename: str) -> Roster:
    """The roster in a file (run in the upload worker); RosterError says what is wrong."""
    return parse_roster(data, filename)
