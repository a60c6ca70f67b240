"""/games: a server with 1,000 active games, 4 players each; one player sits in 40 of them."""

from __future__ import annotations

from typing import Any

from bot.games import GameKind, GameState, Seat
from bot.offline import GUILD_ID, OfflineDriver
from tests.bench import Case

GAMES = 1000


class _Table(GameState):
    players: list[int]
    turn: int = 0


KIND = GameKind(
    "bench_table",
    "a bench table",
    "",
    "",
    seats=lambda t: [Seat(u, "your turn" if i == t.turn else None) for i, u in enumerate(t.players)],
)


async def _setup(driver: OfflineDriver) -> Any:
    store = driver.bot.games
    store.register_kind(KIND, _Table)
    me = driver.user("bench-player")
    for i in range(GAMES):
        players = [me.id if i % 25 == 0 else 10_000 + i, 20_000 + i, 30_000 + i, 40_000 + i]
        await store.start(
            channel_id=900_000 + i,
            guild_id=GUILD_ID,
            kind=KIND.key,
            state=_Table(players=players, turn=i % 4),
            actor_id=players[0],
        )
    return me


async def _games(driver: OfflineDriver, me: Any) -> Any:
    reply = await driver.command("/games", user=me)
    if "40 games" not in reply.text:
        raise AssertionError(f"/games did not list the player's 40 games: {reply.text[:200]}")
    return reply


CASES = [
    Case(
        "/games (1,000 active games in the server)",
        _games,
        setup=_setup,
        calls=300,
        target_p99_ms=50,
        expect="private",
        contains="40 games",
    )
]
