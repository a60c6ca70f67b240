"""The tournament state: players, rounds, games and results, as JSON-safe pydantic models.

Nothing here changes a state; :mod:`rules.tournament.engine` returns new states. The models only
hold data and answer small questions about it (who is active in a round, which game a player is
in).

>>> result = GameResult(op_a=7, op_b=6, vp_a=120, vp_b=200)
>>> result.tp_a, result.tp_b
(5, 2)
"""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field, model_validator

from rules.errors import RuleError
from rules.i18n import N_, _
from rules.its.scoring import MAX_OBJECTIVE_POINTS, Outcome, tournament_points
from rules.its.tiers import Tier
from rules.tournament.format_settings import FormatSettings, GameSystem
from rules.tournament.team_model import MAX_TEAM_SIZE, MIN_TEAM_SIZE, Team, TeamFormatSettings, TeamRound

SCHEMA_VERSION = 1
MAX_PLAYERS = 512
"""Players per tournament; the 513th join is refused."""
MAX_ROUNDS = 10
"""Tournament Rounds per tournament."""
MIN_ROUNDS = 1
"""A league night of one or two rounds is real; :data:`SWISS_ROUNDS` is where Swiss starts to rank."""
SWISS_ROUNDS = 3
"""Fewer rounds than this leave many players level (the seed's ITS events play at least 3):
allowed, and said when chosen (:func:`rules.tournament.engine.few_rounds_note`)."""
MIN_PLAYERS = 4
"""The seed's format pits 4 or more players against each other."""
MAX_NAME_CHARS = 80
"""Tournament, player and faction names are cut to this length."""
BYE_TP = 3
"""A bye is a Victory worth 3 Tournament Points (a played Victory is worth 4), 0 OP and 0 VP."""
MAX_ARMY_POINTS = 400
"""Victory Points are surviving army points: never more than the round's tier."""


def counted(n: int, singular: str, plural: str | None = None) -> str:
    """``n`` and the noun agreeing with it.

    >>> counted(1, "event"), counted(3, "game"), counted(2, "rematch", "rematches")
    ('1 event', '3 games', '2 rematches')
    """
    return f"{n} {singular if n == 1 else (plural or singular + 's')}"


class TournamentError(RuleError):
    """Something the organiser or a player asked for that the tournament rules refuse."""


class Kind(StrEnum):
    """What kind of event: it sets the rating's K factor."""

    TOURNAMENT = "tournament"
    LEAGUE = "league"
    ONE_SHOT = "one_shot"


class Extra(StrEnum):
    """The seed's Extras that change how the engine runs an event."""

    ESCALATION = "escalation"
    """Exactly 3 rounds: 200/150, then 300/250, then 400 points."""
    DIRECT_ACTION = "direct_action"
    """Only the four Direct Action scenarios."""


#: The Extras' names as a summary shows them: translate them where they are shown.
EXTRA_WORDS = {Extra.ESCALATION: N_("Escalation"), Extra.DIRECT_ACTION: N_("Direct Action")}


class Flag(StrEnum):
    """Something about a game the organiser should see before the round starts."""

    REMATCH = "rematch"
    """These two players met before (made only when no other pairing existed, or by hand)."""
    REPEAT_TABLE = "repeat_table"
    """A player sits at a table they already played on."""
    SAME_CLUB = "same_club"
    """Club-mates meet (in round 1 only when no other pairing existed)."""
    PIN_MOVED = "pin_moved"
    """A player pinned to a table is not at it (two pinned players had to meet)."""


