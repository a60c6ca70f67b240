"""Boss content for Space Infantry: the YAML schema and the loader.

A boss file (``data/space_infantry/bosses/<id>.yaml``) describes the boss's zones, the
connections from outer to internal zones, its special rules as flags with parameters and its
RN range table. Communities add a boss by dropping a file in the same folder.

>>> bosses, errors = load_bosses()
>>> bosses["elder_leviathan"].zone("mouth").engage_limit
2
"""

from __future__ import annotations

import re
from enum import StrEnum
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from rules.content import parse_yaml
from rules.errors import ContentError, NotFoundError, quote
from rules.i18n import _
from rules.space_infantry.common import DEFAULT_RN_DIE, MAX_NAME_LENGTH, find_name, suggest

BOSS_DIR = Path(__file__).resolve().parents[2] / "data" / "space_infantry" / "bosses"
"""Where the bosses shipped with Herald (and the community's own) live."""

MAX_OUTER_ZONES = 6
MAX_INTERNAL_ZONES = 3
MAX_ZONE_HP = 30
MAX_SKILL = 20
MAX_ENGAGE_LIMIT = 20
MAX_RN_DIE = 20


class ZoneKind(StrEnum):
    """Outer zones can always be attacked; internal zones only through a destroyed outer one."""

    OUTER = "outer"
    INTERNAL = "internal"


class Range(StrEnum):
    """A result of the boss's range table. ``CHARGE`` is fought at Melee with the boss's AP bonus."""

    FIRE = "fire"
    MELEE = "melee"
    CHARGE = "charge"


class Column(StrEnum):
    """A column of the range table: ``SET`` the first turn, then the current range's column."""

    SET = "set"
    MELEE = "melee"
    FIRE = "fire"


_RANGE_LETTERS = {"f": Range.FIRE, "m": Range.MELEE, "c": Range.CHARGE}


def _parse_range(value: Any) -> Any:
    if isinstance(value, str):
        return _RANGE_LETTERS.get(value.strip().lower(), value.strip().lower())
    return value


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Skills(_Model):
    """A zone's skill levels by range; ``None`` means the zone does not attack at that range."""

    melee: int | None = Field(default=None, ge=0, le=MAX_SKILL)
    fire: int | None = Field(default=None, ge=0, le=MAX_SKILL)

    @model_validator(mode="after")
    def _some_attack(self) -> Skills:
        if self.melee is None and self.fire is None:
            raise ValueError("give the zone a melee or a fire skill level (or both)")
        return self

    def at(self, rng: Range) -> int | None:
        """The skill level used at ``rng`` (a Charge uses the Melee skill).

        >>> Skills(melee=3, fire=None).at(Range.CHARGE)
        3
        """
        return self.fire if rng is Range.FIRE else self.melee


class ZoneSpec(_Model):
    """One zone of a boss, as printed on its card."""

    name: str = Field(min_length=1, max_length=MAX_NAME_LENGTH)
    kind: ZoneKind
    engage_limit: int | None = Field(default=None, ge=1, le=MAX_ENGAGE_LIMIT)
    skills: Skills
    hp: int = Field(ge=1, le=MAX_ZONE_HP)
    vital: bool = False
    abilities: list[str] = Field(default_factory=list)

    @model_validator(mode="after")
    def _limit_matches_kind(self) -> ZoneSpec:
        if self.kind is ZoneKind.OUTER and self.engage_limit is None:
            raise ValueError("an outer zone needs an engage_limit (how many units may engage it)")
        if self.kind is ZoneKind.INTERNAL and self.engage_limit is not None:
            raise ValueError("an internal zone has no engage_limit: remove it")
        return self


class Connection(_Model):
    """A link from an outer zone to the internal zone behind it."""

    outer: str
    internal: str


class StoneSkin(_Model):
    """The total damage of each attack on the boss is divided by ``divisor``, rounding down."""

    divisor: int = Field(default=2, ge=2, le=10)


class Deadly(_Model):
    """Each success the boss scores inflicts ``wounds_per_success`` wounds."""

    wounds_per_success: int = Field(default=2, ge=2, le=5)


class ChargeRule(_Model):
    """A Charge result: the fight is at Melee and the boss's attacks gain ``ap_bonus`` AP."""

    ap_bonus: int = Field(default=1, ge=0, le=5)


