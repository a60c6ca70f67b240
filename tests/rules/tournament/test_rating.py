"""The ITS Rating (Elo): expected scores, K factors, values and the sign of the change."""

from __future__ import annotations

import pytest

from rules.tournament import INITIAL_RATING, Kind, expected_score, k_factor, rating_changes
from rules.tournament.model import Extra, TournamentError

from .helpers import by_hand, game


@pytest.mark.parametrize(("diff", "expected"), [(0, 0.5), (200, 0.76), (400, 0.909), (-200, 0.24)])
def test_expected_score(diff: int, expected: float) -> None:
    assert expected_score(1000 + diff, 1000) == pytest.approx(expected, abs=0.0005)


@pytest.mark.parametrize(
    ("kind", "tier", "k"),
    [
        ("tournament", 300, 32),
        ("league", 250, 32),
        ("tournament", 400, 36.8),
        ("league", 400, 36.8),
        ("tournament", 200, 27.2),
        ("tournament", 150, 27.2),
        ("one_shot", 400, 4),
        ("one_shot", 150, 4),
    ],
)
def test_k_factor_per_kind_and_tier(kind: str, tier: int, k: float) -> None:
    assert k_factor(kind, tier) == pytest.approx(k)


def _one_game(op: tuple[int, int], **fields):
    return by_hand("AB", [[game("A", "B", 1, op=op)]], finished=True, **fields)


@pytest.mark.parametrize(
    ("tier", "kind", "gain"), [(300, Kind.TOURNAMENT, 16), (400, Kind.LEAGUE, 18.4), (300, Kind.ONE_SHOT, 2)]
)
def test_equal_ratings_the_winner_gains_half_of_k(tier: int, kind: Kind, gain: float) -> None:
    changes = {c.player_id: c for c in rating_changes(_one_game((4, 1), tier=tier, kind=kind), {})}
    assert changes["A"].before == changes["B"].before == INITIAL_RATING
    assert changes["A"].change == pytest.approx(gain)
    assert changes["B"].change == pytest.approx(-gain)
    assert changes["A"].after == pytest.approx(INITIAL_RATING + gain)


def test_a_tie_between_equals_changes_nothing() -> None:
    changes = rating_changes(_one_game((3, 3)), {})
    assert [c.change for c in changes] == [0, 0]


def test_the_sign_the_favourite_gains_little_the_underdog_much() -> None:
    t = _one_game((4, 1))
    favourite = {c.player_id: c.change for c in rating_changes(t, {"A": 1200, "B": 1000})}
    assert favourite["A"] == pytest.approx(32 * (1 - expected_score(1200, 1000)))
    assert 0 < favourite["A"] < 16 and favourite["B"] < 0
    assert favourite["A"] == pytest.approx(7.69, abs=0.01)
    underdog = {c.player_id: c.change for c in rating_changes(t, {"A": 1000, "B": 1200})}
    assert underdog["A"] == pytest.approx(24.31, abs=0.01) and underdog["B"] < 0
    # The favourite losing loses more than the underdog losing would.
    upset = {c.player_id: c.change for c in rating_changes(_one_game((1, 4)), {"A": 1200, "B": 1000})}
    assert upset["A"] == pytest.approx(-24.31, abs=0.01)


def test_all_games_are_rated_from_the_ratings_at_the_start() -> None:
    t = by_hand(
        "AB",
        [[game("A", "B", 1, op=(4, 1))], [game("A", "B", 1, op=(4, 1))], [game("A", "B", 1, op=(4, 1))]],
        finished=True,
    )
    change = {c.player_id: c.change for c in rating_changes(t, {})}
    assert change["A"] == pytest.approx(48)  # 3 x 16: not re-rated between rounds


def test_escalation_rounds_use_their_own_tiers_k() -> None:
    t = by_hand(
        "AB",
        [[game("A", "B", 1, op=(4, 1))], [game("A", "B", 1, op=(4, 1))], [game("A", "B", 1, op=(4, 1))]],
        finished=True,
        extras=[Extra.ESCALATION],
        escalation_tiers=[200, 300, 400],
    )
    change = {c.player_id: c.change for c in rating_changes(t, {})}
    assert change["A"] == pytest.approx((27.2 + 32 + 36.8) / 2)


def test_byes_do_not_change_ratings_and_unfinished_events_are_refused() -> None:
    t = by_hand("ABC", [[game("A", "B", 1, op=(4, 1)), game("C", None)]], finished=True)
    change = {c.player_id: (c.change, c.games) for c in rating_changes(t, {"C": 1100})}
    assert change["C"] == (0, 0)
    with pytest.raises(TournamentError, match="not finished"):
        rating_changes(t.model_copy(update={"finished": False}), {})


def test_start_ratings_are_remembered_once_and_used_at_the_end() -> None:
    from rules.tournament import with_start_ratings

    t = _one_game((4, 1))
    t = with_start_ratings(t, {"A": 1200})
    t = with_start_ratings(t, {"A": 900, "B": 1100})  # later ratings do not replace the start
    assert t.start_ratings == {"A": 1200.0, "B": 1000.0}
    change = {c.player_id: c for c in rating_changes(t)}
    assert change["A"].before == 1200 and change["A"].change == pytest.approx(7.69, abs=0.01)
