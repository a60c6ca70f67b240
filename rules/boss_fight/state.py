"""The game state of Boss Fight and the actions a player can take, as JSON-ready pydantic models.

A state carries everything it needs (the map, the card texts its decks use, each character's
equipment and abilities), so a stored game keeps working when content files change later.

>>> sorted(GameSettings().model_dump().items())  # doctest: +NORMALIZE_WHITESPACE
[('defenders_choose', False), ('feats_per_turn', None), ('free_walk', False), ('points_limit', None),
 ('round_limit', None)]
"""

from __future__ import annotations

from enum import StrEnum
from functools import lru_cache
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from rules.boss_fight.content import (
    AbilitySpec,
    ActionCardSpec,
    Constitution,
    EquipmentSpec,
    FeatSpec,
    MapSpec,
    Passive,
    PassiveKind,
    Side,
    Stat,
    StatBlock,
    Status,
    TokenSpec,
)
from rules.boss_fight.hexgrid import Hex, HexField
from rules.i18n import Message, _

SCHEMA_VERSION = 1
DEFAULT_ROUND_LIMIT: int | None = None
"""Rounds a game lasts at most unless its settings say otherwise: none, as in the seed (see
:class:`GameSettings`)."""
BOSS_ID = "boss"
"""The boss is always the character with this id."""


class Phase(StrEnum):
    """Where the game is: placing pieces, playing rounds, or over."""

    SETUP = "setup"
    PLAYING = "playing"
    OVER = "over"


class Outcome(StrEnum):
    """Who won. ``draw`` when the last boss and the last hero fall in the same step."""

    HEROES = "heroes"
    BOSS = "boss"
    DRAW = "draw"


class GameSettings(BaseModel):
    """Options agreed before the game.

    ``free_walk``: the seed's optional action "walk 2 tiles" that needs no card (off by default).
    ``defenders_choose``: each character decides whether to roll for defence (see
    :class:`SetDefence`); otherwise the engine always rolls, since the roll can only help.
    ``feats_per_turn``: how many heroic feats a hero may use in one turn; None (the default) sets
    no limit, as in the seed, where the cost (cards expended from the discard pile) is the limit.
    ``round_limit``: None (the default) plays as the seed does, until one side is wiped out. A
    table that wants an end that comes sets a number: after that many rounds the side that kept
    the larger share of its starting health wins (equal shares: a draw). A stalled fight without
    a limit still ends: in a draw when nobody can act for 3 rounds, or when both sides agree.
    """

    model_config = ConfigDict(extra="forbid")

    points_limit: int | None = Field(default=None, ge=1, le=5000)
    free_walk: bool = False
    defenders_choose: bool = False
    feats_per_turn: int | None = Field(default=None, ge=0, le=5)
    round_limit: int | None = Field(default=DEFAULT_ROUND_LIMIT, ge=1, le=99)


class Piles(BaseModel):
    """A character's action cards by zone (card ids). The deck's top is the end of the list."""

    deck: list[str] = Field(default_factory=list)
    hand: list[str] = Field(default_factory=list)
    discard: list[str] = Field(default_factory=list)
    expended: list[str] = Field(default_factory=list)
    used: list[str] = Field(default_factory=list)

    def total(self) -> int:
        """How many cards in every pile together (always the deck size).

        >>> Piles(deck=["walk"], hand=["run", "walk"]).total()
        3
        """
        return len(self.deck) + len(self.hand) + len(self.discard) + len(self.expended) + len(self.used)


class StatMod(BaseModel):
    """A statistic change that lasts until the end of the round."""

    stat: Stat
    amount: int
    source: str


class StatusMark(BaseModel):
    """A status on a character. ``active`` once the character's next turn has begun."""

    status: Status
    active: bool = False


class BoardToken(BaseModel):
    """A token on a tile: a death token, or one a card placed."""

    token: str
    name: str
    tile: HexField
    blocks_sight: bool = False
    blocks_movement: bool = False
    rounds_left: int | None = None
    of: str | None = None


