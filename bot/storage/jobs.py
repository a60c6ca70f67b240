"""SQL for scheduled jobs: rows that say what to do and when, claimed once by one process.

Claiming is one statement: mark due rows as running for this process and return them. On
PostgreSQL the rows are picked ``FOR UPDATE SKIP LOCKED``, so processes claiming at the same
moment each get different jobs without waiting for each other; on SQLite ``BEGIN IMMEDIATE``
lets one process write at a time, which gives the same result.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from bot.storage.database import Database, utcnow


def stamp(when: datetime) -> str:
    """Times are stored as ISO strings in UTC, which sort like the times they name."""
    return when.isoformat(timespec="milliseconds")


@dataclass(frozen=True)
class JobRecord:
    id: int
    kind: str
    key: str | None
    due_at: str
    payload: dict[str, Any]
    status: str
    attempts: int


def _job(row: Any) -> JobRecord:
    return JobRecord(
        id=row["id"],
        kind=row["kind"],
        key=row["key"],
        due_at=row["due_at"],
        payload=json.loads(row["payload"]),
        status=row["status"],
        attempts=row["attempts"],
    )


class SqlJobRepository:
    def __init__(self, db: Database) -> None:
        self._db = db

    async def schedule(self, *, kind: str, due_at: datetime, payload: dict[str, Any], key: str | None) -> int:
        """Add a job; a keyed job replaces the pending one with the same key (and keeps its id)."""
        async with self._db.transaction() as tx:
            if key is not None:
                row = await tx.fetchone(
                    "SELECT id FROM jobs WHERE key = ? AND status = 'pending'", (key,)
                )
                if row is not None:
                    await tx.execute(
                        "UPDATE jobs SET kind = ?, due_at = ?, payload = ? WHERE id = ?",
                        (kind, stamp(due_at), json.dumps(payload), row["id"]),
                    )
                    return int(row["id"])
            inserted = await tx.fetchone(
                "INSERT INTO jobs (kind, key, due_at, payload, created_at) VALUES (?, ?, ?, ?, ?)"
                " RETURNING id",
                (kind, key, stamp(due_at), json.dumps(payload), utcnow()),
            )
            assert inserted is not None
            return int(inserted["id"])

    async def cancel(self, key: str) -> int:
        """Drop the pending job with ``key``; how many were dropped (0 or 1)."""
        async with self._db.transaction() as tx:
            return await tx.execute("DELETE FROM jobs WHERE key = ? AND status = 'pending'", (key,))

    async def claim_due(
        self, *, now: datetime, owner: str, stale_before: datetime, limit: int
    ) -> list[JobRecord]:
        """Mark up to ``limit`` due jobs as running for ``owner`` and return them, oldest first.

        A job left running by a process that stopped (claimed before ``stale_before``) is due
        again. Two processes claiming at once never get the same job.
        """
        async with self._db.transaction() as tx:
            rows = await tx.fetchall(
                "UPDATE jobs SET status = 'running', claimed_by = ?, claimed_at = ?, attempts = attempts + 1"
                " WHERE id IN (SELECT id FROM jobs WHERE (status = 'pending' AND due_at <= ?)"
                " OR (status = 'running' AND claimed_at < ?) ORDER BY due_at, id LIMIT ?"
                f"{self._db.dialect.skip_locked}) RETURNING *",
                (owner, stamp(now), stamp(now), stamp(stale_before), limit),
            )
        return sorted((_job(r) for r in rows), key=lambda job: (job.due_at, job.id))

    async def finish(self, job_id: int, *, error: str | None = None) -> None:
        async with self._db.transaction() as tx:
            await tx.execute(
                "UPDATE jobs SET status = ?, last_error = ? WHERE id = ?",
                ("failed" if error else "done", error, job_id),
            )

    async def next_due(self) -> str | None:
        async with self._db.reading() as tx:
            row = await tx.fetchone("SELECT MIN(due_at) AS due FROM jobs WHERE status = 'pending'")
        return None if row is None else row["due"]

    async def get(self, job_id: int) -> JobRecord | None:
        async with self._db.reading() as tx:
            row = await tx.fetchone("SELECT * FROM jobs WHERE id = ?", (job_id,))
        return None if row is None else _job(row)

    async def pending(self, kind: str | None = None) -> list[JobRecord]:
        async with self._db.reading() as tx:
            if kind is None:
                rows = await tx.fetchall("SELECT * FROM jobs WHERE status = 'pending' ORDER BY due_at, id")
            else:
                rows = await tx.fetchall(
                    "SELECT * FROM jobs WHERE status = 'pending' AND kind = ? ORDER BY due_at, id", (kind,)
                )
        return [_job(r) for r in rows]
