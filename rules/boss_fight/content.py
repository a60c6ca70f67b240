"""Boss Fight content: the YAML schema of card packs and the loader.

A pack is one YAML file in ``data/boss_fight/`` (sub-folders too) with any of the lists
``pieces``, ``heroes``, ``equipment``, ``abilities``, ``actions``, ``tokens``, ``maps``,
``boss_presets`` and ``hero_presets``. A community adds cards by dropping a file; a file that
does not validate is reported (file, field, reason) and skipped, and the others still load.

Effects are data the engine runs, from a small vocabulary (:class:`EffectKind`): deal damage
with a combat statistic, heal, move, push, apply or remove a status, draw, make a character
discard, modify a statistic until the end of the round, and place a token; each aimed at a target
with a range, a line-of-sight need and an area (:class:`AreaShape`).

>>> catalog = read_catalog()
>>> catalog.errors
[]
>>> catalog.actions["walk"].move.tiles
2
"""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from rules.boss_fight.hexgrid import MAX_BOARD_SIDE
from rules.content import read_yaml
from rules.errors import ContentError, NotFoundError
from rules.i18n import _

DATA_DIR = Path(__file__).resolve().parents[2] / "data" / "boss_fight"
"""Where the shipped packs (and a community's own) live."""

MAX_NAME = 60
MAX_TEXT = 400
MAX_STAT = 99
MAX_POINTS = 500
MAX_RANGE = 12
MAX_AREA = 4
MAX_SLOTS = 6
MAX_SHAPE_TILES = 19
MAX_EFFECT_AMOUNT = 20
MAX_COPIES = 30
DEFAULT_COPIES = 3
ID_PATTERN = r"^[a-z0-9_]+$"


class Stat(StrEnum):
    """A character statistic."""

    HEALTH = "health"
    INTELLIGENCE = "intelligence"
    STRENGTH = "strength"
    AGILITY = "agility"


class CombatStat(StrEnum):
    """The three combat statistics compared in an attack."""

    INTELLIGENCE = "intelligence"
    STRENGTH = "strength"
    AGILITY = "agility"


class Side(StrEnum):
    """Who may take a card: the boss player or the hero party."""

    BOSS = "boss"
    HERO = "hero"


class CardSet(StrEnum):
    """The set an action card belongs to; neutral cards go in either side's deck."""

    BOSS = "boss"
    HERO = "hero"
    NEUTRAL = "neutral"


class CardType(StrEnum):
    """Move and Attack cards go to the discard pile after use, Item cards to the used pile."""

    MOVE = "move"
    ATTACK = "attack"
    ITEM = "item"


class AttackKind(StrEnum):
    """The three attack profiles an equipment card may describe."""

    BASIC = "basic"
    HEAVY = "heavy"
    SPECIAL = "special"


class PieceType(StrEnum):
    """Boss piece types."""

    HEAD = "head"
    BODY = "body"
    LEG = "leg"
    ARM = "arm"
    SPECIAL = "special"


class Status(StrEnum):
    """The four status effects; a character has at most one of each."""

    IMMOBILISED = "immobilised"
    DAZZLED = "dazzled"
    STUNNED = "stunned"
    POISONED = "poisoned"


class Constitution(StrEnum):
    """The symbol on a hero card; abilities and equipment may require one."""

    MIGHT = "might"
    GRACE = "grace"
    MIND = "mind"
    SPIRIT = "spirit"


class EffectKind(StrEnum):
    """What an effect does. See :class:`Effect` for the fields each kind uses."""

    DAMAGE = "damage"
    HEAL = "heal"
    MOVE = "move"
    PUSH = "push"
    STATUS = "status"
    CLEANSE = "cleanse"
    DRAW = "draw"
    DISCARD = "discard"
    MODIFY = "modify"
    TOKEN = "token"


class EffectTo(StrEnum):
    """Who an effect lands on: each affected piece (default) or the character using it."""

    AFFECTED = "affected"
    USER = "user"


