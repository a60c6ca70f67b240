"""Units from a player's imported army lists, as the weapon and target options name them.

An option names a unit by its name as the list shows it (``Ash Wardens``), one of its weapons
(``Ash Wardens: Ember carbine``) or its melee weapons (``Ash Wardens (melee)``); when two of the
player's lists hold a unit of that name, the list's name comes first
(``Cinder Host / Ash Wardens``). Each resolves to the typed text the engine reads: a unit's
weapon lines joined by ``;`` (see :meth:`rules.wh40k.roster.RosterUnit.volley`), one weapon's
line, or the unit's target line.
"""

from __future__ import annotations

from dataclasses import dataclass

import discord
from pydantic import ValidationError

from bot.storage.army_lists import ArmyList, ArmyListRepository
from bot.storage.profiles import name_key
from bot.text import plain
from rules.wh40k.roster import Roster, RosterError, RosterUnit, RosterWeapon

MAX_REFERENCE = 130
"""Longest option text looked up as a unit (list, unit and weapon names, each at most 60)."""
MAX_CHOICE_VALUE = 100
MELEE = "(melee)"


def army_lists(interaction: discord.Interaction) -> ArmyListRepository:
    return interaction.client.army_lists  # type: ignore[attr-defined,no-any-return]


def roster_of(stored: ArmyList) -> Roster:
    """The stored list as the rules' model (a list that no longer reads is an empty roster)."""
    try:
        return Roster.model_validate_json(stored.roster)
    except ValidationError:
        return Roster(name=stored.name, problems=("This list was stored in an older form: import it again.",))


@dataclass(frozen=True)
class Found:
    """A unit an option named, with what of it was asked for."""

    list_name: str
    unit: RosterUnit
    weapon: RosterWeapon | None = None
    melee: bool = False

    def weapon_text(self, *, named: bool = False) -> str:
        """The weapon line(s) this names: one weapon, or the unit's volley (each line led by its
        weapon's name when ``named``)."""
        if self.weapon is not None:
            return self.weapon.line(named=named)
        return self.unit.volley(melee=self.melee, named=named)

    def label(self) -> str:
        """The name as plain text (a chart shows it so); a reply's text passes it through
        ``bot.text.public``, so a roster's names show as typed, with no markdown and no mention."""
        if self.weapon is not None:
            text = f"{self.unit.name}: {self.weapon.name}"
        else:
            text = f"{self.unit.name} {MELEE}" if self.melee else self.unit.name
        return plain(text, MAX_REFERENCE)

    def plain_label(self) -> str:
        """The same name for a picture (the odds chart): :meth:`label` is plain text already."""
        return self.label()


async def _rosters(interaction: discord.Interaction) -> list[tuple[str, Roster]]:
    stored = await army_lists(interaction).all(owner_id=interaction.user.id)
    return [(s.name, roster_of(s)) for s in stored]


def _units(rosters: list[tuple[str, Roster]]) -> list[tuple[str, RosterUnit, bool]]:
    """Every unit with its list's name and whether its name is shared with another list's unit."""
    counts: dict[str, int] = {}
    for _, roster in rosters:
        for unit in roster.units:
            counts[name_key(unit.name)] = counts.get(name_key(unit.name), 0) + 1
    return [
        (list_name, unit, counts[name_key(unit.name)] > 1)
        for list_name, roster in rosters
        for unit in roster.units
    ]


def _reference(list_name: str, unit: RosterUnit, shared: bool) -> str:
    return f"{list_name} / {unit.name}" if shared else unit.name