class Player(BaseModel):
    """One entrant. ``id`` is the caller's key (a Discord user id as text, say)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(min_length=1, max_length=40)
    name: str = Field(min_length=1, max_length=MAX_NAME_CHARS)
    faction: str = Field(default="", max_length=MAX_NAME_CHARS)
    user_id: int | None = None
    joined_round: int = Field(default=1, ge=1)
    """The first round this player can be paired in (later than 1 for a late join)."""
    dropped_after: int | None = Field(default=None, ge=0)
    """After how many paired rounds the player dropped; never paired again after that."""
    club: str = Field(default="", max_length=MAX_NAME_CHARS)
    """The player's club or team tag ("" none): club-mates are kept apart in round 1, and later
    where the points allow."""
    table: int | None = Field(default=None, ge=1, le=MAX_PLAYERS // 2)
    """The table this player always plays at (accessibility), or None."""

    @property
    def club_key(self) -> str:
        """The club as compared: case and spaces at the ends do not matter."""
        return self.club.strip().casefold()

    @property
    def left_out(self) -> bool:
        """Left out of round 1 for not checking in (``dropped_after`` 0): in the event, never
        paired yet, and not someone who dropped (see :mod:`rules.tournament.checkin`)."""
        return self.dropped_after == 0

    @property
    def dropped(self) -> bool:
        """Dropped out after playing (a player left out of round 1 is not called dropped)."""
        return self.dropped_after is not None and not self.left_out

    def active_in(self, round_number: int) -> bool:
        """Whether the player takes part in round ``round_number`` (paired or given the bye)."""
        if round_number < self.joined_round:
            return False
        return self.dropped_after is None or round_number <= self.dropped_after


class GameResult(BaseModel):
    """Objective Points and Victory Points of both players of one game, side a then side b.

    What the numbers mean is the tournament's format's (:mod:`rules.tournament.formats`): in ITS,
    OP and surviving army points; in 40k and Boarding Actions, victory points only (OP stay 0).
    ``tp_a``/``tp_b``/``outcome_a`` are ITS's; shared code asks the format instead.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    op_a: int = Field(default=0, ge=0, le=MAX_OBJECTIVE_POINTS)
    op_b: int = Field(default=0, ge=0, le=MAX_OBJECTIVE_POINTS)
    vp_a: int = Field(default=0, ge=0, le=MAX_ARMY_POINTS)
    vp_b: int = Field(default=0, ge=0, le=MAX_ARMY_POINTS)

    @property
    def tp_a(self) -> int:
        return tournament_points(self.op_a, self.op_b).total

    @property
    def tp_b(self) -> int:
        return tournament_points(self.op_b, self.op_a).total

    @property
    def outcome_a(self) -> Outcome:
        return tournament_points(self.op_a, self.op_b).outcome

    def swapped(self) -> GameResult:
        """The same result seen from the other side.

        >>> GameResult(op_a=4, op_b=1).swapped().op_a
        1
        """
        return GameResult(op_a=self.op_b, op_b=self.op_a, vp_a=self.vp_b, vp_b=self.vp_a)


MAX_EDIT_NOTE = 300
"""A game's note of its hand changes keeps this many characters (the latest changes)."""


