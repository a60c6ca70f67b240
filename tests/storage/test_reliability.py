"""Storage under cancellation, long games and undo: issue 16, items 6 and 7."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games import GameKind, GameState, GameStore
from bot.storage import Database, SqlGameRepository, connect
from bot.storage.games import MAX_UNDO_STEPS
from bot.storage.patches import apply_patch, reverse_patch
from bot.storage.sqlite import SqliteDatabase
from rules.errors import RuleError


class Board(GameState):
    moves: list[int] = []
    turn: int = 0
    notes: dict[str, str] = {}


async def open_store(url: str | Path) -> tuple[Database, GameStore]:
    db = await connect(url)
    store = GameStore(SqlGameRepository(db))
    store.register_kind(GameKind("board", "a board", "/board start", "/board end"))
    await store.start(channel_id=1, guild_id=None, kind="board", state=Board(), actor_id=1)
    return db, store


async def move(store: GameStore, n: int) -> None:
    async with store.update(1, Board, kind="board", actor_id=1, action="move") as game:
        game.state = Board(moves=[*game.state.moves, n], turn=game.state.turn + 1, notes=game.state.notes)
        game.summary = f"move {n}"


def always(event: Any) -> bool:
    return True


# -- item 7: a cancelled write never leaves the connection inside a transaction -------------------


class Gate:
    """Wraps the connection's execute: the ``stop_at``-th statement's await is where we cancel."""

    def __init__(self, db: SqliteDatabase, stop_at: int) -> None:
        self.count = 0
        self.stop_at = stop_at
        self.reached = asyncio.Event()
        self._execute = db.conn.execute
        db.conn.execute = self.execute  # type: ignore[method-assign]

    def execute(self, sql: str, *args: Any) -> Any:
        self.count += 1
        if self.count == self.stop_at:
            self.reached.set()
        return self._execute(sql, *args)


@pytest.mark.parametrize("stop_at", range(1, 7))
async def test_a_write_cancelled_at_any_await_leaves_the_database_usable(
    tmp_path: Path, stop_at: int
) -> None:
    db, store = await open_store(tmp_path / "c.sqlite3")
    assert isinstance(db, SqliteDatabase)
    gate = Gate(db, stop_at)
    writer = asyncio.ensure_future(move(store, 1))
    await gate.reached.wait()
    writer.cancel()
    await asyncio.gather(writer, return_exceptions=True)
    db.conn.execute = gate._execute  # type: ignore[method-assign]
    assert not db.conn.in_transaction
    await move(store, 2)  # later writes work: no "cannot start a transaction within a transaction"
    game = await store.get(1, Board, "board")
    assert game.state.moves in ([2], [1, 2])  # the cancelled move is all there or not at all
    assert game.version == 1 + len(game.state.moves)
    await db.close()


@pytest.mark.parametrize("ticks", [0, 1, 2, 3, 5, 8, 13])
async def test_a_write_cancelled_anywhere_is_all_or_nothing_on_both_backends(
    database_url: str, ticks: int
) -> None:
    db, store = await open_store(database_url)
    writer = asyncio.ensure_future(move(store, 1))
    for _ in range(ticks):
        await asyncio.sleep(0)
    writer.cancel()
    await asyncio.gather(writer, return_exceptions=True)
    await move(store, 2)
    game = await store.get(1, Board, "board")
    assert game.state.moves in ([2], [1, 2])
    assert game.version == 1 + len(game.state.moves)
    assert len(await store.events(game.id)) == game.version
    await db.close()


# -- item 6: undo has no hidden floor, a stated cap, and small events ---------------------------


async def test_undo_goes_back_step_by_step_past_the_old_500_event_window(database_url: str) -> None:
    db, store = await open_store(database_url)
    for n in range(MAX_UNDO_STEPS):
        await move(store, n)
    for expected in range(MAX_UNDO_STEPS - 1, -1, -1):
        game, event = await store.undo(1, Board, kind="board", actor_id=1, may_undo=always)
        assert event.summary == f"move {expected}"
        assert game.state.moves == list(range(expected))
    with pytest.raises(RuleError, match="nothing to undo"):
        await store.undo(1, Board, kind="board", actor_id=1, may_undo=always)
    await db.close()


async def test_only_the_last_hundred_steps_can_be_undone_and_the_refusal_says_so(database_url: str) -> None:
    db, store = await open_store(database_url)
    for n in range(MAX_UNDO_STEPS + 5):
        await move(store, n)
    for _ in range(MAX_UNDO_STEPS):
        await store.undo(1, Board, kind="board", actor_id=1, may_undo=always)
    game = await store.get(1, Board, "board")
    assert game.state.moves == [0, 1, 2, 3, 4]
    with pytest.raises(RuleError, match=f"last {MAX_UNDO_STEPS} steps"):
        await store.undo(1, Board, kind="board", actor_id=1, may_undo=always)
    await db.close()


async def test_undo_after_new_moves_restores_the_right_state(database_url: str) -> None:
    db, store = await open_store(database_url)
    await move(store, 1)
    await move(store, 2)
    await store.undo(1, Board, kind="board", actor_id=1, may_undo=always)
    await move(store, 3)
    game, event = await store.undo(1, Board, kind="board", actor_id=1, may_undo=always)
    assert event.summary == "move 3" and game.state.moves == [1]
    game, event = await store.undo(1, Board, kind="board", actor_id=1, may_undo=always)
    assert event.summary == "move 1" and game.state.moves == []
    await db.close()


async def test_a_step_stores_a_patch_not_a_copy_of_the_state(database_url: str) -> None:
    db, store = await open_store(database_url)
    big = {f"key{i}": "x" * 50 for i in range(80)}
    async with store.update(1, Board, kind="board", actor_id=1, action="notes") as game:
        game.state = Board(notes=big)
    await move(store, 7)
    async with db.reading() as tx:
        row = await tx.fetchone(
            "SELECT length(undo_patch) AS n, state_before FROM game_events WHERE action = 'move'"
        )
    assert row["state_before"] is None
    assert row["n"] < 100 < len(json.dumps(big))
    await db.close()


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=3), inner, max_size=4),
    max_leaves=20,
)


@settings(max_examples=200, deadline=None)
@given(json_values, json_values)
def test_a_reverse_patch_always_gives_back_the_state_before(after: Any, before: Any) -> None:
    patch = reverse_patch(after, before)
    assert apply_patch(after, patch) == before
    assert json.loads(json.dumps(patch)) == patch


async def test_maintenance_keeps_active_games_and_prunes_old_ended_ones(database_url: str) -> None:
    from datetime import UTC, datetime, timedelta

    from bot.storage.maintenance import run_maintenance

    db, store = await open_store(database_url)  # channel 1: an active game
    await move(store, 1)
    for channel in (2, 3):
        await store.start(channel_id=channel, guild_id=None, kind="board", state=Board(), actor_id=1)
        async with store.update(channel, Board, kind="board", actor_id=1, action="move") as game:
            game.state = Board(moves=[channel])
        async with store.update(channel, Board, kind="board", actor_id=1, action="end") as game:
            game.end = True
    async with db.transaction() as tx:  # channel 2's game ended long ago
        await tx.execute("UPDATE games SET updated_at = '2020-01-01T00:00:00.000+00:00' WHERE channel_id = 2")
    report = await run_maintenance(db, now=datetime.now(UTC) + timedelta(days=1), retention_days=180)
    assert report.games_deleted == 1 and report.events_deleted == 3
    assert report.patches_dropped == 4  # the move and end of both ended games; 3 keeps its summaries
    async with db.reading() as tx:
        left = await tx.fetchall("SELECT channel_id, status FROM games ORDER BY channel_id")
        kept = await tx.fetchall(
            "SELECT summary, undo_patch FROM game_events e JOIN games g ON g.id = e.game_id"
            " WHERE g.channel_id = 3"
        )
    assert [(r["channel_id"], r["status"]) for r in left] == [(1, "active"), (3, "ended")]
    assert kept and all(r["undo_patch"] is None for r in kept)
    game, event = await store.undo(1, Board, kind="board", actor_id=1, may_undo=always)  # still undoable
    assert event.summary == "move 1" and game.state.moves == []
    await db.close()
