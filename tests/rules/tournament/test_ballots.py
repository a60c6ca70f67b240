"""The Dojo sportsmanship scheme over a 3-round event worked by hand, painting and the awards."""

from __future__ import annotations

import pytest

from rules.tournament.ballots import (
    BallotBook,
    BallotError,
    Weights,
    add_judge,
    awards,
    bad_game_cost,
    ballot_due,
    cast_ballot,
    cast_favourites,
    overall_scores,
    score_paint,
    set_rubric,
    sport_scores,
)
from rules.tournament.model import Game, GameResult, Player, Round, Tournament

WIN, DRAW = GameResult(vp_a=70, vp_b=40), GameResult(vp_a=50, vp_b=50)
ALL = [0, 1, 2, 3]


def _event() -> Tournament:
    players = [Player(id=p, name=p.title()) for p in ("ann", "bo", "cy", "di")]
    rounds = [
        Round(
            number=1,
            games=[Game(a="ann", b="bo", table=1, result=WIN), Game(a="cy", b="di", table=2, result=WIN)],
        ),
        Round(
            number=2,
            games=[Game(a="ann", b="cy", table=1, result=WIN), Game(a="bo", b="di", table=2, result=WIN)],
        ),
        Round(
            number=3,
            games=[Game(a="ann", b="di", table=1, result=WIN), Game(a="bo", b="cy", table=2, result=DRAW)],
        ),
    ]
    return Tournament(name="Dojo", format={"game": "40k"}, players=players, rounds=rounds, round_count=3)


def _ballots(t: Tournament) -> BallotBook:
    book = BallotBook(weights=Weights(battle=60, paint=20, sport=20))
    sent = [
        (1, "ann", ALL, None),
        (1, "bo", [0, 1], None),
        (1, "cy", [], "slow-played on purpose"),
        (1, "di", [0, 1, 2], None),
        (2, "ann", ALL, None),
        (2, "cy", ALL, None),
        (2, "bo", [], "rude"),
        (2, "di", [0], None),
        (3, "ann", [0], None),
        (3, "di", [0, 1, 2], None),
        (3, "bo", [0, 1], None),
        (3, "cy", ALL, "left early"),
    ]
    for rnd, voter, ticks, bad in sent:
        book = cast_ballot(t, book, voter, rnd, ticks, bad)
    for voter, picks in (
        ("ann", ["cy", "bo", "di"]),
        ("bo", ["cy", "di"]),
        ("cy", ["ann"]),
        ("di", ["ann", "cy", "bo"]),
    ):
        book = cast_favourites(t, book, voter, picks)
    return book


def test_the_dojo_scheme_by_hand() -> None:
    t = _event()
    book = _ballots(t)
    scores = sport_scores(t, book)
    # Ann: ticks 2 (Bo) + 4 (Cy) + 3 (Di) = 9; favourite of Cy (4) and Di (4): 20 + 9 + 8 = 37.
    assert (scores["ann"].checklist, scores["ann"].favourite, scores["ann"].total) == (9, 8, 37)
    # Bo: 4 (Ann) + 1 (Di), Cy's bad game ticks nothing; Ann's second choice 2, Di's third 1:
    # 28, less 5 = 23.
    assert (scores["bo"].checklist, scores["bo"].favourite, scores["bo"].bad_games) == (5, 3, 1)
    assert scores["bo"].total == 23
    assert scores["bo"].reasons == ["round 3: left early"]
    # Cy: 3 + 4 + 2 = 9; favourites 4 (Ann) + 4 (Bo) + 2 (Di) = 10: 39.
    assert scores["cy"].total == 39
    # Di: one tick (Ann), favourites 1 + 2; two bad games cost 5 then 10: 24 - 15 = 9.
    assert (scores["di"].checklist, scores["di"].favourite, scores["di"].bad_games, scores["di"].total) == (
        1,
        3,
        2,
        9,
    )


def test_a_third_bad_game_takes_everything() -> None:
    assert [bad_game_cost(24, n) for n in range(4)] == [0, 5, 15, 24]


def test_a_ballot_sent_twice_counts_once_and_none_after_the_end() -> None:
    t = _event()
    book = cast_ballot(t, BallotBook(), "ann", 1, ALL, None)
    with pytest.raises(BallotError, match="already sent your ballot for round 1"):
        cast_ballot(t, book, "ann", 1, [], "changed my mind")
    assert sport_scores(t, book)["bo"].total == 24 and len(book.sport) == 1
    assert ballot_due(t, book, "ann") == (3, "di")
    finished = t.model_copy(update={"finished": True})
    with pytest.raises(BallotError, match="finished: its ballots are closed"):
        cast_ballot(finished, book, "ann", 2, ALL, None)
    with pytest.raises(BallotError, match="counts once"):
        cast_favourites(t, cast_favourites(t, book, "ann", ["bo"]), "ann", ["cy"])
    with pytest.raises(BallotError, match="opponents you played"):
        cast_favourites(t, book, "bo", ["bo"])


def test_painting_and_the_awards_by_hand() -> None:
    t = _event()
    book = _ballots(t)
    book = set_rubric(book, [("Basing", 5), ("Detail", 5)])
    book = add_judge(add_judge(book, 100), 200)
    book = score_paint(t, book, 100, "ann", [3, 4])
    book = score_paint(t, book, 200, "ann", [5, 4])  # Ann: (7 + 9) / 2 = 8
    book = score_paint(t, book, 100, "cy", [5, 5])  # Cy: 10
    book = score_paint(t, book, 100, "bo", [1, 1])
    book = score_paint(t, book, 100, "bo", [2, 2])  # a judge's second look replaces the first: 4
    with pytest.raises(BallotError, match="Only the painting judges"):
        score_paint(t, book, 300, "di", [1, 1])
    with pytest.raises(BallotError, match="each from 0 to its top"):
        score_paint(t, book, 100, "di", [6, 1])
    # Overall (60/20/20), each a share of the event's best: battle 30 (Ann 30, Bo 15, Cy 15, Di 0),
    # paint 10, sport 39. Ann: 60 x 1 + 20 x 0.8 + 20 x 37/39 = 94.97; Cy: 30 + 20 + 20 = 70.
    overall = overall_scores(t, book)
    assert (overall["ann"], overall["cy"]) == (95.0, 70.0)
    found = {a.title: (a.names, a.score) for a in awards(t, book)}
    assert found == {
        "Best Sport": (["Cy"], "39 sportsmanship points"),
        "Best Painted": (["Cy"], "10.0 painting points"),
        "Best Overall": (["Ann"], "95.0 of 100"),
    }


def test_players_vote_for_the_painting_when_no_judge_scored() -> None:
    from rules.tournament.ballots import cast_paint_vote

    t = _event()
    book = BallotBook()
    for voter, pick in (("ann", "cy"), ("bo", "cy"), ("cy", "ann"), ("di", "ann")):
        book = cast_paint_vote(t, book, voter, pick)
    with pytest.raises(BallotError, match="counts once"):
        cast_paint_vote(t, book, "ann", "bo")
    with pytest.raises(BallotError, match="someone else's"):
        cast_paint_vote(t, BallotBook(), "ann", "ann")
    found = {a.title: (a.names, a.score) for a in awards(t, book)}
    assert found["Best Painted"] == (["Ann", "Cy"], "2 votes")
    # A judge's score, once there is one, is what counts.
    judged_book = score_paint(t, add_judge(set_rubric(book, [("Basing", 5)]), 7), 7, "bo", [3])
    assert {a.title: a.names for a in awards(t, judged_book)}["Best Painted"] == ["Bo"]
