"""A season of three events counting each player's best two, worked by hand."""

from __future__ import annotations

import pytest

from rules.tournament.model import Game, GameResult, Player, Round, Tournament
from rules.tournament.season import SeasonError, checked_season, season_table

PEOPLE = {"ann": 1, "bo": 2, "cy": 3, "di": 4, "ed": 5}


def _event(name: str, games: list[tuple[str, str | None, int, int]], *, finished: bool = True) -> Tournament:
    """A one-round 40k event (10/5/0; a bye is a win); player ids differ from event to event, the
    Discord account is what a season matches."""
    entrants = [p for g in games for p in g[:2] if p is not None]
    players = [Player(id=f"{name}-{p}", name=p.title(), user_id=PEOPLE[p]) for p in entrants]
    played = [
        Game(
            a=f"{name}-{a}",
            b=None if b is None else f"{name}-{b}",
            table=None if b is None else i + 1,
            result=None if b is None else GameResult(vp_a=va, vp_b=vb),
        )
        for i, (a, b, va, vb) in enumerate(games)
    ]
    return Tournament(
        name=name,
        format={"game": "40k"},
        players=players,
        rounds=[Round(number=1, games=played)],
        finished=finished,
    )


def test_three_events_best_two_by_hand() -> None:
    autumn = _event("Autumn", [("ann", "bo", 80, 50), ("cy", "di", 70, 20)])  # Ann 10 Bo 0 Cy 10 Di 0
    winter = _event("Winter", [("ann", "cy", 40, 60), ("bo", "di", 55, 55)])  # Ann 0 Cy 10 Bo 5 Di 5
    spring = _event("Spring", [("ann", "di", 90, 10), ("bo", "cy", 60, 30), ("ed", None, 0, 0)])
    # Spring: Ann 10, Bo 10, Cy 0, Di 0, Ed 10 (the bye).
    running = _event("Summer", [("di", "ann", 100, 0)], finished=False)  # not finished: not counted
    table = season_table([autumn, winter, spring, running], best=2)
    got = [(r.rank, r.name, r.total, r.events) for r in table]
    # Ann 10+10 (her 0 dropped), Cy 10+10, Bo 5+10, Ed 10 (one event), Di 5+0.
    assert got == [(1, "Ann", 20, 3), (1, "Cy", 20, 3), (3, "Bo", 15, 3), (4, "Ed", 10, 1), (5, "Di", 5, 3)]
    ann = table[0]
    assert [(r.event, r.points, r.counted) for r in ann.results] == [
        ("Autumn", 10, True),
        ("Winter", 0, False),
        ("Spring", 10, True),
    ]
    di = table[-1]
    # Equal points: the earlier event is the one counted.
    assert [(r.event, r.points, r.counted) for r in di.results] == [
        ("Autumn", 0, True),
        ("Winter", 5, True),
        ("Spring", 0, False),
    ]
    # best 1 and best 3 of the same events.
    assert [(r.name, r.total) for r in season_table([autumn, winter, spring], best=1)][:2] == [
        ("Ann", 10),
        ("Bo", 10),
    ]
    assert season_table([autumn, winter, spring], best=3)[0].total == 20


def test_a_season_keeps_to_one_game() -> None:
    its = Tournament(name="ITS cup", tier=300, finished=True)
    with pytest.raises(SeasonError, match="one game"):
        season_table([_event("Autumn", [("ann", "bo", 1, 0)]), its], best=2)


@pytest.mark.parametrize(("name", "best", "said"), [(" ", 2, "needs a name"), ("Winter", 0, "1 to 20")])
def test_bad_settings_are_said(name: str, best: int, said: str) -> None:
    with pytest.raises(SeasonError, match=said):
        checked_season(name, best, 1)
