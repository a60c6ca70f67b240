"""Hostile web load against the bot's own process: do Discord commands slow down?

A 512-player event is stored in a bot that serves its web pages on this machine's loopback, with
the process's open-file limit at the common default of 1,024 (as on a server that does not raise
it). Each figure times Discord commands through the offline driver, alone and then while another
process (``tests/bench/web_load.py``, loopback only, bounded in time and requests):

- has 64 clients fetch the page, both CSVs and the live part as fast as they are answered;
- holds 2,000 connections that sent half a request and then nothing.

The target for both is a command p99 at most 1.5 times its p99 alone.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import resource
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from bot.offline import OfflineDriver
from tests.bench import FigureCase
from tests.bench.cases_tournament import _EVENTS
from tests.bench.cases_web import _free_port, _p

CLIENTS = 64
HALF_OPEN = 2000
TARGET_RATIO = 1.5
FILE_LIMIT = 1024


async def _timed(run: Callable[[], Awaitable[Any]], calls: int, seconds: float, check: str) -> list[float]:
    """Up to ``calls`` runs, stopping after ``seconds``; each reply must contain ``check``."""
    samples: list[float] = []
    await run()  # warm-up, not timed
    deadline = time.monotonic() + seconds
    for _ in range(calls):
        if samples and time.monotonic() > deadline:
            break
        started = time.perf_counter()
        try:
            reply = await run()
        except TimeoutError:  # the driver gives up after 30 s: counted as that, and the case stops
            samples.append((time.perf_counter() - started) * 1000)
            break
        samples.append((time.perf_counter() - started) * 1000)
        if check not in reply.text or "Incident `" in reply.text:
            raise AssertionError(f"not the reply the bench times: {reply.text[:200]}")
    return samples


async def _commands(driver: OfflineDriver, channel: Any) -> dict[str, list[float]]:
    await asyncio.sleep(0)
    return {
        "/games": await _timed(lambda: driver.command("games", user="olga"), 150, 8, "game"),
        "/tournament standings (512)": await _timed(
            lambda: driver.command("tournament standings", channel=channel), 15, 8, "Standings"
        ),
    }


async def _load(*args: str) -> asyncio.subprocess.Process:
    root = Path(__file__).resolve().parents[2]
    return await asyncio.create_subprocess_exec(
        sys.executable, "-m", "tests.bench.web_load", *args, cwd=root, stdout=asyncio.subprocess.PIPE
    )


async def _finish(process: asyncio.subprocess.Process) -> dict[str, Any]:
    out, _ = await process.communicate()
    try:
        return dict(json.loads(out.decode().strip().splitlines()[-1]))
    except (ValueError, IndexError):
        return {"load": "gave no figures"}


def _lines(
    label: str, alone: dict[str, list[float]], loaded: dict[str, list[float]]
) -> list[tuple[str, str]]:
    lines = []
    for name, samples in alone.items():
        before, during = _p(samples, 99), _p(loaded[name], 99)
        ratio = during / before
        lines.append(
            (
                f"{name} while {label}",
                f"p99 alone {before:7.1f} ms, under load {during:8.1f} ms ({len(loaded[name])} calls): "
                f"x{ratio:.2f} (target <= {TARGET_RATIO}: {'ok' if ratio <= TARGET_RATIO else 'MISSED'})",
            )
        )
    return lines


async def _under_load(_: OfflineDriver) -> list[tuple[str, str]]:
    from cogs.tournament.state import TournamentGame

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(FILE_LIMIT, hard), hard))
    folder = Path(tempfile.mkdtemp(prefix="herald-bench-webload-"))
    port = _free_port()
    lines: list[tuple[str, str]] = []
    driver = await OfflineDriver.open(folder / "load.sqlite3", rng_seed=5, web_port=port)
    try:
        channel = driver.add_channel("bench-web-load")
        organiser = driver.user("bench-organiser")
        game = await driver.bot.games.start(
            channel_id=channel.id,
            guild_id=None,
            kind="tournament",
            state=TournamentGame(tournament=_EVENTS[512], organisers=[organiser.id]),
            actor_id=organiser.id,
        )
        url = f"http://127.0.0.1:{port}/t/{await driver.bot.links.ensure(game.id)}"
        alone = await _commands(driver, channel)

        load = await _load("hammer", url, "40", str(CLIENTS))
        await asyncio.sleep(1.0)
        try:
            loaded = await _commands(driver, channel)
        finally:
            with contextlib.suppress(ProcessLookupError):
                load.terminate()
            figures = await _finish(load)
        lines += _lines(f"{CLIENTS} clients fetch page, CSVs, /live", alone, loaded)
        lines.append((f"{CLIENTS} clients: answers", json.dumps(figures)))

        alone = await _commands(driver, channel)
        load = await _load("halfopen", "127.0.0.1", str(port), "20", str(HALF_OPEN))
        await asyncio.sleep(2.0)
        try:
            loaded = await _commands(driver, channel)
        finally:
            figures = await _finish(load)  # it lets go of its connections after 20 s
        lines += _lines(f"{HALF_OPEN} half-open connections", alone, loaded)
        lines.append((f"{HALF_OPEN} half-open: connections", json.dumps(figures)))
    finally:
        await driver.close()
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
    return lines


CASES = [FigureCase("web load", _under_load)]
