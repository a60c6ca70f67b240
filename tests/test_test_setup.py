"""The test set-up's own shortcuts (tests/conftest.py) never hide a change to the code under test."""

from __future__ import annotations

from pathlib import Path

from bot.storage import open_database
from tests.conftest import migrated_sqlite


async def test_a_copied_database_is_the_one_every_migration_makes(tmp_path: Path) -> None:
    # The driver's database is a copy of one migrated once per test process: it must be exactly
    # what applying every migration to an empty file gives, with nothing left to apply.
    fresh = await open_database(tmp_path / "fresh.sqlite3").open()
    applied = await fresh.migrate()
    copy = await open_database(await migrated_sqlite(tmp_path / "copy.sqlite3")).open()
    try:
        assert applied and await copy.migrate() == []
        assert await copy.tables() == await fresh.tables()
    finally:
        await fresh.close()
        await copy.close()
