"""Army rosters from New Recruit and BattleScribe, read into units Herald can calculate with.

Both builders write the BattleScribe roster schema: ``roster > forces > force > selections``,
each selection (``type`` unit, model or upgrade, with a ``number``) carrying ``profiles``
(typed ``Unit``, ``Ranged Weapons``, ``Melee Weapons``, ``Abilities``), ``rules``,
``categories`` and nested ``selections`` for its models and wargear. New Recruit's ``.json``
export holds the same tree as JSON (a characteristic's value under ``$text``); ``.ros`` is the
XML form and ``.rosz`` that XML zipped.

Everything here is a pure function from bytes to models, so every hostile file is a unit test:
a file over :data:`MAX_ROSTER_BYTES`, a zip that unpacks past :data:`MAX_UNPACKED_BYTES` (or
holds too many entries, or another zip), XML with a DTD or entities, nesting deeper than
:data:`MAX_DEPTH`, more than :data:`MAX_ITEMS` elements or values (counted as the file is parsed, so
a small zip of millions of tiny elements costs no more than a big roster), or something that is not
a roster raises :class:`RosterError` and nothing is kept. A profile Herald cannot read is named
in :attr:`Roster.problems`; the rest is kept.

>>> roster = parse_roster(EXAMPLE_JSON, "example.json")
>>> unit = roster.units[0]
>>> unit.summary()
'Ash Wardens: Ember carbine x4, Ash blade x5'
>>> unit.volley()
'A2 BS3+ S4 AP-1 D1 x4, sustained hits 1'
>>> unit.target_line()
'T4 Sv3+ W2 x5 inv5+ infantry'
"""

from __future__ import annotations

import io
import json
import re
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any
from xml.etree.ElementTree import Element, ParseError, TreeBuilder

import defusedxml.ElementTree as safe_xml
from defusedxml import DefusedXmlException
from pydantic import BaseModel, ConfigDict

from rules.errors import RuleError, quote
from rules.i18n import Message, _
from rules.text import match_key, small_number
from rules.wh40k.defences import read_defence, strip_markup
from rules.wh40k.notes import Note
from rules.wh40k.profiles import (
    MAX_ATTACKING_MODELS,
    MAX_TARGET_MODELS,
    ProfileError,
    damage_token,
    parse_weapon,
)

MAX_ROSTER_BYTES = 2 * 1024 * 1024
"""Largest roster file accepted, zipped or not (a 2,000-point list is far smaller)."""
MAX_UNPACKED_BYTES = 8 * 1024 * 1024
"""Most bytes a ``.rosz`` may unpack to, counted as it is read, whatever the zip declares."""
MAX_ZIP_ENTRIES = 8
MAX_ITEMS = 150_000
"""Most items read from one file: XML elements and their attributes (bounded in C before parsing,
then counted exactly as it is parsed), or JSON values (every ``{``, ``[`` and ``,``, strings' own
included). A real-shaped 10,000-point roster (``tests/rosters.strike_force(10000)``, 100 units,
1.8 MB) holds 28,823 (12,580 elements, 16,243 attributes) or 33,747 in JSON, a 2,000-point one
5,824. 8 MiB of ``<a/>`` is 2 million: 3.0 s and 477 MB to read whole, refused in 0.05 s."""
MAX_DEPTH = 40
"""Deepest nesting of a roster's elements (a real roster stays under 15)."""
MAX_UNITS = 150
"""Most units read from one roster (a 3,000-point list has under 60)."""
MAX_WEAPONS_PER_UNIT = 30
"""Most weapon profiles kept for one unit (a real datasheet has under 15)."""
MAX_NAME = 60
MAX_PROBLEMS = 40
MAX_KEYWORD_TEXT = 400
"""Characters of a weapon's Keywords read (a real one has under 100); the rest is cut, and said."""
MAX_KEYWORDS_PER_WEAPON = 12
"""Keywords read from one weapon (a real one has under 6)."""
MAX_KEYWORDS_PER_ROSTER = 3000
"""Weapon keywords read from one whole roster (a 3,000-point list has under 600)."""
MAX_ABILITY_TEXT = 2000
"""Characters of one ability's or rule's text searched for saves (a real one has under 1,000)."""
MAX_DROPPED_SHOWN = 5
"""Unknown keywords named in the note that says they were left out (the rest are counted)."""

SHOW_ONLY_KEYWORDS = frozenset(
    {
        "assault",
        "pistol",
        "precision",
        "extra attacks",
        "one shot",
        "close-quarters",
        "indirect fire",
        "conversion",
    }
)
"""Weapon keywords kept for show: they change nothing in one attack sequence but the volley
(Pistol) or a player's reading. Any other keyword Herald does not calculate with is left out."""

#: Categories a Crusade force keeps for each unit (what XP and Crusade Points depend on).
CRUSADE_ROLES = ("character", "epic-hero", "titanic", "fortification", "swarm")

TARGET_KEYWORDS = (
    "infantry",
    "vehicle",
    "monster",
    "character",
    "beast",
    "swarm",
    "mounted",
    "fly",
    "psyker",
    "titanic",
    "walker",
    "battleline",
    "daemon",
    "epic-hero",
    "aircraft",
    "towering",
    "transport",
    "fortification",
)
"""Unit keywords carried onto a target line (the ones Anti-X abilities and rules name)."""

_PLURALS = {"forces", "selections", "profiles", "characteristics", "rules", "categories", "costs"}
_FLAGS = {
    "lethal hits",
    "devastating wounds",
    "twin-linked",
    "lance",
    "heavy",
    "ignores cover",
    "blast",
    "torrent",
    "hazardous",
    "psychic",  # 11th edition: changes which modifiers apply
}
_NUMBERED = re.compile(r"^(sustained hits|rapid fire|melta|blast|cleave)\s*(\d*d?[36]?(?:\+\d+)?|\d+)$")
_ANTI = re.compile(r"^anti-?\s*([a-z][a-z -]*?)\s*([2-6])\+$")
_INVULNERABLE = re.compile(r"([2-6])\+\s*invulnerable save|invulnerable save\s*\(?([2-6])\+", re.IGNORECASE)
_INVULNERABLE_NAMED = re.compile(r"^\s*([2-6])\+", re.IGNORECASE)
_FEEL_NO_PAIN = re.compile(r"feel no pain\s*\(?([2-6])\+", re.IGNORECASE)
_CONTROL = re.compile(r"[\x00-\x1f\x7f\u200b-\u200f\u202a-\u202e\u2066-\u2069]")


READ_AS_JSON = "New Recruit JSON"
READ_AS_XML = "BattleScribe XML (.ros)"
READ_AS_ROSZ = "BattleScribe zipped XML (.rosz)"


class RosterError(RuleError):
    """A roster file refused whole: the message says why and what to send instead."""


class RosterWeapon(BaseModel):
    """One weapon profile as the roster prints it, and how many models carry it."""

    model_config = ConfigDict(frozen=True)

    name: str
    melee: bool
    attacks: str
    skill: str
    strength: str
    ap: str
    damage: str
    count: int = 1
    abilities: tuple[str, ...] = ()
    """Keywords Herald calculates with, written as a weapon line takes them (``sustained hits 1``)."""
    unused: tuple[str, ...] = ()
    """Keywords kept for show that change nothing in one attack sequence (Pistol, Indirect Fire...)."""
    mode: bool = False
    """A second profile of the same weapon (a plasma gun's supercharge): left out of a whole volley."""
    group: str = ""
    """The kind of model carrying it (``Boss Nob``); empty when the file does not say (lists kept
    before had none)."""
    alternative: bool = False
    """A melee weapon the models of its :attr:`group` carry beside another: each fights with one."""

    def line(self, *, named: bool = False) -> str:
        """The weapon as a typed weapon line; ``named`` puts its name first (``flamer: AD6 ...``).

        >>> RosterWeapon(name="Flamer", melee=False, attacks="D6", skill="N/A", strength="5", ap="0",
        ...     damage="1", count=2, abilities=("torrent",)).line()
        'AD6 S5 AP0 D1 x2, torrent'
        """
        skill = f"{'WS' if self.melee else 'BS'}{self.skill}" if self.skill != "N/A" else ""
        ap = "AP0" if self.ap in ("0", "-0") else f"AP-{self.ap.lstrip('-')}"
        parts = [f"A{self.attacks}", skill, f"S{self.strength}", ap, damage_token(self.damage)]
        if self.count > 1:
            parts.append(f"x{self.count}")
        line = ", ".join([" ".join(p for p in parts if p), *self.abilities])
        return f"{self.line_name()}: {line}" if named else line

    def line_name(self) -> str:
        """The name as a weapon line may carry it: letters, digits, spaces and ``' ’ ( ) . & / + -``,
        at most 40 characters.

        >>> RosterWeapon(name="Plasma gun [supercharge]: heavy", melee=False, attacks="1", skill="3+",
        ...     strength="8", ap="-3", damage="2").line_name()
        'Plasma gun supercharge heavy'
        """
        name = " ".join(re.sub(r"[^\w '’().&/+-]", " ", self.name).split())
        return name[:40].rstrip() or "weapon"

    def label(self) -> str:
        return f"{self.name} x{self.count}" if self.count > 1 else self.name

    @property
    def extra_attacks(self) -> bool:
        return "extra attacks" in self.unused

    def rough_damage(self) -> float:
        """Mean attacks times mean damage, AP and S counted a little: the melee weapon a model
        takes by default when it carries several (the player may name another)."""
        return (
            _mean(self.attacks)
            * _mean(self.damage)
            * (1 + int(self.ap.lstrip("-") or 0) / 4)
            * (1 + int(self.strength) / 20)
        )


