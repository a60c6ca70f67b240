"""The heavy pool: odds work never takes the threads that draw game images, and its queue is
bounded; hostile files are read in a worker process that is stopped when it runs too long."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from bot import heavy
from bot.send import Image, _render
from rules.errors import RuleError


async def test_heavy_work_runs_apart_and_a_full_queue_is_refused() -> None:
    release = threading.Event()
    names: list[str] = []

    def slow() -> int:
        names.append(threading.current_thread().name)
        release.wait(10)
        return 1

    waiting = [asyncio.create_task(heavy.run_heavy(slow)) for _ in range(heavy.MAX_WAITING)]
    await asyncio.sleep(0.05)
    assert heavy.in_flight() == heavy.MAX_WAITING
    with pytest.raises(heavy.Busy, match="ask again in a minute"):
        await heavy.run_heavy(slow)
    # a game's image is drawn meanwhile on the ordinary pool, while every heavy thread is busy
    files = await asyncio.wait_for(_render([Image(lambda: b"\x89PNG map", "map.png")]), 5)
    assert files[0].filename == "map.png"
    release.set()
    assert await asyncio.gather(*waiting) == [1] * heavy.MAX_WAITING
    assert heavy.in_flight() == 0
    assert all(name.startswith("herald-heavy") for name in names)


async def test_a_heavy_image_is_drawn_on_the_heavy_pool() -> None:
    def draw() -> bytes:
        return threading.current_thread().name.encode()

    files = await _render([Image(draw, "odds.png", heavy=True), Image(draw, "map.png")])
    assert files[0].fp.read().startswith(b"herald-heavy")
    assert not files[1].fp.read().startswith(b"herald-heavy")


# -- the worker process for hostile files ---------------------------------------------------------
# Module-level functions: the worker process imports them by name.


def _pid_and(value: int) -> tuple[int, int]:
    return os.getpid(), value * 2


def _refuse(text: str) -> None:
    raise RuleError(f"refused: {text}")


def _sleep(seconds: float) -> int:
    time.sleep(seconds)
    return os.getpid()


def _die() -> None:
    os._exit(3)


def _hoard(size: int) -> int:
    return len(bytearray(size))


async def test_isolated_work_runs_in_another_process_and_its_refusals_come_back_as_they_were() -> None:
    pid, doubled = await heavy.run_isolated(_pid_and, 21)
    assert (doubled, pid != os.getpid()) == (42, True)
    with pytest.raises(RuleError, match=r"^refused: the file$"):
        await heavy.run_isolated(_refuse, "the file")
    # the same process serves the next call: it is started once, not per call
    assert (await heavy.run_isolated(_pid_and, 1))[0] == pid


async def test_isolated_work_past_its_time_is_stopped_and_the_next_call_gets_a_fresh_process() -> None:
    first = await heavy.run_isolated(_sleep, 0)
    with pytest.raises(heavy.IsolatedFailed, match=r"Reading `kw.rosz` took longer than 0.5 s"):
        await heavy.run_isolated(_sleep, 30, timeout=0.5, what="`kw.rosz`")
    second = await heavy.run_isolated(_sleep, 0)
    assert second != first
    for _ in range(100):  # killed at once; reaped by the pool's manager thread soon after
        try:
            os.kill(first, 0)
        except ProcessLookupError:
            break
        await asyncio.sleep(0.1)
    else:
        pytest.fail("the stopped worker process is still running")


async def test_a_worker_process_that_dies_is_said_and_replaced() -> None:
    with pytest.raises(heavy.IsolatedFailed, match="reader stopped while reading the file and was restarted"):
        await heavy.run_isolated(_die)
    assert (await heavy.run_isolated(_pid_and, 2))[1] == 4


async def gone(pid: int) -> None:
    """Wait until ``pid`` has died, every thread of it (a zombie counts: it runs nothing; its main
    thread shows as one while its other threads still exit); 10 s at most."""
    for _ in range(100):
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
            threads = len(os.listdir(f"/proc/{pid}/task"))
        except (FileNotFoundError, ProcessLookupError):
            return
        if state in ("Z", "X") and threads <= 1:
            return
        await asyncio.sleep(0.1)
    pytest.fail(f"process {pid} still runs after SIGKILL")


async def test_a_worker_killed_while_idle_is_replaced_by_the_next_read() -> None:
    """kill -9 or the OOM killer ends the idle reader: the next read gets a fresh one, and so on."""
    for _ in range(2):
        pid = await heavy.run_isolated(os.getpid)
        os.kill(pid, signal.SIGKILL)
        await gone(pid)
        fresh, doubled = await heavy.run_isolated(_pid_and, 2)
        assert doubled == 4 and fresh != pid


async def test_a_worker_killed_mid_read_is_said_and_replaced() -> None:
    pid = await heavy.run_isolated(os.getpid)
    reading = asyncio.create_task(heavy.run_isolated(_sleep, 60, what="`big.rosz`"))
    await asyncio.sleep(0)  # the read is handed to the worker
    os.kill(pid, signal.SIGKILL)
    with pytest.raises(heavy.IsolatedFailed, match=r"stopped while reading `big.rosz` and was restarted"):
        await asyncio.wait_for(reading, 30)
    assert (await heavy.run_isolated(_pid_and, 3))[1] == 6


async def test_a_read_past_the_memory_cap_is_refused_and_the_next_one_works() -> None:
    """The worker's address space is capped (RLIMIT_AS): the allocation fails there, not the host."""
    with pytest.raises(
        heavy.IsolatedFailed, match=r"Reading `big.rosz` needed more than the 512 MiB of memory"
    ):
        await heavy.run_isolated(_hoard, heavy.ISOLATED_MEMORY, what="`big.rosz`")
    assert await heavy.run_isolated(_hoard, 50 * 1024 * 1024) == 50 * 1024 * 1024


