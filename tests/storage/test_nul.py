"""A NUL in text is taken out before it is stored, on both backends (issue 26, item 6).

PostgreSQL refuses a NUL in text where SQLite keeps it; the bot cleans typed text as it arrives,
and the storage layer is the last guard, so a NUL from anywhere else stores alike on both.
"""

from __future__ import annotations

from bot.storage import SqlGameRepository, SqliteSavedRollRepository, connect
from bot.storage.games import NewEvent


async def test_text_with_nul_is_stored_without_it(database_url: str) -> None:
    db = await connect(database_url, migrate=False)
    await db.migrate()
    try:
        rolls = SqliteSavedRollRepository(db)
        mine = rolls.scope(user_id=7)
        await rolls.save(mine, "fire\x00ball", "8d6 # hot\x00", created_by=7)
        found = await rolls.find("fireball", user_id=7, guild_id=None)
        assert found is not None and found.expression == "8d6 # hot"

        games = SqlGameRepository(db)
        event = NewEvent(actor_id=7, action="create", summary="created Cup\x00", detail={"name": "Cup\x00"})
        record = await games.create(
            guild_id=1, channel_id=2, kind="test", state={"name": "Ka\x00i"}, schema_version=1, event=event
        )
        stored = await games.get(record.id)
        assert stored is not None and stored.state == {"name": "Ka\x00i"}  # JSON keeps it escaped
        (logged,) = await games.events(record.id)
        assert logged.summary == "created Cup" and logged.detail == {"name": "Cup\x00"}
    finally:
        await db.close()
