"""Team formats as variants (issue 43, item 4): each ritual's ending worked by hand for 3, 5 and
8 players a side, the team match's outcome by the sum or by a margin, and team points."""

from __future__ import annotations

import random

import pytest

from rules.its.scoring import Outcome
from rules.tournament import GameResult, record_result
from rules.tournament.model import TournamentError
from rules.tournament.ritual import Action, How, Side, Step, apply, start
from rules.tournament.team_formats import Margin, RefusedPlay, Wtc, team_format_of
from rules.tournament.team_model import TeamFormatSettings
from rules.tournament.teams import (
    add_team_player,
    create_team,
    match_result,
    new_team_event,
    pair_team_round,
    set_team_format,
    team_standings,
)

from .test_teams import simple_ritual


def _run(size: int, *, play_refused: bool = False, champion: bool = False) -> list[tuple[str, str, How]]:
    """Both captains name the first of their pool as defender, the next two as attackers, and
    refuse the first attacker sent to them."""
    r = start(
        [f"A{k}" for k in range(1, size + 1)],
        [f"B{k}" for k in range(1, size + 1)],
        play_refused=play_refused,
        champion=champion,
    )
    while not r.done:
        for side in Side:
            pool = r.pool(side)
            if r.step in (Step.DEFENDER, Step.CHAMPION):
                players: tuple[str, ...] = (pool[0],)
            elif r.step is Step.ATTACKERS:
                players = tuple([p for p in pool if p != r.picks(side).defender][:2])
            else:
                sent = r.picks(side.other).attackers
                assert sent is not None
                players = (sent[0],)
            r = apply(r, Action(side=side, kind=r.step, players=players))
            if r.done:
                break
    return [(p.a, p.b, p.how) for p in r.pairings]


D_A, D_B, REF, LAST = How.DEFENDER_A, How.DEFENDER_B, How.REFUSED, How.LAST

WTC_ENDINGS = {
    # One pass, then the refused attackers meet.
    3: [("A1", "B3", D_A), ("A3", "B1", D_B), ("A2", "B2", REF)],
    # Two passes (the refused A2 and B2 return and defend in pass 2), then the refused meet.
    5: [("A1", "B3", D_A), ("A3", "B1", D_B), ("A2", "B5", D_A), ("A5", "B2", D_B), ("A4", "B4", REF)],
    # Three passes, then the refused of pass 3 meet and the two nobody picked meet.
    8: [
        ("A1", "B3", D_A), ("A3", "B1", D_B),
        ("A2", "B5", D_A), ("A5", "B2", D_B),
        ("A4", "B7", D_A), ("A7", "B4", D_B),
        ("A6", "B6", REF), ("A8", "B8", LAST),
    ],
}  # fmt: skip

REFUSED_PLAY_ENDINGS = {
    # One pass makes three games: nothing is left.
    3: [("A1", "B3", D_A), ("A3", "B1", D_B), ("A2", "B2", REF)],
    # One pass, then two a side: each captain's last pick (A4, B4) plays the other side's other.
    5: [("A1", "B3", D_A), ("A3", "B1", D_B), ("A2", "B2", REF), ("A4", "B5", LAST), ("A5", "B4", LAST)],
    # Two passes of three games, then the last pick of the two left.
    8: [
        ("A1", "B3", D_A), ("A3", "B1", D_B), ("A2", "B2", REF),
        ("A4", "B6", D_A), ("A6", "B4", D_B), ("A5", "B5", REF),
        ("A7", "B8", LAST), ("A8", "B7", LAST),
    ],
}  # fmt: skip


CHAMP = How.CHAMPION
CHAMPION_ENDINGS = {
    # The champions, then two a side: the last pick (A2 and B2 named as defenders).
    3: [("A1", "B1", CHAMP), ("A2", "B3", LAST), ("A3", "B2", LAST)],
    # The champions, one pass of four, then the refused pair and the last two.
    5: [("A1", "B1", CHAMP), ("A2", "B4", D_A), ("A4", "B2", D_B), ("A3", "B3", REF), ("A5", "B5", LAST)],
    # The champions, three passes of the seven left, then the refused pair of the third.
    8: [
        ("A1", "B1", CHAMP),
        ("A2", "B4", D_A), ("A4", "B2", D_B),
        ("A3", "B6", D_A), ("A6", "B3", D_B),
        ("A5", "B8", D_A), ("A8", "B5", D_B),
        ("A7", "B7", REF),
    ],
}  # fmt: skip


@pytest.mark.parametrize("size", [3, 5, 8])
def test_the_champion_ending_by_hand(size: int) -> None:
    assert _run(size, champion=True) == CHAMPION_ENDINGS[size]


def test_a_champion_stays_secret_until_both_are_named() -> None:
    from rules.tournament.ritual import visible_to

    r = start(["A1", "A2", "A3"], ["B1", "B2", "B3"], champion=True)
    assert r.step is Step.CHAMPION
    r = apply(r, Action(side=Side.A, kind=Step.CHAMPION, players=("A3",)))
    assert visible_to(r, Side.B).pairings == [] and visible_to(r, Side.B).other_has_picked
    r = apply(r, Action(side=Side.B, kind=Step.CHAMPION, players=("B2",)))
    assert [(p.a, p.b, p.how) for p in r.pairings] == [("A3", "B2", CHAMP)] and r.step is Step.DEFENDER


@pytest.mark.parametrize("size", [3, 5, 8])
def test_the_wtc_ending_by_hand(size: int) -> None:
    assert _run(size, play_refused=False) == WTC_ENDINGS[size]


