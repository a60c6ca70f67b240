"""What a tournament shows the world: the public view behind its web page and JSON.

Everything here is public by construction: names, factions, tables, scenarios, confirmed results
and standings. A result reported but not yet confirmed (or disputed) shows only as "reported", never
its score, and nothing of a game's private side (classified objectives, hands) is in a tournament at
all. The view is plain data (JSON-safe), built by one pure function.

>>> import random
>>> from rules.tournament import add_player, create_tournament, pair_next_round
>>> t = create_tournament("Cup", 300)
>>> for pid in "1234":
...     t = add_player(t, pid, f"P{pid}")
>>> view = public_view(pair_next_round(t, random.Random(1)), reported=set())
>>> view.status, len(view.current.games), view.current.games[0].status
('Round 1 of 3: playing', 2, 'playing')
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass
from datetime import datetime
from typing import Literal

from pydantic import BaseModel, ConfigDict

from rules.tournament.model import BYE_TP, Game, Player, Round, Tournament
from rules.tournament.standings import standings

GameStatus = Literal["playing", "reported", "done", "bye"]


class RoundTimer(BaseModel):
    """A round timer that an organiser started: the round it counts down and when it ends."""

    model_config = ConfigDict(frozen=True)

    round: int
    ends: datetime


class PublicSide(BaseModel):
    """One player of a game, with their points once the result is confirmed."""

    model_config = ConfigDict(frozen=True)

    name: str
    faction: str
    op: int | None = None
    vp: int | None = None
    tp: int | None = None
    dropped: bool = False


class PublicGame(BaseModel):
    model_config = ConfigDict(frozen=True)

    table: int | None
    a: PublicSide
    b: PublicSide | None
    """None for a bye."""
    status: GameStatus
    flags: list[str] = []


class PublicRound(BaseModel):
    model_config = ConfigDict(frozen=True)

    number: int
    scenario: str | None
    tier: int
    games: list[PublicGame]
    results_in: int
    """Games with a confirmed result (byes count as done)."""


class PublicStanding(BaseModel):
    model_config = ConfigDict(frozen=True)

    rank: int
    name: str
    faction: str
    tp: int
    op: int
    vp: int
    opponents_op: int
    byes: int
    played: int
    dropped: bool
    adjusted: bool


class PublicTournament(BaseModel):
    """The whole public page of one tournament."""

    model_config = ConfigDict(frozen=True)

    name: str
    tier: int
    kind: str
    status: str
    finished: bool
    players: int
    round_count: int | None
    current: PublicRound | None
    earlier: list[PublicRound]
    """Every round before the current one, latest first."""
    standings: list[PublicStanding]
    timer_ends: datetime | None = None
    """When the current round's timer runs out (None: no timer running for this round)."""


def _side(players: dict[str, Player], player_id: str, points: tuple[int, int, int] | None) -> PublicSide:
    player = players[player_id]
    op, vp, tp = points if points is not None else (None, None, None)
    return PublicSide(
        name=player.name,
        faction=player.faction,
        op=op,
        vp=vp,
        tp=tp,
        dropped=player.dropped_after is not None,
    )


def _game(players: dict[str, Player], game: Game, reported: bool) -> PublicGame:
    if game.b is None:
        return PublicGame(table=None, a=_side(players, game.a, (0, 0, BYE_TP)), b=None, status="bye")
    res = game.result
    status: GameStatus = "done" if res is not None else "reported" if reported else "playing"
    flags = [f.value.replace("_", " ") for f in game.flags]
    if game.edited:
        flags.append(f"changed by hand: {game.edit_note}" if game.edit_note else "changed by hand")
    return PublicGame(
        table=game.table,
        a=_side(players, game.a, None if res is None else (res.op_a, res.vp_a, res.tp_a)),
        b=_side(players, game.b, None if res is None else (res.op_b, res.vp_b, res.tp_b)),
        status=status,
        flags=flags,
    )


