"""SQL for the web pages: what a visitor's request reads, through the pages' own connection.

A page that many visitors poll reads one small row per request (the token's game and its
version, through the token's unique index) and the whole stored state only when that version is
one it has not rendered yet. The state comes back as the stored JSON text, so that parsing a large
tournament happens wherever the caller chooses (off the event loop), not here.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.storage.database import Database
from bot.storage.links import MAX_TOKEN_CHARS


@dataclass(frozen=True)
class PageVersion:
    """The game behind an address token, and how far it has changed."""

    game_id: int
    kind: str
    version: int


@dataclass(frozen=True)
class PageState:
    game_id: int
    kind: str
    version: int
    state_json: str


class SqlPageRepository:
    """Reads only; give it the connection :func:`bot.storage.open_reader` opens."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def version(self, token: str) -> PageVersion | None:
        """The token's game and its version (None for a wrong or old token): one indexed row,
        never the state."""
        if not token or len(token) > MAX_TOKEN_CHARS:
            return None
        async with self._db.reading() as tx:
            row = await tx.fetchone(
                "SELECT g.id, g.kind, g.version FROM tournament_links l JOIN games g ON g.id = l.game_id"
                " WHERE l.token = ?",
                (token,),
            )
        return None if row is None else PageVersion(int(row["id"]), str(row["kind"]), int(row["version"]))

    async def state(self, game_id: int) -> PageState | None:
        """The game's stored state as its JSON text, with the version it is at."""
        async with self._db.reading() as tx:
            row = await tx.fetchone("SELECT id, kind, version, state FROM games WHERE id = ?", (game_id,))
        if row is None:
            return None
        return PageState(int(row["id"]), str(row["kind"]), int(row["version"]), str(row["state"]))
