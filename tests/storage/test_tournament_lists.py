"""Tournament army lists: one per player per tournament, replaced, bounded, on both backends."""

from __future__ import annotations

import pytest

from bot.storage import Database, connect
from bot.storage.tournament_lists import MAX_ENTRY_CHARS, TournamentListRepository


async def open_repo(url: str) -> tuple[Database, TournamentListRepository]:
    db = await connect(url, migrate=False)
    await db.migrate()
    return db, TournamentListRepository(db)


async def test_a_list_per_player_per_tournament_replaced_on_resubmission(database_url: str) -> None:
    db, repo = await open_repo(database_url)
    try:
        assert (
            await repo.save(game_id=1, player_id="7", entry='{"a": 1}', roster=None, submitted_by=7) is False
        )
        assert (
            await repo.save(game_id=2, player_id="7", entry='{"b": 2}', roster="{}", submitted_by=7) is False
        )
        assert (
            await repo.save(game_id=1, player_id="7", entry='{"c": 3}', roster="{}", submitted_by=9) is True
        )
        found = await repo.find(game_id=1, player_id="7")
        assert found is not None and (found.entry, found.roster, found.submitted_by) == ('{"c": 3}', "{}", 9)
        assert await repo.summaries(game_id=1) == {"7": '{"c": 3}'}
        assert await repo.find(game_id=1, player_id="8") is None
        with pytest.raises(ValueError):
            await repo.save(
                game_id=1, player_id="8", entry="x" * (MAX_ENTRY_CHARS + 1), roster=None, submitted_by=8
            )
    finally:
        await db.close()
