"""Work for later: due jobs are rows in the database, run by one loop, once, across restarts.

A cog registers a handler for a kind of job and schedules jobs of that kind::

    bot.scheduler.register("bf:nudge", nudge)          # async def nudge(bot, payload) -> None
    await bot.scheduler.schedule("bf:nudge", in_=timedelta(hours=12),
                                 payload={"channel": 123, "game": 7}, key="bf:nudge:7")
    await bot.scheduler.cancel("bf:nudge:7")          # the player acted in time

A keyed job is moved, not duplicated, when scheduled again. The loop sleeps until the next due
job (or :data:`POLL` seconds at most) and wakes at once when something is scheduled. A job is
claimed before it runs, so it runs once even when several processes (each with some shards)
run this loop on one database; one left running by a process that stopped is claimed again
after :data:`STALE_AFTER`. A handler that raises is logged and the job marked failed.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta
from typing import Any

from bot.storage.jobs import JobRecord, SqlJobRepository

log = logging.getLogger("herald.scheduler")

Handler = Callable[[Any, dict[str, Any]], Awaitable[None]]

#: The loop looks for due jobs at least this often (seconds).
POLL = 30.0
#: A job claimed this long ago and never finished belongs to a process that stopped.
STALE_AFTER = timedelta(minutes=10)
#: Jobs claimed per pass.
BATCH = 20


def utc_now() -> datetime:
    return datetime.now(UTC)


class Scheduler:
    def __init__(self, jobs: SqlJobRepository, *, clock: Callable[[], datetime] = utc_now) -> None:
        self._jobs = jobs
        self._handlers: dict[str, Handler] = {}
        self._clock = clock
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        #: Who claims jobs: this process (host, pid and a random part, so restarts differ).
        self.owner = f"{os.uname().nodename}:{os.getpid()}:{secrets.token_hex(3)}"
        self.context: Any = None

    def register(self, kind: str, handler: Handler) -> None:
        self._handlers[kind] = handler

    async def schedule(
        self,
        kind: str,
        *,
        at: datetime | None = None,
        in_: timedelta | None = None,
        payload: dict[str, Any] | None = None,
        key: str | None = None,
    ) -> int:
        """Run the ``kind`` handler with ``payload`` at ``at`` (or ``in_`` from now)."""
        due = at if at is not None else self._clock() + (in_ or timedelta())
        job_id = await self._jobs.schedule(kind=kind, due_at=due, payload=payload or {}, key=key)
        self._wake.set()
        return job_id

    async def cancel(self, key: str) -> bool:
        return bool(await self._jobs.cancel(key))

    async def pending(self, kind: str | None = None) -> list[JobRecord]:
        return await self._jobs.pending(kind)

    async def run_due(self) -> int:
        """Claim and run every job due now; how many ran."""
        now = self._clock()
        ran = 0
        while True:
            batch = await self._jobs.claim_due(
                now=now, owner=self.owner, stale_before=now - STALE_AFTER, limit=BATCH
            )
            for job in batch:
                await self._run(job)
                ran += 1
            if len(batch) < BATCH:
                return ran

    async def _run(self, job: JobRecord) -> None:
        handler = self._handlers.get(job.kind)
        if handler is None:
            log.warning("job %s of unknown kind %s: left failed", job.id, job.kind)
            await self._jobs.finish(job.id, error=f"no handler for {job.kind}")
            return
        try:
            await handler(self.context, job.payload)
        except Exception as error:  # one bad job must not stop the others
            log.exception("job %s (%s) failed", job.id, job.kind)
            await self._jobs.finish(job.id, error=type(error).__name__)
        else:
            await self._jobs.finish(job.id)

    # -- the loop ---------------------------------------------------------------------------

    async def start(self, context: Any) -> None:
        """Run what fell due while the bot was down, then start the loop; handlers get ``context``
        (the bot) as their first argument."""
        self.context = context
        if self._task is None:
            await self.run_due()
            first = await self._delay()
            self._task = asyncio.get_running_loop().create_task(self._loop(first), name="herald-scheduler")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    async def _loop(self, delay: float) -> None:
        while True:
            # asyncio.timeout, not wait_for: no task per pass (the offline driver waits on new tasks).
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(delay):
                    await self._wake.wait()
            self._wake.clear()  # before the pass: a job scheduled during it wakes the next wait
            try:
                await self.run_due()
                delay = await self._delay()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("the scheduler loop failed a pass; trying again shortly")
                delay = POLL

    async def _delay(self) -> float:
        due = await self._jobs.next_due()
        if due is None:
            return POLL
        seconds = (datetime.fromisoformat(due) - self._clock()).total_seconds()
        return min(max(seconds, 0.05), POLL)
