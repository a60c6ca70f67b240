"""A server's game masters for secret rolls, and the secret rolls kept for them, on SQLite and
PostgreSQL (issue 38, item 27)."""

from __future__ import annotations

from bot.storage import connect
from bot.storage.secret_rolls import SecretRollRepository


async def test_game_masters_are_set_changed_and_cleared_per_server(database_url: str) -> None:
    db = await connect(database_url, migrate=False)
    await db.migrate()
    repo = SecretRollRepository(db)
    assert await repo.game_masters(100) is None
    await repo.set_game_masters(100, role_id=5, by=1)
    gm = await repo.game_masters(100)
    assert gm is not None and (gm.role_id, gm.channel_id, gm.set_by) == (5, None, 1)
    await repo.set_game_masters(100, channel_id=9_000_000_000_000_000_001, by=2)  # a Discord-sized id
    gm = await repo.game_masters(100)
    assert gm is not None and (gm.role_id, gm.channel_id, gm.set_by) == (5, 9_000_000_000_000_000_001, 2)
    await repo.set_game_masters(100, role_id=None, by=2)  # the channel stays
    gm = await repo.game_masters(100)
    assert gm is not None and (gm.role_id, gm.channel_id) == (None, 9_000_000_000_000_000_001)
    assert await repo.game_masters(200) is None  # another server
    assert await repo.clear_game_masters(100) is True
    assert await repo.game_masters(100) is None
    assert await repo.clear_game_masters(100) is False
    await db.close()


async def test_a_secret_roll_is_kept_for_its_server_and_read_back(database_url: str) -> None:
    db = await connect(database_url, migrate=False)
    await db.migrate()
    repo = SecretRollRepository(db)
    first = await repo.keep(guild_id=100, channel_id=7, user_id=3, label="stealth", result='{"title": "x"}')
    second = await repo.keep(guild_id=100, channel_id=7, user_id=4, label=None, result="{}")
    assert first != second
    kept = await repo.secret(first)
    assert kept is not None
    assert (kept.guild_id, kept.channel_id, kept.user_id, kept.label, kept.result) == (
        100,
        7,
        3,
        "stealth",
        '{"title": "x"}',
    )
    assert await repo.secret(second + 1000) is None
    await db.close()


async def test_maintenance_forgets_secret_rolls_after_the_retention_period(database_url: str) -> None:
    from datetime import UTC, datetime, timedelta

    from bot.storage.maintenance import run_maintenance

    async def no_rest(took: float) -> None:
        return None

    db = await connect(database_url, migrate=False)
    await db.migrate()
    repo = SecretRollRepository(db)
    old = await repo.keep(guild_id=1, channel_id=2, user_id=3, label=None, result="{}")
    report = await run_maintenance(db, now=datetime.now(UTC), retention_days=30, rest=no_rest)
    assert report.secret_rolls_deleted == 0 and await repo.secret(old) is not None
    later = datetime.now(UTC) + timedelta(days=31)
    report = await run_maintenance(db, now=later, retention_days=30, rest=no_rest)
    assert report.secret_rolls_deleted == 1 and await repo.secret(old) is None
    assert "1 secret rolls deleted" in report.lines()
    await db.close()
