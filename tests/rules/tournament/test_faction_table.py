"""The faction table worked by hand: a mirror match and a draw (see rules/tournament/faction_table.py)."""

from __future__ import annotations

from rules.tournament.faction_table import FEW_GAMES, faction_table, percent
from rules.tournament.model import Game, GameResult, Player, Round, Tournament


def _cup() -> Tournament:
    # Ann and Bo play Orks, Cy Eldar, Di Necrons (40k: more VP wins).
    # Round 1: Ann 70 v Bo 50 (a mirror), Cy 60 v Di 60 (a draw).
    # Round 2: Ann 80 v Cy 40, Bo 30 v Di 70.
    players = [
        Player(id="a", name="Ann", faction="Orks"),
        Player(id="b", name="Bo", faction="Orks"),
        Player(id="c", name="Cy", faction="Eldar"),
        Player(id="d", name="Di", faction="Necrons"),
    ]
    r1 = Round(
        number=1,
        games=[
            Game(a="a", b="b", table=1, result=GameResult(vp_a=70, vp_b=50)),
            Game(a="c", b="d", table=2, result=GameResult(vp_a=60, vp_b=60)),
        ],
    )
    r2 = Round(
        number=2,
        games=[
            Game(a="a", b="c", table=1, result=GameResult(vp_a=80, vp_b=40)),
            Game(a="b", b="d", table=2, result=GameResult(vp_a=30, vp_b=70)),
        ],
    )
    return Tournament(name="Cup", format={"game": "40k"}, players=players, rounds=[r1, r2], finished=True)


def test_a_mirror_and_a_draw_by_hand() -> None:
    rows = {r.faction: r for r in faction_table([_cup()])}
    # Orks: the mirror is left out; Ann beat Cy, Bo lost to Di: 1-0-1, 50%.
    orks = rows["Orks"]
    assert (orks.players, orks.games, orks.wins, orks.draws, orks.losses, orks.mirrors) == (2, 2, 1, 0, 1, 1)
    assert orks.win_rate == 0.5
    # Battle points: 70 + 50 (the mirror, both players) + 80 + 30 over 4 games.
    assert orks.average_battle_points == 230 / 4
    # Necrons: a draw (half a win) and a win: 1.5 / 2.
    necrons = rows["Necrons"]
    assert (necrons.wins, necrons.draws, necrons.losses, necrons.win_rate) == (1, 1, 0, 0.75)
    assert necrons.average_battle_points == 65
    # Eldar: a draw and a loss: 0.5 / 2.
    eldar = rows["Eldar"]
    assert (eldar.wins, eldar.draws, eldar.losses, eldar.win_rate) == (0, 1, 1, 0.25)
    # Standings (10/5/0): Ann 20, Di 15, Cy 5, Bo 0.
    assert (orks.best.name, orks.best.rank) == ("Ann", 1)
    assert (necrons.best.name, necrons.best.rank) == ("Di", 2)
    assert (eldar.best.name, eldar.best.rank) == ("Cy", 3)
    assert [r.faction for r in faction_table([_cup()])] == ["Necrons", "Orks", "Eldar"]
    assert all(r.few for r in rows.values())
    assert percent(necrons.win_rate) == "75.0%"


def test_two_events_add_up_and_the_best_place_is_the_best_rank() -> None:
    later = _cup().model_copy(update={"name": "Second cup"})
    rows = {r.faction: r for r in faction_table([_cup(), later])}
    assert (rows["Orks"].players, rows["Orks"].games, rows["Orks"].mirrors) == (4, 4, 2)
    assert rows["Orks"].best.event == "Cup"  # the same rank: the first one found stays


def test_enough_games_lose_the_note() -> None:
    players = [
        Player(id=str(i), name=f"P{i}", faction="Orks" if i % 2 else "Eldar") for i in range(2 * FEW_GAMES)
    ]
    games = [
        Game(a=str(2 * i + 1), b=str(2 * i), table=i + 1, result=GameResult(vp_a=60, vp_b=50))
        for i in range(FEW_GAMES)
    ]
    t = Tournament(name="Big", format={"game": "40k"}, players=players, rounds=[Round(number=1, games=games)])
    rows = {r.faction: r for r in faction_table([t])}
    assert rows["Orks"].games == FEW_GAMES and not rows["Orks"].few
    assert rows["Orks"].win_rate == 1.0 and rows["Eldar"].win_rate == 0.0
