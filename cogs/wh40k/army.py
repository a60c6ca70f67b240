"""Units from a player's imported army lists, as the weapon and target options name them.

An option names a unit by its name as the list shows it (``Ash Wardens``), one of its weapons
(``Ash Wardens: Ember carbine``) or its melee weapons (``Ash Wardens (melee)``); when two of the
player's lists hold a unit of that name, the list's name comes first
(``Cinder Host / Ash Wardens``). A target may add the abilities the import offered to switch on
(``Boyz, waaagh``). Each resolves to the typed text the engine reads: a unit's weapon lines joined
by ``;`` (see :meth:`rules.wh40k.roster.RosterUnit.volley`), one weapon's line, or the unit's
target line.

Names are matched as players type them (:func:`rules.text.match_key`: case, accents and ’ do not
count). Autocomplete and the lookup read the units' index (:class:`bot.storage.army_lists.UnitEntry`),
never a list's JSON; a command then loads the one list that holds the unit it names.
"""

from __future__ import annotations

import asyncio
import re
from dataclasses import dataclass

import discord
from pydantic import ValidationError

from bot.storage.army_lists import MAX_UNIT_ROWS, ArmyList, ArmyListRepository, IndexedWeapon, UnitEntry
from bot.text import plain
from rules.i18n import Message, Text, _
from rules.text import match_key
from rules.wh40k.index import MELEE, index_of
from rules.wh40k.notes import Note
from rules.wh40k.roster import Roster, RosterError, RosterUnit, RosterWeapon

MAX_REFERENCE = 130
"""Longest option text looked up as a unit (list, unit and weapon names, each at most 60)."""
MAX_CHOICE_VALUE = 100


def army_lists(interaction: discord.Interaction) -> ArmyListRepository:
    return interaction.client.army_lists  # type: ignore[attr-defined,no-any-return]


def roster_of(stored: ArmyList) -> Roster:
    """The stored list as the rules' model (a list that no longer reads is an empty roster)."""
    try:
        return Roster.model_validate_json(stored.roster)
    except ValidationError:
        older = Note.of(_("This list was stored in an older form: import it again."))
        return Roster(name=stored.name, problems=(older,))


@dataclass(frozen=True)
class Found:
    """A unit an option named, with what of it was asked for."""

    list_name: str
    unit: RosterUnit
    weapon: RosterWeapon | None = None
    melee: bool = False
    options: tuple[str, ...] = ()
    """The unit's abilities switched on by name (``waaagh``), for its target line."""
    edition: str | None = None
    """The edition the list was built for (``10th``), when its file said."""

    def weapon_text(self, *, named: bool = False) -> str:
        """The weapon line(s) this names: one weapon, or the unit's volley (each line led by its
        weapon's name when ``named``)."""
        if self.weapon is not None:
            return self.weapon.line(named=named)
        return self.unit.volley(melee=self.melee, named=named)

    def target_text(self) -> str:
        """The unit's target line, with the abilities named switched on."""
        return self.unit.target_line(options=self.options)

    def label(self) -> str:
        """The name as plain text (a chart shows it so); a reply's text passes it through
        ``bot.text.public``, so a roster's names show as typed, with no markdown and no mention."""
        if self.weapon is not None:
            text = f"{self.unit.name}: {self.weapon.label()}"
        else:
            text = f"{self.unit.name} {MELEE}" if self.melee else self.unit.name
        if self.options:
            text += ", " + ", ".join(self.options)
        return plain(text, MAX_REFERENCE)

    def plain_label(self) -> str:
        """The same name for a picture (the odds chart): :meth:`label` is plain text already."""
        return self.label()


async def _indexed(interaction: discord.Interaction) -> ArmyListRepository:
    """The repository, once the player's lists kept before units were indexed are indexed (each
    once: read off the event loop, then never again)."""
    repository = army_lists(interaction)
    for stored in await repository.unindexed(owner_id=interaction.user.id):
        roster = await asyncio.to_thread(roster_of, stored)
        await repository.index(owner_id=interaction.user.id, list_id=stored.id, index=index_of(roster))
    return repository


def _reference(entry: UnitEntry) -> str:
    return f"{entry.list_name} / {entry.name}" if entry.shared else entry.name