def _round(
    t: Tournament,
    rnd: Round,
    reported: Collection[tuple[int, str]],
    scenario_name: Callable[[str], str],
    players: dict[str, Player],
) -> PublicRound:
    scenario = t.scenarios.get(rnd.number)
    games = [_game(players, g, any((rnd.number, p) in reported for p in g.players)) for g in rnd.games]
    return PublicRound(
        number=rnd.number,
        scenario=scenario_name(scenario) if scenario else None,
        tier=int(t.tier_of_round(rnd.number)),
        games=games,
        results_in=sum(1 for g in rnd.games if g.done),
    )


def _status(t: Tournament) -> str:
    planned = t.round_count or t.rounds_requested
    of = f" of {planned}" if planned else ""
    if t.finished:
        return "Finished"
    current = t.current
    if current is None:
        return "Waiting for round 1 to be paired"
    if current.complete:
        return f"Round {current.number}{of}: every result is in"
    return f"Round {current.number}{of}: playing"


@dataclass(frozen=True)
class Previous:
    """An earlier version's view and what it was made from (see :func:`public_view`)."""

    tournament: Tournament
    reported: Collection[tuple[int, str]]
    view: PublicTournament


def _reported_in(reported: Collection[tuple[int, str]], number: int) -> set[str]:
    return {player for rnd, player in reported if rnd == number}


def public_view(
    t: Tournament,
    *,
    reported: Collection[tuple[int, str]],
    scenario_name: Callable[[str], str] = str,
    timer: RoundTimer | None = None,
    previous: Previous | None = None,
) -> PublicTournament:
    """The public page of ``t``. ``reported`` holds (round, player id) of every player with a
    result waiting for a confirmation; ``timer`` is the last round timer started (shown only while its
    round is the current one and the event is not finished).

    ``previous`` is an earlier version's view, with what it was made from: each round that has
    not changed since (same games, players, scenario, tier and reports) is taken from it instead
    of being built again, so a result costs one round's work however many rounds were played.
    The view is the same either way.

    >>> from rules.tournament import create_tournament
    >>> public_view(create_tournament("Empty", 300), reported=()).status
    'Waiting for round 1 to be paired'
    """
    players = {p.id: p for p in t.players}
    reused: dict[int, PublicRound] = {}
    if (
        previous is not None
        and previous.tournament.players == t.players
        and previous.tournament.tier == t.tier
    ):
        old_view = previous.view
        built = {r.number: r for r in ([old_view.current] if old_view.current else []) + old_view.earlier}
        old_rounds = {r.number: r for r in previous.tournament.rounds}
        for rnd in t.rounds:
            old = old_rounds.get(rnd.number)
            if (
                old is not None
                and rnd.number in built
                and old == rnd
                and previous.tournament.scenarios.get(rnd.number) == t.scenarios.get(rnd.number)
                and previous.tournament.tier_of_round(rnd.number) == t.tier_of_round(rnd.number)
                and _reported_in(previous.reported, rnd.number) == _reported_in(reported, rnd.number)
            ):
                reused[rnd.number] = built[rnd.number]
    rounds = [reused.get(r.number) or _round(t, r, reported, scenario_name, players) for r in t.rounds]
    current = rounds[-1] if rounds else None
    rows = [
        PublicStanding(
            rank=s.rank,
            name=s.name,
            faction=s.faction,
            tp=s.tp,
            op=s.op,
            vp=s.vp,
            opponents_op=s.opponents_op,
            byes=s.byes,
            played=s.played,
            dropped=s.dropped,
            adjusted=s.adjusted,
        )
        for s in standings(t)
    ]
    return PublicTournament(
        name=t.name,
        tier=int(t.tier),
        kind=t.kind.value.replace("_", "-"),
        status=_status(t),
        finished=t.finished,
        players=len(t.players),
        round_count=t.round_count or t.rounds_requested,
        current=current,
        earlier=list(reversed(rounds[:-1])),
        standings=rows,
        timer_ends=timer.ends
        if timer is not None and current is not None and not t.finished and timer.round == current.number
        else None,
    )
