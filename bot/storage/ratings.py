"""SQL for ratings that outlive any one game: one row per (server, player), and the events
that changed them, each applied once."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from bot.storage.database import Database, utcnow


@dataclass(frozen=True)
class RatingRecord:
    guild_id: int
    user_id: int
    rating: float
    games: int
    events: int
    last_change: float
    updated_at: str


@dataclass(frozen=True)
class RatingUpdate:
    """One player's change from one rated event: ``change`` is added to their current rating."""

    user_id: int
    change: float
    games: int


def _record(row: object) -> RatingRecord:
    return RatingRecord(
        guild_id=row["guild_id"],  # type: ignore[index]
        user_id=row["user_id"],  # type: ignore[index]
        rating=float(row["rating"]),  # type: ignore[index]
        games=row["games"],  # type: ignore[index]
        events=row["events"],  # type: ignore[index]
        last_change=float(row["last_change"]),  # type: ignore[index]
        updated_at=row["updated_at"],  # type: ignore[index]
    )


class SqliteRatingRepository:
    """Ratings per server. ``initial`` is the rating of a player never rated in that server."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def ratings(self, guild_id: int, user_ids: Iterable[int]) -> dict[int, float]:
        """The current rating of each of ``user_ids`` who has one in ``guild_id``."""
        wanted = sorted(set(user_ids))
        found: dict[int, float] = {}
        async with self._db.reading() as tx:
            for start in range(0, len(wanted), 500):  # SQLite's bound-variable limit
                chunk = wanted[start : start + 500]
                rows = await tx.fetchall(
                    f"SELECT user_id, rating FROM ratings WHERE guild_id = ? AND user_id IN "
                    f"({', '.join('?' * len(chunk))})",
                    (guild_id, *chunk),
                )
                found.update({int(r["user_id"]): float(r["rating"]) for r in rows})
        return found

    async def get(self, guild_id: int, user_id: int) -> tuple[RatingRecord, int] | None:
        """A player's rating and their rank in the server (1 = best), or None if never rated."""
        async with self._db.reading() as tx:
            row = await tx.fetchone(
                "SELECT * FROM ratings WHERE guild_id = ? AND user_id = ?", (guild_id, user_id)
            )
            if row is None:
                return None
            above = await tx.fetchone(
                "SELECT COUNT(*) AS n FROM ratings WHERE guild_id = ? AND rating > ?",
                (guild_id, row["rating"]),
            )
        return _record(row), int(above["n"] if above else 0) + 1

    async def top(self, guild_id: int, *, limit: int = 20) -> list[RatingRecord]:
        async with self._db.reading() as tx:
            rows = await tx.fetchall(
                "SELECT * FROM ratings WHERE guild_id = ? ORDER BY rating DESC, games DESC, user_id LIMIT ?",
                (guild_id, limit),
            )
        return [_record(r) for r in rows]

    async def apply_event(
        self, guild_id: int, event_id: int, updates: Sequence[RatingUpdate], *, initial: float
    ) -> bool:
        """Add every update of event ``event_id`` in one transaction; False (and no change) when
        that event was already applied."""
        now = utcnow()
        async with self._db.transaction() as tx:
            seen = await tx.fetchone(
                "SELECT 1 FROM rated_events WHERE guild_id = ? AND game_id = ?", (guild_id, event_id)
            )
            if seen is not None:
                return False
            await tx.execute(
                "INSERT INTO rated_events (guild_id, game_id, players, at) VALUES (?, ?, ?, ?)",
                (guild_id, event_id, len(updates), now),
            )
            for update in updates:
                await tx.execute(
                    "INSERT INTO ratings (guild_id, user_id, rating, games, events, last_change, updated_at)"
                    " VALUES (?, ?, ?, ?, 1, ?, ?) ON CONFLICT (guild_id, user_id) DO UPDATE SET"
                    # Qualified: PostgreSQL calls a bare "rating" ambiguous (the row or excluded).
                    " rating = ratings.rating + excluded.last_change, games = ratings.games + excluded.games,"
                    " events = ratings.events + 1, last_change = excluded.last_change,"
                    " updated_at = excluded.updated_at",
                    (guild_id, update.user_id, initial + update.change, update.games, update.change, now),
                )
        return True
