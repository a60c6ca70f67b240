"""A Crusade campaign's state: each player's Order of Battle and its units' Crusade cards.

Pure pydantic models, frozen: a change makes a new state (see :mod:`rules.crusade.engine`).

>>> unit = CrusadeUnit(key="u1", name="Intercessors", points=80, xp=7)
>>> unit.rank.label, unit.crusade_points
('Blooded', 0)
"""

from __future__ import annotations

from enum import Enum, StrEnum

from pydantic import BaseModel, ConfigDict, Field

from rules.crusade.words import Said
from rules.i18n import Message, _

#: What a new Order of Battle starts with, and the Requisition Points it may hold at most.
START_SUPPLY_LIMIT = 1000
START_RP = 5
MAX_RP = 10
#: Battle Scars a unit may carry at once.
MAX_SCARS = 3
#: The XP a unit that is not a CHARACTER stops at, unless Legendary Veterans lifted it.
NON_CHARACTER_XP_CAP = 30
#: Limits that keep a stored campaign small.
MAX_FORCES = 40
MAX_UNITS = 120
MAX_HONOURS = 12
MAX_NAME = 80
MAX_TEXT = 200
MAX_LOG = 200
MAX_PENDING = 30


class Rank(Enum):
    """A unit's rank, from its XP: (label, lowest XP)."""

    BATTLE_READY = ("Battle-ready", 0)
    BLOODED = ("Blooded", 6)
    BATTLE_HARDENED = ("Battle-hardened", 16)
    HEROIC = ("Heroic", 31)
    LEGENDARY = ("Legendary", 51)

    @property
    def label(self) -> str:
        return self.value[0]

    @property
    def floor(self) -> int:
        return self.value[1]

    @classmethod
    def of(cls, xp: int) -> Rank:
        """The rank ``xp`` reaches.

        >>> Rank.of(5).label, Rank.of(6).label, Rank.of(30).label, Rank.of(51).label
        ('Battle-ready', 'Blooded', 'Battle-hardened', 'Legendary')
        """
        for rank in _DESCENDING:
            if xp >= rank.floor:
                return rank
        return cls.BATTLE_READY

    def index(self) -> int:
        return list(Rank).index(self)


_DESCENDING = tuple(reversed(Rank))


class Role(StrEnum):
    """The keywords Crusade looks at."""

    CHARACTER = "character"
    EPIC_HERO = "epic-hero"
    TITANIC = "titanic"
    FORTIFICATION = "fortification"
    SWARM = "swarm"
    SUMMONED = "summoned"


#: Roles whose units never gain experience.
NO_XP_ROLES = frozenset({Role.EPIC_HERO, Role.FORTIFICATION, Role.SWARM, Role.SUMMONED})


class HonourKind(StrEnum):
    TRAIT = "trait"
    WEAPON = "weapon"
    RELIC = "relic"
    OTHER = "other"


class Honour(BaseModel):
    """A Battle Honour: a name from a table or typed freely, and for a relic its tier (1-3)."""

    model_config = ConfigDict(frozen=True)

    name: str = Field(max_length=MAX_TEXT)
    kind: HonourKind = HonourKind.OTHER
    tier: int = Field(default=0, ge=0, le=3)
    note: str = Field(default="", max_length=MAX_TEXT)


class CrusadeUnit(BaseModel):
    """One unit's Crusade card."""

    model_config = ConfigDict(frozen=True)

    key: str
    name: str = Field(max_length=MAX_NAME)
    points: int | None = Field(default=0, ge=0)
    """Its points; None when its list gave none (counted as 0 against the Supply Limit and shown
    as unknown, never as "0 pts")."""
    roles: frozenset[Role] = frozenset()
    xp: int = Field(default=0, ge=0)
    honours: tuple[Honour, ...] = ()
    scars: tuple[str, ...] = ()
    kills: int = Field(default=0, ge=0)
    battles: int = Field(default=0, ge=0)
    wins: int = Field(default=0, ge=0)
    legendary_veterans: bool = False
    #: Battle Honours its ranks granted that the player has not chosen yet.
    honours_due: int = Field(default=0, ge=0)

    @property
    def rank(self) -> Rank:
        return Rank.of(self.xp)

    @property
    def gains_xp(self) -> bool:
        return not (self.roles & NO_XP_ROLES)

    @property
    def xp_cap(self) -> int | None:
        """The most XP it may hold (None: no cap)."""
        if Role.CHARACTER in self.roles or self.legendary_veterans:
            return None
        return NON_CHARACTER_XP_CAP

    @property
    def crusade_points(self) -> int:
        """+1 per Battle Honour (+2 on a TITANIC unit), a relic its tier, -1 per Battle Scar."""
        total = 0
        for honour in self.honours:
            if honour.kind is HonourKind.RELIC and honour.tier:
                total += honour.tier
            else:
                total += 2 if Role.TITANIC in self.roles else 1
        return total - len(self.scars)