class TargetKind(StrEnum):
    """What a usable effect is aimed at."""

    SELF = "self"
    ALLY = "ally"
    ENEMY = "enemy"
    TILE = "tile"


class AreaShape(StrEnum):
    """Area shapes: ``size`` is the radius (blast, nova) or the length (line)."""

    SINGLE = "single"
    BLAST = "blast"
    LINE = "line"
    CLEAVE = "cleave"
    NOVA = "nova"


class PassiveKind(StrEnum):
    """Standing effects of equipment, abilities and pieces.

    ``armour``: incoming damage minus ``amount`` (never below 1); ``resist``: immune to
    ``status``; ``move_bonus``: ``amount`` more tiles on move cards; ``range_bonus``: ``amount``
    more range on attacks; ``regenerate``: heal ``amount`` at the start of its turn;
    ``keen_sight``: pieces never block its line of sight; ``stat``: ``amount`` added to ``stat``.
    """

    ARMOUR = "armour"
    RESIST = "resist"
    MOVE_BONUS = "move_bonus"
    RANGE_BONUS = "range_bonus"
    REGENERATE = "regenerate"
    KEEN_SIGHT = "keen_sight"
    STAT = "stat"


class AbilityKind(StrEnum):
    """Passive abilities always apply; usable ones are activated and then rest a round."""

    PASSIVE = "passive"
    USABLE = "usable"


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


Name = Field(min_length=1, max_length=MAX_NAME)
Text = Field(default="", max_length=MAX_TEXT)
Points = Field(default=0, ge=0, le=MAX_POINTS)


class Area(_Model):
    """The tiles an attack or effect reaches around its target."""

    shape: AreaShape = AreaShape.SINGLE
    size: int = Field(default=0, ge=0, le=MAX_AREA)

    @model_validator(mode="after")
    def _sized(self) -> Area:
        if self.shape in (AreaShape.BLAST, AreaShape.LINE, AreaShape.NOVA) and self.size < 1:
            raise ValueError(f"a {self.shape.value} area needs a size of at least 1")
        return self


class Effect(_Model):
    """One executable effect.

    ``damage`` (amount, stat: the combat comparison applies), ``heal`` (amount, up to the
    starting health), ``move`` (amount: the user moves up to that many tiles to the chosen
    destination), ``push`` (amount: tiles away from the user), ``status`` (status),
    ``cleanse`` (status, or every status when none), ``draw`` (amount), ``discard`` (amount:
    random cards from the hand), ``modify`` (stat, amount: until the end of the round),
    ``token`` (token: placed on each tile of the area).
    """

    kind: EffectKind
    amount: int = Field(default=0, ge=-MAX_EFFECT_AMOUNT, le=MAX_EFFECT_AMOUNT)
    stat: Stat | None = None
    status: Status | None = None
    token: str | None = None
    to: EffectTo = EffectTo.AFFECTED

    @model_validator(mode="after")
    def _fields_for_kind(self) -> Effect:
        k = self.kind
        if k in (EffectKind.DAMAGE, EffectKind.HEAL, EffectKind.MOVE, EffectKind.PUSH, EffectKind.DRAW,
                 EffectKind.DISCARD) and self.amount < 1:
            raise ValueError(f"a {k.value} effect needs an amount of at least 1")
        if k is EffectKind.DAMAGE and (self.stat is None or self.stat is Stat.HEALTH):
            raise ValueError("a damage effect needs the combat stat it uses: intelligence, strength or "
                             "agility")
        if k is EffectKind.MODIFY and (self.stat is None or self.amount == 0):
            raise ValueError("a modify effect needs a stat and a non-zero amount")
        if k is EffectKind.STATUS and self.status is None:
            raise ValueError("a status effect needs the status it applies")
        if k is EffectKind.TOKEN and not self.token:
            raise ValueError("a token effect needs the id of the token it places")
        return self


class Affects(StrEnum):
    """Whose pieces in the area an effect reaches."""

    ENEMIES = "enemies"
    ALLIES = "allies"
    SELF = "self"