class SpecialRules(_Model):
    """The boss's special rules. In YAML a rule may be ``true`` to take its default parameters."""

    no_ambush: bool = False
    stone_skin: StoneSkin | None = None
    deadly: Deadly | None = None
    charge: ChargeRule | None = None

    @field_validator("stone_skin", "deadly", "charge", mode="before")
    @classmethod
    def _flag(cls, value: Any) -> Any:
        if value is True:
            return {}
        if value is False:
            return None
        return value

    @property
    def wounds_per_success(self) -> int:
        """1, or the Deadly multiplier."""
        return self.deadly.wounds_per_success if self.deadly else 1


_RN_SPAN = re.compile(r"^\s*(\d+)\s*(?:(-|\+)|-\s*(\d+))?\s*$")


class RangeRow(_Model):
    """One row of the range table: an RN span (``"1-"``, ``"2"``, ``"3-4"``, ``"5+"``) and results.

    >>> RangeRow(rn="3-4", set="C", melee="M", fire="M").bounds()
    (3, 4)
    """

    rn: str
    set: Range
    melee: Range
    fire: Range

    _norm = field_validator("set", "melee", "fire", mode="before")(_parse_range)

    @field_validator("rn", mode="before")
    @classmethod
    def _rn_text(cls, value: Any) -> Any:
        if isinstance(value, int):
            return str(value)
        if isinstance(value, str) and not _RN_SPAN.match(value):
            raise ValueError(f"'{value}' is not an RN span: write it like 1-, 2, 3-4 or 5+")
        return value

    def bounds(self) -> tuple[int | None, int | None]:
        """The lowest and highest RN of this row; ``None`` for an open end."""
        m = _RN_SPAN.match(self.rn)
        assert m is not None
        low = int(m.group(1))
        if m.group(2) == "-":
            return (None, low)
        if m.group(2) == "+":
            return (low, None)
        if m.group(3):
            return (low, int(m.group(3)))
        return (low, low)

    def covers(self, rn: int) -> bool:
        """Whether ``rn`` falls in this row."""
        low, high = self.bounds()
        return (low is None or rn >= low) and (high is None or rn <= high)

    def result(self, column: Column) -> Range:
        """The range in ``column`` of this row."""
        return {Column.SET: self.set, Column.MELEE: self.melee, Column.FIRE: self.fire}[column]