def _mean(text: str) -> float:
    """The mean of ``3``, ``D6``, ``2D3+1``."""
    match = re.match(r"^(\d*)D([36])(?:\+(\d+))?$", text.upper())
    if not match:
        return float(text) if text.isdigit() else 1.0
    dice = int(match.group(1) or 1)
    return dice * (int(match.group(2)) + 1) / 2 + int(match.group(3) or 0)


class DefenceOption(BaseModel):
    """An ability a file gives a unit only on a condition (once per battle, while leading...):
    offered by name for the player to switch on, never applied on its own."""

    model_config = ConfigDict(frozen=True)

    key: str
    """The word a player adds after the unit's name (``Boyz, waaagh``)."""
    name: str
    """The ability as the file names it (``Waaagh!``)."""
    effect: str
    """Target words it adds: ``inv5+``, ``fnp5+``, ``-1 damage`` or ``half damage`` (space-joined)."""


DAMAGE_WORDS = ("-1 damage", "half damage")


class RosterGroup(BaseModel):
    """Models of one unit that share a profile (nine Boyz; their Boss Nob)."""

    model_config = ConfigDict(frozen=True)

    name: str
    count: int
    toughness: int | None = None
    save: int | None = None
    wounds: int | None = None
    invulnerable: int | None = None
    feel_no_pain: int | None = None
    damage: str = ""
    """``-1 damage``, ``half damage`` or empty."""
    scoped: tuple[str, ...] = ()
    """Defences that hold only against some attacks, as target words (``fnp3+ vs mortal``)."""

    @property
    def readable(self) -> bool:
        return None not in (self.toughness, self.save, self.wounds)

    def defence(self) -> tuple[int | None, int | None, str]:
        return self.invulnerable, self.feel_no_pain, self.damage

    def switched_on(self, effect: str) -> RosterGroup:
        """This group with an option's target words applied (the better save of the two; a
        scoped one, ``fnp3+ vs mortal``, kept beside the others)."""
        inv, fnp, damage = self.defence()
        scoped = list(self.scoped)
        for word, scope in re.findall(
            r"(inv[2-6]\+|fnp[2-6]\+|-1 damage|half damage)((?: vs [a-z1/]+)?)", effect
        ):
            if scope:
                if word + scope not in scoped:
                    scoped.append(word + scope)
            elif word.startswith("inv"):
                inv = min(inv or 7, int(word[3]))
            elif word.startswith("fnp"):
                fnp = min(fnp or 7, int(word[3]))
            elif not damage or word == "half damage":
                damage = word
        return self.model_copy(
            update={"invulnerable": inv, "feel_no_pain": fnp, "damage": damage, "scoped": tuple(scoped)}
        )


class RosterUnit(BaseModel):
    """One unit of a roster: its models (in groups of one profile each), weapons and abilities."""

    model_config = ConfigDict(frozen=True)

    name: str
    models: int
    toughness: int | None = None
    save: int | None = None
    wounds: int | None = None
    invulnerable: int | None = None
    feel_no_pain: int | None = None
    keywords: tuple[str, ...] = ()
    weapons: tuple[RosterWeapon, ...] = ()
    groups: tuple[RosterGroup, ...] = ()
    """Its models by profile, ordinary models first (lists kept before have none: the unit's own
    T, Sv, W and saves then stand for every model)."""
    options: tuple[DefenceOption, ...] = ()
    """Abilities offered to switch on by name (lists kept before had none: the default)."""
    leads: tuple[str, ...] = ()
    """The units this one may be attached to as their Leader, as its Leader ability names them
    (empty: it is no Leader, or its file does not say)."""
    points: int | None = None
    """The unit's points: its own cost and every selection's in it (None: the file gives none;
    lists kept before had none)."""
    enhancements: tuple[str, ...] = ()
    """Enhancements taken by the unit: selections of an Enhancements group or category."""
    roles: tuple[str, ...] = ()
    """The keywords Crusade counts (``character``, ``epic-hero``, ``titanic``, ``fortification``,
    ``swarm``) among its categories."""
    guards: str = ""
    """Target words a Character leading this unit gets (Silent Bodyguard: ``fnp4+``)."""
    toughness_rule: str = ""
    """``majority`` when its datasheet has its own rule for mixed Toughness (Kill Team)."""
    read: tuple[Note, ...] = ()
    """What the import made of its defences: what was applied, to whom, and what is offered
    (:class:`~rules.wh40k.notes.Note`: English text that can be said in any language)."""

    def may_lead(self, other: str) -> bool:
        """Whether this unit's Leader ability names ``other`` (``Boyz (2)`` is a Boyz unit too).

        >>> RosterUnit(name="Warboss", models=1, leads=("Boyz", "Beast Snagga Boyz")).may_lead("boyz (2)")
        True
        """
        key = re.sub(r"\s*\(\d+\)$", "", match_key(other))
        return any(match_key(name) == key for name in self.leads)

    @property
    def model_groups(self) -> tuple[RosterGroup, ...]:
        if self.groups:
            return self.groups
        return (
            RosterGroup(
                name=self.name,
                count=self.models,
                toughness=self.toughness,
                save=self.save,
                wounds=self.wounds,
                invulnerable=self.invulnerable,
                feel_no_pain=self.feel_no_pain,
            ),
        )

    @property
    def can_be_target(self) -> bool:
        return all(g.readable for g in self.model_groups)

    def melee_choices(self) -> dict[str, tuple[RosterWeapon, ...]]:
        """Per kind of model, the melee weapons it chooses between (two or more), best guess first.
        A model fights with one of them, plus any Extra Attacks weapon."""
        found: dict[str, list[RosterWeapon]] = {}
        for weapon in self.weapons:
            if weapon.alternative and not weapon.mode:
                found.setdefault(weapon.group, []).append(weapon)
        return {
            group: tuple(sorted(weapons, key=lambda w: -w.rough_damage()))
            for group, weapons in found.items()
            if len(weapons) > 1
        }

    def volley_weapons(self, *, melee: bool = False, picks: tuple[str, ...] = ()) -> list[RosterWeapon]:
        """The weapons the unit fires (or fights with) at once: one profile of each weapon, as the
        models carry them.

        A model with several melee weapons fights with one of them (the one named in ``picks``,
        else the best by :meth:`RosterWeapon.rough_damage`), plus its Extra Attacks weapons. A
        model that fires a Pistol fires nothing else unless it is a Monster or a Vehicle, so a
        model's pistols are left out when that model has another ranged weapon. The same weapon
        carried by several kinds of model is one line.
        """
        chosen = [w for w in self.weapons if w.melee == melee and not w.mode]
        if melee:
            wanted = {match_key(p) for p in picks}
            for group, choices in self.melee_choices().items():
                keep = next((w for w in choices if match_key(w.name) in wanted), choices[0])
                chosen = [w for w in chosen if w.group != group or w is keep or w.extra_attacks]
        elif not {"monster", "vehicle"} & set(self.keywords):
            armed = {w.group for w in chosen if "pistol" not in w.unused}
            if not any(w.group for w in chosen):  # a list kept before: the unit as one model
                armed = {""} if armed else set()
            chosen = [w for w in chosen if "pistol" not in w.unused or w.group not in armed]
        merged: dict[tuple[str, str], RosterWeapon] = {}
        for weapon in chosen:
            key = (weapon.name.lower(), weapon.line())
            same = next((k for k in merged if k[0] == key[0] and _same_profile(merged[k], weapon)), None)
            if same is None:
                merged[key] = weapon
            else:
                old = merged[same]
                merged[same] = old.model_copy(
                    update={"count": min(old.count + weapon.count, MAX_ATTACKING_MODELS)}
                )
        return list(merged.values())

    def volley(self, *, melee: bool = False, named: bool = False, picks: tuple[str, ...] = ()) -> str:
        """Every weapon line of the unit's shooting (or fighting), joined by ``;`` (each line led by
        its weapon's name when ``named``).

        Raises :class:`RosterError` when the unit has no such weapon.
        """
        lines = [w.line(named=named) for w in self.volley_weapons(melee=melee, picks=picks)]
        if not lines:
            kind = "melee" if melee else "ranged"
            raise RosterError(_("{name} has no {kind} weapon in its roster.", name=self.name, kind=kind))
        return "; ".join(lines)

    def target_line(self, options: tuple[str, ...] = ()) -> str:
        """The unit as a typed target line, with the :attr:`options` whose keys are given switched
        on; :class:`RosterError` when its roster gave no T, Sv or W.

        Several kinds of model are groups joined by `` + ``, ordinary models first; a later group
        says only what differs from the group before it (``T5 Sv5+ W1 x9 + Boss Nob: W2``).
        """
        if not self.can_be_target:
            raise RosterError(
                _(
                    "{name}'s roster entry has no readable T, Sv and W, so it can't be a target. Type "
                    "its target line instead, like `T4 Sv3+ W2 x5`.",
                    name=self.name,
                )
            )
        groups = list(self.model_groups)
        for key in options:
            option = next((o for o in self.options if o.key == key), None)
            if option is not None:
                groups = [g.switched_on(option.effect) for g in groups]
        over = sum(g.count for g in groups) - MAX_TARGET_MODELS
        if over > 0:  # the largest group gives up models past the engine's limit
            largest = max(range(len(groups)), key=lambda i: groups[i].count)
            groups[largest] = groups[largest].model_copy(
                update={"count": max(1, groups[largest].count - over)}
            )
        parts: list[str] = []
        previous: RosterGroup | None = None
        for group in groups:
            words = [f"{_group_label(group.name)}:"] if previous is not None or len(groups) > 1 else []
            if previous is None or group.toughness != previous.toughness:
                words.append(f"T{group.toughness}")
            if previous is None or group.save != previous.save:
                words.append(f"Sv{group.save}+")
            if previous is None or group.wounds != previous.wounds:
                words.append(f"W{group.wounds}")
            if group.count > 1:
                words.append(f"x{group.count}")
            for value, word, none in (
                (group.invulnerable, "inv", "no inv"),
                (group.feel_no_pain, "fnp", "no fnp"),
            ):
                before = (
                    None
                    if previous is None
                    else (previous.invulnerable if word == "inv" else previous.feel_no_pain)
                )
                if value and value != before:
                    words.append(f"{word}{value}+")
                elif not value and before:
                    words.append(none)
            if group.damage and (previous is None or group.damage != previous.damage):
                words.append(group.damage)
            elif not group.damage and previous is not None and previous.damage:
                words.append("full damage")
            if group.scoped != (previous.scoped if previous is not None else ()):
                words += list(group.scoped) or ["no scoped"]
            parts.append(" ".join(words))
            previous = group
        rule = ["toughness:majority"] if self.toughness_rule == "majority" and len(groups) > 1 else []
        return " ".join([" + ".join(parts), *rule, *self.keywords])

    def leader_line(self, guard: RosterUnit, options: tuple[str, ...] = ()) -> str:
        """This unit's target line as the Leader of ``guard``: with what ``guard`` gives a
        Character leading it (Silent Bodyguard)."""
        if not guard.guards:
            return self.target_line(options)
        changed = self.model_copy(
            update={"groups": tuple(g.switched_on(guard.guards) for g in self.model_groups)}
        )
        return changed.target_line(options)

    def weapon(self, typed: str) -> RosterWeapon | None:
        """The weapon ``typed`` names (``bolt rifle``, ``bolt rifle x1``), fired from every model
        of the unit carrying it (the same profile on a sergeant and the troopers is one line),
        or from as many as ``xN`` says; None when no weapon has that name.

        >>> unit = RosterUnit(name="Wardens", models=3, weapons=(
        ...     RosterWeapon(name="Carbine", melee=False, attacks="2", skill="3+", strength="4", ap="0",
        ...                  damage="1", group="Prime"),
        ...     RosterWeapon(name="Carbine", melee=False, attacks="2", skill="3+", strength="4", ap="0",
        ...                  damage="1", count=2, group="Warden")))
        >>> unit.weapon("carbine").label(), unit.weapon("carbine x1").label()
        ('Carbine x3', 'Carbine')
        """
        key = match_key(typed)
        wanted: int | None = None
        if counted := re.match(r"^(.*?)\s*x\s*(\d{1,3})$", key):
            key, wanted = counted.group(1), int(counted.group(2))
        found = [w for w in self.weapons if match_key(w.name) == key]
        if not found:
            return None
        first = found[0]
        carriers = sum(w.count for w in found if _same_profile(w, first))
        count = min(carriers, wanted) if wanted else carriers
        return first.model_copy(update={"count": max(1, min(count, MAX_ATTACKING_MODELS)), "group": ""})

    def weapon_names(self) -> list[str]:
        """Each weapon profile's name once, in the order the roster gives them."""
        return list(dict.fromkeys(w.name for w in self.weapons))

    def weapon_labels(self) -> list[str]:
        """``Ember carbine x9``: each weapon once, counted over every kind of model carrying it."""
        return _labels([w for w in self.weapons if not w.mode])

    def summary(self, limit: int = 100) -> str:
        """``Ash Wardens: Ember carbine x4, Ash blade x5``, cut to ``limit`` characters."""
        text = f"{self.name}: " + ", ".join(self.weapon_labels())
        if not self.weapons:
            text = f"{self.name}: no weapons"
        return text if len(text) <= limit else text[: limit - 1] + "…"