class Usable(_Model):
    """Something a character activates: a target, its range and area, and the effects.

    ``affects`` defaults from ``target``: enemies for an enemy or a tile, allies for an ally,
    only the user for self.
    """

    target: TargetKind = TargetKind.SELF
    range: int = Field(default=0, ge=0, le=MAX_RANGE)
    los: bool = True
    area: Area = Field(default_factory=Area)
    affects: Affects | None = None
    effects: list[Effect] = Field(min_length=1, max_length=6)

    @property
    def reaches(self) -> Affects:
        """Whose pieces the effects land on."""
        if self.affects is not None:
            return self.affects
        defaults = {TargetKind.SELF: Affects.SELF, TargetKind.ALLY: Affects.ALLIES}
        return defaults.get(self.target, Affects.ENEMIES)

    @model_validator(mode="after")
    def _target_and_range(self) -> Usable:
        if self.target in (TargetKind.ENEMY, TargetKind.TILE) and self.range < 1:
            raise ValueError(f"aiming at {'an enemy' if self.target is TargetKind.ENEMY else 'a tile'} "
                             "needs a range of at least 1")
        if any(e.kind is EffectKind.MOVE for e in self.effects) and self.target is not TargetKind.TILE:
            raise ValueError("a move effect takes the user to the target tile: use target: tile")
        return self


class AttackProfile(_Model):
    """One attack (Basic, Heavy or Special) of an equipment card."""

    damage: int = Field(ge=1, le=MAX_EFFECT_AMOUNT)
    range: int = Field(default=1, ge=1, le=MAX_RANGE)
    los: bool = True
    area: Area = Field(default_factory=Area)
    stat: CombatStat | None = None
    effects: list[Effect] = Field(default_factory=list, max_length=4)

    @model_validator(mode="after")
    def _no_damage_effects(self) -> AttackProfile:
        if any(e.kind is EffectKind.DAMAGE for e in self.effects):
            raise ValueError("an attack's extra effects cannot deal damage: raise its damage instead")
        return self


class Passive(_Model):
    """A standing effect (see :class:`PassiveKind`)."""

    kind: PassiveKind
    amount: int = Field(default=0, ge=-MAX_EFFECT_AMOUNT, le=MAX_EFFECT_AMOUNT)
    status: Status | None = None
    stat: Stat | None = None

    @model_validator(mode="after")
    def _fields(self) -> Passive:
        if self.kind is PassiveKind.RESIST and self.status is None:
            raise ValueError("a resist passive needs the status it resists")
        if self.kind is PassiveKind.STAT and (self.stat is None or self.amount == 0):
            raise ValueError("a stat passive needs a stat and a non-zero amount")
        if self.kind in (PassiveKind.ARMOUR, PassiveKind.MOVE_BONUS, PassiveKind.RANGE_BONUS,
                         PassiveKind.REGENERATE) and self.amount < 1:
            raise ValueError(f"a {self.kind.value} passive needs an amount of at least 1")
        return self


class Requirement(_Model):
    """What a character needs to take a card: a piece type, a minimum stat, a constitution."""

    piece_type: PieceType | None = None
    stat: CombatStat | None = None
    at_least: int = Field(default=0, ge=0, le=MAX_STAT)
    constitution: Constitution | None = None


class StatBlock(_Model):
    """Health and the three combat statistics."""

    health: int = Field(default=0, ge=0, le=MAX_STAT)
    intelligence: int = Field(default=0, ge=0, le=MAX_STAT)
    strength: int = Field(default=0, ge=0, le=MAX_STAT)
    agility: int = Field(default=0, ge=0, le=MAX_STAT)

    def get(self, stat: Stat | CombatStat) -> int:
        """One statistic by name.

        >>> StatBlock(strength=3).get(Stat.STRENGTH)
        3
        """
        return int(getattr(self, stat.value))