def _rest(key: str, entry: UnitEntry) -> tuple[str, bool] | None:
    """What ``key`` says after naming ``entry``'s unit, and whether it named the list too."""
    for whole, listed in ((f"{match_key(entry.list_name)} / {entry.key}", True), (entry.key, False)):
        if key == whole or key.startswith((whole + ":", whole + ",", whole + " " + MELEE)):
            return key[len(whole) :], listed
    return None


async def find(interaction: discord.Interaction, text: str) -> Found | None:
    """The unit (or weapon) of the player's lists that ``text`` names, if any."""
    if not text or len(text) > MAX_REFERENCE:
        return None
    key = match_key(text)
    repository = await _indexed(interaction)
    candidates = await repository.units_named(owner_id=interaction.user.id, typed=key)
    matched = [(entry, *rest) for entry in candidates if (rest := _rest(key, entry)) is not None]
    if not matched:
        return None
    longest = max(
        len(entry.key) + (len(entry.list_name) + 3 if listed else 0) for entry, _, listed in matched
    )
    best = [m for m in matched if len(m[0].key) + (len(m[0].list_name) + 3 if m[2] else 0) == longest]
    entry, rest, listed = best[0]
    if entry.shared and not listed:
        # two lists hold this name: picking one silently could use the wrong unit
        raise RosterError(_ambiguous(entry, candidates))
    stored = await repository.by_id(owner_id=interaction.user.id, list_id=entry.list_id)
    if stored is None:
        return None
    roster = await asyncio.to_thread(roster_of, stored)
    if entry.position >= len(roster.units) or match_key(roster.units[entry.position].name) != entry.key:
        return None
    unit = roster.units[entry.position]
    edition = roster.edition or None
    rest = rest.strip()
    if rest == MELEE:
        return Found(stored.name, unit, melee=True, edition=edition)
    if rest.startswith(":"):
        wanted = rest[1:].strip()
        weapon = unit.weapon(wanted)
        if weapon is not None:
            return Found(stored.name, unit, weapon, edition=edition)
        names = ", ".join(unit.weapon_names())
        raise RosterError(
            _(
                "{unit} has no weapon called `{weapon}`; it has: {names}.",
                unit=unit.name,
                weapon=wanted[:60],
                names=names,
            )
        )
    if rest.startswith(","):
        return Found(stored.name, unit, options=_options(unit, rest[1:]), edition=edition)
    return Found(stored.name, unit, edition=edition)


def _options(unit: RosterUnit, typed: str) -> tuple[str, ...]:
    """The abilities named after a unit's name (``Boyz, waaagh``), each one the import offered."""
    chosen: list[str] = []
    for word in (w.strip() for w in typed.split(",")):
        if not word:
            continue
        option = next((o for o in unit.options if o.key == match_key(word)), None)
        if option is None:
            if not unit.options:
                raise RosterError(
                    _(
                        "{unit} has no ability `{word}` to switch on; its list offers none.",
                        unit=unit.name,
                        word=word[:40],
                    )
                )
            offered = ", ".join(f"`{o.key}` ({o.effect})" for o in unit.options)
            raise RosterError(
                _(
                    "{unit} has no ability `{word}` to switch on; its list offers: {offered}.",
                    unit=unit.name,
                    word=word[:40],
                    offered=offered,
                )
            )
        if option.key not in chosen:
            chosen.append(option.key)
    return tuple(chosen)


def _ambiguous(entry: UnitEntry, candidates: list[UnitEntry]) -> Message:
    named = [f"`{c.list_name} / {c.name}`" for c in candidates if c.key == entry.key]
    return _(
        "More than one of your lists has a unit called {unit}: write which one, {choices}.",
        unit=entry.name,
        choices=_or(named),
    )


def _or(names: list[str]) -> Text:
    """``a``, ``a or b``, ``a, b or c``, in the reader's words."""
    if len(names) < 2:
        return names[0] if names else ""
    return _("{first} or {last}", first=", ".join(names[:-1]), last=names[-1])


def _fits(label: str, value: str) -> tuple[str, str] | None:
    return (label, value) if len(value) <= MAX_CHOICE_VALUE else None