def _same_profile(a: RosterWeapon, b: RosterWeapon) -> bool:
    return a.model_copy(update={"count": 1, "group": ""}) == b.model_copy(update={"count": 1, "group": ""})


def _labels(weapons: Iterator[RosterWeapon] | list[RosterWeapon]) -> list[str]:
    """Weapon labels with the same weapon on several kinds of model counted once (``Ash blade x10``)."""
    counts: dict[str, int] = {}
    for weapon in weapons:
        counts[weapon.name] = counts.get(weapon.name, 0) + weapon.count
    return [f"{name} x{count}" if count > 1 else name for name, count in counts.items()]


def _group_label(name: str) -> str:
    """A group's name as a target line takes it: letters, digits, spaces and ``' ( ) . & / -``."""
    text = " ".join(re.sub(r"[^\w '’().&/-]", " ", name).split())[:40].rstrip()
    return text if text and (text[0].isalnum() or text[0] == "_") else f"Models {text}".rstrip()[:40]


class Roster(BaseModel):
    """A whole army list: its name, points and units, and what could not be read."""

    model_config = ConfigDict(frozen=True)

    name: str
    faction: str = ""
    points: int | None = None
    units: tuple[RosterUnit, ...] = ()
    problems: tuple[Note, ...] = ()
    edition: str = ""
    """``10th`` or ``11th`` when the file's game system says; empty when it does not."""
    read_as: str = ""
    """The format the file was read as (``New Recruit JSON``...), whatever its name said."""

    def unit(self, name: str) -> RosterUnit | None:
        """The unit called ``name`` as a player types it (case, accents and ’ do not count)."""
        key = match_key(name)
        return next((u for u in self.units if match_key(u.name) == key), None)


# -- reading the file ------------------------------------------------------------------------


def parse_roster(data: bytes, filename: str = "roster") -> Roster:
    """Read a New Recruit / BattleScribe roster (``.json``, ``.ros`` or ``.rosz``) into a :class:`Roster`.

    The format is told by the bytes themselves (a zip, JSON or XML); ``filename`` only names the
    file in messages. Raises :class:`RosterError` for a file refused whole.
    """
    shown = quote(filename, 40)
    if len(data) > MAX_ROSTER_BYTES:
        raise RosterError(
            _(
                "`{shown}` is {value} MiB; a roster may be at most {value2} MiB.",
                shown=shown,
                value=f"{len(data) / 1024 / 1024:.1f}",
                value2=MAX_ROSTER_BYTES // 1024 // 1024,
            )
        )
    zipped = data.startswith(b"PK")
    if zipped:
        data = _unzip(data, shown)
    tree, read_as = _read_tree(data, shown)
    if zipped:
        read_as = READ_AS_ROSZ if read_as == READ_AS_XML else f"{read_as}, zipped"
    return _roster(tree, shown, read_as)