@pytest.mark.parametrize("size", [3, 5, 8])
def test_the_refused_play_ending_by_hand(size: int) -> None:
    games = _run(size, play_refused=True)
    assert games == REFUSED_PLAY_ENDINGS[size]
    assert sorted(a for a, _, _ in games) == sorted(f"A{k}" for k in range(1, size + 1))


def test_the_last_pick_is_a_defender_pick_only() -> None:
    r = start(["A1", "A2", "A3", "A4", "A5"], ["B1", "B2", "B3", "B4", "B5"], play_refused=True)
    for side, kind, players in [
        (Side.A, Step.DEFENDER, ("A1",)), (Side.B, Step.DEFENDER, ("B1",)),
        (Side.A, Step.ATTACKERS, ("A2", "A3")), (Side.B, Step.ATTACKERS, ("B2", "B3")),
        (Side.A, Step.REFUSE, ("B2",)), (Side.B, Step.REFUSE, ("A2",)),
    ]:  # fmt: skip
        r = apply(r, Action(side=side, kind=kind, players=players))
    assert r.step is Step.DEFENDER and r.pool_a == ["A4", "A5"]
    r = apply(r, Action(side=Side.A, kind=Step.DEFENDER, players=("A5",)))
    assert not r.done  # B has not picked: nothing is revealed
    r = apply(r, Action(side=Side.B, kind=Step.DEFENDER, players=("B4",)))
    assert r.done and [(p.a, p.b) for p in r.pairings[-2:]] == [("A5", "B5"), ("A4", "B4")]


@pytest.mark.parametrize(
    ("size", "close", "clear"),
    [(3, (33, 30), (34, 30)), (5, (55, 50), (56, 50)), (8, (88, 80), (89, 80))],
)
def test_the_margin_grows_with_the_team_size(
    size: int, close: tuple[int, int], clear: tuple[int, int]
) -> None:
    margin = Margin(TeamFormatSettings(variant="margin", margin=1))
    assert margin.outcome(*close, size=size) is Outcome.TIE
    assert margin.outcome(*clear, size=size) is Outcome.VICTORY
    assert margin.outcome(*reversed(clear), size=size) is Outcome.DEFEAT
    # The WTC's way: one point more is a win.
    assert Wtc(TeamFormatSettings()).outcome(*close, size=size) is Outcome.VICTORY


def test_team_points_two_one_zero_or_three_two_one() -> None:
    for points, expected in (("2-1-0", [2, 1, 0]), ("3-2-1", [3, 2, 1])):
        fmt = team_format_of(TeamFormatSettings(team_points=points))
        assert [fmt.team_points(o) for o in (Outcome.VICTORY, Outcome.TIE, Outcome.DEFEAT)] == expected
    assert isinstance(team_format_of(TeamFormatSettings(variant="refused-play")), RefusedPlay)


def _event(size: int, **fmt):
    t = new_team_event("Variant Cup", None, size, game="40k", scoring="wtc")
    t = set_team_format(t, **fmt)
    for k, prefix in enumerate("ox"):
        t = create_team(t, f"Team {prefix}", f"{prefix}1", f"{prefix.upper()}1")
        for j in range(2, size + 1):
            t = add_team_player(t, f"t{k + 1}", f"{prefix}{j}", f"{prefix.upper()}{j}")
    return simple_ritual(pair_team_round(t, random.Random(0)), "t1")


@pytest.mark.parametrize("size", [3, 5, 8])
def test_an_event_plays_the_refused_play_ritual_and_scores_by_margin(size: int) -> None:
    t = _event(size, variant="refused-play", team_points="3-2-1")
    games = [g for g in t.current.games if g.b is not None]
    assert len(games) == size  # every player seated once, whatever the ending
    # Side a wins every game 12-8 (an 11-15 VP difference): 12 x size against 8 x size.
    for g in games:
        t = record_result(t, g.a, g.b, GameResult(vp_a=61, vp_b=50))
    result = match_result(t, 1, t.team_rounds[0].matches[0])
    assert (result.points_a, result.points_b) == (12 * size, 8 * size)
    assert (result.team_points_a, result.team_points_b) == (3, 1)
    rows = team_standings(t)
    assert [(r.team_points, r.wins, r.losses) for r in rows] == [(3, 1, 0), (1, 0, 1)]


@pytest.mark.parametrize("size", [3, 5, 8])
def test_a_margin_event_draws_a_close_team_match(size: int) -> None:
    # Margin 4 a player: 12-8 in every game is a lead of 4 a player, not more: a draw.
    t = _event(size, variant="margin", margin=4)
    for g in [g for g in t.current.games if g.b is not None]:
        t = record_result(t, g.a, g.b, GameResult(vp_a=61, vp_b=50))
    result = match_result(t, 1, t.team_rounds[0].matches[0])
    assert result.outcome_a is Outcome.TIE and (result.team_points_a, result.team_points_b) == (1, 1)
    assert [(r.draws, r.team_points) for r in team_standings(t)] == [(1, 1), (1, 1)]


def test_the_team_format_is_chosen_before_round_one_and_checked() -> None:
    t = new_team_event("Cup", 300, 3)
    with pytest.raises(TournamentError, match="team format is wtc, refused-play, margin, champion"):
        set_team_format(t, "swiss")
    with pytest.raises(TournamentError, match="belongs to `team_format:margin`"):
        set_team_format(t, "wtc", margin=3)
    started = _event(3)
    with pytest.raises(TournamentError, match="holds for the whole event"):
        set_team_format(started, "margin")