class EquipmentSpec(_Model):
    """An equipment card."""

    id: str = Field(pattern=ID_PATTERN, max_length=64)
    name: str = Name
    side: Side
    slots: int = Field(default=1, ge=1, le=MAX_SLOTS)
    stat: CombatStat
    basic: AttackProfile | None = None
    heavy: AttackProfile | None = None
    special: AttackProfile | None = None
    passives: list[Passive] = Field(default_factory=list, max_length=4)
    requires: Requirement | None = None
    points: int = Points
    text: str = Text

    @model_validator(mode="after")
    def _does_something(self) -> EquipmentSpec:
        if not (self.basic or self.heavy or self.special or self.passives):
            raise ValueError("equipment needs at least one attack profile (basic, heavy, special) or a "
                             "passive")
        return self

    def profile(self, kind: AttackKind) -> AttackProfile | None:
        """The Basic, Heavy or Special profile, if the card has one."""
        return {AttackKind.BASIC: self.basic, AttackKind.HEAVY: self.heavy,
                AttackKind.SPECIAL: self.special}[kind]


class AbilitySpec(_Model):
    """An ability card (or the ability printed on a hero or a boss piece)."""

    id: str = Field(pattern=ID_PATTERN, max_length=64)
    name: str = Name
    side: Side
    kind: AbilityKind
    passives: list[Passive] = Field(default_factory=list, max_length=4)
    use: Usable | None = None
    takes_action: bool = False
    expend: int = Field(default=0, ge=0, le=10)
    requires: Requirement | None = None
    points: int = Points
    text: str = Text

    @model_validator(mode="after")
    def _kind_fields(self) -> AbilitySpec:
        wrong = self.use or not self.passives or self.takes_action or self.expend
        if self.kind is AbilityKind.PASSIVE and wrong:
            raise ValueError("a passive ability lists passives, and has no use, takes_action or expend")
        if self.kind is AbilityKind.USABLE and not self.use:
            raise ValueError("a usable ability needs a use: (target, range, effects)")
        return self


class PieceSpec(_Model):
    """A boss piece: what it adds to the boss, its tiles as axial offsets, slots, effects, points."""

    id: str = Field(pattern=ID_PATTERN, max_length=64)
    name: str = Name
    type: PieceType
    stats: StatBlock = Field(default_factory=StatBlock)
    shape: list[tuple[int, int]] = Field(default_factory=list, max_length=MAX_SHAPE_TILES)
    slots: int = Field(default=0, ge=0, le=MAX_SLOTS)
    passives: list[Passive] = Field(default_factory=list, max_length=4)
    ability: AbilitySpec | None = None
    points: int = Points
    text: str = Text

    @model_validator(mode="after")
    def _shape(self) -> PieceSpec:
        if len(set(self.shape)) != len(self.shape):
            raise ValueError("shape lists a tile offset twice")
        if any(abs(q) > 4 or abs(r) > 4 or abs(q + r) > 4 for q, r in self.shape):
            raise ValueError("shape offsets must be within 4 tiles of the anchor")
        if self.ability and self.ability.side is not Side.BOSS:
            raise ValueError("a boss piece's ability must have side: boss")
        return self


class FeatSpec(_Model):
    """A hero's heroic feat: costs expended cards, is not an action."""

    name: str = Name
    use: Usable
    text: str = Text


class HeroSpec(_Model):
    """A hero card."""

    id: str = Field(pattern=ID_PATTERN, max_length=64)
    name: str = Name
    stats: StatBlock
    feat: FeatSpec
    feat_cost: int = Field(ge=0, le=10)
    slots: int = Field(ge=0, le=MAX_SLOTS)
    constitution: Constitution
    ability: AbilitySpec
    points: int = Points
    text: str = Text

    @model_validator(mode="after")
    def _alive(self) -> HeroSpec:
        if self.stats.health < 1:
            raise ValueError("a hero needs at least 1 health")
        if self.ability.side is not Side.HERO:
            raise ValueError("a hero's ability must have side: hero")
        return self


class MoveSpec(_Model):
    """A move card: up to ``tiles`` tiles; it cannot be played when fewer than ``minimum`` are allowed."""

    tiles: int = Field(ge=1, le=MAX_RANGE)
    minimum: int = Field(default=0, ge=0, le=MAX_RANGE)