class BossSpec(_Model):
    """A boss as written in its YAML file."""

    id: str = Field(min_length=1, max_length=64, pattern=r"^[a-z0-9_]+$")
    name: str = Field(min_length=1, max_length=MAX_NAME_LENGTH)
    community: bool = False
    author: str | None = None
    notes: str | None = None
    description: str | None = None
    rn_die: int = Field(default=DEFAULT_RN_DIE, ge=2, le=MAX_RN_DIE)
    zones: list[ZoneSpec] = Field(min_length=1)
    connections: list[Connection] = Field(default_factory=list)
    special_rules: SpecialRules = Field(default_factory=SpecialRules)
    range_table: list[RangeRow] = Field(min_length=1)

    @model_validator(mode="after")
    def _consistent(self) -> BossSpec:
        names = [z.name.lower() for z in self.zones]
        dupes = sorted({n for n in names if names.count(n) > 1})
        if dupes:
            raise ValueError(f"zone names must be unique; repeated: {', '.join(dupes)}")
        outer = [z for z in self.zones if z.kind is ZoneKind.OUTER]
        internal = [z for z in self.zones if z.kind is ZoneKind.INTERNAL]
        if not 1 <= len(outer) <= MAX_OUTER_ZONES:
            raise ValueError(f"a boss needs 1 to {MAX_OUTER_ZONES} outer zones, this one has {len(outer)}")
        if len(internal) > MAX_INTERNAL_ZONES:
            raise ValueError(f"a boss has at most {MAX_INTERNAL_ZONES} internal zones, this one has "
                             f"{len(internal)}")
        if not any(z.vital for z in self.zones):
            raise ValueError("mark at least one zone vital: true, or the boss can never be eliminated")
        kinds = {z.name.lower(): z.kind for z in self.zones}
        seen: set[tuple[str, str]] = set()
        for c in self.connections:
            if kinds.get(c.outer.lower()) is not ZoneKind.OUTER:
                raise ValueError(f"connection {c.outer} -> {c.internal}: '{c.outer}' is not an outer zone")
            if kinds.get(c.internal.lower()) is not ZoneKind.INTERNAL:
                raise ValueError(
                    f"connection {c.outer} -> {c.internal}: '{c.internal}' is not an internal zone")
            key = (c.outer.lower(), c.internal.lower())
            if key in seen:
                raise ValueError(f"connection {c.outer} -> {c.internal} is listed twice")
            seen.add(key)
        for z in internal:
            if not any(i == z.name.lower() for _, i in seen):
                raise ValueError(f"internal zone '{z.name}' has no connection from an outer zone, "
                                 "so it could never be attacked")
        for rn in range(1, self.rn_die + 1):
            rows = [r.rn for r in self.range_table if r.covers(rn)]
            if len(rows) != 1:
                what = "no row" if not rows else f"several rows ({', '.join(rows)})"
                raise ValueError(f"range_table: RN {rn} matches {what}; each RN 1-{self.rn_die} needs "
                                 "exactly one row")
        uses_charge = any(Range.CHARGE in (r.set, r.melee, r.fire) for r in self.range_table)
        if uses_charge and self.special_rules.charge is None:
            raise ValueError("range_table has Charge (C) results: add special_rules.charge")
        return self

    # Look-ups -------------------------------------------------------------------------------
    def zone(self, name: str) -> ZoneSpec:
        """The zone called ``name`` (any case); :class:`NotFoundError` suggests close names."""
        found = find_name(name, [z.name for z in self.zones], f"zone on {self.name}")
        return next(z for z in self.zones if z.name == found)

    @property
    def outer_zones(self) -> list[ZoneSpec]:
        return [z for z in self.zones if z.kind is ZoneKind.OUTER]

    @property
    def internal_zones(self) -> list[ZoneSpec]:
        return [z for z in self.zones if z.kind is ZoneKind.INTERNAL]

    def internals_of(self, outer: str) -> list[str]:
        """Names of the internal zones behind ``outer``, in file order."""
        return [self.zone(c.internal).name for c in self.connections if c.outer.lower() == outer.lower()]

    def outers_of(self, internal: str) -> list[str]:
        """Names of the outer zones that lead to ``internal``, in file order."""
        return [self.zone(c.outer).name for c in self.connections if c.internal.lower() == internal.lower()]

    def lookup_range(self, rn: int, column: Column) -> Range:
        """Read the range table.

        >>> load_boss("elder_leviathan").lookup_range(4, Column.SET)
        <Range.CHARGE: 'charge'>
        """
        row = next(r for r in self.range_table if r.covers(rn))
        return row.result(column)


# Loading ----------------------------------------------------------------------------------

def _field_path(data: Any, loc: tuple[int | str, ...]) -> str:
    """Turn a pydantic location into a readable path, naming zones instead of indexing them."""
    parts: list[str] = []
    node = data
    for key in loc:
        if isinstance(key, int) and isinstance(node, list) and 0 <= key < len(node):
            item = node[key]
            label = (item.get("name") or item.get("rn")) if isinstance(item, dict) else None
            suffix = f"[{label if label is not None else key}]"
            if parts:
                parts[-1] += suffix
            else:
                parts.append(suffix)
            node = item
        else:
            parts.append(str(key))
            node = node.get(key) if isinstance(node, dict) else None
    return ".".join(parts) or "(boss)"


def _content_error(problems: list[tuple[str, str, str]]) -> ContentError:
    err = ContentError("; ".join(f"{f}: {field}: {why}" for f, field, why in problems))
    err.problems = problems  # type: ignore[attr-defined]
    return err


def parse_boss(data: Any, *, source: str = "<boss>", default_id: str | None = None) -> BossSpec:
    """Validate one boss's parsed YAML; raise :class:`ContentError` naming file, field and reason.

    Each problem is also in the error's ``problems`` list as ``(file, field, reason)``.

    >>> try:
    ...     parse_boss({"name": "X"}, source="x.yaml", default_id="x")
    ... except ContentError as exc:
    ...     print(exc.problems[0])
    ('x.yaml', 'zones', 'Field required')
    """
    if not isinstance(data, dict):
        raise _content_error([(source, "(file)", f"expected a mapping of fields, got {type(data).__name__}")])
    if default_id is not None and "id" not in data:
        data = {"id": default_id, **data}
    try:
        return BossSpec.model_validate(data)
    except ValidationError as exc:
        problems = [(source, _field_path(data, tuple(err["loc"])), err["msg"].removeprefix("Value error, "))
                    for err in exc.errors()]
        raise _content_error(problems) from None


