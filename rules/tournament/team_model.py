"""The stored shape of a team event: teams, team matches and their rituals (JSON-safe pydantic).

A team event is a :class:`~rules.tournament.model.Tournament` with a ``team_size``: its players
are the teams' players, its rounds hold the players' games as in singles, and ``team_rounds``
hold who met whom as teams (and each match's pairing ritual). Nothing here changes a state;
:mod:`rules.tournament.teams` does.

>>> Team(id="t1", name="Iron Owls", captain="7", players=["7", "8", "9"]).size
3
"""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field, model_validator

from rules.tournament.ritual import Ritual

MIN_TEAM_SIZE = 3
MAX_TEAM_SIZE = 8
MAX_TEAMS = 64
"""64 teams of 8 fill the 512 players a tournament holds."""


class TeamVariant(StrEnum):
    """How a team match's captains pair their players and how the match is won (see
    :mod:`rules.tournament.team_formats`)."""

    WTC = "wtc"
    """Refused attackers go back to the pool; the higher sum of game points wins."""
    REFUSED_PLAY = "refused-play"
    """Each pass's refused attackers play each other at once; the higher sum wins."""
    MARGIN = "margin"
    """The WTC's ritual; a team wins only by more than a margin that grows with the team size."""
    CHAMPION = "champion"
    """The ritual opens with each captain's champion, the two champions playing each other."""


class TeamPoints(StrEnum):
    """Team points of a team match won, drawn and lost."""

    TWO_ONE_ZERO = "2-1-0"
    THREE_TWO_ONE = "3-2-1"


DEFAULT_MARGIN = 1
"""The ``margin`` variant's points per player a side: a team of 5 wins by more than 5."""
MAX_MARGIN = 20


class TeamFormatSettings(BaseModel):
    """A team event's variant, its team points and (``margin``) the margin per player.

    >>> TeamFormatSettings().variant, TeamFormatSettings().team_points
    (<TeamVariant.WTC: 'wtc'>, <TeamPoints.TWO_ONE_ZERO: '2-1-0'>)
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    variant: TeamVariant = TeamVariant.WTC
    team_points: TeamPoints = TeamPoints.TWO_ONE_ZERO
    margin: int = Field(default=DEFAULT_MARGIN, ge=0, le=MAX_MARGIN)


class Team(BaseModel):
    """A team: its captain is one of its players. ``id`` is given by the event ("t1", "t2", ...)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(min_length=1, max_length=12)
    name: str = Field(min_length=1, max_length=80)
    captain: str
    players: list[str] = Field(default_factory=list)
    """Player ids, the captain first; a team is paired only with exactly the event's team size."""
    dropped_after: int | None = Field(default=None, ge=0)
    """After how many paired rounds the team dropped; never paired again after that."""

    @model_validator(mode="after")
    def _captain_plays(self) -> Team:
        if self.captain not in self.players:
            raise ValueError("the captain is one of the team's players")
        if len(set(self.players)) != len(self.players):
            raise ValueError("a player is in a team once")
        return self

    @property
    def size(self) -> int:
        return len(self.players)

    def active_in(self, round_number: int) -> bool:
        return self.dropped_after is None or round_number <= self.dropped_after


class TeamMatch(BaseModel):
    """Two teams meeting in a round (``a`` is the better ranked), or one team's bye (``b`` None).

    The match's games sit at tables ``first_table`` to ``first_table + team size - 1``; they
    exist in the round's games once the ritual is done.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    a: str
    b: str | None = None
    first_table: int | None = Field(default=None, ge=1)
    ritual: Ritual | None = None
    rematch: bool = False
    resets: int = Field(default=0, ge=0)
    """How many times the match's pairing was started again (an organiser's reset, a
    substitution): a captain's menu names it, so a menu from before a restart is refused."""

    @property
    def is_bye(self) -> bool:
        return self.b is None

    @property
    def teams(self) -> tuple[str, ...]:
        return (self.a,) if self.b is None else (self.a, self.b)

    @property
    def paired(self) -> bool:
        """Whether its players know their opponents (a bye needs no ritual)."""
        return self.is_bye or (self.ritual is not None and self.ritual.done)


class TeamRound(BaseModel):
    """Who met whom as teams in one round; the players' games are in the round of the same number."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    number: int = Field(ge=1)
    matches: list[TeamMatch]
    seed: int | None = None

    def match_of(self, team_id: str) -> TeamMatch | None:
        return next((m for m in self.matches if team_id in m.teams), None)
