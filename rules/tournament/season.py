"""A season: players ranked over several of a server's events by the sum of their best N results.

ITC's habit: each event a player finished gives one result, the ranking points they earned there
as the event's own format counts them (ITS Tournament Points, 40k and Boarding Actions ranking or
match points, a bye's points included); a player's season score is the sum of their best
``best`` results, so missing an event costs nothing once they have ``best`` others.

A season holds events of one game (ITS, 40k or Boarding Actions): their points are not on one
scale. Only finished events count; one still running is listed as such and counts once it
finishes. A player is the same person across events by their Discord account (a player entered
without one is matched by name).

>>> from rules.tournament.model import Game, GameResult, Player, Round, Tournament
>>> t = Tournament(name="Cup", format={"game": "40k"}, finished=True,
...     players=[Player(id="a", name="Ann", user_id=1), Player(id="b", name="Bo", user_id=2)],
...     rounds=[Round(number=1, games=[Game(a="a", b="b", table=1, result=GameResult(vp_a=80, vp_b=60))])])
>>> [(r.rank, r.name, r.total) for r in season_table([t], best=2)]
[(1, 'Ann', 10), (2, 'Bo', 0)]
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel, ConfigDict, Field

from rules.errors import RuleError
from rules.i18n import _
from rules.tournament.format_settings import GameSystem
from rules.tournament.formats import format_of
from rules.tournament.model import MAX_NAME_CHARS, Tournament
from rules.tournament.standings import standings

MAX_SEASON_EVENTS = 40
"""Events one season can hold."""
MAX_BEST = 20
"""The most results a season can count per player."""
MAX_SEASONS = 25
"""Seasons one server can keep."""


class SeasonError(RuleError):
    """A season the organiser asked for that cannot be."""


class Result(BaseModel):
    model_config = ConfigDict(frozen=True)

    event: str
    points: int
    rank: int
    counted: bool


class SeasonRow(BaseModel):
    """One player's line of the season table."""

    model_config = ConfigDict(frozen=True)

    rank: int
    key: str
    name: str
    total: int
    """The sum of the best ``best`` results."""
    results: list[Result] = Field(default_factory=list)
    """Every finished event the player took part in, in season order; ``counted`` marks the best."""

    @property
    def events(self) -> int:
        return len(self.results)

    @property
    def results_text(self) -> str:
        """``Autumn 10 · Winter (0) · Spring 10``: a result that does not count in brackets."""
        return " · ".join(
            f"{r.event} {r.points}" if r.counted else f"{r.event} ({r.points})" for r in self.results
        )


def season_game(events: Sequence[Tournament]) -> GameSystem | None:
    """The one game ``events`` are of (None with no event); a SeasonError when they mix games."""
    games = {format_of(t).game for t in events}
    if len(games) > 1:
        names = ", ".join(sorted(format_of(t).name for t in {format_of(t).game: t for t in events}.values()))
        raise SeasonError(
            _(
                "A season ranks one game's events (their points are not on one scale); these are "
                "{games}. Make one season per game.",
                games=names,
            )
        )
    return next(iter(games), None)


def checked_season(name: str, best: int, events: int) -> str:
    """The season's name, stripped; a SeasonError when a setting is out of bounds."""
    name = name.strip()
    if not name:
        raise SeasonError(_("The season needs a name: `name:Winter league`."))
    if len(name) > MAX_NAME_CHARS:
        raise SeasonError(_("A season's name is at most {most} characters; shorten it.", most=MAX_NAME_CHARS))
    if not 1 <= best <= MAX_BEST:
        raise SeasonError(
            _(
                "`best:` is how many of each player's results count: 1 to {most}, not {best}.",
                most=MAX_BEST,
                best=best,
            )
        )
    if events > MAX_SEASON_EVENTS:
        raise SeasonError(
            _("A season holds at most {most} events; make a new season.", most=MAX_SEASON_EVENTS)
        )
    return name


def _who(player_user: int | None, player_id: str, name: str) -> str:
    return f"user:{player_user}" if player_user is not None else f"name:{name.casefold()}"


def season_table(events: Sequence[Tournament], *, best: int) -> list[SeasonRow]:
    """Every player of the finished ``events`` (in season order), best total first; equal totals
    share a rank, listed by name."""
    season_game(events)
    names: dict[str, str] = {}
    results: dict[str, list[Result]] = {}
    for t in events:
        if not t.finished:
            continue
        users = {p.id: p.user_id for p in t.players}
        for row in standings(t):
            if not (row.played or row.byes):
                continue  # entered, never played: no result
            key = _who(users.get(row.player_id), row.player_id, row.name)
            names[key] = row.name  # the latest event's name for them
            results.setdefault(key, []).append(
                Result(event=t.name, points=row.tp, rank=row.rank, counted=False)
            )
    rows: list[tuple[int, str, str, list[Result]]] = []
    for key, found in results.items():
        # The best results count; on equal points the earlier event is the one marked.
        order = sorted(range(len(found)), key=lambda i: (-found[i].points, i))[:best]
        marked = [r.model_copy(update={"counted": i in order}) for i, r in enumerate(found)]
        total = sum(found[i].points for i in order)
        rows.append((total, names[key], key, marked))
    rows.sort(key=lambda r: (-r[0], r[1].casefold(), r[2]))
    table: list[SeasonRow] = []
    rank, previous = 0, None
    for i, (total, name, key, marked) in enumerate(rows):
        if total != previous:
            rank, previous = i + 1, total
        table.append(SeasonRow(rank=rank, key=key, name=name, total=total, results=marked))
    return table