class Character(BaseModel):
    """The boss or a hero, as built and as it stands now."""

    id: str
    name: str
    side: Side
    controller: str | None = None
    stats: StatBlock
    health: int
    mods: list[StatMod] = Field(default_factory=list)
    statuses: list[StatusMark] = Field(default_factory=list)
    shape: list[tuple[int, int]] = Field(default_factory=lambda: [(0, 0)])
    anchor: HexField | None = None
    rotation: int = Field(default=0, ge=0, le=5)
    legs: int | None = None
    equipment: list[EquipmentSpec] = Field(default_factory=list)
    abilities: list[AbilitySpec] = Field(default_factory=list)
    passives: list[Passive] = Field(default_factory=list)
    feat: FeatSpec | None = None
    feat_cost: int = 0
    constitution: Constitution | None = None
    piles: Piles = Field(default_factory=Piles)
    ability_used_round: dict[str, int] = Field(default_factory=dict)
    seen_last_turn: list[str] = Field(default_factory=list)
    seen_this_turn: list[str] = Field(default_factory=list)
    defends: bool = True
    points: int = 0
    dead: bool = False
    withdrawn: bool = False
    """A hero its player took out of play (:class:`Withdraw`): ``dead`` is set too, since it is out
    of the fight in every way a fallen hero is, but it leaves no death token."""
    pieces: list[str] = Field(default_factory=list)

    @property
    def alive(self) -> bool:
        return not self.dead

    @property
    def max_health(self) -> int:
        """The built health; healing never goes above it."""
        return self.stats.health

    @property
    def initials(self) -> str:
        """Up to two letters for a token on the board.

        >>> Character(id="h", name="Mira Vale", side=Side.HERO, stats=StatBlock(health=5), health=5).initials
        'MV'
        """
        words = [w for w in self.name.replace("-", " ").split() if w]
        if len(words) >= 2:
            return (words[0][0] + words[1][0]).upper()
        return self.name[:2].upper() if self.name else "?"

    def tiles(self) -> list[Hex]:
        """The tiles the piece covers (empty until placed, or once dead)."""
        if self.anchor is None or self.dead:
            return []
        return pose_tiles(self.shape, self.anchor, self.rotation)

    def current(self, stat: Stat | str) -> int:
        """A statistic with this round's modifiers (health is the current health), never below 0."""
        stat = Stat(stat)
        if stat is Stat.HEALTH:
            return self.health
        return max(0, self.stats.get(stat) + sum(m.amount for m in self.mods if m.stat is stat))

    def has(self, status: Status) -> bool:
        """Whether the status is on the character."""
        status = Status(status)
        return any(m.status is status for m in self.statuses)

    def active_status(self, status: Status) -> bool:
        """Whether the status is on and its "next turn" is this one."""
        return any(m.status is status and m.active for m in self.statuses)

    def passive_total(self, kind: PassiveKind) -> int:
        """The summed ``amount`` of one kind of passive."""
        return sum(p.amount for p in self.passives if p.kind is kind)

    def has_passive(self, kind: PassiveKind) -> bool:
        return any(p.kind is kind for p in self.passives)

    def resists(self, status: Status) -> bool:
        return any(p.kind is PassiveKind.RESIST and p.status is status for p in self.passives)


def pose_tiles(shape: list[tuple[int, int]], anchor: Hex, rotation: int) -> list[Hex]:
    """The tiles of a shape (axial offsets) placed at ``anchor`` and turned ``rotation`` sixths.

    >>> [h.label() for h in pose_tiles([(0, 0), (1, 0)], Hex.from_label("B2"), 0)]
    ['B2', 'C3']
    """
    turned = _turned(tuple(shape), rotation % 6)
    return [Hex(anchor.q + q, anchor.r + r, anchor.s - q - r) for q, r in turned]


@lru_cache(maxsize=1024)
def _turned(shape: tuple[tuple[int, int], ...], rotation: int) -> tuple[tuple[int, int], ...]:
    out = []
    for q, r in shape:
        h = Hex.axial(q, r).rotate(rotation)
        out.append((h.q, h.r))
    return tuple(out)


# ---- actions ---------------------------------------------------------------------------------


