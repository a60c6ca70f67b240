"""The ITS Rating: an Elo rating updated from a finished tournament's games.

Everyone starts at :data:`INITIAL_RATING`. For each game, a player's expected score against an
opponent is ``1 / (1 + 10 ** ((R_opponent - R_player) / 400))`` and the change is
``K x (S - E)`` with S = 1 for a Victory, 0.5 for a Tie, 0 for a Defeat (decided by Objective
Points, as the Tournament Points are; in other formats by the format's outcome, more victory
points winning, with the 300-point K). All games of one tournament are rated from the ratings
the players had at its start, and the changes are added up. A bye is no game: it changes
nothing. K (the seed's table): 32 for a 300/250 tournament or league, 15% more (36.8) at 400,
15% less (27.2) at 200/150, 4 for a one-shot; each Escalation round uses its own tier's K.

>>> round(expected_score(1200, 1000), 2), round(expected_score(1000, 1000), 2)
(0.76, 0.5)
>>> k_factor(Kind.TOURNAMENT, 400), k_factor(Kind.ONE_SHOT, 400)
(36.8, 4.0)
"""

from __future__ import annotations

from collections.abc import Mapping

from pydantic import BaseModel, ConfigDict

from rules.i18n import _
from rules.its.scoring import Outcome
from rules.its.tiers import Tier
from rules.tournament.formats import format_of
from rules.tournament.model import Kind, Tournament, TournamentError

INITIAL_RATING = 1000.0
BASE_K = 32.0
ONE_SHOT_K = 4.0
_TIER_FACTOR = {
    Tier.T400: 1.15,
    Tier.T300: 1.0,
    Tier.T250: 1.0,
    Tier.T200: 0.85,
    Tier.T150: 0.85,
}
_SCORE = {Outcome.VICTORY: 1.0, Outcome.TIE: 0.5, Outcome.DEFEAT: 0.0}


class RatingChange(BaseModel):
    """One player's rating before and after a tournament."""

    model_config = ConfigDict(frozen=True)

    player_id: str
    before: float
    change: float
    games: int

    @property
    def after(self) -> float:
        return self.before + self.change


def expected_score(rating: float, opponent: float) -> float:
    """The score (0 to 1) a player rated ``rating`` is expected to make against ``opponent``.

    >>> round(expected_score(1400, 1000), 3)
    0.909
    """
    return 1.0 / (1.0 + 10 ** ((opponent - rating) / 400))


def k_factor(kind: Kind | str, tier: Tier | int | str) -> float:
    """The K factor of a game of ``kind`` at ``tier`` points.

    >>> k_factor("league", 300), k_factor("tournament", 150)
    (32.0, 27.2)
    """
    if Kind(kind) is Kind.ONE_SHOT:
        return ONE_SHOT_K
    return round(BASE_K * _TIER_FACTOR[Tier.parse(tier)], 6)


def _base_k(kind: Kind) -> float:
    """K of a game with no ITS tier (40k, Boarding Actions): the 300-point K, or a one-shot's."""
    return ONE_SHOT_K if Kind(kind) is Kind.ONE_SHOT else BASE_K


def with_start_ratings(state: Tournament, ratings: Mapping[str, float]) -> Tournament:
    """``state`` remembering the ratings its players have now, for those not yet remembered.

    Call it when round 1 is paired and after each late join: a tournament is rated from the
    ratings its players had when it started, whatever happens to them meanwhile.

    >>> from rules.tournament.model import Player
    >>> t = Tournament(name="Cup", tier=300, players=[Player(id="a", name="Ann"), Player(id="b", name="Bo")])
    >>> with_start_ratings(t, {"a": 1040.5}).start_ratings
    {'a': 1040.5, 'b': 1000.0}
    """
    known = dict(state.start_ratings)
    for player in state.players:
        known.setdefault(player.id, float(ratings.get(player.id, INITIAL_RATING)))
    return state.model_copy(update={"start_ratings": known})


def rating_changes(state: Tournament, ratings: Mapping[str, float] | None = None) -> list[RatingChange]:
    """The rating change of every player of a finished tournament, best change first.

    ``ratings`` are the players' ratings at the tournament's start; by default those remembered
    by :func:`with_start_ratings`. A player in neither starts at :data:`INITIAL_RATING`.

    >>> from rules.tournament.model import Game, GameResult, Player, Round
    >>> t = Tournament(name="Cup", tier=300, finished=True,
    ...     players=[Player(id="a", name="Ann"), Player(id="b", name="Bo")],
    ...     rounds=[Round(number=1, games=[Game(a="a", b="b", table=1, result=GameResult(op_a=4, op_b=1))])])
    >>> [(c.player_id, c.change) for c in rating_changes(t, {})]
    [('a', 16.0), ('b', -16.0)]
    """
    if not state.finished:
        raise TournamentError(_("{name} is not finished: ratings change only when it ends.", name=state.name))
    known = state.start_ratings if ratings is None else ratings
    start = {p.id: float(known.get(p.id, INITIAL_RATING)) for p in state.players}
    change = dict.fromkeys(start, 0.0)
    games = dict.fromkeys(start, 0)
    fmt = format_of(state)
    for rnd in state.rounds:
        tier = state.tier_of_round(rnd.number)
        k = k_factor(state.kind, tier) if fmt.uses_op and tier is not None else _base_k(state.kind)
        for game in rnd.games:
            if game.b is None or game.result is None:
                continue
            a, b = game.a, game.b
            score_a = _SCORE[fmt.outcome(game.result)]
            delta = k * (score_a - expected_score(start[a], start[b]))
            change[a] += delta
            change[b] -= delta
            games[a] += 1
            games[b] += 1
    found = [
        RatingChange(player_id=pid, before=start[pid], change=round(change[pid], 6), games=games[pid])
        for pid in start
    ]
    return sorted(found, key=lambda c: -c.change)
