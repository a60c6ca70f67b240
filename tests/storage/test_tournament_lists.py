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


async def test_the_page_reads_summaries_with_their_stamps_then_only_the_rosters_it_asks_for(
    database_url: str,
) -> None:
    db, repo = await open_repo(database_url)
    try:
        for pid in range(150):  # more than one statement's worth of rosters
            await repo.save(
                game_id=1,
                player_id=str(pid),
                entry=f'{{"p": {pid}}}',
                roster=None if pid == 3 else f'{{"r": {pid}}}',
                submitted_by=pid,
            )
        await repo.save(game_id=2, player_id="1", entry="{}", roster='{"other": 1}', submitted_by=1)
        stamped = await repo.stamped(game_id=1)
        assert len(stamped) == 150 and stamped["7"].entry == '{"p": 7}' and stamped["7"].submitted_at
        assert stamped["7"].has_roster and not stamped["3"].has_roster
        wanted = [str(p) for p in range(150)]
        rosters = await repo.rosters(game_id=1, player_ids=wanted)
        assert len(rosters) == 149 and rosters["1"] == '{"r": 1}' and "3" not in rosters
        assert await repo.rosters(game_id=1, player_ids=[]) == {}
        before = stamped["7"].submitted_at
        await repo.save(game_id=1, player_id="7", entry='{"p": 70}', roster='{"r": 70}', submitted_by=7)
        again = (await repo.stamped(game_id=1))["7"]
        assert again.entry == '{"p": 70}' and again.submitted_at >= before
    finally:
        await db.close()
