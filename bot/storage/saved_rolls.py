"""SQL for saved dice rolls: a player's own (``guild_id`` 0) and server-wide ones (``user_id`` 0)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.storage.database import Database, utcnow

#: The ``guild_id`` of a player's own rolls and the ``user_id`` of a server's.
EVERYWHERE = 0
SERVER = 0


@dataclass(frozen=True)
class SavedRoll:
    guild_id: int
    user_id: int
    name: str
    expression: str
    created_by: int
    created_at: str

    @property
    def server_wide(self) -> bool:
        return self.user_id == SERVER


def _saved(row: Any) -> SavedRoll:
    return SavedRoll(
        guild_id=row["guild_id"],
        user_id=row["user_id"],
        name=row["name"],
        expression=row["expression"],
        created_by=row["created_by"],
        created_at=row["created_at"],
    )


_COLUMNS = "guild_id, user_id, name, expression, created_by, created_at"


class SqliteSavedRollRepository:
    """Saved rolls by owner. ``owner(user_id=...)`` or ``owner(guild_id=...)`` picks the scope."""

    def __init__(self, db: Database) -> None:
        self._db = db

    @staticmethod
    def scope(*, user_id: int | None = None, guild_id: int | None = None) -> tuple[int, int]:
        """The (guild_id, user_id) key of a player's own rolls or of a server's."""
        if (user_id is None) == (guild_id is None):
            raise ValueError("give exactly one of user_id and guild_id")
        return (EVERYWHERE, user_id) if user_id is not None else (guild_id, SERVER)  # type: ignore[return-value]

    async def save(self, key: tuple[int, int], name: str, expression: str, *, created_by: int) -> bool:
        """Save or replace; True when a roll of that name was replaced."""
        guild_id, user_id = key
        async with self._db.transaction() as tx:
            old = await tx.fetchone(
                "SELECT 1 FROM saved_rolls WHERE guild_id = ? AND user_id = ? AND name = ?",
                (guild_id, user_id, name),
            )
            await tx.execute(
                f"INSERT INTO saved_rolls ({_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?) "
                "ON CONFLICT (guild_id, user_id, name) DO UPDATE SET expression = excluded.expression, "
                "created_by = excluded.created_by, created_at = excluded.created_at",
                (guild_id, user_id, name, expression, created_by, utcnow()),
            )
        return old is not None

    async def get(self, key: tuple[int, int], name: str) -> SavedRoll | None:
        async with self._db.reading() as tx:
            row = await tx.fetchone(
                f"SELECT {_COLUMNS} FROM saved_rolls WHERE guild_id = ? AND user_id = ? AND name = ?",
                (*key, name),
            )
        return None if row is None else _saved(row)

    async def count(self, key: tuple[int, int]) -> int:
        async with self._db.reading() as tx:
            row = await tx.fetchone(
                "SELECT COUNT(*) AS n FROM saved_rolls WHERE guild_id = ? AND user_id = ?", key
            )
        return int(row["n"]) if row else 0

    async def delete(self, key: tuple[int, int], name: str) -> bool:
        async with self._db.transaction() as tx:
            deleted = await tx.execute(
                "DELETE FROM saved_rolls WHERE guild_id = ? AND user_id = ? AND name = ?", (*key, name)
            )
            return bool(deleted)

    async def find(self, name: str, *, user_id: int, guild_id: int | None) -> SavedRoll | None:
        """The player's own roll called ``name``, else the server's."""
        async with self._db.reading() as tx:
            rows = await tx.fetchall(
                f"SELECT {_COLUMNS} FROM saved_rolls WHERE name = ? AND "
                "((guild_id = ? AND user_id = ?) OR (guild_id = ? AND user_id = ?)) ORDER BY user_id DESC",
                (name, EVERYWHERE, user_id, guild_id or -1, SERVER),
            )
        return _saved(rows[0]) if rows else None

    async def visible(self, *, user_id: int, guild_id: int | None) -> list[SavedRoll]:
        """The player's own rolls then the server's, each by name."""
        async with self._db.reading() as tx:
            rows = await tx.fetchall(
                f"SELECT {_COLUMNS} FROM saved_rolls WHERE "
                "(guild_id = ? AND user_id = ?) OR (guild_id = ? AND user_id = ?) "
                "ORDER BY user_id = 0, name",
                (EVERYWHERE, user_id, guild_id or -1, SERVER),
            )
        return [_saved(r) for r in rows]

    async def expressions(self, *, user_id: int, guild_id: int | None) -> dict[str, str]:
        """Every saved roll the player may use, name to expression (theirs win over the server's)."""
        rolls = await self.visible(user_id=user_id, guild_id=guild_id)
        return {r.name: r.expression for r in reversed(rolls)}
