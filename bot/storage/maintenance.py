"""Keeping the database small: what ended games keep, and giving space back.

* An ended game can no longer be undone, so its steps drop their undo patches at once; they
  keep their summaries (who did what, when).
* An ended game untouched for the retention period (``ENDED_GAME_RETENTION_DAYS``) is deleted
  with its log.
* Finished scheduled jobs older than the same period are deleted, and so are secret rolls kept
  for game masters to reveal (``/roll secret:true``): after that long a notice's button answers
  that the roll is no longer kept.
* Then the freed space is given back as far as that is safe while the bot runs: on PostgreSQL a
  plain VACUUM (it runs alongside reads and writes); on SQLite an incremental vacuum, a few pages
  per step, when the file allows it (new files do; an older file after one ``--vacuum``).
  A full rewrite (VACUUM, VACUUM FULL) only with ``vacuum=True`` (``--vacuum``), bot stopped.

It is safe while the bot runs because no write holds the database for long: every change is a
short transaction of at most ``batch`` rows, found by a read beforehand (reads hold nobody up);
after each one, SQLite's write-ahead log is checkpointed without waiting (so it stays the size
of a batch instead of growing with the whole run), and maintenance rests at least as long as the
write took, so a waiting bot write always gets its turn well within its busy timeout.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from bot.storage.database import Database
from bot.storage.jobs import stamp

#: Rows one maintenance transaction changes at most.
BATCH_ROWS = 500
#: Free pages an incremental vacuum step gives back at most (4 KiB each by default).
RECLAIM_PAGES = 256
#: Seconds: the least rest between two maintenance writes (the bot's writers retry their lock
#: every few milliseconds to 100 ms while they wait).
MIN_REST = 0.02

Rest = Callable[[float], Awaitable[None]]


async def rest_after(took: float) -> None:
    """The default pause after a maintenance write that took ``took`` seconds: the bot gets at
    least half of the time, and never less than :data:`MIN_REST`."""
    await asyncio.sleep(max(took, MIN_REST))


@dataclass(frozen=True)
class MaintenanceReport:
    patches_dropped: int
    games_deleted: int
    events_deleted: int
    jobs_deleted: int
    bytes_before: int
    bytes_after: int
    #: Short write transactions it took.
    writes: int = 0
    #: What became of the freed space, in words.
    space: str = ""
    #: The most SQLite's write-ahead log held after one of those writes (bytes).
    log_peak: int = 0
    secret_rolls_deleted: int = 0

    def lines(self) -> list[str]:
        lines = [
            f"undo data dropped from {self.patches_dropped} steps of ended games",
            f"{self.games_deleted} ended games deleted with {self.events_deleted} log entries",
            f"{self.jobs_deleted} finished jobs deleted",
            f"{self.secret_rolls_deleted} secret rolls deleted",
            f"{self.writes} short writes; the write-ahead log held at most {self.log_peak / 1024:.0f} KiB",
            f"database size: {self.bytes_before / 1024:.0f} KiB -> {self.bytes_after / 1024:.0f} KiB",
        ]
        return [*lines, self.space] if self.space else lines


class _Writes:
    """Runs each maintenance write as its own short transaction, then checkpoints and rests."""

    def __init__(self, db: Database, rest: Rest) -> None:
        self.db = db
        self.rest = rest
        self.count = 0
        self.log_peak = 0

    async def run(self, sql: str, params: Sequence[object]) -> int:
        started = time.monotonic()
        async with self.db.transaction() as tx:
            changed = await tx.execute(sql, params)
        await self.after(time.monotonic() - started)
        return changed

    async def after(self, took: float) -> None:
        self.count += 1
        self.log_peak = max(self.log_peak, await self.db.checkpoint())
        await self.rest(took)


def _marks(ids: Sequence[int]) -> str:
    return ", ".join("?" for _ in ids)


async def _ids(db: Database, sql: str, params: Sequence[object]) -> list[int]:
    async with db.reading() as tx:
        return [int(r[0]) for r in await tx.fetchall(sql, params)]


async def _drop_undo_data(db: Database, writes: _Writes, batch: int) -> int:
    """Null the undo data of ended games' steps, ``batch`` steps per write, walking the log by id
    once (each read starts after the last id seen, so rows already done are never read again)."""
    dropped, after = 0, 0
    while True:
        ids = await _ids(
            db,
            "SELECT id FROM game_events WHERE id > ? AND (undo_patch IS NOT NULL OR state_before IS NOT NULL)"
            " AND game_id IN (SELECT id FROM games WHERE status = 'ended') ORDER BY id LIMIT ?",
            (after, batch),
        )
        if not ids:
            return dropped
        dropped += await writes.run(
            f"UPDATE game_events SET undo_patch = NULL, state_before = NULL WHERE id IN ({_marks(ids)})",
            ids,
        )
        after = ids[-1]


async def _delete_old_games(db: Database, writes: _Writes, batch: int, cutoff: str) -> tuple[int, int]:
    """Delete ended games untouched since ``cutoff``: their log ``batch`` rows per write, then the
    games themselves (an ended game never changes again, so nothing is added meanwhile)."""
    games = events = after = 0
    while True:
        ids = await _ids(
            db,
            "SELECT id FROM games WHERE id > ? AND status = 'ended' AND updated_at < ? ORDER BY id LIMIT ?",
            (after, cutoff, max(1, batch // 10)),
        )
        if not ids:
            return games, events
        while True:
            rows = await _ids(
                db, f"SELECT id FROM game_events WHERE game_id IN ({_marks(ids)}) LIMIT ?", (*ids, batch)
            )
            if not rows:
                break
            events += await writes.run(f"DELETE FROM game_events WHERE id IN ({_marks(rows)})", rows)
        # What hangs off a game: its /games seats (none once ended), a tournament's web address and lists.
        await writes.run(f"DELETE FROM game_seats WHERE game_id IN ({_marks(ids)})", ids)
        await writes.run(f"DELETE FROM tournament_links WHERE game_id IN ({_marks(ids)})", ids)
        await writes.run(f"DELETE FROM tournament_lists WHERE game_id IN ({_marks(ids)})", ids)
        games += await writes.run(
            f"DELETE FROM games WHERE id IN ({_marks(ids)}) AND status = 'ended' AND updated_at < ?",
            (*ids, cutoff),
        )
        after = ids[-1]


async def _delete_old_jobs(db: Database, writes: _Writes, batch: int, cutoff: str) -> int:
    deleted = 0
    while True:
        ids = await _ids(
            db,
            "SELECT id FROM jobs WHERE status IN ('done', 'failed') AND due_at < ? ORDER BY id LIMIT ?",
            (cutoff, batch),
        )
        if not ids:
            return deleted
        deleted += await writes.run(
            f"DELETE FROM jobs WHERE id IN ({_marks(ids)}) AND status IN ('done', 'failed')", ids
        )


async def _delete_old_secret_rolls(db: Database, writes: _Writes, batch: int, cutoff: str) -> int:
    deleted = 0
    while True:
        ids = await _ids(
            db, "SELECT id FROM secret_rolls WHERE created_at < ? ORDER BY id LIMIT ?", (cutoff, batch)
        )
        if not ids:
            return deleted
        deleted += await writes.run(f"DELETE FROM secret_rolls WHERE id IN ({_marks(ids)})", ids)


async def _give_space_back(db: Database, writes: _Writes, *, vacuum: bool) -> str:
    if vacuum:
        await db.compact(full=True)
        return "rewritten whole (full vacuum)"
    if db.dialect.name != "sqlite":
        await db.compact()
        return "dead rows' space made reusable (VACUUM, alongside the bot)"
    pages = 0
    while True:
        started = time.monotonic()
        freed = await db.reclaim(RECLAIM_PAGES)
        if not freed:
            break
        pages += freed
        await writes.after(time.monotonic() - started)
    left = await db.free_bytes()
    note = f"{pages} free pages given back in steps" if pages else "no free pages given back"
    if left and not pages:  # a file without incremental auto-vacuum
        note += (
            f"; {left / 1024:.0f} KiB stay free inside the file for new rows (run with --vacuum while"
            " the bot is stopped to give them back and let later runs do it in steps)"
        )
    return note


async def run_maintenance(
    db: Database,
    *,
    now: datetime,
    retention_days: int,
    vacuum: bool = False,
    batch: int = BATCH_ROWS,
    rest: Rest = rest_after,
) -> MaintenanceReport:
    """Apply the retention rules above in short writes and give space back (see the module).

    ``vacuum``: rewrite the whole database at the end; only with the bot stopped. ``rest`` is
    awaited after each write with how long it took (tests pass their own).
    """
    before = await db.size_bytes()
    cutoff = stamp(now - timedelta(days=retention_days))
    writes = _Writes(db, rest)
    dropped = await _drop_undo_data(db, writes, batch)
    games, events = await _delete_old_games(db, writes, batch, cutoff)
    jobs = await _delete_old_jobs(db, writes, batch, cutoff)
    secrets = await _delete_old_secret_rolls(db, writes, batch, cutoff)
    space = await _give_space_back(db, writes, vacuum=vacuum)
    await db.checkpoint()
    return MaintenanceReport(
        dropped,
        games,
        events,
        jobs,
        bytes_before=before,
        bytes_after=await db.size_bytes(),
        writes=writes.count,
        space=space,
        log_peak=writes.log_peak,
        secret_rolls_deleted=secrets,
    )
