"""Heavy work: exact odds on a small pool of threads, hostile files in a process of their own.

Every exact-odds request is costed in the core and refused past its budget before any work, so
one request is bounded (about a second at worst). Several at once could still fill the default
thread pool that renders every game's map and card images; so heavy work runs here instead, on
:data:`WORKERS` threads of its own, with at most :data:`MAX_WAITING` requests queued behind
them. Past that, a request is refused at once with a :class:`Busy` error asking the player to
try again, rather than queued for minutes. The rest of the bot (other channels' replies, their
images through :func:`bot.send.send`) never waits for this pool.

    result = await run_heavy(odds, "10d6>=4")

A file a user uploads is read by :func:`run_isolated` instead, in a worker process (see below).
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import contextvars
import functools
import importlib
import logging
import multiprocessing
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import TypeVar

from rules.errors import RuleError

T = TypeVar("T")
log = logging.getLogger(__name__)

#: Threads for heavy work. Python runs one thread's bytecode at a time, so more would not be
#: faster, and each busy thread takes turns with the event loop: with two, the loop (every other
#: channel's reply) ran at a third of its speed while heavy odds ran; with one, at half.
WORKERS = 1
#: Requests waiting or running at most; one more is refused with :class:`Busy`.
MAX_WAITING = 8

_pool = ThreadPoolExecutor(max_workers=WORKERS, thread_name_prefix="herald-heavy")
_in_flight = 0


class Busy(RuleError):
    """Too much heavy work is already waiting: the player should try again shortly."""


def in_flight() -> int:
    """Heavy requests waiting or running now."""
    return _in_flight


async def run_heavy(function: Callable[..., T], *args: object, **kwargs: object) -> T:
    """``function(*args, **kwargs)`` on the heavy pool; :class:`Busy` if too much already waits."""
    global _in_flight
    if _in_flight >= MAX_WAITING:
        raise Busy(
            f"I am already working out {_in_flight} other sets of odds; ask again in a minute. "
            "Rolling (`/roll`) and every game still answer at once."
        )
    _in_flight += 1
    try:
        context = contextvars.copy_context()
        call = functools.partial(context.run, function, *args, **kwargs)
        return await asyncio.get_running_loop().run_in_executor(_pool, call)
    finally:
        _in_flight -= 1


# -- Hostile input: a process of its own ---------------------------------------------------------
#
# A thread does not keep a parser off the loop. expat, zlib and ``str.split`` run in C and hold the
# GIL for the whole buffer they are given, so a thread reading an 8 MB roster held every other
# command for up to 40 ms at a time (bench, four imports of the keyword roster: another player's
# slowest /roll 38-43 ms with a thread, 15-19 ms with this process; its p99 about 0.9 ms either
# way). A file a user uploads is therefore read in a worker process: its CPU time and memory
# never reach the bot's, a read that runs too long is stopped by ending the process, and the bot
# goes on. A worker is started on first use (a bot that never reads a file never pays for it) and
# serves every read after that; one that died (kill -9, the OOM killer, a crash) is replaced by the
# next read, so uploads never stay broken until a restart.

#: Worker processes reading files. One: a read is bounded (a roster file by its bytes and the
#: elements it holds: 0.2-0.3 s of CPU at worst), and on the two cores Herald is sized for, a second
#: worker would take the bot's own core whenever both read (see the bench's "zip bombs" figure).
ISOLATED_WORKERS = 1
#: Reads waiting for a free worker at most; one more is refused at once with :class:`Busy`.
ISOLATED_MAX_WAITING = 16
#: Seconds one read may run in its worker before the worker is ended and the read refused. The
#: wait for a free worker is not counted: a queue of other players' files never times a file out.
ISOLATED_TIMEOUT = 10.0
#: Bytes of address space a worker may map (``RLIMIT_AS``): an allocation past it raises
#: MemoryError there, refused as such, instead of the host's OOM killer choosing a process. A
#: worker maps about 210 MB at its peak reading the largest files a roster may be (8 MiB unpacked).
ISOLATED_MEMORY = 512 * 1024 * 1024


#: Seconds a new worker process may take to start and import what it reads with, apart from the
#: read's own limit: on a busy machine a spawn and its imports alone took over 10 s.
ISOLATED_STARTUP = 60.0


def _warm(module: str) -> int:  # pragma: no cover - runs in the worker process
    """Import ``module`` in the worker, so the read that follows is timed alone."""
    importlib.import_module(module)
    return os.getpid()


class IsolatedFailed(RuleError):
    """The worker process took too long or died: nothing was read, the player may try again."""


def _start_worker(parent: int, memory: int) -> None:  # pragma: no cover - runs in the worker process
    """The worker yields the CPU to the bot when both want it, may map at most ``memory`` bytes,
    and ends when the bot is gone.

    A pool's worker waits on a pipe whose writing end it holds itself, so a bot ended by
    ``kill -9`` (or the OOM killer) would leave it waiting for ever: a thread checks once a
    second that the process that started it is still its parent.
    """
    with contextlib.suppress(OSError, AttributeError):
        os.nice(10)
    with contextlib.suppress(OSError, ValueError, ImportError):
        import resource

        _, hard = resource.getrlimit(resource.RLIMIT_AS)
        resource.setrlimit(
            resource.RLIMIT_AS, (memory if hard == resource.RLIM_INFINITY else min(memory, hard), hard)
        )

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1)
        os._exit(0)

    threading.Thread(target=watch, name="herald-orphan-watch", daemon=True).start()


def _processes(pool: ProcessPoolExecutor) -> list[multiprocessing.process.BaseProcess]:
    return list((getattr(pool, "_processes", None) or {}).values())


class _Worker:
    """One worker process (a pool of one, so ending it ends no other read), replaced when dead.
    It is handed one read at a time (see :func:`run_isolated`), so its clock times that read alone."""

    def __init__(self) -> None:
        self._pool: ProcessPoolExecutor | None = None
        #: The modules the current process has imported for a read (started afresh: none).
        self._warm: set[str] = set()

    def _ready(self) -> ProcessPoolExecutor:
        """The pool, a fresh one when its process died while idle (no read was in it)."""
        pool = self._pool
        dead = pool is not None and (
            bool(getattr(pool, "_broken", False)) or not all(p.is_alive() for p in _processes(pool))
        )
        if dead:
            log.warning("the file reader process had died while idle; starting a new one")
            self.end()
        if self._pool is None:
            self._warm = set()
            # spawn, not fork: the bot has threads (database, heavy pool) whose locks a fork copies.
            self._pool = ProcessPoolExecutor(
                max_workers=1,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=_start_worker,
                initargs=(os.getpid(), ISOLATED_MEMORY),
            )
        return self._pool

    def end(self) -> None:
        """Stop the process now (it may be busy), so the next read starts a fresh one."""
        pool, self._pool = self._pool, None
        if pool is None:
            return
        for process in _processes(pool):
            with contextlib.suppress(Exception):
                process.kill()
        pool.shutdown(wait=False, cancel_futures=True)

    async def _start(self, module: str, what: str) -> None:
        """Start the process and import ``module`` there first (under :data:`ISOLATED_STARTUP`),
        so that ``limit`` times the read alone, not a spawn on a busy machine."""
        if module in self._warm and self._pool is not None:
            return
        loop = asyncio.get_running_loop()
        try:
            await asyncio.wait_for(loop.run_in_executor(self._ready(), _warm, module), ISOLATED_STARTUP)
        except (TimeoutError, BrokenProcessPool, RuntimeError):
            self.end()
            raise IsolatedFailed(
                f"The file reader could not start to read {what}, so nothing was read. Send it again "
                "in a minute."
            ) from None
        self._warm.add(module)

    async def run(self, function: Callable[..., T], args: tuple[object, ...], limit: float, what: str) -> T:
        loop = asyncio.get_running_loop()
        try:
            self._ready()  # a process that died while idle is replaced before anything is sent
            await self._start(function.__module__, what)
            future = loop.run_in_executor(self._ready(), function, *args)
        except (BrokenProcessPool, RuntimeError):
            # died between the check and the hand-over: nothing was sent, so hand it to a new one
            self.end()
            await self._start(function.__module__, what)
            future = loop.run_in_executor(self._ready(), function, *args)
        try:
            return await asyncio.wait_for(future, limit)
        except TimeoutError:
            self.end()
            raise IsolatedFailed(
                f"Reading {what} took longer than {limit:g} s, so I stopped. A real export reads in "
                "well under a second: export it again and send that file."
            ) from None
        except BrokenProcessPool:
            self.end()
            raise IsolatedFailed(
                f"The file reader stopped while reading {what} and was restarted, so nothing was read. "
                "Send it again; if it fails twice, export the file again."
            ) from None
        except MemoryError:
            self.end()  # the next read starts from a fresh process, whatever this one left behind
            raise IsolatedFailed(
                f"Reading {what} needed more than the {ISOLATED_MEMORY // 1024 // 1024} MiB of memory a "
                "file may use, far more than a real export needs: it is refused. Export it again and "
                "send that file."
            ) from None


_workers: list[_Worker] = []
_idle: list[_Worker] = []
_waiting: collections.deque[asyncio.Future[_Worker]] = collections.deque()


def isolated_waiting() -> int:
    """Reads waiting for a free worker now."""
    return sum(not f.done() for f in _waiting)


async def _take(what: str) -> _Worker:
    """An idle worker (the one used last, so an idle bot keeps one process), a new one while there
    are fewer than :data:`ISOLATED_WORKERS`, or a place in the queue for the next one freed."""
    if _idle:
        return _idle.pop()
    if len(_workers) < ISOLATED_WORKERS:
        _workers.append(_Worker())
        return _workers[-1]
    if isolated_waiting() >= ISOLATED_MAX_WAITING:
        raise Busy(
            f"{isolated_waiting()} other files are waiting to be read, so I can't take {what} now: "
            "send it again in a minute."
        )
    turn: asyncio.Future[_Worker] = asyncio.get_running_loop().create_future()
    _waiting.append(turn)
    try:
        return await turn
    except asyncio.CancelledError:
        if turn.done() and not turn.cancelled():
            _give(turn.result())  # handed over just as this read was given up: pass it on
        raise
    finally:
        with contextlib.suppress(ValueError):
            _waiting.remove(turn)


def _give(worker: _Worker) -> None:
    """Hand ``worker`` to the longest-waiting read, or keep it idle."""
    while _waiting:
        turn = _waiting.popleft()
        if not turn.done() and not turn.get_loop().is_closed():
            turn.set_result(worker)
            return
    _idle.append(worker)


async def run_isolated(
    function: Callable[..., T], *args: object, timeout: float | None = None, what: str = "the file"
) -> T:
    """``function(*args)`` in a worker process; its :class:`RuleError` comes back as it was.

    ``function`` and its arguments cross to the process by pickling: a module-level function and
    plain values (bytes, str). Each worker reads one file at a time; a read waits its turn (past
    :data:`ISOLATED_MAX_WAITING` waiting, :class:`Busy` at once). Past ``timeout`` seconds of its own
    read (:data:`ISOLATED_TIMEOUT`), past :data:`ISOLATED_MEMORY`, or if the process dies, the
    process is ended and :class:`IsolatedFailed` says so, naming ``what``.
    """
    limit = ISOLATED_TIMEOUT if timeout is None else timeout
    worker = await _take(what)
    try:
        return await worker.run(function, args, limit, what)
    finally:
        _give(worker)
