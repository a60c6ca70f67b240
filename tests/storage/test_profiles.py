"""Saved attack profiles: own before the server's, names matched loosely, the per-owner limit."""

from __future__ import annotations

import pytest

from bot.storage import Database, connect
from bot.storage.profiles import (
    MAX_PROFILES_PER_OWNER,
    SERVER,
    ProfileLimitError,
    SqliteAttackProfileRepository,
)


async def open_repo(url: str) -> tuple[Database, SqliteAttackProfileRepository]:
    db = await connect(url, migrate=False)
    await db.migrate()
    return db, SqliteAttackProfileRepository(db)


async def test_own_profiles_hide_the_servers_of_the_same_name(database_url: str) -> None:
    db, repo = await open_repo(database_url)
    try:
        common = {"guild_id": 7, "kind": "target", "created_by": 1}
        assert await repo.save(owner_id=SERVER, name="Marines", line="T4 Sv3+ W2 x10", **common) is None
        assert await repo.save(owner_id=1, name=" marines ", line="T4 Sv3+ W2 x5", **common) is None
        mine = await repo.find(guild_id=7, user_id=1, name="MARINES")
        theirs = await repo.find(guild_id=7, user_id=2, name="marines")
        assert mine is not None and mine.line.endswith("x5") and mine.name == "marines"
        assert theirs is not None and theirs.server_wide and theirs.line.endswith("x10")
        assert await repo.find(guild_id=8, user_id=1, name="marines") is None
        assert [p.line for p in await repo.usable(guild_id=7, user_id=1)] == ["T4 Sv3+ W2 x5"]
        assert [p.server_wide for p in await repo.usable(guild_id=7, user_id=2, kind="target")] == [True]
        assert await repo.usable(guild_id=7, user_id=2, kind="weapon") == []
        old = await repo.save(owner_id=1, name="Marines", line="T4 Sv3+ W2 x3", **common)
        assert old is not None and old.line.endswith("x5")
        gone = await repo.delete(guild_id=7, owner_id=1, name="marines  ")
        assert gone is not None and gone.line.endswith("x3")
        assert await repo.delete(guild_id=7, owner_id=1, name="marines") is None
    finally:
        await db.close()


async def test_an_owner_keeps_a_bounded_number(database_url: str) -> None:
    db, repo = await open_repo(database_url)
    try:
        for i in range(MAX_PROFILES_PER_OWNER):
            await repo.save(guild_id=1, owner_id=5, name=f"w{i}", kind="weapon", line="A1", created_by=5)
        with pytest.raises(ProfileLimitError, match="delete one"):
            await repo.save(guild_id=1, owner_id=5, name="one more", kind="weapon", line="A1", created_by=5)
        # replacing one still works, and other owners are not limited by it
        assert await repo.save(guild_id=1, owner_id=5, name="w0", kind="weapon", line="A2", created_by=5)
        assert (
            await repo.save(guild_id=1, owner_id=6, name="w0", kind="weapon", line="A2", created_by=6) is None
        )
    finally:
        await db.close()
