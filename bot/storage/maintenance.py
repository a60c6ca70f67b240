"""Keeping the database small: what ended games keep, and compaction.

* An ended game can no longer be undone, so its steps drop their undo patches at once; they
  keep their summaries (who did what, when).
* An ended game untouched for the retention period (``ENDED_GAME_RETENTION_DAYS``) is deleted
  with its log.
* Finished scheduled jobs older than the same period are deleted.
* Then the database is compacted (``VACUUM``; on SQLite the write-ahead log is truncated too).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from bot.storage.database import Database
from bot.storage.jobs import stamp


@dataclass(frozen=True)
class MaintenanceReport:
    patches_dropped: int
    games_deleted: int
    events_deleted: int
    jobs_deleted: int
    bytes_before: int
    bytes_after: int

    def lines(self) -> list[str]:
        return [
            f"undo data dropped from {self.patches_dropped} steps of ended games",
            f"{self.games_deleted} ended games deleted with {self.events_deleted} log entries",
            f"{self.jobs_deleted} finished jobs deleted",
            f"database size: {self.bytes_before / 1024:.0f} KiB -> {self.bytes_after / 1024:.0f} KiB",
        ]


async def run_maintenance(db: Database, *, now: datetime, retention_days: int) -> MaintenanceReport:
    """Apply the retention rules above and compact the file."""
    before = await db.size_bytes()
    cutoff = stamp(now - timedelta(days=retention_days))
    async with db.transaction() as tx:
        dropped = await tx.execute(
            "UPDATE game_events SET undo_patch = NULL, state_before = NULL"
            " WHERE (undo_patch IS NOT NULL OR state_before IS NOT NULL)"
            " AND game_id IN (SELECT id FROM games WHERE status = 'ended')"
        )
        events = await tx.execute(
            "DELETE FROM game_events WHERE game_id IN"
            " (SELECT id FROM games WHERE status = 'ended' AND updated_at < ?)",
            (cutoff,),
        )
        games = await tx.execute("DELETE FROM games WHERE status = 'ended' AND updated_at < ?", (cutoff,))
        jobs = await tx.execute(
            "DELETE FROM jobs WHERE status IN ('done', 'failed') AND due_at < ?", (cutoff,)
        )
        counts = (dropped, games, events, jobs)
    await db.compact()
    return MaintenanceReport(*counts, bytes_before=before, bytes_after=await db.size_bytes())