async def test_the_time_limit_counts_the_read_not_the_wait_for_the_worker(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A quick read queued behind a slow one is not timed out by the slow one's time."""
    monkeypatch.setattr(heavy, "ISOLATED_WORKERS", 1)
    await heavy.run_isolated(os.getpid)  # the worker is up: no start-up in what follows
    slow = asyncio.create_task(heavy.run_isolated(_sleep, 4))
    await asyncio.sleep(0)
    quick = asyncio.create_task(heavy.run_isolated(_pid_and, 5, timeout=3))
    await asyncio.sleep(0)
    assert heavy.isolated_waiting() == 1
    assert (await quick)[1] == 10 and slow.done()
    await slow


async def test_a_full_queue_of_reads_is_refused_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(heavy, "ISOLATED_WORKERS", 1)
    monkeypatch.setattr(heavy, "ISOLATED_MAX_WAITING", 2)
    await heavy.run_isolated(os.getpid)
    reads = [asyncio.create_task(heavy.run_isolated(_sleep, 1)) for _ in range(3)]
    await asyncio.sleep(0)
    assert heavy.isolated_waiting() == 2
    with pytest.raises(
        heavy.Busy, match=r"2 other files are waiting to be read, so I can't take `x.rosz` now"
    ):
        await heavy.run_isolated(_sleep, 0, what="`x.rosz`")
    assert len(set(await asyncio.gather(*reads))) == 1  # one worker read them in turn
    assert heavy.isolated_waiting() == 0


def test_the_worker_process_ends_when_the_bot_is_killed(tmp_path: Path) -> None:
    """A bot ended by kill -9 runs no clean-up: its reader must not wait for ever."""
    script = (
        "import asyncio, os\n"
        "from bot import heavy\n"
        "from tests.kit.test_heavy import _pid_and\n"
        "pid, _ = asyncio.run(heavy.run_isolated(_pid_and, 1))\n"
        "print(pid, flush=True)\n"
        "os._exit(0)\n"  # no atexit, no pool shutdown: as a killed process
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=60, cwd=Path.cwd()
    )
    worker = int(done.stdout.split()[0])
    for _ in range(100):  # the watch looks once a second
        try:
            os.kill(worker, 0)
        except ProcessLookupError:
            return
        time.sleep(0.1)
    os.kill(worker, 9)
    pytest.fail("the worker outlived its bot by 10 s")