class _Action(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class PlaceBoss(_Action):
    """Set-up: the boss player puts the boss down (its anchor tile and rotation 0-5)."""

    kind: Literal["place_boss"] = "place_boss"
    anchor: HexField
    rotation: int = Field(default=0, ge=0, le=5)


class PlaceHero(_Action):
    """Set-up: a hero's player puts the hero down."""

    kind: Literal["place_hero"] = "place_hero"
    character: str
    tile: HexField


class StartFight(_Action):
    """Set-up is over: round 1 begins (initiative, first draws).

    Only for a game made with ``hold_start`` (see :func:`~rules.boss_fight.engine.new_game`), once
    every piece is on the board; otherwise the last placement starts round 1 by itself.
    """

    kind: Literal["start_fight"] = "start_fight"


class Move(_Action):
    """Play a move card (or the free walk when ``card`` is None and the setting allows it).

    A hero moves to ``to``. The boss names one of its tiles (``pivot``) that ends on ``to``,
    and the rotation it ends in (``rotation``; its current one when omitted).
    """

    kind: Literal["move"] = "move"
    card: str | None
    to: HexField
    pivot: HexField | None = None
    rotation: int | None = Field(default=None, ge=0, le=5)


class Attack(_Action):
    """Play an attack card with an equipment card against the enemy on ``target``."""

    kind: Literal["attack"] = "attack"
    card: str
    equipment: str
    target: HexField


class UseItem(_Action):
    """Play an item card (it goes to the used pile); ``target`` as its text needs."""

    kind: Literal["use_item"] = "use_item"
    card: str
    target: HexField | None = None


class Sacrifice(_Action):
    """Use an action to discard a card from the hand."""

    kind: Literal["sacrifice"] = "sacrifice"
    card: str


class UseAbility(_Action):
    """Use a usable ability; one that takes an action also sacrifices ``sacrifice`` from the hand."""

    kind: Literal["use_ability"] = "use_ability"
    ability: str
    target: HexField | None = None
    sacrifice: str | None = None


class HeroicFeat(_Action):
    """A hero's heroic feat: expends cards from the discard pile, and is not an action."""

    kind: Literal["heroic_feat"] = "heroic_feat"
    target: HexField | None = None


class Withdraw(_Action):
    """A hero's player takes the hero out of play, at any time during the fight.

    Not a turn action and not in the seed: it lets a player leave a play-by-post fight without
    ending it for the others. The hero is out as a fallen one is (no turn, no target, no draw);
    the fight ends as usual when no hero is left.
    """

    kind: Literal["withdraw"] = "withdraw"
    character: str


class SetDefence(_Action):
    """With ``defenders_choose`` on: whether ``character`` rolls for defence from now on."""

    kind: Literal["set_defence"] = "set_defence"
    character: str
    roll: bool


Action = Annotated[
    PlaceBoss | PlaceHero | StartFight | Move | Attack | UseItem | Sacrifice | UseAbility | HeroicFeat
    | SetDefence | Withdraw,
    Field(discriminator="kind"),
]


class DieRoll(BaseModel):
    """One D6 the engine rolled, and why."""

    who: str
    why: Message
    value: int


class GameState(BaseModel):
    """A whole game: settings, board, characters with their cards, tokens, round and turn."""

    schema_version: int = SCHEMA_VERSION
    settings: GameSettings = Field(default_factory=GameSettings)
    board: MapSpec
    obstacles: list[HexField] = Field(default_factory=list)
    cards: dict[str, ActionCardSpec] = Field(default_factory=dict)
    token_specs: dict[str, TokenSpec] = Field(default_factory=dict)
    characters: list[Character]
    tokens: list[BoardToken] = Field(default_factory=list)
    phase: Phase = Phase.SETUP
    round: int = 0
    order: list[str] = Field(default_factory=list)
    turn_index: int = 0
    active: str | None = None
    actions_left: int = 0
    attacks_made: int = 0
    feats_used: int = 0
    outcome: Outcome | None = None
    conceded: Side | None = None
    """The side that gave up, when the fight ended that way (see ``engine.concede``)."""
    idle_rounds: int = 0
    step: int = 0
    hold_start: bool = False
    """Whether round 1 waits for :class:`StartFight` after the last placement (False in games
    stored before the flag existed, which started at once)."""

    def is_over(self) -> bool:
        """Whether the game has ended (a side wiped out, the round limit, or nobody able to act)."""
        return self.phase is Phase.OVER

    def character(self, key: str) -> Character:
        """A character by id or name (ignoring case); :class:`~rules.errors.NotFoundError` otherwise."""
        from rules.errors import NotFoundError

        wanted = key.strip().lower()
        for c in self.characters:
            if c.id == wanted or c.name.lower() == wanted:
                return c
        names = ", ".join(c.name for c in self.characters)
        raise NotFoundError(_("No character called '{key}' in this game: {names}.", key=key.strip()[:40],
                              names=names))

    @property
    def boss(self) -> Character:
        return self.characters[0]

    @property
    def heroes(self) -> list[Character]:
        return self.characters[1:]

    @property
    def current(self) -> Character | None:
        """The character whose turn it is (or who places next during set-up)."""
        return self.character(self.active) if self.active else None

    def occupant(self, tile: Hex) -> Character | None:
        """The living piece on ``tile``, if any."""
        for c in self.characters:
            if tile in c.tiles():
                return c
        return None