def _unzip(data: bytes, shown: str) -> bytes:
    """The one roster inside a ``.rosz``, read no further than :data:`MAX_UNPACKED_BYTES`."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        entries = archive.infolist()
    except (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, ValueError, EOFError):
        raise RosterError(
            _("`{shown}` looks like a zip but can't be opened: export the roster again.", shown=shown)
        ) from None
    if len(entries) > MAX_ZIP_ENTRIES:
        raise RosterError(
            _(
                "`{shown}` holds {n} files; a .rosz holds one roster (at most {max_zip_entries} files).",
                shown=shown,
                n=len(entries),
                max_zip_entries=MAX_ZIP_ENTRIES,
            )
        )
    files = [e for e in entries if not e.is_dir()]
    if any(e.filename.lower().endswith((".zip", ".rosz")) for e in files):
        raise RosterError(_("`{shown}` holds another zip inside it: send the roster itself.", shown=shown))
    rosters = [e for e in files if e.filename.lower().endswith(".ros")] or files
    if len(rosters) != 1:
        raise RosterError(
            _("`{shown}` should hold exactly one .ros roster; it holds {n}.", shown=shown, n=len(rosters))
        )
    entry = rosters[0]
    if entry.flag_bits & 0x1:
        raise RosterError(
            _("`{shown}` is password-protected: export the roster without a password.", shown=shown)
        )
    too_big = RosterError(
        _(
            "`{shown}` unpacks to more than {value} MiB, far more than a roster: it is refused.",
            shown=shown,
            value=MAX_UNPACKED_BYTES // 1024 // 1024,
        )
    )
    if entry.file_size > MAX_UNPACKED_BYTES:
        raise too_big
    chunks: list[bytes] = []
    total = 0
    try:
        with archive.open(entry) as stream:
            while chunk := stream.read(64 * 1024):
                total += len(chunk)
                if total > MAX_UNPACKED_BYTES:
                    raise too_big
                chunks.append(chunk)
    except (zipfile.BadZipFile, OSError, ValueError, EOFError, NotImplementedError, RuntimeError):
        raise RosterError(_("`{shown}` is a damaged zip: export the roster again.", shown=shown)) from None
    inner = b"".join(chunks)
    if inner.startswith(b"PK"):
        raise RosterError(_("`{shown}` holds another zip inside it: send the roster itself.", shown=shown))
    return inner


def _read_tree(data: bytes, shown: str) -> tuple[dict[str, Any], str]:
    """The roster as nested dicts (JSON as it is; XML turned into the same shape)."""
    text = data.lstrip(b"\xef\xbb\xbf \t\r\n")
    if text.startswith(b"{"):
        # json.loads has no hook per list, so its values are bounded before it runs: every value but
        # a container's first follows a comma, and the commas, braces and brackets are counted in C
        if text.count(b",") + text.count(b"{") + text.count(b"[") > MAX_ITEMS:
            raise _too_many(shown)
        try:
            # an integer of thousands of digits stays text, read (and refused) where it is used
            loaded = json.loads(text.decode("utf-8"), parse_int=_json_int)
        except RecursionError:
            raise _too_deep(shown) from None
        except (UnicodeDecodeError, ValueError) as error:
            raise RosterError(
                _(
                    "`{shown}` is not valid JSON ({error}): export it again.",
                    shown=shown,
                    error=quote(error, 80),
                )
            ) from None
        _check_depth(loaded, shown)
        if isinstance(loaded, dict) and isinstance(loaded.get("roster"), dict):
            loaded = loaded["roster"]
        if not isinstance(loaded, dict):
            raise _not_roster(shown)
        return loaded, READ_AS_JSON
    if text.startswith(b"<"):
        # Counted in C first, an upper bound (start tags, then attributes' `="`): a file of millions
        # of tiny elements is refused in milliseconds; the parser's own count below is exact.
        tags = text.count(b"<") - text.count(b"</")
        if tags + text.count(b'="') + text.count(b"='") > MAX_ITEMS:
            raise _too_many(shown)
        try:
            parser = safe_xml.DefusedXMLParser(
                target=_CountingBuilder(shown), forbid_dtd=True, forbid_entities=True, forbid_external=True
            )
            parser.feed(text)
            root = parser.close()
        except DefusedXmlException:
            raise RosterError(
                _(
                    "`{shown}` declares a DTD or entities, which a roster never needs: it is refused.",
                    shown=shown,
                )
            ) from None
        except (ParseError, ValueError) as error:
            raise RosterError(
                _(
                    "`{shown}` is not valid XML ({error}): export it again.",
                    shown=shown,
                    error=quote(error, 80),
                )
            ) from None
        if _local(root.tag) != "roster":
            raise _not_roster(shown)
        return _element(root, 0, shown), READ_AS_XML
    raise RosterError(
        _(
            "`{shown}` is not a roster Herald can read: send a New Recruit or BattleScribe "
            "export (.json, .ros or .rosz).",
            shown=shown,
        )
    )


def _too_many(shown: str) -> RosterError:
    return RosterError(
        _(
            "`{shown}` holds more than {max_items} elements or values, far more than any roster: "
            "it is refused.",
            shown=shown,
            max_items=f"{MAX_ITEMS:,}",
        )
    )


class _CountingBuilder(TreeBuilder):
    """The tree of an XML file, refused at its :data:`MAX_ITEMS`-th element or attribute: the parser
    stops there, so a file of millions of tiny elements costs no more than a big roster."""

    def __init__(self, shown: str) -> None:
        super().__init__()
        self._shown = shown
        self._left = MAX_ITEMS

    def start(self, tag: str, attrs: dict[str, str]) -> Element:
        self._left -= 1 + len(attrs)
        if self._left < 0:
            raise _too_many(self._shown)
        return super().start(tag, attrs)


def _json_int(text: str) -> int | str:
    return int(text) if len(text) <= 12 else text


def _small(text: str, max_digits: int) -> int | None:
    """:func:`rules.text.small_number` for ASCII digits only (``²`` or ``٣`` is no datasheet's number)."""
    return small_number(text, max_digits=max_digits) if text.isascii() else None


def _not_roster(shown: str) -> RosterError:
    return RosterError(
        _(
            "`{shown}` is not an army roster (no roster with forces in it): export the list from "
            "New Recruit (JSON) or BattleScribe (.ros / .rosz).",
            shown=shown,
        )
    )


def _too_deep(shown: str) -> RosterError:
    return RosterError(
        _(
            "`{shown}` is nested deeper than any roster ({max_depth} levels): it is refused.",
            shown=shown,
            max_depth=MAX_DEPTH,
        )
    )


def _check_depth(value: Any, shown: str) -> None:
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise _too_deep(shown)
        if isinstance(item, dict):
            stack.extend((v, depth + 1) for v in item.values() if isinstance(v, dict | list))
        elif isinstance(item, list):
            stack.extend((v, depth + 1) for v in item if isinstance(v, dict | list))


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


def _element(element: Element, depth: int, shown: str) -> dict[str, Any]:
    """An XML element as the JSON export writes it: attributes, ``$text``, lists for plurals."""
    if depth > MAX_DEPTH:
        raise _too_deep(shown)
    node: dict[str, Any] = dict(element.attrib)
    text = (element.text or "").strip()
    if text:
        node["$text"] = text
    for child in element:
        tag = _local(child.tag)
        if tag in _PLURALS:
            node[tag] = [_element(grandchild, depth + 2, shown) for grandchild in child]
        elif len(child) == 0 and not child.attrib:
            node[tag] = (child.text or "").strip()
        else:
            node[tag] = _element(child, depth + 1, shown)
    return node


# -- reading the roster ----------------------------------------------------------------------


def _list(node: dict[str, Any], key: str) -> list[dict[str, Any]]:
    value = node.get(key)
    return [v for v in value if isinstance(v, dict)] if isinstance(value, list) else []


MAX_TEXT = 4000
"""Characters of any one value read from the file (names, characteristics, ability text)."""


def _raw(value: Any) -> str:
    if isinstance(value, dict):
        value = value.get("$text", value.get("value", ""))
    if isinstance(value, bool) or value is None:
        return ""
    return str(value)


def _text(value: Any, limit: int = MAX_TEXT) -> str:
    """A value from the file as one line of at most ``limit`` characters (a hostile 8 MB name or
    keyword list costs no more than a real one past this point)."""
    return " ".join(_raw(value)[:limit].split())


@dataclass
class _Notes:
    """What reading a roster left out or cut, said to the player with the import."""

    problems: list[str] = field(default_factory=list)
    """:class:`~rules.wh40k.notes.Note` s, so that they can be said again in any language."""
    names_cut: int = 0
    keywords_cut: list[str] = field(default_factory=list)
    keywords_read: int = 0
    keywords_past_total: bool = False
    dropped: set[str] = field(default_factory=set)
    odd_numbers: dict[str, str] = field(default_factory=dict)
    weapons_left_out: list[str] = field(default_factory=list)

    def name(self, value: Any, fallback: str = "unnamed") -> str:
        """:func:`clean_name`, counting the names cut."""
        if len(_text(value, MAX_NAME * 2)) > MAX_NAME:
            self.names_cut += 1
        return clean_name(value, fallback)

    def drop(self, keyword: str) -> None:
        self.dropped.add(keyword[:30])

    def add(self, message: Message) -> None:
        """Say ``message`` with the import (once)."""
        note = Note.of(message)
        if note not in self.problems:
            self.problems.append(note)

    def said(self) -> tuple[Note, ...]:
        """The problems, then one line per kind of cut, at most :data:`MAX_PROBLEMS` lines."""
        lines: list[Any] = list(self.problems)
        if len(lines) > MAX_PROBLEMS:
            lines = [*lines[:MAX_PROBLEMS], Note.of(_("... and {n} more.", n=len(lines) - MAX_PROBLEMS))]
        if self.weapons_left_out:
            shown = ", ".join(self.weapons_left_out[:3]) + (" ..." if len(self.weapons_left_out) > 3 else "")
            lines.append(
                Note.of(
                    _(
                        "Units with more than {n} weapon profiles kept their first {n}: {units}.",
                        n=MAX_WEAPONS_PER_UNIT,
                        units=shown,
                    )
                )
            )
        if self.keywords_cut:
            shown = ", ".join(self.keywords_cut[:3]) + (" ..." if len(self.keywords_cut) > 3 else "")
            lines.append(
                Note.of(
                    _(
                        "Keywords past {n} (or {chars} characters) on one weapon were cut: {weapons}.",
                        n=MAX_KEYWORDS_PER_WEAPON,
                        chars=MAX_KEYWORD_TEXT,
                        weapons=shown,
                    )
                )
            )
        if self.keywords_past_total:
            lines.append(
                Note.of(
                    _(
                        "The roster has more than {n} weapon keywords; the weapons past them were read "
                        "without keywords.",
                        n=f"{MAX_KEYWORDS_PER_ROSTER:,}",
                    )
                )
            )
        if self.dropped:
            names = ", ".join(sorted(self.dropped)[:MAX_DROPPED_SHOWN])
            if len(self.dropped) > MAX_DROPPED_SHOWN:
                lines.append(
                    Note.of(
                        _(
                            "Weapon keywords Herald does not calculate with were left out: {names} "
                            "({n} in all).",
                            names=names,
                            n=len(self.dropped),
                        )
                    )
                )
            else:
                lines.append(
                    Note.of(
                        _(
                            "Weapon keywords Herald does not calculate with were left out: {names}.",
                            names=names,
                        )
                    )
                )
        if self.names_cut:
            lines.append(
                Note.of(
                    _(
                        "{n} name(s) longer than {chars} characters were cut.",
                        n=self.names_cut,
                        chars=MAX_NAME,
                    )
                )
            )
        for what, shown in self.odd_numbers.items():
            lines.append(Note.of(ODD_NUMBERS[what](shown)))
        return tuple(lines)


#: What an unreadable count or points value says, by what it was (``shown``: the value quoted).
ODD_NUMBERS = {
    "number": lambda shown: _("A selection's number `{value}` can't be read: 1 was counted.", value=shown),
    "roster points": lambda shown: _("The roster's points `{value}` can't be read: left out.", value=shown),
    "unit points": lambda shown: _("A unit's points `{value}` can't be read: left out.", value=shown),
}


def clean_name(value: Any, fallback: str = "unnamed") -> str:
    """A name from the file as Herald keeps it: one line, no control characters, at most :data:`MAX_NAME`.

    >>> clean_name("  Ash\\u202e  Wardens\\n")
    'Ash Wardens'
    """
    # a backtick would end the code span a reply quotes the name in
    text = " ".join(_CONTROL.sub(" ", _text(value)).replace("`", "'").split())
    text = text.lstrip("➤>- ").strip() or fallback
    return text if len(text) <= MAX_NAME else text[: MAX_NAME - 1] + "…"


def _count(value: Any, notes: _Notes, what: str) -> int | None:
    """A count or points value from the file (``5``, ``5.0``), through the one door for numbers:
    ``1e999``, ``-inf``, ``NaN`` or 5,000 digits is None (and said once), never an exception."""
    text = _text(value)
    whole = text[:-2] if text.endswith(".0") else text
    number = _small(whole, 6)
    if number is None and text:
        shown = quote(text, 12) if len(text) <= 12 else f"{quote(text, 8)} ({len(text):,} characters)"
        notes.odd_numbers.setdefault(what, shown)
    return number


def _number(node: dict[str, Any], notes: _Notes) -> int:
    """A selection's ``number`` (how many of it), 0 to 1,000; 1 when it can't be read."""
    if node.get("number") is None:
        return 1
    value = _count(node.get("number"), notes, "number")
    return 1 if value is None else min(value, 1000)


def _characteristics(profile: dict[str, Any]) -> dict[str, str]:
    return {_text(c.get("name")).upper(): _text(c) for c in _list(profile, "characteristics")}


def _points(roster: dict[str, Any], notes: _Notes) -> int | None:
    for cost in _list(roster, "costs"):
        if _text(cost.get("name")).lower() in ("pts", "points"):
            return _count(cost.get("value"), notes, "roster points")
    return None


def _forces(roster: dict[str, Any]) -> Iterator[dict[str, Any]]:
    stack = list(reversed(_list(roster, "forces")))
    while stack:
        force = stack.pop()
        yield force
        stack.extend(reversed(_list(force, "forces")))


_UNIT_TYPES = ("unit", "unit profile")


def _has_unit_profile(selection: dict[str, Any]) -> bool:
    return any(_text(p.get("typeName")).lower() in _UNIT_TYPES for p in _list(selection, "profiles"))


def _unit_selections(force: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """The force's units: selections typed unit or model (or carrying a Unit profile), found
    through any containers (a detachment, a battle size) around them."""
    stack = list(reversed(_list(force, "selections")))
    while stack:
        selection = stack.pop()
        kind = _text(selection.get("type")).lower()
        if kind in ("unit", "model") or _has_unit_profile(selection):
            yield selection
        else:
            stack.extend(reversed(_list(selection, "selections")))


TENTH_EDITION_IDS = frozenset({"sys-352e-adc2-7639-d6a9"})
"""The community data's game system id for 40k's 10th edition (a roster may give no name)."""
EDITIONS_READ = "Warhammer 40,000 10th and 11th edition lists"
_OTHER_GAMES = ("kill team", "horus heresy", "age of sigmar", "necromunda", "blood bowl", "old world")


def roster_edition(tree: dict[str, Any], shown: str = "roster") -> str:
    """The 40k edition a roster was built for, from its game system: ``10th``, ``11th``, or empty
    when the file does not say. Another game or edition raises :class:`RosterError` naming it.

    >>> roster_edition({"gameSystemName": "Warhammer 40,000 10th Edition"})
    '10th'
    >>> roster_edition({"gameSystemName": "Kill Team (2021)"})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    rules.wh40k.roster.RosterError: `roster` is a Kill Team (2021) roster; Herald reads Warhammer 40,000...
    """
    system = clean_name(tree.get("gameSystemName"), "")
    if not system:
        return "10th" if _text(tree.get("gameSystemId"), 60) in TENTH_EDITION_IDS else ""
    low = system.lower()
    is_40k = ("40,000" in low or "40000" in low or "40k" in low) and not any(g in low for g in _OTHER_GAMES)
    number = re.search(r"\b(\d{1,2})(?:st|nd|rd|th)?(?:\.\d)?\s*(?:edition|ed\b)", low)
    if is_40k and number is None:
        return ""
    if is_40k and number is not None and number.group(1) in ("10", "11"):
        return f"{number.group(1)}th"
    raise RosterError(
        _(
            "`{shown}` is a {system} roster; Herald reads {editions_read}.",
            shown=shown,
            system=quote(system, 60),
            editions_read=EDITIONS_READ,
        )
    )


def _roster(tree: dict[str, Any], shown: str, read_as: str) -> Roster:
    edition = roster_edition(tree, shown)  # another game is named, forces or not
    if not isinstance(tree.get("forces"), list):
        raise _not_roster(shown)
    notes = _Notes()
    units: list[RosterUnit] = []
    faction = ""
    seen: dict[str, int] = {}
    for force in _forces(tree):
        faction = faction or notes.name(force.get("catalogueName"), "")
        for selection in _unit_selections(force):
            if len(units) >= MAX_UNITS:
                notes.add(_("More than {n} units: the rest were left out.", n=MAX_UNITS))
                break
            unit = _unit(selection, notes)
            if unit is None:
                continue
            key = unit.name.lower()
            seen[key] = seen.get(key, 0) + 1
            if seen[key] > 1:
                unit = unit.model_copy(update={"name": f"{unit.name} ({seen[key]})"})
            units.append(unit)
        if len(units) >= MAX_UNITS:
            break
    if not units:
        if notes.problems:
            first = notes.problems[0]
            raise RosterError(
                _(
                    "`{file}` has no unit Herald can read (a unit needs a Unit profile or weapons). "
                    "{problem}",
                    file=shown,
                    problem=first.message() if isinstance(first, Note) else first,
                )
            )
        raise RosterError(
            _("`{file}` has no unit Herald can read (a unit needs a Unit profile or weapons).", file=shown)
        )
    return Roster(
        name=notes.name(tree.get("name"), "Army list"),
        faction=faction,
        points=_points(tree, notes),
        units=tuple(units),
        problems=notes.said(),
        edition=edition,
        read_as=read_as,
    )


def _walk(selection: dict[str, Any]) -> Iterator[tuple[dict[str, Any], dict[str, Any] | None]]:
    """Every selection of a unit (itself first), each with the kind of model it belongs to: the
    model selection it sits in (the unit itself when the unit is one model), or None for what the
    unit carries as a whole."""

    def is_model(node: dict[str, Any]) -> bool:
        return _text(node.get("type"), 20).lower() == "model"

    stack: list[tuple[dict[str, Any], dict[str, Any] | None]] = [
        (selection, selection if is_model(selection) else None)
    ]
    while stack:
        node, kind = stack.pop()
        yield node, kind
        stack.extend(
            (child, kind if kind is not None or not is_model(child) else child)
            for child in reversed(_list(node, "selections"))
        )


@dataclass
class _Kind:
    """One kind of model of a unit (its Boyz, its Boss Nob) as the file gives it."""

    name: str
    count: int
    stats: dict[str, str] | None = None
    texts: list[tuple[str, str]] = field(default_factory=list)
    keywords: set[str] = field(default_factory=set)


@dataclass
class _Said:
    """What reading a unit's defences found besides its groups and options."""

    guards: str = ""
    read: list[str] = field(default_factory=list)
    toughness_rule: str = ""


_COUNT_IN_NAME = re.compile(r"^\s*(\d{1,2})\s*x?\s+(?=\D)", re.IGNORECASE)
MAX_GROUPS = 8
"""Kinds of model in one target line (the engine's limit)."""
MAX_OPTIONS = 6
"""Conditional abilities offered per unit."""


_GRANTS = re.compile(
    r"\b(?:select one|friendly|another|that unit|that model|the selected|target unit)\b", re.IGNORECASE
)
_OWN = re.compile(
    r"\b(?:this model|this unit|models in this unit)\b[^.]{0,40}\b(?:has|have)\b", re.IGNORECASE
)


def _granted_to_others(reading: Any, name: str, texts: list[tuple[str, str]]) -> str:
    """The ability that gives another unit the defence a core rule names, when the unit has no
    text of its own giving it to itself (a Canoptek Reanimator carries "Feel No Pain" for the unit
    its beam targets); empty otherwise."""
    value = re.search(r"([2-6])\+", name)
    kind = "feel no pain" if "fnp" in reading.applied[0] else "invulnerable"
    found = ""
    for other, text in texts:
        if other == name or kind not in text.lower():
            continue
        if value and value.group(1) + "+" not in text:
            continue
        for sentence in re.split(r"(?<=\.)\s+", strip_markup(text)):
            if kind not in sentence.lower():
                continue
            if _OWN.search(sentence) and not _GRANTS.search(sentence):
                return ""
            if _GRANTS.search(sentence):
                found = found or clean_name(strip_markup(other), "ability")[:40]
    return found


def _option_key(name: str, taken: set[str]) -> str:
    key = " ".join(re.sub(r"[^\w' -]", " ", match_key(name)).split())[:30] or "ability"
    base, n = key, 2
    while key in taken:
        key, n = f"{base} {n}", n + 1
    return key


_LEADER = re.compile(r"can be attached to the following units?\s*:?(.*)", re.IGNORECASE)
_LIST_MARK = re.compile(r"\s*(?:[■▪•●◆]+|\s-\s|;|,|\s+or\s+|\*\*|^-\s)\s*")
MAX_LEADS = 16


def _leads(texts: list[tuple[str, str]]) -> tuple[str, ...]:
    """The units a Leader ability names (``This model can be attached to the following units: ■
    Boyz ■ Beast Snagga Boyz``), each as a clean name."""
    found: list[str] = []
    for _unused, description in texts:
        if "attach" not in description.lower():
            continue
        match = _LEADER.search(strip_markup(description))
        if match is None:
            continue
        listed = re.split(
            r"\.\s|\s+(?=(?:You|This|If|When|While|Each)\b)", match.group(1).strip(), maxsplit=1
        )[0]
        for item in _LIST_MARK.split(listed):
            item = re.split(r"\. |\s+(?=(?:You|This|If|When|While|Each)\b)", item, maxsplit=1)[0]
            name = clean_name(item.strip(" .*:"), "")
            if name and not name.endswith("…") and name not in found and len(found) < MAX_LEADS:
                found.append(name)
    return tuple(found)


def _profile_for(kind: _Kind, shared: list[tuple[str, dict[str, str]]]) -> dict[str, str] | None:
    """A kind's Unit profile: its own, else the unit's profile named for it (``Boy`` and ``Boyz``),
    else the unit's only (or first) profile."""
    if kind.stats is not None:
        return kind.stats
    if not shared:
        return None
    key = match_key(kind.name)
    for name, stats in shared:
        other = match_key(name)
        if other == key or (
            min(len(key), len(other)) >= 3 and (key.startswith(other) or other.startswith(key))
        ):
            return stats
    return shared[0][1]


def _unit(selection: dict[str, Any], notes: _Notes) -> RosterUnit | None:
    name = notes.name(selection.get("name"))
    nodes = list(_walk(selection))
    kinds: dict[int, _Kind] = {}
    for node, kind in nodes:
        if kind is node:
            kind_name = name if node is selection else notes.name(node.get("name"))
            kinds[id(node)] = _Kind(kind_name, _number(node, notes))
    implicit = not kinds
    if implicit:  # no model selections: the unit is its own one kind of model
        kinds[id(selection)] = _Kind(name, 1)
    models = max(1, sum(k.count for k in kinds.values()))
    shared_stats: list[tuple[str, dict[str, str]]] = []
    shared_texts: list[tuple[str, str]] = []
    keywords: list[str] = []
    weapons: dict[tuple[str, bool, str], RosterWeapon] = {}
    left_out = False
    roles: list[str] = []
    for node, kind_node in nodes:
        kind = None if kind_node is None else kinds[id(kind_node)]
        texts = kind.texts if kind is not None else shared_texts
        if node is selection:
            carriers = models
        elif kind is not None and kind_node is node:
            carriers = kind.count
        else:
            carriers = _number(node, notes)
            counted = _COUNT_IN_NAME.match(_text(node.get("name"), 80))
            if counted:  # "2 Fragstorm Grenade Launchers": two on each model that takes them
                carriers *= int(counted.group(1))
        group = kind.name if kind is not None else (name if implicit else "")
        bases_here: set[tuple[str, bool]] = set()
        for profile in _list(node, "profiles"):
            type_name = _text(profile.get("typeName"), 40).lower()
            if type_name in _UNIT_TYPES:
                found = _characteristics(profile)
                if {"T", "SV", "W"} <= found.keys():
                    if kind is not None:
                        kind.stats = kind.stats or found
                    else:
                        shared_stats.append((_text(profile.get("name"), 80), found))
            elif type_name in ("ranged weapons", "melee weapons"):
                melee = type_name == "melee weapons"
                if len(weapons) >= MAX_WEAPONS_PER_UNIT:
                    left_out = True
                    continue
                weapon = _weapon(profile, melee, carriers, name, notes)
                if weapon is None:
                    continue
                weapon = weapon.model_copy(update={"group": group})
                base = (_base_name(weapon.name), melee)
                if base in bases_here:  # "Plasma gun - supercharge" after "Plasma gun - standard"
                    weapon = weapon.model_copy(update={"mode": True})
                bases_here.add(base)
                key = (weapon.name.lower(), melee, group)
                if key in weapons:
                    old = weapons[key]
                    weapons[key] = old.model_copy(update={"count": min(old.count + weapon.count, 1000)})
                else:
                    weapons[key] = weapon
            elif type_name == "abilities" or "invulnerable" in type_name:
                profile_name = _text(profile.get("name"), 200)
                description = " ".join(_characteristics(profile).values())[:MAX_ABILITY_TEXT]
                if "invulnerable" in type_name and "invulnerable" not in profile_name.lower():
                    profile_name = f"{profile_name} (invulnerable save)"
                texts.append((profile_name, description))
        for rule in _list(node, "rules"):
            texts.append((_text(rule.get("name"), 200), _text(rule.get("description"), MAX_ABILITY_TEXT)))
        if kind is not None and kind_node is node:
            for category in _list(node, "categories"):
                kind.keywords.add(_text(category.get("name"), 40).lower().replace(" ", "-"))
        if node is selection:
            for category in _list(node, "categories"):
                word = _text(category.get("name"), 40).lower().replace(" ", "-")
                if word in TARGET_KEYWORDS and word not in keywords:
                    keywords.append(word)
                if word in CRUSADE_ROLES and word not in roles:
                    roles.append(word)
    if left_out:
        notes.weapons_left_out.append(name)
    weapons = _mark_alternatives(weapons, {k.name: k.count for k in kinds.values()})
    if implicit:
        only = next(iter(kinds.values()))
        only.texts = shared_texts
        only.stats = shared_stats[0][1] if shared_stats else None
        shared_texts, shared_stats = [], []
    leads = _leads([*shared_texts, *(t for k in kinds.values() for t in k.texts)])
    if len(kinds) == 1:  # one kind of model: the unit's keywords are its models'
        next(iter(kinds.values())).keywords.update(keywords)
    said = _Said()
    groups, options = _groups(
        name, [k for k in kinds.values() if k.count > 0], shared_stats, shared_texts, notes, said
    )
    if groups is None and not weapons:
        notes.add(_("{unit}: no Unit profile and no weapon profile, so it was left out.", unit=name))
        return None
    if groups is None:
        notes.add(_("{unit}: no Unit profile (T, Sv, W), so it can't be a target.", unit=name))
        groups = ()
    head = groups[0] if groups else RosterGroup(name=name, count=models)
    return RosterUnit(
        name=name,
        points=_unit_points(nodes, notes),
        enhancements=_enhancements(selection, nodes, notes),
        models=sum(g.count for g in groups) if groups else models,
        toughness=head.toughness,
        save=head.save,
        wounds=head.wounds,
        invulnerable=head.invulnerable,
        feel_no_pain=head.feel_no_pain,
        keywords=tuple(keywords),
        weapons=tuple(weapons.values()),
        groups=groups,
        options=options,
        leads=leads,
        roles=tuple(roles),
        guards=said.guards,
        toughness_rule=said.toughness_rule,
        read=tuple(dict.fromkeys(said.read))[:8],
    )


MAX_UNIT_POINTS = 100_000
MAX_ENHANCEMENTS = 4
"""Enhancements kept per unit (a unit takes one; a file saying more is odd)."""


def _unit_points(nodes: list[tuple[dict[str, Any], dict[str, Any] | None]], notes: _Notes) -> int | None:
    """The sum of the points costs of a unit's selections (each selection's cost is its own, its
    number already counted, in both New Recruit and BattleScribe files)."""
    total, found = 0, False
    for node, _unused in nodes:
        for cost in _list(node, "costs"):
            if _text(cost.get("name")).lower() in ("pts", "points"):
                value = _count(cost.get("value"), notes, "unit points")
                if value is not None:
                    total, found = total + value, True
    return min(total, MAX_UNIT_POINTS) if found else None


def _enhancements(
    selection: dict[str, Any], nodes: list[tuple[dict[str, Any], dict[str, Any] | None]], notes: _Notes
) -> tuple[str, ...]:
    """The names of a unit's selections that are Enhancements: in a group (``group``, as New
    Recruit writes it) or a category named so."""
    found: list[str] = []
    for node, _unused in nodes:
        if node is selection:
            continue
        group = _text(node.get("group"), 80).lower()
        categories = {_text(c.get("name"), 40).lower() for c in _list(node, "categories")}
        if "enhancement" in group or categories & {"enhancement", "enhancements"}:
            name = notes.name(node.get("name"))
            if name not in found:
                found.append(name)
    return tuple(found[:MAX_ENHANCEMENTS])


def _groups(
    unit: str,
    kinds: list[_Kind],
    shared_stats: list[tuple[str, dict[str, str]]],
    shared_texts: list[tuple[str, str]],
    notes: _Notes,
    said: _Said | None = None,
) -> tuple[tuple[RosterGroup, ...] | None, tuple[DefenceOption, ...]]:
    """The unit's models grouped by profile (ordinary models first) and the abilities it offers
    to switch on; groups are None when no kind of model has a Unit profile. Each defence is read
    by :func:`rules.wh40k.defences.read_defence` and lands on the models it names; ``said``
    collects what a leading Character gets and what the import says it did."""
    said = said if said is not None else _Said()
    options: dict[str, DefenceOption] = {}

    def offer(name: str, effect: str) -> str:
        found = next((o for o in options.values() if o.name == name[:60]), None)
        if found is not None:
            return found.key
        if len(options) >= MAX_OPTIONS:
            notes.add(
                _(
                    "{unit}: more than {n} conditional abilities; the first {n} are offered.",
                    unit=unit,
                    n=MAX_OPTIONS,
                )
            )
            return ""
        key = _option_key(name, set(options))
        options[key] = DefenceOption(key=key, name=name[:60], effect=effect)
        return key

    all_texts = [*shared_texts, *(t for k in kinds for t in k.texts)]
    # (words, which kinds) for every defence that always holds
    landing: list[tuple[str, list[_Kind]]] = []
    for owner, name, description in [
        *((None, n, d) for n, d in shared_texts),
        *((k, n, d) for k in kinds for n, d in k.texts),
    ]:
        if re.fullmatch(r"kill team", strip_markup(name), re.IGNORECASE):
            said.toughness_rule = "majority"
            said.read.append(Note.of(_("Kill Team: Toughness is the majority's (ties to the highest)")))
            continue
        reading = read_defence(name, description, own=owner is not None)
        if not reading.any:
            continue
        shown = clean_name(strip_markup(name), "ability")[:40]
        giver = _granted_to_others(reading, name, all_texts) if reading.core else ""
        if giver:  # a Canoptek Reanimator's: the core rule is there for the unit it gives it to
            key = offer(name, " ".join(reading.applied))
            said.read.append(
                Note.of(
                    _(
                        "{ability}: there for what {giver} gives another unit, so not applied "
                        "(offered as `{key}`)",
                        ability=shown,
                        giver=giver,
                        key=key,
                    )
                )
            )
            continue
        if reading.offered:
            key = offer(name, " ".join(reading.offered))
            if key and reading.unclear:
                said.read.append(
                    Note.of(
                        _(
                            "{ability}: could not tell when it holds, so offered as `{key}`, not applied",
                            ability=shown,
                            key=key,
                        )
                    )
                )
        if reading.guards:
            words = " ".join(reading.guards)
            said.guards = " ".join(filter(None, (said.guards, words)))
            said.read.append(
                Note.of(
                    _(
                        "{ability}: {words} for a Character leading it (`{unit} + Leader`)",
                        ability=shown,
                        words=words,
                        unit=unit,
                    )
                )
            )
        if not reading.applied:
            continue
        words = " ".join(reading.applied)
        if reading.to == "bearer's unit":
            chosen = list(kinds)
            said.read.append(
                Note.of(
                    _(
                        "{ability}: {words} to the whole unit while its bearer lives",
                        ability=shown,
                        words=words,
                    )
                )
            )
        elif reading.to == "excluding":
            left = {match_key(n) for n in reading.names}
            chosen = [
                k for k in kinds if not any(n in match_key(k.name) or match_key(k.name) in n for n in left)
            ]
            said.read.append(
                Note.of(
                    _(
                        "{ability}: {words} to every model but {models}",
                        ability=shown,
                        words=words,
                        models=", ".join(reading.names),
                    )
                )
            )
        elif reading.to == "keyword":
            keyword = reading.names[0]
            chosen = [k for k in (kinds if owner is None else [owner]) if keyword in k.keywords]
            if not chosen:
                offer(name, words)
                said.read.append(
                    Note.of(
                        _(
                            "{ability}: {words} only for {keyword} models; none found, so offered",
                            ability=shown,
                            words=words,
                            keyword=keyword.upper(),
                        )
                    )
                )
                continue
            said.read.append(
                Note.of(
                    _(
                        "{ability}: {words} to its {keyword} models",
                        ability=shown,
                        words=words,
                        keyword=keyword.upper(),
                    )
                )
            )
        else:
            chosen = list(kinds) if owner is None else [owner]
            if reading.core or any(" vs " in w for w in reading.applied) or len(kinds) > 1:
                if owner is None or len(kinds) == 1:
                    note = _("{ability}: {words} applied to every model", ability=shown, words=words)
                else:
                    note = _(
                        "{ability}: {words} applied to its {models}",
                        ability=shown,
                        words=words,
                        models=owner.name,
                    )
                said.read.append(Note.of(note))
        landing.append((words, chosen))
    made: list[RosterGroup] = []
    unreadable = False
    profiled = next((k for k in kinds if k.stats is not None), None)
    for kind in kinds:
        stats = _profile_for(kind, shared_stats)
        if stats is None and profiled is not None:  # said: a guess the player can see and correct
            stats = profiled.stats
            notes.add(
                _(
                    "{unit}: its {kind} models have no Unit profile of their own; they were given {other}'s.",
                    unit=unit,
                    kind=kind.name,
                    other=profiled.name,
                )
            )
        if stats is None:
            return None, tuple(options.values())
        toughness, save, wounds = _stat(stats["T"]), _stat(stats["SV"]), _stat(stats["W"])
        if None in (toughness, save, wounds) or not (1 <= (toughness or 0) <= 30 and 2 <= (save or 0) <= 7):
            if not unreadable:
                notes.add(
                    _(
                        "{unit}: its Unit profile (T {t}, Sv {sv}, W {w}) can't be read, so it can't be "
                        "a target.",
                        unit=unit,
                        t=_shown(stats["T"]),
                        sv=_shown(stats["SV"]),
                        w=_shown(stats["W"]),
                    )
                )
            unreadable = True
            toughness = save = wounds = None
        group = RosterGroup(
            name=kind.name,
            count=kind.count,
            toughness=toughness,
            save=save,
            wounds=min(wounds, 50) if wounds else None,
        )
        for words, chosen in landing:
            if any(k is kind for k in chosen):
                group = group.switched_on(words)
        made.append(group)
    if not made:
        return None, tuple(options.values())
    if unreadable:
        made = [g.model_copy(update={"toughness": None, "save": None, "wounds": None}) for g in made]
    merged: list[RosterGroup] = []
    for group in made:
        same = next((i for i, g in enumerate(merged) if _profile(g) == _profile(group)), None)
        if same is None:
            merged.append(group)
        else:
            kept = merged[same]
            name = kept.name if kept.count >= group.count else group.name
            merged[same] = kept.model_copy(update={"count": kept.count + group.count, "name": name})
    merged.sort(key=_ordinary_first)
    if len(merged) > MAX_GROUPS:
        extra = sum(g.count for g in merged[MAX_GROUPS - 1 :])
        notes.add(
            _(
                "{unit}: more than {n} kinds of model; the last {extra} are counted with the "
                "{profile} profile.",
                unit=unit,
                n=MAX_GROUPS,
                extra=extra,
                profile=merged[MAX_GROUPS - 2].name,
            )
        )
        merged = [
            *merged[: MAX_GROUPS - 2],
            merged[MAX_GROUPS - 2].model_copy(update={"count": merged[MAX_GROUPS - 2].count + extra}),
        ]
    return tuple(merged), tuple(options.values())


def _mark_alternatives(
    weapons: dict[tuple[str, bool, str], RosterWeapon], counts: dict[str, int]
) -> dict[tuple[str, bool, str], RosterWeapon]:
    """Mark the melee weapons a kind of model chooses between: two or more that the same models
    carry (more weapons than models, none on more models than the kind has)."""
    for group, count in counts.items():
        melee = [
            k
            for k, w in weapons.items()
            if w.melee and w.group == group and not w.mode and not w.extra_attacks
        ]
        counts_here = [weapons[k].count for k in melee]
        if len(melee) > 1 and sum(counts_here) > count and max(counts_here) <= count:
            for k in melee:
                weapons[k] = weapons[k].model_copy(update={"alternative": True})
    return weapons


def _profile(group: RosterGroup) -> tuple[object, ...]:
    return (
        group.toughness,
        group.save,
        group.wounds,
        group.invulnerable,
        group.feel_no_pain,
        group.damage,
        group.scoped,
    )


def _ordinary_first(group: RosterGroup) -> tuple[int, ...]:
    """Ordinary models first, the better profile (a Nob, a sergeant, a character) last; among
    equals the most numerous first."""
    return (
        group.wounds or 0,
        7 - (group.save or 7),
        7 - (group.invulnerable or 7),
        7 - (group.feel_no_pain or 7),
        group.toughness or 0,
        -group.count,
    )


def _shown(value: str) -> str:
    """A value from the file as a message quotes it: short, or its start and its length."""
    return f"`{quote(value, 8)}`" if len(value) <= 8 else f"`{quote(value, 6)}` ({len(value):,} characters)"


def _base_name(name: str) -> str:
    """The weapon a profile belongs to: ``Plasma gun - supercharge`` -> ``plasma gun``."""
    return re.split(r"\s+[-–]\s+", name, maxsplit=1)[0].lower()


def _best(found: list[str] | list[tuple[str, ...]]) -> int | None:
    """The best (lowest) of the values a pattern found; a match of alternatives is a tuple."""
    values = [next(v for v in item if v) if isinstance(item, tuple) else item for item in found]
    return min((int(v) for v in values), default=None)


def _stat(text: str) -> int | None:
    """A characteristic such as ``4``, ``3+`` or ``12"``, read through the one door for numbers
    (a toughness of 5,000 digits is None, never an exception)."""
    return _small(text.strip().removesuffix('"').removesuffix("+"), 3)


_DICE = re.compile(r"^(\d{0,2}D[36](?:\+\d{1,2})?|\d{1,3})$", re.IGNORECASE | re.ASCII)


def _weapon(
    profile: dict[str, Any], melee: bool, carriers: int, unit: str, notes: _Notes
) -> RosterWeapon | None:
    name = notes.name(profile.get("name"))
    found = _characteristics(profile)
    skill_key = "WS" if melee else "BS"
    attacks, skill = found.get("A", ""), found.get(skill_key, "").upper().replace(" ", "")
    strength, ap, damage = found.get("S", ""), found.get("AP", ""), found.get("D", "")
    wrong = [
        label
        for label, value, ok in (
            ("A", attacks, bool(_DICE.match(attacks))),
            (skill_key, skill, bool(re.match(r"^[2-6]\+$|^N/?A$|^-$", skill))),
            ("S", strength, _small(strength, 3) is not None),
            ("AP", ap, bool(re.match(r"^[-+]?\d$", ap, re.ASCII))),
            ("D", damage, bool(_DICE.match(damage))),
        )
        if not ok
    ]
    if wrong:
        shown = ", ".join(f"{label} `{quote(found.get(label, '') or 'missing', 10)}`" for label in wrong)
        notes.add(_("{unit}: {weapon} ({values}) can't be read.", unit=unit, weapon=name, values=shown))
        return None
    abilities, unused = _keywords(
        _raw(
            next(
                (
                    c
                    for c in _list(profile, "characteristics")
                    if _text(c.get("name"), 20).upper() == "KEYWORDS"
                ),
                None,
            )
        ),
        f"{unit}: {name}",
        notes,
    )
    skill = "N/A" if skill in ("N/A", "NA", "-") else skill
    if skill == "N/A" and "torrent" not in abilities:
        notes.add(
            _(
                "{unit}: {weapon} has no {skill} and is not Torrent, so it can't be read.",
                unit=unit,
                weapon=name,
                skill=skill_key,
            )
        )
        return None
    weapon = RosterWeapon(
        name=name,
        melee=melee,
        attacks=attacks.upper(),
        skill=skill,
        strength=str(_small(strength, 3)),
        ap=ap.lstrip("+"),
        damage=damage.upper(),
        count=max(1, min(carriers, MAX_ATTACKING_MODELS)),
        abilities=tuple(abilities),
        unused=tuple(unused),
    )
    try:
        parse_weapon(weapon.line())
    except ProfileError as error:
        reason = str(error).split("\n", 1)[0]
        notes.add(
            _(
                "{unit}: {weapon} can't be calculated ({reason}).",
                unit=unit,
                weapon=name,
                reason=quote(reason, 120),
            )
        )
        return None
    return weapon


def _keywords(raw: str, where: str, notes: _Notes) -> tuple[list[str], list[str]]:
    """A weapon's Keywords as the abilities Herald calculates with and the show-only ones it keeps;
    the rest are left out (and counted). At most :data:`MAX_KEYWORD_TEXT` characters and
    :data:`MAX_KEYWORDS_PER_WEAPON` keywords are read: past that the file is not a real roster's,
    and the cut is said."""
    pieces = re.split(r"[,;]", raw[:MAX_KEYWORD_TEXT], maxsplit=MAX_KEYWORDS_PER_WEAPON)
    if len(raw) > MAX_KEYWORD_TEXT or len(pieces) > MAX_KEYWORDS_PER_WEAPON:
        notes.keywords_cut.append(where)
        pieces = pieces[:MAX_KEYWORDS_PER_WEAPON]
    room = MAX_KEYWORDS_PER_ROSTER - notes.keywords_read
    if len(pieces) > room:
        notes.keywords_past_total = True
        pieces = pieces[: max(room, 0)]
    notes.keywords_read += len(pieces)
    abilities: list[str] = []
    unused: list[str] = []
    for piece in pieces:
        word = " ".join(piece.split()).lower().replace("twin linked", "twin-linked")
        if not word or word == "-" or word in abilities or word in unused:
            continue
        if word in _FLAGS or _NUMBERED.match(word):
            abilities.append(word)
        elif match := _ANTI.match(word):
            abilities.append(f"anti-{match.group(1).strip()} {match.group(2)}+")
        elif word in SHOW_ONLY_KEYWORDS:
            unused.append(word)
        else:
            notes.drop(word)
    return abilities, unused


EXAMPLE_JSON = json.dumps(
    {
        "roster": {
            "name": "Example",
            "costs": [{"name": "pts", "value": 95}],
            "forces": [
                {
                    "catalogueName": "Example faction",
                    "selections": [
                        {
                            "name": "Ash Wardens",
                            "type": "unit",
                            "number": 1,
                            "categories": [{"name": "Infantry"}, {"name": "Faction: Example"}],
                            "profiles": [
                                {
                                    "name": "Ash Warden",
                                    "typeName": "Unit",
                                    "characteristics": [
                                        {"name": "T", "$text": 4},
                                        {"name": "SV", "$text": "3+"},
                                        {"name": "W", "$text": 2},
                                    ],
                                },
                                {
                                    "name": "Cinder Ward",
                                    "typeName": "Abilities",
                                    "characteristics": [
                                        {
                                            "name": "Description",
                                            "$text": "Models here have a 5+ invulnerable save.",
                                        }
                                    ],
                                },
                            ],
                            "selections": [
                                {
                                    "name": "Ash Warden",
                                    "type": "model",
                                    "number": 5,
                                    "selections": [
                                        {
                                            "name": "Ember carbine",
                                            "type": "upgrade",
                                            "number": 4,
                                            "profiles": [
                                                {
                                                    "name": "Ember carbine",
                                                    "typeName": "Ranged Weapons",
                                                    "characteristics": [
                                                        {"name": "Range", "$text": '24"'},
                                                        {"name": "A", "$text": 2},
                                                        {"name": "BS", "$text": "3+"},
                                                        {"name": "S", "$text": 4},
                                                        {"name": "AP", "$text": -1},
                                                        {"name": "D", "$text": 1},
                                                        {"name": "Keywords", "$text": "Sustained Hits 1"},
                                                    ],
                                                }
                                            ],
                                        },
                                        {
                                            "name": "Ash blade",
                                            "type": "upgrade",
                                            "number": 5,
                                            "profiles": [
                                                {
                                                    "name": "Ash blade",
                                                    "typeName": "Melee Weapons",
                                                    "characteristics": [
                                                        {"name": "A", "$text": 3},
                                                        {"name": "WS", "$text": "3+"},
                                                        {"name": "S", "$text": 4},
                                                        {"name": "AP", "$text": 0},
                                                        {"name": "D", "$text": 1},
                                                        {"name": "Keywords", "$text": "-"},
                                                    ],
                                                }
                                            ],
                                        },
                                    ],
                                }
                            ],
                        }
                    ],
                }
            ],
        }
    }
).encode()
"""A small roster of our own in New Recruit's JSON shape, used by the docstring above."""