class AttackCardSpec(_Model):
    """An attack card: which profile it uses and what it adds."""

    profile: AttackKind
    bonus_damage: int = Field(default=0, ge=-5, le=5)
    bonus_range: int = Field(default=0, ge=-5, le=5)
    stat_bonus: int = Field(default=0, ge=-5, le=5)


class ActionCardSpec(_Model):
    """An action card: exactly one of ``move``, ``attack`` or ``item`` matching ``type``."""

    id: str = Field(pattern=ID_PATTERN, max_length=64)
    name: str = Name
    set: CardSet
    type: CardType
    copies: int = Field(default=DEFAULT_COPIES, ge=1, le=MAX_COPIES)
    move: MoveSpec | None = None
    attack: AttackCardSpec | None = None
    item: Usable | None = None
    text: str = Text

    @model_validator(mode="after")
    def _one_body(self) -> ActionCardSpec:
        bodies = {CardType.MOVE: self.move, CardType.ATTACK: self.attack, CardType.ITEM: self.item}
        if bodies[self.type] is None:
            raise ValueError(f"a {self.type.value} card needs a '{self.type.value}:' section")
        extra = [t.value for t, b in bodies.items() if b is not None and t is not self.type]
        if extra:
            raise ValueError(f"a {self.type.value} card cannot also have {', '.join(extra)}")
        return self


class TokenSpec(_Model):
    """A token on the board: a death token, or one a card creates."""

    id: str = Field(pattern=ID_PATTERN, max_length=64)
    name: str = Name
    blocks_sight: bool = False
    blocks_movement: bool = False
    rounds: int | None = Field(default=None, ge=1, le=10)
    text: str = Text


class MapSpec(_Model):
    """A board: its size, obstacle tiles (labels like ``C4``) and recommended player count."""

    id: str = Field(pattern=ID_PATTERN, max_length=64)
    name: str = Name
    width: int = Field(ge=4, le=MAX_BOARD_SIDE)
    height: int = Field(ge=4, le=MAX_BOARD_SIDE)
    players_min: int = Field(default=2, ge=2, le=5)
    players_max: int = Field(default=5, ge=2, le=5)
    obstacles: list[str] = Field(default_factory=list)
    text: str = Text

    @model_validator(mode="after")
    def _tiles_on_board(self) -> MapSpec:
        from rules.boss_fight.hexgrid import TileLabelError, parse_label

        if self.players_min > self.players_max:
            raise ValueError("players_min is larger than players_max")
        for label in self.obstacles:
            try:
                parse_label(label, self.width, self.height)
            except TileLabelError as exc:
                raise ValueError(f"obstacle {exc.message}") from exc
        if len(set(self.obstacles)) != len(self.obstacles):
            raise ValueError("an obstacle tile is listed twice")
        return self


class EquipOn(_Model):
    """A boss's equipment and, optionally, the piece it is attached to."""

    id: str
    piece: str | None = None


class BossBuild(_Model):
    """A boss as the player builds it: pieces, equipment, abilities and a deck (card id -> copies)."""

    name: str = Name
    pieces: list[str] = Field(max_length=40)
    equipment: list[EquipOn] = Field(default_factory=list, max_length=20)
    abilities: list[str] = Field(default_factory=list, max_length=20)
    deck: dict[str, int]

    @model_validator(mode="before")
    @classmethod
    def _plain_ids(cls, data: Any) -> Any:
        if isinstance(data, dict) and isinstance(data.get("equipment"), list):
            data = dict(data)
            data["equipment"] = [{"id": e} if isinstance(e, str) else e for e in data["equipment"]]
        return data


class HeroBuild(_Model):
    """A hero as the player builds it."""

    hero: str
    name: str | None = Field(default=None, max_length=MAX_NAME)
    equipment: list[str] = Field(default_factory=list, max_length=10)
    abilities: list[str] = Field(default_factory=list, max_length=20)
    deck: dict[str, int]


class BossPreset(_Model):
    """A ready boss."""

    id: str = Field(pattern=ID_PATTERN, max_length=64)
    build: BossBuild
    text: str = Text