class Force(BaseModel):
    """One player's Order of Battle."""

    model_config = ConfigDict(frozen=True)

    player_id: int
    player_name: str = Field(max_length=MAX_NAME)
    name: str = Field(max_length=MAX_NAME)
    faction: str = Field(default="", max_length=MAX_NAME)
    supply_limit: int = START_SUPPLY_LIMIT
    rp: int = Field(default=START_RP, ge=0, le=MAX_RP)
    battles: int = 0
    victories: int = 0
    units: tuple[CrusadeUnit, ...] = ()
    next_key: int = 1
    #: Requisitions bought, by name (for the ones with a limit).
    bought: dict[str, int] = Field(default_factory=dict)

    @property
    def supply_used(self) -> int:
        return sum(u.points or 0 for u in self.units)

    def tally(self, player: str | None = None) -> Message:
        """The force's line of tallies (supply, RP, battles, victories, Crusade Points), as every
        view of it says it: the Discord reply, the picture and the web page. ``player``: the
        player's name as the view shows it (made inert for Discord), else as stored."""
        return _(
            "{player} · Supply {used}/{limit} · RP {rp} · Battles {battles} · Victories {victories} · "
            "Crusade Points {points}",
            player=self.player_name if player is None else player,
            used=self.supply_used,
            limit=self.supply_limit,
            rp=self.rp,
            battles=self.battles,
            victories=self.victories,
            points=self.crusade_points,
        )

    @property
    def unpriced(self) -> int:
        """How many of its units have no points (their list gave none)."""
        return sum(1 for u in self.units if u.points is None)

    @property
    def crusade_points(self) -> int:
        return sum(u.crusade_points for u in self.units)

    def unit(self, key: str) -> CrusadeUnit | None:
        return next((u for u in self.units if u.key == key), None)


class Result(StrEnum):
    WIN = "win"
    DRAW = "draw"
    LOSS = "loss"


class OutOfAction(BaseModel):
    """One destroyed unit's Out of Action test: the roll, and for a 1 what the player chose."""

    model_config = ConfigDict(frozen=True)

    unit: str
    roll: int
    choice: str = ""  # "", "scar" or "blow" once chosen

    @property
    def failed(self) -> bool:
        return self.roll == 1


class Battle(BaseModel):
    """A battle a player recorded: what happened, and how far its post-battle sequence went."""

    model_config = ConfigDict(frozen=True)

    id: int
    player_id: int
    opponent_id: int
    opponent_name: str = Field(default="", max_length=MAX_NAME)
    result: Result
    took_part: tuple[str, ...] = ()
    destroyed: tuple[str, ...] = ()
    kills: dict[str, int] = Field(default_factory=dict)
    marked: str = ""
    #: "details" (the player is choosing), "confirm" (waits on the opponent), "done", "disputed".
    stage: str = "details"
    tests: tuple[OutOfAction, ...] = ()
    #: What the sequence did, line by line (kept for the campaign log).
    lines: tuple[Said, ...] = ()

    @property
    def open_choices(self) -> list[OutOfAction]:
        return [t for t in self.tests if t.failed and not t.choice]


class LogEntry(BaseModel):
    model_config = ConfigDict(frozen=True)

    text: str


class Campaign(BaseModel):
    """A campaign: its organiser, its forces and its battles."""

    model_config = ConfigDict(frozen=True)

    name: str = Field(max_length=MAX_NAME)
    organiser_id: int
    forces: tuple[Force, ...] = ()
    battles: tuple[Battle, ...] = ()
    next_battle: int = 1
    #: How standings are sorted: "victories", "battles" or "points".
    order: str = "victories"
    log: tuple[Said, ...] = ()

    def force(self, player_id: int) -> Force | None:
        return next((f for f in self.forces if f.player_id == player_id), None)

    def battle(self, battle_id: int) -> Battle | None:
        return next((b for b in self.battles if b.id == battle_id), None)
