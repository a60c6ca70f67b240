"""Saved attack profiles: own before the server's, names matched loosely, the per-owner limit."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from bot.storage import Database, connect
from bot.storage.database import MIGRATIONS_DIR
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


async def test_units_and_editions_and_rows_kept_across_migration_0008(
    database_url: str, tmp_path: Path
) -> None:
    before = tmp_path / "migrations"
    (before / "postgres").mkdir(parents=True)
    for path in MIGRATIONS_DIR.glob("*.sql"):
        if int(path.name[:4]) < 8:
            shutil.copy(path, before / path.name)
    for path in (MIGRATIONS_DIR / "postgres").glob("*.sql"):
        if int(path.name[:4]) < 8:
            shutil.copy(path, before / "postgres" / path.name)
    db = await connect(database_url, migrate=False)
    try:
        await db.migrate(before)
        repo = SqliteAttackProfileRepository(db)
        async with db.transaction() as tx:
            await tx.execute(
                "INSERT INTO attack_profiles (guild_id, owner_id, name, name_key, kind, line, created_by, "
                "updated_at) VALUES (1, 5, 'Rifle', 'rifle', 'weapon', 'A2 BS3+ S4 AP0 D1', 5, 'then')"
            )
        assert 8 in await db.migrate()
        kept = await repo.find(guild_id=1, user_id=5, name="rifle")
        assert kept is not None and kept.line == "A2 BS3+ S4 AP0 D1" and kept.edition is None
        line = "A2 BS3+ S4 AP0 D1; A1 BS3+ S8 AP-3 D2"
        await repo.save(
            guild_id=1, owner_id=5, name="Squad", kind="unit", line=line, created_by=5, edition="10th"
        )
        squad = await repo.find(guild_id=1, user_id=5, name="squad")
        assert squad is not None and (squad.kind, squad.edition, squad.line) == ("unit", "10th", line)
        assert [p.name for p in await repo.usable(guild_id=1, user_id=5, kind="unit")] == ["Squad"]
        assert [p.name for p in await repo.usable(guild_id=1, user_id=5)] == ["Rifle", "Squad"]
    finally:
        await db.close()
