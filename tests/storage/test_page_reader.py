"""The web pages' own read-only connection (issue 32.1), on SQLite and PostgreSQL alike."""

from __future__ import annotations

import asyncio
import json

import pytest

from bot.games import GameKind, GameState, GameStore
from bot.storage import SqlGameRepository, connect, open_reader
from bot.storage.links import SqlLinkRepository
from bot.storage.pages import SqlPageRepository


class Tally(GameState):
    count: int = 0


async def test_the_pages_reader_reads_beside_a_write_and_never_writes(database_url: str) -> None:
    db = await connect(database_url)
    reader = await open_reader(database_url).open()
    try:
        store = GameStore(SqlGameRepository(db))
        store.register_kind(GameKind("tally", "a tally", "/tally start", "/tally end"))
        game = await store.start(channel_id=7, guild_id=1, kind="tally", state=Tally(count=3), actor_id=1)
        token = await SqlLinkRepository(db).ensure(game.id)
        pages = SqlPageRepository(reader)
        at = await pages.version(token)
        assert at is not None and (at.game_id, at.kind, at.version) == (game.id, "tally", game.version)

        async with db.transaction() as tx:  # the bot in the middle of a write
            await tx.execute("UPDATE games SET version = version + 1 WHERE id = ?", (game.id,))
            # A bound against hanging, not a speed: the reader must not wait for the writer.
            seen = await asyncio.wait_for(pages.version(token), 60)
            assert seen is not None and seen.version == game.version, "the last committed version"
        after = await pages.version(token)
        assert after is not None and after.version == game.version + 1

        stored = await pages.state(game.id)
        assert stored is not None and json.loads(stored.state_json)["count"] == 3
        assert await pages.version("wrong") is None and await pages.version("x" * 65) is None
        assert await pages.state(game.id + 99) is None

        with pytest.raises(RuntimeError):
            async with reader.transaction():
                pass
        with pytest.raises(Exception, match=r"(?i)read-only|readonly|query_only|attempt to write"):
            async with reader.reading() as tx:
                await tx.execute("DELETE FROM games")
        assert await pages.version(token) is not None, "nothing was deleted"
    finally:
        await reader.close()
        await db.close()


def test_an_in_memory_database_has_no_second_connection() -> None:
    with pytest.raises(ValueError):
        open_reader(":memory:")
    assert open_reader("sqlite:///pages.sqlite3").read_only  # type: ignore[attr-defined]