def _weapon_choice(entry: UnitEntry, weapon: IndexedWeapon) -> tuple[str, str] | None:
    return _fits(f"{entry.name}: {weapon.label} · {weapon.line}", f"{_reference(entry)}: {weapon.name}")


async def weapon_choices(
    interaction: discord.Interaction, current: str, limit: int = 12
) -> list[tuple[str, str]]:
    """Units (a whole volley) and their weapons whose names contain what is typed, the names
    that start with it first."""
    if len(current) > MAX_REFERENCE:
        return []
    key = match_key(current)
    repository = await _indexed(interaction)
    owner = interaction.user.id
    head, colon, tail = key.partition(":")
    found: list[tuple[str, str] | None] = []
    if colon:  # "Unit: weap" offers the unit's weapons one by one
        for entry in await repository.units_named(owner_id=owner, typed=head.strip()):
            if match_key(_reference(entry)) == head.strip():
                found += [
                    _weapon_choice(entry, w)
                    for w in entry.weapons
                    if match_key(w.name).startswith(tail.strip())
                ]
        return [f for f in found if f is not None][:limit]
    entries = await repository.units_containing(owner_id=owner, typed=key, limit=limit)
    entries.sort(key=lambda e: not match_key(_reference(e)).startswith(key))
    for entry in entries:
        reference = _reference(entry)
        if key not in match_key(reference):
            continue
        if entry.ranged is not None:
            found.append(_fits(entry.ranged, reference))
        if entry.melee is not None:
            found.append(_fits(entry.melee, f"{reference} {MELEE}"))
        if key == match_key(reference):
            found += [_weapon_choice(entry, w) for w in entry.weapons]
        if sum(f is not None for f in found) >= limit:
            break
    return [f for f in found if f is not None][:limit]


async def target_choices(
    interaction: discord.Interaction, current: str, limit: int = 12
) -> list[tuple[str, str]]:
    """Units that can be targets (their roster gave T, Sv and W), with their target line, and the
    same unit with each ability it offers switched on."""
    if len(current) > MAX_REFERENCE:
        return []
    key = match_key(current)
    head = key.partition(",")[0].strip()
    repository = await _indexed(interaction)
    found: list[tuple[str, str] | None] = []
    for entry in await repository.units_containing(owner_id=interaction.user.id, typed=head, limit=limit):
        reference = _reference(entry)
        if entry.target is None or head not in match_key(reference):
            continue
        found.append(_fits(f"{entry.name} · {entry.target}", reference))
        found += [
            _fits(f"{entry.name}, {option} (switched on)", f"{reference}, {option}")
            for option in entry.options
        ]
    return [f for f in found if f is not None][:limit]


def _may_lead(leader: UnitEntry, guard: UnitEntry) -> bool:
    key = re.sub(r"\s*\(\d+\)$", "", guard.key)  # "Boyz (2)" is a Boyz unit too
    return any(match_key(name) == key for name in leader.leads)


async def leader_choices(
    interaction: discord.Interaction, guard: str, typed: str, limit: int = 25
) -> list[tuple[UnitEntry, bool]]:
    """For ``Bodyguard + Lea``: the units of the player's lists whose name contains ``typed``, each
    with whether its Leader ability names the Bodyguard. Units that name it come first; when the
    lists carry leader data, units that lead nothing are left out; without any, every other unit
    is offered. Read from the index alone (no list is loaded)."""
    key = match_key(guard)
    repository = await _indexed(interaction)
    owner = interaction.user.id
    named = [
        e for e in await repository.units_named(owner_id=owner, typed=key) if match_key(_reference(e)) == key
    ]
    if len(named) != 1:
        return []
    bodyguard = named[0]
    found = [
        (entry, _may_lead(entry, bodyguard))
        for entry in await repository.units_containing(
            owner_id=owner, typed=match_key(typed), limit=MAX_UNIT_ROWS
        )
        if (entry.list_id, entry.position) != (bodyguard.list_id, bodyguard.position)
    ]
    if any(entry.leads for entry, _ in found):
        found = [(entry, leads) for entry, leads in found if leads]
    found.sort(key=lambda pair: not pair[1])
    return found[:limit]
