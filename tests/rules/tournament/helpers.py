"""Small builders for tournament tests: players by letter, hand-written rounds, random results."""

from __future__ import annotations

import random

from rules.tournament import GameResult, Tournament, add_player, create_tournament, record_result
from rules.tournament.model import Game, Player, Round


def with_players(
    count: int, *, rounds: int | None = None, name: str = "Test Cup", tier: int = 300
) -> Tournament:
    """A tournament with players "A", "B", ... (ids and names are the same letters)."""
    t = create_tournament(name, tier, rounds=rounds)
    for i in range(count):
        t = add_player(t, _id(i), _id(i), "Nomads")
    return t


def _id(i: int) -> str:
    return chr(ord("A") + i) if i < 26 else f"P{i}"


def game(a: str, b: str | None, table: int | None = None, *, op: tuple[int, int] = (0, 0), vp=(0, 0)) -> Game:
    """A played game (or a bye when ``b`` is None) with its result."""
    if b is None:
        return Game(a=a)
    result = GameResult(op_a=op[0], op_b=op[1], vp_a=vp[0], vp_b=vp[1])
    return Game(a=a, b=b, table=table, result=result)


def by_hand(ids: str, rounds: list[list[Game]], **fields) -> Tournament:
    """A tournament whose rounds are written out (players named by the letters of ``ids``)."""
    players = [Player(id=p, name=p) for p in ids]
    made = [Round(number=i + 1, games=games) for i, games in enumerate(rounds)]
    fields.setdefault("round_count", max(3, len(made)))
    fields.setdefault("tier", 300)
    return Tournament(name="By hand", players=players, rounds=made, **fields)


def play_round(t: Tournament, rng: random.Random) -> Tournament:
    """Random results for every game of the current round that has none."""
    for g in t.current.games:
        if not g.done:
            result = GameResult(
                op_a=rng.randint(0, 10),
                op_b=rng.randint(0, 10),
                vp_a=rng.randint(0, 300),
                vp_b=rng.randint(0, 300),
            )
            t = record_result(t, g.a, g.b, result)
    return t


def pairs_of(rnd: Round) -> set[frozenset[str]]:
    return {frozenset(g.players) for g in rnd.games if g.b is not None}
