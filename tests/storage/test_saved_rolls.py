"""Saved dice rolls, on SQLite and PostgreSQL: a player's own follow them everywhere; a server's
belong to that server."""

from __future__ import annotations

from bot.storage import SqliteSavedRollRepository, connect


async def test_own_rolls_win_over_the_servers_and_stay_apart(database_url: str) -> None:
    db = await connect(database_url, migrate=False)
    await db.migrate()
    repo = SqliteSavedRollRepository(db)
    mine, ours = repo.scope(user_id=7), repo.scope(guild_id=100)
    assert await repo.save(ours, "fireball", "8d6", created_by=1) is False
    assert (await repo.find("fireball", user_id=7, guild_id=100)).expression == "8d6"
    assert await repo.save(mine, "fireball", "10d6", created_by=7) is False
    assert (await repo.find("fireball", user_id=7, guild_id=100)).expression == "10d6"
    assert await repo.find("fireball", user_id=8, guild_id=200) is None  # another server, another player
    assert await repo.save(mine, "fireball", "12d6", created_by=7) is True  # replaced
    assert [(r.name, r.server_wide) for r in await repo.visible(user_id=7, guild_id=100)] == [
        ("fireball", False),
        ("fireball", True),
    ]
    assert await repo.count(mine) == 1
    assert await repo.delete(mine, "fireball") is True
    assert await repo.delete(mine, "fireball") is False
    assert (await repo.find("fireball", user_id=7, guild_id=100)).server_wide
    await db.close()