class Game(BaseModel):
    """One pairing of a round: two players at a table, or one player's bye (``b`` is None)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    a: str
    b: str | None = None
    table: int | None = Field(default=None, ge=1)
    result: GameResult | None = None
    flags: list[Flag] = Field(default_factory=list)
    edited: bool = False
    """Changed by hand (a swap) after the engine paired it."""
    edit_note: str | None = Field(default=None, max_length=MAX_EDIT_NOTE)
    """What was changed by hand, and by whom: ``Cy swapped in for Ann, by Olga``."""
    set_by_organiser: bool = False
    """Its result was set or corrected by an organiser (or confirmed by one in a player's place),
    not agreed by both players."""
    disputed: bool = False
    """A player disputed a score reported for it (it stays marked once settled)."""

    @model_validator(mode="after")
    def _bye_shape(self) -> Game:
        if self.b is None and (self.table is not None or self.result is not None):
            raise ValueError("a bye has no table and no result")
        if self.b is not None and self.a == self.b:
            raise ValueError("a player cannot play themselves")
        return self

    @property
    def is_bye(self) -> bool:
        return self.b is None

    @property
    def players(self) -> tuple[str, ...]:
        return (self.a,) if self.b is None else (self.a, self.b)

    @property
    def done(self) -> bool:
        """A bye needs no result; a game is done once its result is in."""
        return self.is_bye or self.result is not None


class Round(BaseModel):
    """One Tournament Round: its games in table order, the bye (if any) last."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    number: int = Field(ge=1, le=MAX_ROUNDS)
    games: list[Game]
    seed: int | None = None
    """Round 1 only: the seed its random pairing was drawn from, so it can be reproduced."""

    def game_of(self, player_id: str) -> Game | None:
        return next((g for g in self.games if player_id in g.players), None)

    @property
    def complete(self) -> bool:
        return all(g.done for g in self.games)

    @property
    def has_results(self) -> bool:
        return any(g.result is not None for g in self.games)


class Tournament(BaseModel):
    """A whole event, stored as JSON between commands.

    ``rounds_requested`` is the organiser's choice (None: the seed's guideline from the player
    count); ``round_count`` is fixed when round 1 is paired, and at the rounds played when the
    event finishes early (so it may be 1 or 2, below the minimum an organiser can plan).
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    schema_version: int = SCHEMA_VERSION
    name: str = Field(min_length=1, max_length=MAX_NAME_CHARS)
    tier: Tier | None = None
    """ITS army points (required for ITS; optional, and only informative, for other games)."""
    format: FormatSettings = Field(default_factory=FormatSettings)
    """The game and its scoring; a tournament stored before formats existed has none: ITS."""
    kind: Kind = Kind.TOURNAMENT
    extras: list[Extra] = Field(default_factory=list)
    escalation_tiers: list[Tier] = Field(default_factory=list)
    rounds_requested: int | None = Field(default=None, ge=MIN_ROUNDS, le=MAX_ROUNDS)
    round_count: int | None = Field(default=None, ge=1, le=MAX_ROUNDS)
    scenarios: dict[int, str] = Field(default_factory=dict)
    """Round number -> scenario id."""
    players: list[Player] = Field(default_factory=list)
    rounds: list[Round] = Field(default_factory=list)
    late_joins: bool = False
    fresh_tables: bool = False
    """Fresh tables: the pairing itself keeps, before the points gaps, a table free that neither
    player of a game has used, so nobody returns to a table while another is free. Without it
    the table assignment after the pairing still avoids repeats its pairs allow."""
    finished: bool = False
    lists_revealed: bool = False
    """Whether every army list handed in is visible to everyone (see :mod:`rules.tournament.lists`)."""
    reveal_lists_at_pairing: bool = False
    """Reveal the lists when round 1 is paired."""
    lists_handed_in: list[str] = Field(default_factory=list)
    """Player ids whose army list is stored (the lists themselves are kept outside the state)."""
    lists_held: dict[str, str] = Field(default_factory=dict)
    """Player id -> why the organisers hold that list until it is fixed (see
    :func:`rules.tournament.lists.hold_list`)."""
    checkin_open: bool = False
    """Check-in is open: players confirm they are present (see :mod:`rules.tournament.checkin`)."""
    checked_in: list[str] = Field(default_factory=list)
    """Player ids who checked in, in order."""
    start_ratings: dict[str, float] = Field(default_factory=dict)
    """Player id -> ITS Rating when they entered (see :func:`~rules.tournament.rating.rating_changes`)."""
    team_size: int | None = Field(default=None, ge=MIN_TEAM_SIZE, le=MAX_TEAM_SIZE)
    """A team event's players per team (None: a singles event); see :mod:`rules.tournament.teams`."""
    teams: list[Team] = Field(default_factory=list)
    team_rounds: list[TeamRound] = Field(default_factory=list)
    team_format: TeamFormatSettings = Field(default_factory=TeamFormatSettings)
    """A team event's ritual and team scoring (see :mod:`rules.tournament.team_formats`)."""
    language: str | None = Field(default=None, max_length=16)
    """The language of the event's posts, pictures, threads and web page, as a locale ("es-ES");
    None: the server's language (see ``bot.i18n.channel``)."""

    @model_validator(mode="after")
    def _its_has_a_tier(self) -> Tournament:
        if self.format.game is GameSystem.ITS and self.tier is None:
            raise ValueError("an ITS tournament needs a tier")
        return self

    # --- small questions ----------------------------------------------------------------------

    def player(self, player_id: str) -> Player:
        """The player with ``player_id``; a RuleError naming the tournament if there is none."""
        for player in self.players:
            if player.id == player_id:
                return player
        raise TournamentError(_("Nobody with that id has joined {name}; add them first.", name=self.name))

    def has_player(self, player_id: str) -> bool:
        return any(p.id == player_id for p in self.players)

    def name_of(self, player_id: str) -> str:
        return self.player(player_id).name

    @property
    def current(self) -> Round | None:
        """The latest paired round, or None before round 1."""
        return self.rounds[-1] if self.rounds else None

    @property
    def started(self) -> bool:
        return bool(self.rounds)

    def tier_of_round(self, round_number: int) -> Tier | None:
        """The army points of ``round_number`` (Escalation rounds each have their own).

        >>> Tournament(name="x", tier=300).tier_of_round(2)
        <Tier.T300: 300>
        """
        if Extra.ESCALATION in self.extras and self.escalation_tiers:
            index = min(max(round_number, 1), len(self.escalation_tiers)) - 1
            return self.escalation_tiers[index]
        return self.tier

    def active_players(self, round_number: int) -> list[Player]:
        """Players who take part in ``round_number``, in join order."""
        return [p for p in self.players if p.active_in(round_number)]

    def byes_of(self, player_id: str) -> int:
        return sum(1 for r in self.rounds for g in r.games if g.is_bye and g.a == player_id)

    def history(self, *, before_round: int | None = None) -> dict[str, tuple[list[str], set[int]]]:
        """For every player: whom they were paired against (in order; rematches repeat) and the
        tables they played on, in the rounds before ``before_round`` (default: all rounds)."""
        found: dict[str, tuple[list[str], set[int]]] = {p.id: ([], set()) for p in self.players}
        for rnd in self.rounds:
            if before_round is not None and rnd.number >= before_round:
                break
            for game in rnd.games:
                if game.b is None:
                    continue
                for me, other in ((game.a, game.b), (game.b, game.a)):
                    opponents, tables = found.setdefault(me, ([], set()))
                    opponents.append(other)
                    if game.table is not None:
                        tables.add(game.table)
        return found

    def opponents_of(self, player_id: str, *, before_round: int | None = None) -> list[str]:
        """Everyone ``player_id`` was paired against, round by round (rematches repeat)."""
        return self.history(before_round=before_round).get(player_id, ([], set()))[0]

    def tables_of(self, player_id: str, *, before_round: int | None = None) -> set[int]:
        """Every table ``player_id`` has played on before ``before_round``."""
        return self.history(before_round=before_round).get(player_id, ([], set()))[1]
