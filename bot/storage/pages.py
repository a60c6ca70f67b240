"""SQL for the web pages: what a visitor's request reads, through the pages' own connection.

A page that many visitors poll reads one small row per request (the token's game and its
version, through the token's unique index) and the whole stored state only when that version is
one it has not rendered yet. The state comes back as the stored JSON text, so that parsing a large
tournament happens wherever the caller chooses (off the event loop), not here.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

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

    async def season(self, token: str) -> SeasonPage | None:
        """A season's page by its address token (see :func:`season_page`)."""
        return await season_page(self._db, token)


@dataclass(frozen=True)
class SeasonPage:
    """A season's page: its name, how many results count, and its tournaments' stored states
    (JSON text, in the season's order; an event deleted since is left out)."""

    name: str
    best: int
    states: list[str]


async def _season_states(tx: Any, events: list[int]) -> list[str]:
    if not events:
        return []
    marks = ", ".join("?" for _ in events)
    rows = await tx.fetchall(
        f"SELECT id, state FROM games WHERE kind = 'tournament' AND id IN ({marks})", tuple(events)
    )
    by_id = {int(r["id"]): str(r["state"]) for r in rows}
    return [by_id[i] for i in events if i in by_id]


async def season_page(db: Database, token: str) -> SeasonPage | None:
    """The season whose page address is ``token`` (None for a wrong token)."""
    if not token or len(token) > MAX_TOKEN_CHARS:
        return None
    async with db.reading() as tx:
        row = await tx.fetchone("SELECT name, best, events FROM seasons WHERE token = ?", (token,))
        if row is None:
            return None
        events = [int(x) for x in json.loads(row["events"])]
        states = await _season_states(tx, events)
    return SeasonPage(str(row["name"]), int(row["best"]), states)
