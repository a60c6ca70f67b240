"""SQL for the web addresses of tournaments: one unguessable token per tournament (a game row).

A token is 22 URL-safe characters from :mod:`secrets` (128 bits): nobody finds a page without
being given its address. Resetting a link gives a new token; the old address then finds nothing.
"""

from __future__ import annotations

import secrets

from bot.storage.database import Database, utcnow

TOKEN_BYTES = 16
MAX_TOKEN_CHARS = 64
"""Longer addresses are not looked up at all (a token is 22 characters)."""


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


class SqlLinkRepository:
    """Tournament links on either backend; every method is one unit of work."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def ensure(self, game_id: int) -> str:
        """The tournament's token, made on first use (so older tournaments get one too)."""
        async with self._db.transaction() as tx:
            row = await tx.fetchone("SELECT token FROM tournament_links WHERE game_id = ?", (game_id,))
            if row is not None:
                return str(row["token"])
            token = new_token()
            await tx.execute(
                "INSERT INTO tournament_links (game_id, token, created_at) VALUES (?, ?, ?)"
                " ON CONFLICT (game_id) DO NOTHING",
                (game_id, token, utcnow()),
            )
            row = await tx.fetchone("SELECT token FROM tournament_links WHERE game_id = ?", (game_id,))
        return str(row["token"])

    async def reset(self, game_id: int) -> str:
        """A new token for the tournament; the old address stops working at once."""
        token = new_token()
        async with self._db.transaction() as tx:
            await tx.execute(
                "INSERT INTO tournament_links (game_id, token, created_at) VALUES (?, ?, ?)"
                " ON CONFLICT (game_id) DO UPDATE SET token = excluded.token,"
                " created_at = excluded.created_at",
                (game_id, token, utcnow()),
            )
        return token

    async def game_of(self, token: str) -> int | None:
        """The tournament's game id for an address token, or None for a wrong or old one."""
        if not token or len(token) > MAX_TOKEN_CHARS:
            return None
        async with self._db.reading() as tx:
            row = await tx.fetchone("SELECT game_id FROM tournament_links WHERE token = ?", (token,))
        return None if row is None else int(row["game_id"])
