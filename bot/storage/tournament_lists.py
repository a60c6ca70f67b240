"""SQL for the army lists handed in for tournaments: one row per (tournament, player).

The row holds the list's summary (JSON of :class:`rules.tournament.lists.SubmittedList`) and,
for a roster file, the parsed roster's JSON, stored once; a new submission replaces it. A
tournament's lists are bounded by its players (512), each roster by the parser's limits.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

from bot.storage.database import Database, Transaction, utcnow

MAX_ENTRY_CHARS = 20_000
"""Longest summary kept (a typed list is at most 4,000 characters, the rest is small)."""
MAX_ROSTER_CHARS = 4_000_000
"""Longest roster JSON kept (the parser's 150 units x 30 weapons stay far below)."""


@dataclass(frozen=True)
class StoredList:
    game_id: int
    player_id: str
    entry: str
    roster: str | None
    submitted_by: int
    submitted_at: str


def _stored(row: Any) -> StoredList:
    return StoredList(
        game_id=int(row["game_id"]),
        player_id=str(row["player_id"]),
        entry=str(row["entry"]),
        roster=None if row["roster"] is None else str(row["roster"]),
        submitted_by=int(row["submitted_by"]),
        submitted_at=str(row["submitted_at"]),
    )


@dataclass(frozen=True)
class ListSummary:
    """A list's summary JSON, when it was handed in, and whether a roster is stored with it."""

    entry: str
    submitted_at: str
    has_roster: bool


_COLUMNS = "game_id, player_id, entry, roster, submitted_by, submitted_at"
ROSTERS_PER_READ = 64
"""Rosters read by one statement (a roster's JSON is up to a few MB)."""


class TournamentListRepository:
    """Tournament lists on either backend; every method is one unit of work."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def save(
        self, *, game_id: int, player_id: str, entry: str, roster: str | None, submitted_by: int
    ) -> bool:
        """Keep the player's list; return whether it replaced one."""
        async with self._db.transaction() as tx:
            return await self.write(
                tx,
                game_id=game_id,
                player_id=player_id,
                entry=entry,
                roster=roster,
                submitted_by=submitted_by,
            )

    @staticmethod
    async def write(
        tx: Transaction,
        *,
        game_id: int,
        player_id: str,
        entry: str,
        roster: str | None,
        submitted_by: int,
    ) -> bool:
        """:meth:`save` inside a transaction already open: the tournament's own step, so the list
        is stored in the same write that checks the lists are still open (``Change.also``)."""
        if len(entry) > MAX_ENTRY_CHARS or (roster is not None and len(roster) > MAX_ROSTER_CHARS):
            raise ValueError("a tournament list over the stored size")
        row = await tx.fetchone(
            "SELECT player_id FROM tournament_lists WHERE game_id = ? AND player_id = ?",
            (game_id, player_id),
        )
        if row is not None:
            await tx.execute(
                "UPDATE tournament_lists SET entry = ?, roster = ?, submitted_by = ?, submitted_at = ? "
                "WHERE game_id = ? AND player_id = ?",
                (entry, roster, submitted_by, utcnow(), game_id, player_id),
            )
            return True
        await tx.execute(
            f"INSERT INTO tournament_lists ({_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?)",
            (game_id, player_id, entry, roster, submitted_by, utcnow()),
        )
        return False

    async def find(self, *, game_id: int, player_id: str) -> StoredList | None:
        async with self._db.reading() as tx:
            row = await tx.fetchone(
                f"SELECT {_COLUMNS} FROM tournament_lists WHERE game_id = ? AND player_id = ?",
                (game_id, player_id),
            )
        return None if row is None else _stored(row)

    async def summaries(self, *, game_id: int) -> dict[str, str]:
        """Every list's summary JSON of a tournament, by player id (no roster JSON read)."""
        async with self._db.reading() as tx:
            rows = await tx.fetchall(
                "SELECT player_id, entry FROM tournament_lists WHERE game_id = ?", (game_id,)
            )
        return {str(r["player_id"]): str(r["entry"]) for r in rows}

    async def stamped(self, *, game_id: int) -> dict[str, ListSummary]:
        """Every list's summary of a tournament with when it was handed in, by player id (no
        roster JSON read: the web page reads only the rosters it has not read before)."""
        async with self._db.reading() as tx:
            rows = await tx.fetchall(
                "SELECT player_id, entry, submitted_at, roster IS NOT NULL AS has_roster "
                "FROM tournament_lists WHERE game_id = ?",
                (game_id,),
            )
        return {
            str(r["player_id"]): ListSummary(
                entry=str(r["entry"]), submitted_at=str(r["submitted_at"]), has_roster=bool(r["has_roster"])
            )
            for r in rows
        }

    async def rosters(self, *, game_id: int, player_ids: Collection[str]) -> dict[str, str]:
        """The roster JSON of these players' lists (those with a roster), by player id."""
        wanted = sorted(set(player_ids))
        found: dict[str, str] = {}
        for start in range(0, len(wanted), ROSTERS_PER_READ):
            chunk = wanted[start : start + ROSTERS_PER_READ]
            marks = ", ".join("?" for _ in chunk)
            async with self._db.reading() as tx:
                rows = await tx.fetchall(
                    f"SELECT player_id, roster FROM tournament_lists WHERE game_id = ? AND player_id IN "
                    f"({marks}) AND roster IS NOT NULL",
                    (game_id, *chunk),
                )
            found.update({str(r["player_id"]): str(r["roster"]) for r in rows})
        return found