class HeroPreset(_Model):
    """A ready hero."""

    id: str = Field(pattern=ID_PATTERN, max_length=64)
    build: HeroBuild
    text: str = Text


class Pack(_Model):
    """One content file."""

    name: str = Name
    notes: str = Field(default="", max_length=2000)
    recommended_points: int | None = Field(default=None, ge=1, le=5000)
    pieces: list[PieceSpec] = Field(default_factory=list)
    heroes: list[HeroSpec] = Field(default_factory=list)
    equipment: list[EquipmentSpec] = Field(default_factory=list)
    abilities: list[AbilitySpec] = Field(default_factory=list)
    actions: list[ActionCardSpec] = Field(default_factory=list)
    tokens: list[TokenSpec] = Field(default_factory=list)
    maps: list[MapSpec] = Field(default_factory=list)
    boss_presets: list[BossPreset] = Field(default_factory=list)
    hero_presets: list[HeroPreset] = Field(default_factory=list)


_SECTIONS = ("pieces", "heroes", "equipment", "abilities", "actions", "tokens", "maps", "boss_presets",
             "hero_presets")


class Catalog(BaseModel):
    """Every loaded card, map and preset by id, with the problems of the files that were skipped."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    pieces: dict[str, PieceSpec] = Field(default_factory=dict)
    heroes: dict[str, HeroSpec] = Field(default_factory=dict)
    equipment: dict[str, EquipmentSpec] = Field(default_factory=dict)
    abilities: dict[str, AbilitySpec] = Field(default_factory=dict)
    actions: dict[str, ActionCardSpec] = Field(default_factory=dict)
    tokens: dict[str, TokenSpec] = Field(default_factory=dict)
    maps: dict[str, MapSpec] = Field(default_factory=dict)
    boss_presets: dict[str, BossPreset] = Field(default_factory=dict)
    hero_presets: dict[str, HeroPreset] = Field(default_factory=dict)
    recommended_points: int | None = None
    errors: list[str] = Field(default_factory=list)

    def get(self, section: str, key: str, *, prefix: bool = True) -> Any:
        """A card, map or preset by id, name or the unique start of either (ignoring case);
        :class:`NotFoundError` lists the known ones, or the several a start could be. ``prefix=False``
        takes whole ids and names only.

        >>> read_catalog().get("maps", "Crossroads").id
        'crossroads'
        >>> read_catalog().get("boss_presets", "bone").build.name
        'Bone Colossus'
        """
        table: dict[str, Any] = getattr(self, section)
        wanted = key.strip().lower()
        if wanted in table:
            return table[wanted]

        def names(item_id: str, item: Any) -> list[str]:
            name = getattr(item, "name", None) or getattr(getattr(item, "build", None), "name", None)
            found = [item_id, item_id.replace("_", " ")]
            return [*found, name.lower()] if isinstance(name, str) else found

        for item_id, item in table.items():
            if wanted in names(item_id, item):
                return item
        # The start of a name is enough when only one thing starts so ("bone" is the Bone Colossus).
        starts = [i for i, it in table.items() if wanted and any(n.startswith(wanted) for n in names(i, it))]
        if prefix and len(starts) == 1:
            return table[starts[0]]
        what = section.replace("_", " ")
        if prefix and starts:
            raise NotFoundError(_("'{key}' could be several {what}: {names}. Type more of it.",
                                  key=key.strip()[:40],
                                  what=what, names=", ".join(sorted(starts)[:12])))
        known = ", ".join(sorted(table)[:12])
        raise NotFoundError(_("There is no '{key}' in {what}. Known: {known}.", key=key.strip()[:40],
                              what=what,
                              known=known))


def _where(data: Any, loc: tuple[Any, ...]) -> str:
    """A field path that names the card (``equipment[war_axe].basic.damage``) when it can."""
    parts: list[str] = []
    node = data
    for part in loc:
        if isinstance(part, int) and isinstance(node, list) and 0 <= part < len(node):
            node = node[part]
            ident = node.get("id") if isinstance(node, dict) else None
            last = parts[-1] if parts else ""
            parts[-1:] = [f"{last}[{ident or part}]"]
            continue
        parts.append(str(part))
        node = node.get(part) if isinstance(node, dict) else None
    return ".".join(parts) or "(top level)"


def parse_pack(data: Any, *, source: str = "<pack>") -> Pack:
    """Validate one parsed pack; :class:`ContentError` names the file, field and reason.

    >>> try:
    ...     bad_map = {"id": "m", "name": "M", "width": 40, "height": 5}
    ...     parse_pack({"name": "x", "maps": [bad_map]}, source="x.yaml")
    ... except ContentError as exc:
    ...     print(exc)
    x.yaml: field maps[m].width: Input should be less than or equal to 30.
    """
    try:
        return Pack.model_validate(data)
    except ValidationError as exc:
        problems = "; ".join(f"field {_where(data, tuple(e['loc']))}: {e['msg']}"
                             for e in exc.errors(include_url=False))
        raise ContentError(f"{source}: {problems}.") from exc


def _check_references(pack: Pack, catalog: Catalog, source: str) -> list[str]:
    """Problems with ids a pack uses but nobody defines (tokens in effects, cards in presets)."""
    problems = []
    tokens = set(catalog.tokens) | {t.id for t in pack.tokens}

    def effects_of(usable: Usable | None) -> list[Effect]:
        return list(usable.effects) if usable else []

    for sec in ("equipment", "abilities", "actions", "heroes", "pieces"):
        for item in getattr(pack, sec):
            effects: list[Effect] = []
            if isinstance(item, EquipmentSpec):
                for prof in (item.basic, item.heavy, item.special):
                    effects += list(prof.effects) if prof else []
            elif isinstance(item, AbilitySpec):
                effects += effects_of(item.use)
            elif isinstance(item, ActionCardSpec):
                effects += effects_of(item.item)
            elif isinstance(item, HeroSpec):
                effects += effects_of(item.feat.use) + effects_of(item.ability.use)
            elif isinstance(item, PieceSpec) and item.ability:
                effects += effects_of(item.ability.use)
            for e in effects:
                if e.kind is EffectKind.TOKEN and e.token not in tokens:
                    problems.append(f"{source}: field {sec}[{item.id}]: token '{e.token}' is not defined")
    return problems


def read_catalog(directory: Path | None = None) -> Catalog:
    """Read every pack under ``directory`` (the shipped data by default), presets not yet built.

    Files load in name order; a file that does not validate, or that reuses an id an earlier file
    defined, is skipped and its problem recorded in ``catalog.errors``.

    :func:`rules.boss_fight.loading.load_catalog` also builds every preset and drops the broken
    ones; use that.

    >>> c = read_catalog()
    >>> len(c.pieces) >= 20, len(c.heroes) >= 8, len(c.maps) >= 4
    (True, True, True)
    """
    folder = directory or DATA_DIR
    catalog = Catalog()
    packs: list[tuple[str, Pack]] = []
    for path in sorted(folder.rglob("*.y*ml")):
        source = str(path.relative_to(folder))
        try:
            packs.append((source, parse_pack(read_yaml(path), source=source)))
        except ContentError as exc:
            catalog.errors.append(exc.message.replace(str(path), source))
    # Tokens first, from every file, so a card may use a token another file defines.
    every_token = Catalog(tokens={t.id: t for _, p in packs for t in p.tokens})
    for source, pack in packs:
        problems = _check_references(pack, every_token, source)
        for sec in _SECTIONS:
            ids = [item.id for item in getattr(pack, sec)]
            clash = sorted({i for i in ids if ids.count(i) > 1 or i in getattr(catalog, sec)})
            if clash:
                problems.append(f"{source}: field {sec}: id already used: {', '.join(clash)}")
        if problems:
            catalog.errors.extend(problems)
            continue
        for sec in _SECTIONS:
            getattr(catalog, sec).update({item.id: item for item in getattr(pack, sec)})
        if pack.recommended_points and catalog.recommended_points is None:
            catalog.recommended_points = pack.recommended_points
    return catalog