async def find(interaction: discord.Interaction, text: str) -> Found | None:
    """The unit (or weapon) of the player's lists that ``text`` names, if any."""
    if not text or len(text) > MAX_REFERENCE:
        return None
    key = name_key(text)
    melee = key.endswith(MELEE)
    if melee:
        key = key[: -len(MELEE)].strip()
    rosters = await _rosters(interaction)
    units = _units(rosters)
    for list_name, unit, shared in units:
        for prefix in ("", f"{name_key(list_name)} / "):
            whole = prefix + name_key(unit.name)
            if shared and not prefix and (key == whole or key.startswith(whole + ":")):
                # two lists hold this name: picking one silently could use the wrong unit
                raise RosterError(_ambiguous(unit.name, units))
            if key == whole:
                return Found(list_name, unit, melee=melee)
            if key.startswith(whole + ":") and not melee:
                wanted = key[len(whole) + 1 :].strip()
                weapon = next((w for w in unit.weapons if name_key(w.name) == wanted), None)
                if weapon is not None:
                    return Found(list_name, unit, weapon)
                names = ", ".join(w.name for w in unit.weapons)
                raise RosterError(f"{unit.name} has no weapon called `{wanted[:60]}`; it has: {names}.")
    return None


def _ambiguous(name: str, units: list[tuple[str, RosterUnit, bool]]) -> str:
    named = [
        f"`{list_name} / {unit.name}`"
        for list_name, unit, _ in units
        if name_key(unit.name) == name_key(name)
    ]
    return f"More than one of your lists has a unit called {name}: write which one, {' or '.join(named)}."


def _fits(label: str, value: str) -> tuple[str, str] | None:
    return (label, value) if len(value) <= MAX_CHOICE_VALUE else None


async def weapon_choices(
    interaction: discord.Interaction, current: str, limit: int = 12
) -> list[tuple[str, str]]:
    """Units (a whole volley) and their weapons whose names contain what is typed, the names
    that start with it first."""
    if len(current) > MAX_REFERENCE:
        return []
    key = name_key(current)
    head, colon, tail = key.partition(":")
    found: list[tuple[str, str]] = []
    units = _units(await _rosters(interaction))
    units.sort(key=lambda u: not name_key(_reference(*u)).startswith(key))
    for list_name, unit, shared in units:
        reference = _reference(list_name, unit, shared)
        options: list[tuple[str, str] | None] = []
        if colon or key == name_key(reference):
            # "Unit: weap" offers the unit's weapons one by one
            if (head.strip() if colon else key) != name_key(reference):
                continue
            for weapon in unit.weapons:
                if name_key(weapon.name).startswith(tail.strip()):
                    value = f"{reference}: {weapon.name}"
                    options.append(_fits(f"{unit.name}: {weapon.label()} · {weapon.line()}", value))
        if not colon and key in name_key(reference):
            whole: list[tuple[str, str] | None] = []
            if unit.volley_weapons():
                whole.append(_fits(_volley_label(unit), reference))
            if unit.volley_weapons(melee=True):
                melee = ", ".join(w.label() for w in unit.volley_weapons(melee=True))
                whole.append(_fits(f"{unit.name} {MELEE}: {melee}", f"{reference} {MELEE}"))
            options = whole + options
        found += [o for o in options if o is not None]
        if len(found) >= limit:
            break
    return found[:limit]


def _volley_label(unit: RosterUnit, limit: int = 100) -> str:
    """``Ash Wardens: Ember carbine x4``: the weapons its (ranged) volley fires, no melee."""
    text = f"{unit.name}: " + ", ".join(w.label() for w in unit.volley_weapons())
    return text if len(text) <= limit else text[: limit - 1] + "…"


async def target_choices(
    interaction: discord.Interaction, current: str, limit: int = 12
) -> list[tuple[str, str]]:
    """Units that can be targets (their roster gave T, Sv and W), with their target line."""
    if len(current) > MAX_REFERENCE:
        return []
    key = name_key(current)
    found = []
    for list_name, unit, shared in _units(await _rosters(interaction)):
        reference = _reference(list_name, unit, shared)
        if unit.can_be_target and key in name_key(reference):
            choice = _fits(f"{unit.name} · {unit.target_line()}", reference)
            if choice is not None:
                found.append(choice)
    return found[:limit]
