"""Ratings per server: each rated event applies once; a new player starts at the initial rating."""

from __future__ import annotations

from bot.storage import SqliteRatingRepository, connect
from bot.storage.ratings import RatingUpdate


async def test_an_event_is_rated_once_and_servers_are_kept_apart(database_url: str) -> None:
    db = await connect(database_url, migrate=False)
    await db.migrate()
    repo = SqliteRatingRepository(db)
    first = [RatingUpdate(user_id=1, change=16.0, games=1), RatingUpdate(user_id=2, change=-16.0, games=1)]
    assert await repo.apply_event(10, 7, first, initial=1000.0)
    assert not await repo.apply_event(10, 7, first, initial=1000.0)  # finishing retried: no change
    assert await repo.ratings(10, [1, 2, 3]) == {1: 1016.0, 2: 984.0}
    assert await repo.apply_event(10, 8, [RatingUpdate(user_id=1, change=-4.5, games=3)], initial=1000.0)
    record, rank = await repo.get(10, 1) or (None, 0)
    assert record is not None and record.rating == 1011.5 and record.games == 4 and record.events == 2
    assert record.last_change == -4.5 and rank == 1
    assert [r.user_id for r in await repo.top(10)] == [1, 2]
    assert await repo.get(11, 1) is None and await repo.top(11) == []  # another server
    await db.close()
