"""SQL for seasons (see cogs/season.py and rules/tournament/season.py): a server's named seasons,
each with how many results count and the tournaments (game ids) that belong to it."""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass, field
from typing import Any

from bot.storage.database import Database, IntegrityError, utcnow


class SeasonExists(Exception):
    """The server already has a season of that name."""


@dataclass(frozen=True)
class SeasonRecord:
    id: int
    guild_id: int
    name: str
    best: int
    events: list[int] = field(default_factory=list)
    """Game ids of the season's tournaments, in the order they were added."""
    created_by: int = 0
    token: str = ""
    """The address of the season's web page (``/s/<token>``)."""


def name_key(name: str) -> str:
    return " ".join(name.casefold().split())


_COLUMNS = "id, guild_id, name, best, events, created_by, token"


def _season(row: Any) -> SeasonRecord:
    return SeasonRecord(
        id=row["id"],
        guild_id=row["guild_id"],
        name=row["name"],
        best=row["best"],
        events=[int(x) for x in json.loads(row["events"])],
        created_by=row["created_by"],
        token=row["token"],
    )


class SeasonRepository:
    def __init__(self, db: Database) -> None:
        self._db = db

    async def create(
        self, guild_id: int, name: str, best: int, events: list[int], *, by: int
    ) -> SeasonRecord:
        """A new season; :class:`SeasonExists` when the server has one of that name."""
        now, token = utcnow(), secrets.token_urlsafe(16)
        try:
            async with self._db.transaction() as tx:
                row = await tx.fetchone(
                    "INSERT INTO seasons (guild_id, name, name_key, best, events, token, created_by, "
                    "created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
                    (guild_id, name, name_key(name), best, json.dumps(events), token, by, now, now),
                )
        except IntegrityError:
            raise SeasonExists(name) from None
        assert row is not None
        return SeasonRecord(int(row["id"]), guild_id, name, best, list(events), by, token)

    async def named(self, guild_id: int, name: str) -> SeasonRecord | None:
        async with self._db.reading() as tx:
            row = await tx.fetchone(
                f"SELECT {_COLUMNS} FROM seasons WHERE guild_id = ? AND name_key = ?",
                (guild_id, name_key(name)),
            )
        return None if row is None else _season(row)

    async def of_guild(self, guild_id: int) -> list[SeasonRecord]:
        """The server's seasons, oldest first."""
        async with self._db.reading() as tx:
            rows = await tx.fetchall(
                f"SELECT {_COLUMNS} FROM seasons WHERE guild_id = ? ORDER BY id", (guild_id,)
            )
        return [_season(r) for r in rows]

    async def set_events(self, season_id: int, events: list[int]) -> None:
        async with self._db.transaction() as tx:
            await tx.execute(
                "UPDATE seasons SET events = ?, updated_at = ? WHERE id = ?",
                (json.dumps(events), utcnow(), season_id),
            )
