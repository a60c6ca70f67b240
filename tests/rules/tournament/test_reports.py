"""Reported results: the rules now live in rules.tournament.reports, tested without Discord."""

from __future__ import annotations

import random

import pytest

from rules.errors import RuleError
from rules.tournament import add_player, create_tournament, pair_next_round
from rules.tournament.model import GameResult
from rules.tournament.reports import Results, report_result, settle_report

SCORE = GameResult(op_a=7, op_b=4, vp_a=200, vp_b=90)


def paired() -> tuple[Results, str, str, str]:
    t = create_tournament("Cup", 200)
    for pid in ("1", "2", "3", "4"):
        t = add_player(t, pid, f"P{pid}")
    t = pair_next_round(t, random.Random(3))
    game = t.current.game_of("1")
    rival = game.b if game.a == "1" else game.a
    bystander = next(p for p in ("2", "3", "4") if p != rival)
    return Results(tournament=t), "1", rival, bystander


def test_both_players_reporting_the_same_score_records_it_without_a_confirmation() -> None:
    book, me, rival, _ = paired()
    book, made = report_result(book, me, rival, SCORE)
    assert made is not None and book.reports == [made]
    book, made = report_result(book, rival, me, SCORE.swapped())
    assert made is None and book.reports == []
    played = book.tournament.current.game_of(me)
    assert (played.result if played.a == me else played.result.swapped()) == SCORE


def test_only_the_opponent_or_an_organiser_settles_a_report() -> None:
    book, me, rival, bystander = paired()
    book, made = report_result(book, me, rival, SCORE)
    with pytest.raises(RuleError, match=r"Only <@\d+> \(the opponent\) or an organiser"):
        settle_report(book, made.id, bystander, confirm=True, organiser=False)
    disputed, report = settle_report(book, made.id, rival, confirm=False, organiser=False)
    assert report.disputed and disputed.tournament.current.game_of(me).result is None
    with pytest.raises(RuleError, match="already disputed"):
        settle_report(disputed, made.id, rival, confirm=False, organiser=False)
    recorded, _ = settle_report(disputed, made.id, bystander, confirm=True, organiser=True)
    assert recorded.reports == [] and recorded.tournament.current.game_of(me).result is not None


def test_a_different_second_report_is_refused_with_the_waiting_report_named() -> None:
    book, me, rival, _ = paired()
    book, made = report_result(book, me, rival, SCORE)
    with pytest.raises(RuleError, match=f"report #{made.id}"):
        report_result(book, rival, me, SCORE)


def test_after_a_dispute_the_disputing_player_reports_their_own_score() -> None:
    """Issue 25.12: the disputed report no longer blocks the player who disputed it."""
    book, me, rival, _ = paired()
    book, made = report_result(book, me, rival, SCORE)
    book, _ = settle_report(book, made.id, rival, confirm=False, organiser=False)
    theirs = GameResult(op_a=6, op_b=5, vp_a=150, vp_b=120)
    book, counter = report_result(book, rival, me, theirs)
    assert counter is not None and counter.reporter == rival and not counter.disputed
    assert [r.id for r in book.reports] == [counter.id]  # the disputed report is replaced
    book, _ = settle_report(book, counter.id, me, confirm=True, organiser=False)
    played = book.tournament.current.game_of(rival)
    assert (played.result if played.a == rival else played.result.swapped()) == theirs


def test_after_a_dispute_the_disputing_player_may_agree_after_all() -> None:
    book, me, rival, _ = paired()
    book, made = report_result(book, me, rival, SCORE)
    book, _ = settle_report(book, made.id, rival, confirm=False, organiser=False)
    book, recorded = report_result(book, rival, me, SCORE.swapped())
    assert recorded is None and book.reports == []
    assert book.tournament.current.game_of(me).result is not None


def test_a_swap_drops_the_reports_of_games_it_took_apart() -> None:
    from rules.tournament import swap_players
    from rules.tournament.reports import without_stale_reports

    book, me, rival, bystander = paired()
    book, _ = report_result(book, me, rival, SCORE)
    assert without_stale_reports(book) is book  # nothing changed: the same book
    swapped = book.model_copy(update={"tournament": swap_players(book.tournament, rival, bystander)})
    assert without_stale_reports(swapped).reports == []