def load_boss_file(path: Path) -> BossSpec:
    """Load and validate one YAML file (the file's stem is the id unless the file sets one)."""
    try:
        data = parse_yaml(path.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as exc:
        why = f"cannot read it as YAML ({exc.__class__.__name__})"
        raise _content_error([(path.name, "(file)", why)]) from None
    return parse_boss(data, source=path.name, default_id=path.stem.lower())


def load_bosses(directory: Path | None = None) -> tuple[dict[str, BossSpec], list[ContentError]]:
    """Load every ``*.yaml``/``*.yml`` boss in ``directory``; skip and report invalid files.

    Returns ``(bosses by id, errors)``; each error's message names the file, field and reason.

    >>> bosses, errors = load_bosses()
    >>> "elder_leviathan" in bosses
    True
    """
    folder = directory or BOSS_DIR
    bosses: dict[str, BossSpec] = {}
    errors: list[ContentError] = []
    files = sorted([*folder.glob("*.yaml"), *folder.glob("*.yml")])
    for path in files:
        try:
            boss = load_boss_file(path)
        except ContentError as exc:
            errors.append(exc)
            continue
        if boss.id in bosses:
            why = f"'{boss.id}' is already used by another boss file"
            errors.append(_content_error([(path.name, "id", why)]))
            continue
        bosses[boss.id] = boss
    return bosses, errors


def load_bosses_strict(directory: Path | None = None) -> dict[str, BossSpec]:
    """Like :func:`load_bosses` but raise the first :class:`ContentError` (for tests and CI)."""
    bosses, errors = load_bosses(directory)
    if errors:
        raise ContentError("; ".join(e.message for e in errors))
    return bosses


def _key(text: str) -> str:
    return "_".join(text.strip().lower().replace("_", " ").split())


def _starting_with(name: str, bosses: dict[str, BossSpec]) -> list[BossSpec]:
    """Bosses whose id, name, or a word of the name starts with ``name``."""
    wanted = _key(name)
    if not wanted:
        return []
    out = []
    for b in bosses.values():
        words = _key(b.name).split("_")
        starts = [_key(b.name), b.id] + ["_".join(words[i:]) for i in range(1, len(words))]
        if any(s.startswith(wanted) for s in starts):
            out.append(b)
    return out


def suggest_bosses(name: str, bosses: dict[str, BossSpec]) -> list[BossSpec]:
    """The bosses a player may have meant by ``name``: those it starts, else up to three close names.

    >>> [b.id for b in suggest_bosses("leviathn", load_bosses()[0])]
    ['elder_leviathan']
    """
    found = _starting_with(name, bosses)
    if found:
        return found
    by_name = {b.name: b for b in bosses.values()}
    return [by_name[n] for n in suggest(" ".join(name.split()).lower(), list(by_name))]


def find_boss(name: str, bosses: dict[str, BossSpec]) -> BossSpec:
    """Find a boss by id or display name (any case), or by a start of it that only one boss has;
    raise :class:`NotFoundError` suggesting close names when there is none.

    >>> find_boss("Elder Leviathan", load_bosses()[0]).id
    'elder_leviathan'
    >>> find_boss("elder", load_bosses()[0]).name
    'Elder Leviathan'
    """
    by_label = {b.name: b for b in bosses.values()} | {b.id: b for b in bosses.values()}
    wanted = _key(name)
    for b in bosses.values():
        if wanted in (b.id, _key(b.name)):
            return b
    starting = _starting_with(name, bosses)
    if len(starting) == 1:
        return starting[0]
    if len(starting) > 1:
        names = sorted(b.name for b in starting)
        raise NotFoundError(_("'{name}' starts the name of several bosses: {names} or {last}. Which one?",
                              name=quote(name), names=", ".join(names[:-1]), last=names[-1]))
    found = find_name(name, [b.name for b in bosses.values()], "boss")
    return by_label[found]


def load_boss(boss_id: str, directory: Path | None = None) -> BossSpec:
    """Load one boss by id or name from the content folder (strictly: the file must validate)."""
    bosses, errors = load_bosses(directory)
    try:
        return find_boss(boss_id, bosses)
    except NotFoundError:
        for err in errors:
            if err.message.startswith(f"{boss_id}."):
                raise err from None
        raise
