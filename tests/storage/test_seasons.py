"""Seasons on SQLite and PostgreSQL: created, found by name, their events changed, one name per server."""

from __future__ import annotations

import pytest

from bot.storage import connect
from bot.storage.seasons import SeasonExists, SeasonRepository


async def test_a_season_is_kept_per_server(database_url: str) -> None:
    db = await connect(database_url, migrate=False)
    await db.migrate()
    repo = SeasonRepository(db)
    big = 9_000_000_000_000_000_001  # a Discord-sized id
    made = await repo.create(big, "Winter League", 2, [3, 5], by=7)
    found = await repo.named(big, "  winter   league ")
    assert found is not None and (found.id, found.name, found.best, found.events, found.created_by) == (
        made.id,
        "Winter League",
        2,
        [3, 5],
        7,
    )
    with pytest.raises(SeasonExists):
        await repo.create(big, "WINTER LEAGUE", 3, [], by=8)
    other = await repo.create(200, "Winter League", 1, [], by=8)  # another server may have one too
    assert other.id != made.id
    await repo.set_events(made.id, [3, 5, 9])
    assert (await repo.named(big, "Winter League")).events == [3, 5, 9]  # type: ignore[union-attr]
    assert [s.name for s in await repo.of_guild(big)] == ["Winter League"]
    assert await repo.named(200, "Summer") is None
    assert len(made.token) >= 20 and made.token != other.token
    await db.close()
