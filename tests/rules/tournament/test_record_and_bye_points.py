"""W-D-L has one definition per format, and a VP format's bye has the battle points the organiser
chose (issue 38.9, 38.19). Every number below is worked by hand from the two rounds in
:func:`two_rounds`:

    round 1: Ann v Bo 75-70, Cy v Di 50-50, Ed has the bye
    round 2: Ann v Cy 80-20, Bo v Ed 60-40, Di has the bye
"""

from __future__ import annotations

import pytest

from rules.tournament import players_csv, standings
from rules.tournament.engine import create_tournament, set_bye_points
from rules.tournament.formats import format_of
from rules.tournament.model import Game, GameResult, Player, Round, Tournament, TournamentError


def two_rounds(scoring: str = "record", bye_points: int | str | None = None) -> Tournament:
    t = create_tournament("Night", game="40k", scoring=scoring, bye_points=bye_points)
    players = [Player(id=p, name=n) for p, n in zip("abcde", ("Ann", "Bo", "Cy", "Di", "Ed"), strict=True)]

    def game(a: str, b: str, table: int, vp_a: int, vp_b: int) -> Game:
        return Game(a=a, b=b, table=table, result=GameResult(vp_a=vp_a, vp_b=vp_b))

    rounds = [
        Round(number=1, games=[game("a", "b", 1, 75, 70), game("c", "d", 2, 50, 50), Game(a="e")]),
        Round(number=2, games=[game("a", "c", 1, 80, 20), game("b", "e", 2, 60, 40), Game(a="d")]),
    ]
    return t.model_copy(update={"players": players, "rounds": rounds, "round_count": 2})


def rows(t: Tournament) -> dict[str, tuple[str, int, int, int]]:
    """Each player's (W-D-L, ranking points, battle points, strength of schedule)."""
    return {r.name: (f"{r.wins}-{r.ties}-{r.losses}", r.tp, r.vp, r.sos) for r in standings(t)}


def test_record_scoring_counts_vp_wins_and_the_bye_as_a_win() -> None:
    # Ann won both (75-70, 80-20); Di drew and had the bye; Ed had the bye and lost 40-60.
    assert rows(two_rounds()) == {
        "Ann": ("2-0-0", 20, 155, 130 + 70),
        "Bo": ("1-0-1", 10, 130, 155 + 40),
        "Cy": ("0-1-1", 5, 70, 50 + 155),
        "Di": ("1-1-0", 15, 50, 70),
        "Ed": ("1-0-1", 10, 40, 130),
    }


def test_wtc_counts_wins_by_match_points_so_75_70_is_a_draw() -> None:
    # 75-70 is 5 VP apart: 10-10 MP, a draw for both; 80-20 is 20-0; 60-40 is 13-7; a bye 20 MP.
    assert {name: row[:2] for name, row in rows(two_rounds("wtc")).items()} == {
        "Ann": ("1-1-0", 30),
        "Bo": ("1-1-0", 23),
        "Cy": ("0-1-1", 10),
        "Di": ("1-1-0", 30),
        "Ed": ("1-0-1", 27),
    }


@pytest.mark.parametrize("scoring", ["record", "wtc"])
def test_the_record_agrees_with_the_points_in_every_export(scoring: str) -> None:
    t = two_rounds(scoring)
    fmt = format_of(t)
    for r in standings(t):
        assert r.wins + r.ties + r.losses == r.played + r.byes
    if scoring == "record":
        assert all(r.tp == 10 * r.wins + 5 * r.ties for r in standings(t))
    lines = {line.split(",")[1]: line.split(",") for line in players_csv(t).splitlines()[1:]}
    head = players_csv(t).splitlines()[0].split(",")
    wins, ties, losses = head.index("wins"), head.index("ties"), head.index("losses")
    assert lines["Ann"][wins : losses + 1] == (["2", "0", "0"] if scoring == "record" else ["1", "1", "0"])
    assert lines["Ed"][wins] == "1" and lines["Ed"][ties] == "0"
    record = next(c for c in fmt.columns if c.key == "record")
    assert {r.name: record.value(r) for r in standings(t)}["Di"] == "1-1-0"


def test_the_footer_says_the_definition() -> None:
    assert format_of(two_rounds()).record_text() == (
        "W-D-L: more VP wins, equal VP is a draw; a bye is a win: 10 RP and 0 BP"
    )
    assert format_of(two_rounds("wtc", "average")).record_text() == (
        "W-D-L: more match points wins, 10-10 is a draw; a bye is a win: 20 MP and their average VP"
    )


def test_a_bye_worth_a_fixed_number_of_battle_points() -> None:
    # Di: 50 + 20 = 70 BP; Ed: 40 + 20 = 60 BP. Strength of schedule counts them too:
    # Bo met Ann (155) and Ed (60); Cy met Di (70) and Ann.
    got = rows(two_rounds(bye_points=20))
    assert got["Di"][2:] == (70, 70) and got["Ed"][2:] == (60, 130)
    assert got["Bo"][3] == 155 + 60 and got["Cy"][3] == 70 + 155
    # VP± stays the games played: Ed scored 40 and conceded 60.
    assert next(r for r in standings(two_rounds(bye_points=20)) if r.name == "Ed").vp_diff == -20


def test_a_bye_worth_the_players_average() -> None:
    # Di played one game (50 VP) and Ed one (40 VP): each bye is worth that one game's VP.
    got = rows(two_rounds(bye_points="average"))
    assert got["Di"][2] == 100 and got["Ed"][2] == 80 and got["Bo"][3] == 155 + 80
    # With two games played, 75 + 80 = 155 averages 77.5, rounded half up to 78.
    assert format_of(two_rounds(bye_points="average")).bye_battle_points(155, 2) == 78


def test_the_default_bye_is_worth_no_battle_points_and_bad_values_are_refused() -> None:
    assert two_rounds().format.bye_battle_points == 0
    assert set_bye_points(two_rounds(), "12").format.bye_battle_points == 12
    with pytest.raises(TournamentError, match="0 to 100"):
        create_tournament("GT", game="40k", bye_points="101")
    with pytest.raises(TournamentError, match="or `average`"):
        create_tournament("GT", game="40k", bye_points="lots")
    with pytest.raises(TournamentError, match="ITS bye is worth 3 TP"):
        create_tournament("Cup", 300, bye_points=10)
