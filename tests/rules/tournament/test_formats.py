"""Tournament formats beyond ITS: 40k ``record`` and ``wtc``, Boarding Actions, byes, old states."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.errors import RuleError
from rules.tournament import (
    GameResult,
    Tournament,
    add_player,
    create_tournament,
    pair_next_round,
    players_csv,
    record_result,
    results_csv,
    standings,
)
from rules.tournament.format_settings import FormatSettings, GameSystem, Scoring
from rules.tournament.formats import Its, Record, Wtc, format_of, format_of_settings, wtc_points
from rules.tournament.model import Game, Player, Round
from rules.tournament.public import public_view
from rules.tournament.rating import rating_changes
from rules.tournament.reports import Results, report_result


def vp(a: str, b: str, vp_a: int, vp_b: int, table: int) -> Game:
    return Game(a=a, b=b, table=table, result=GameResult(vp_a=vp_a, vp_b=vp_b))


# The 8-player, 3-round event of the tests below (VP, side a first).
EVENT = [
    [vp("A", "B", 80, 40, 1), vp("C", "D", 70, 70, 2), vp("E", "F", 60, 55, 3), vp("G", "H", 30, 90, 4)],
    [vp("A", "H", 65, 60, 1), vp("C", "E", 50, 75, 2), vp("D", "B", 45, 45, 3), vp("F", "G", 85, 20, 4)],
    [vp("A", "E", 60, 70, 1), vp("H", "C", 80, 60, 2), vp("B", "F", 55, 50, 3), vp("D", "G", 90, 10, 4)],
]


def event(scoring: str = "record", **settings: object) -> Tournament:
    players = [Player(id=p, name=p) for p in "ABCDEFGH"]
    rounds = [Round(number=i + 1, games=games) for i, games in enumerate(EVENT)]
    fmt = FormatSettings(game="40k", scoring=scoring, **settings)
    return Tournament(name="GT", format=fmt, players=players, rounds=rounds, round_count=3, finished=True)


def test_an_eight_player_record_event_by_hand() -> None:
    """Worked by hand (W/D/L 10/5/0, then battle points, then strength of schedule).

    Player  games (own VP-their VP)            W-D-L  RP  BP   against  VP±
    A       B 80-40 W, H 65-60 W, E 60-70 L    2-0-1  20  205  170      +35
    B       A 40-80 L, D 45-45 D, F 55-50 W    1-1-1  15  140  175      -35
    C       D 70-70 D, E 50-75 L, H 60-80 L    0-1-2   5  180  225      -45
    D       C 70-70 D, B 45-45 D, G 90-10 W    1-2-0  20  205  125      +80
    E       F 60-55 W, C 75-50 W, A 70-60 W    3-0-0  30  205  165      +40
    F       E 55-60 L, G 85-20 W, B 50-55 L    1-0-2  10  190  135      +55
    G       H 30-90 L, F 20-85 L, D 10-90 L    0-0-3   0   60  265     -205
    H       G 90-30 W, A 60-65 L, C 80-60 W    2-0-1  20  230  155      +75

    Strength of schedule = the opponents' battle points:
    A: B 140 + H 230 + E 205 = 575     E: F 190 + C 180 + A 205 = 575
    B: A 205 + D 205 + F 190 = 600     F: E 205 + G 60 + B 140 = 405
    C: D 205 + E 205 + H 230 = 640     G: H 230 + F 190 + D 205 = 625
    D: C 180 + B 140 + G 60 = 380      H: G 60 + A 205 + C 180 = 445

    Order: E (30 RP) first. A, D and H have 20 RP: battle points put H (230) above A and D
    (205 each), and strength of schedule puts A (575) above D (380). Then B 15, F 10, C 5, G 0.
    """
    rows = standings(event())
    assert [r.player_id for r in rows] == list("EHADBFCG")
    assert [r.rank for r in rows] == [1, 2, 3, 4, 5, 6, 7, 8]
    got = {r.player_id: (f"{r.wins}-{r.ties}-{r.losses}", r.tp, r.vp, r.sos, r.vp_diff) for r in rows}
    assert got == {
        "A": ("2-0-1", 20, 205, 575, 35),
        "B": ("1-1-1", 15, 140, 600, -35),
        "C": ("0-1-2", 5, 180, 640, -45),
        "D": ("1-2-0", 20, 205, 380, 80),
        "E": ("3-0-0", 30, 205, 575, 40),
        "F": ("1-0-2", 10, 190, 405, 55),
        "G": ("0-0-3", 0, 60, 625, -205),
        "H": ("2-0-1", 20, 230, 445, 75),
    }
    # What decided each step of the 20-RP group: BP between H and A, SoS between A and D.
    by = {r.player_id: r for r in rows}
    assert by["H"].tp == by["A"].tp and by["H"].vp > by["A"].vp
    assert (by["A"].tp, by["A"].vp) == (by["D"].tp, by["D"].vp) and by["A"].sos > by["D"].sos


def test_the_same_event_scored_wtc_by_hand() -> None:
    """Match points per game (band 5: 0-5 is 10-10, then one point per 5 VP, 51+ is 20-0):

    R1: A-B 40 apart 17-3; C-D 10-10; E-F 5 apart 10-10; H-G 60 apart 20-0.
    R2: A-H 5 apart 10-10; E-C 25 apart 14-6; D-B 10-10; F-G 65 apart 20-0.
    R3: E-A 10 apart 11-9; H-C 20 apart 13-7; B-F 5 apart 10-10; D-G 80 apart 20-0.
    Totals: H 43, D 40, F 40, A 36, E 35, B 23, C 23, G 0. D and F tie on MP: VP 205 beats 190.
    B and C tie on MP: VP 180 (C) beats 140 (B).
    """
    rows = standings(event("wtc"))
    assert [(r.player_id, r.tp) for r in rows] == [
        ("H", 43),
        ("D", 40),
        ("F", 40),
        ("A", 36),
        ("E", 35),
        ("C", 23),
        ("B", 23),
        ("G", 0),
    ]


@pytest.mark.parametrize(
    ("difference", "points"),
    [(0, (10, 10)), (5, (10, 10)), (6, (11, 9)), (50, (19, 1)), (51, (20, 0)), (100, (20, 0))],
)
def test_the_wtc_table_at_its_edges(difference: int, points: tuple[int, int]) -> None:
    assert wtc_points(difference) == points
    fmt = format_of(Tournament(name="x", format=FormatSettings(game="40k", scoring="wtc")))
    assert fmt.result_points(GameResult(vp_a=difference, vp_b=0)) == points
    assert fmt.result_points(GameResult(vp_a=0, vp_b=difference)) == points[::-1]


@pytest.mark.parametrize(
    ("band", "difference", "points"), [(10, 10, (10, 10)), (10, 11, (11, 9)), (3, 31, (20, 0))]
)
def test_the_band_width_is_the_organisers(band: int, difference: int, points: tuple[int, int]) -> None:
    assert wtc_points(difference, band) == points


def five_with_a_bye(game: str, scoring: str | None) -> Tournament:
    t = create_tournament("Bye Cup", 300 if game == "its" else None, game=game, scoring=scoring)
    for p in "ABCDE":
        t = add_player(t, p, p)
    return pair_next_round(t, random.Random(2))


@pytest.mark.parametrize(
    ("game", "scoring", "worth"),
    [("its", None, 3), ("40k", "record", 10), ("40k", "wtc", 20), ("boarding-actions", None, 10)],
)
def test_a_bye_in_each_format(game: str, scoring: str | None, worth: int) -> None:
    t = five_with_a_bye(game, scoring)
    bye = t.current.games[-1]
    assert bye.is_bye
    row = next(r for r in standings(t) if r.player_id == bye.a)
    # A bye is the format's win: its points, no VP, no game played, no opponent; counted as a win
    # in W-D-L where it is worth a win's points (issue 38.9), and apart (Byes) in ITS.
    wins = 0 if game == "its" else 1
    assert (row.tp, row.vp, row.byes, row.played, row.sos, row.wins) == (worth, 0, 1, 0, 0, wins)
    assert format_of(t).bye_points == worth


def test_a_stored_state_without_a_format_is_its() -> None:
    stored = create_tournament("Old", 300).model_dump(mode="json")
    del stored["format"]
    t = Tournament.model_validate_json(json.dumps(stored))
    assert isinstance(format_of(t), Its) and t.format.game is GameSystem.ITS
    assert players_csv(t).startswith("rank,player,faction,tp,op,vp,opponents_op,byes")


def test_40k_results_are_victory_points_up_to_100() -> None:
    t = five_with_a_bye("40k", "record")
    g = t.current.games[0]
    with pytest.raises(RuleError, match="more than a 40k game allows"):
        record_result(t, g.a, g.b, GameResult(vp_a=101, vp_b=20))
    with pytest.raises(RuleError, match="no Objective Points"):
        record_result(t, g.a, g.b, GameResult(op_a=3, vp_a=50, vp_b=20))
    with pytest.raises(RuleError, match="more than a 40k game allows"):
        report_result(Results(tournament=t), g.a, g.b, GameResult(vp_a=20, vp_b=150))
    t = record_result(t, g.a, g.b, GameResult(vp_a=100, vp_b=0))
    assert next(r for r in standings(t) if r.player_id == g.a).tp == 10


def test_create_refuses_options_of_another_game() -> None:
    with pytest.raises(RuleError, match="needs its tier"):
        create_tournament("x")
    with pytest.raises(RuleError, match="scoring"):
        create_tournament("x", 300, scoring="wtc")
    with pytest.raises(RuleError, match="WTC table"):
        create_tournament("x", game="40k", band=10)
    with pytest.raises(RuleError, match="ITS Extras"):
        create_tournament("x", game="40k", extras=["escalation"])
    with pytest.raises(RuleError, match="Army points go from"):
        create_tournament("x", game="40k", points=50)
    t = create_tournament("x", game="boarding-actions")
    assert (t.format.scoring, format_of(t).army_points(t, 1)) == (Scoring.RECORD, 500)


def test_exports_and_the_public_view_show_the_formats_columns() -> None:
    t = event()
    head = players_csv(t).splitlines()[0]
    assert head == (
        "rank,player,faction,rp,bp,sos,vp_diff,byes,bye_rounds,played,wins,ties,losses,dropped,discord_id"
    )
    assert players_csv(t).splitlines()[1] == "1,E,,30,205,575,40,0,,3,3,0,0,,"
    assert results_csv(t).splitlines()[:2] == [
        "round,table,player_a,faction_a,vp_a,rp_a,player_b,faction_b,vp_b,rp_b,flags,"
        "discord_a,discord_b,edit_note,result_by,disputed",
        "1,1,A,,80,10,B,,40,0,,,,,players,",
    ]
    view = public_view(t, reported=())
    assert [c.label for c in view.columns] == ["W-D-L", "RP", "BP", "SoS", "VP±"]
    assert view.standings[0].cells == ["3-0-0", "30", "205", "575", "+40"]
    assert (view.current.games[0].a.tp, view.current.games[0].b.tp) == (0, 10)  # round 3: A 60-70 E
    wtc = public_view(event("wtc", band=5), reported=())
    assert wtc.columns[0].label == "MP" and wtc.standings[0].cells[0] == "43"


def test_ratings_take_the_formats_outcome() -> None:
    changes = {c.player_id: c for c in rating_changes(event(), {})}
    assert changes["E"].change > 0 > changes["G"].change
    assert changes["C"].games == 3
    assert isinstance(format_of(event()), Record) and isinstance(format_of(event("wtc")), Wtc)


def test_check_in_never_leaves_round_1_without_enough_players() -> None:
    from rules.tournament.checkin import leave_out_absent, open_checkin, set_checked_in

    t = open_checkin(_five())
    for pid in "AB":
        t = set_checked_in(t, pid, True)
    with pytest.raises(RuleError, match="Only 2 players have checked in"):
        leave_out_absent(t)


def _five() -> Tournament:
    t = create_tournament("Check Cup", game="40k")
    for p in "ABCDE":
        t = add_player(t, p, p)
    return t


@settings(max_examples=200, deadline=None)
@given(
    choice=st.sampled_from(
        [
            ("its", "its", 5),
            ("40k", "record", 5),
            ("40k", "wtc", 5),
            ("40k", "wtc", 3),
            ("boarding-actions", "record", 5),
            ("boarding-actions", "wtc", 10),
        ]
    ),
    op=st.tuples(st.integers(0, 10), st.integers(0, 10)),
    vp=st.tuples(st.integers(0, 100), st.integers(0, 100)),
)
def test_each_formats_quick_result_points_are_each_sides_points(
    choice: tuple[str, str, int], op: tuple[int, int], vp: tuple[int, int]
) -> None:
    """Each format works out side b's points without swapping the result; they must be the same."""
    game, scoring, band = choice
    fmt = format_of_settings(FormatSettings(game=game, scoring=scoring, band=band))
    result = GameResult(op_a=op[0], op_b=op[1], vp_a=vp[0], vp_b=vp[1])
    assert fmt.result_points(result) == (fmt.side_points(result), fmt.side_points(result.swapped()))
