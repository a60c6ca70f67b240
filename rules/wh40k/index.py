"""What an army list's index keeps of each unit: names, target lines and weapon lines, computed
once at import, so autocomplete and the unit lookup never read a whole roster.

>>> from rules.wh40k.roster import RosterUnit, RosterWeapon
>>> gun = RosterWeapon(name="Ember carbine", melee=False, attacks="2", skill="3+", strength="4",
...     ap="0", damage="1", count=4)
>>> [unit] = index_of_units([RosterUnit(name="Ash Wardens", models=4, weapons=(gun,))])
>>> unit.ranged, unit.melee, unit.weapons[0].label
('Ash Wardens: Ember carbine x4', None, 'Ember carbine x4')
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from rules.text import match_key
from rules.wh40k.roster import Roster, RosterUnit

MELEE = "(melee)"
"""How an option names a unit's melee weapons (``Ash Wardens (melee)``)."""


@dataclass(frozen=True)
class IndexedWeapon:
    name: str
    label: str
    """``Ember carbine x9``: the name and how many carry it."""
    line: str
    """The weapon's line as the engine reads it."""


@dataclass(frozen=True)
class IndexedUnit:
    """One unit as the index keeps it (see ``bot.storage.army_lists``, which stores these)."""

    position: int
    """The unit's place in its roster's units."""
    name: str
    key: str
    """The name as players type it (:func:`rules.text.match_key`)."""
    target: str | None
    ranged: str | None
    """The label of its whole ranged volley (None: it has no ranged weapon)."""
    melee: str | None
    weapons: tuple[IndexedWeapon, ...]
    options: tuple[str, ...]
    """Abilities a player may switch on by name (``waaagh``)."""
    leads: tuple[str, ...]
    """The units its Leader ability names (empty: no Leader, or its file does not say)."""


def index_of(roster: Roster) -> list[IndexedUnit]:
    """The roster's units as the index keeps them."""
    return index_of_units(roster.units)


def index_of_units(units: Iterable[RosterUnit]) -> list[IndexedUnit]:
    entries = []
    for position, unit in enumerate(units):
        melee = unit.volley_weapons(melee=True)
        entries.append(
            IndexedUnit(
                position=position,
                name=unit.name,
                key=match_key(unit.name),
                target=unit.target_line() if unit.can_be_target else None,
                ranged=_volley_label(unit) if unit.volley_weapons() else None,
                melee=f"{unit.name} {MELEE}: " + ", ".join(w.label() for w in melee) if melee else None,
                weapons=tuple(
                    IndexedWeapon(w.name, w.label(), w.line())
                    for w in (unit.weapon(name) for name in unit.weapon_names())
                    if w is not None
                ),
                options=tuple(o.key for o in unit.options),
                leads=unit.leads,
            )
        )
    return entries


def _volley_label(unit: RosterUnit, limit: int = 100) -> str:
    """``Ash Wardens: Ember carbine x4``: the weapons its (ranged) volley fires, no melee."""
    text = f"{unit.name}: " + ", ".join(w.label() for w in unit.volley_weapons())
    return text if len(text) <= limit else text[: limit - 1] + "…"
