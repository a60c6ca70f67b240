"""The kit: a boss map rendering in one channel must not delay a /roll in another."""

from __future__ import annotations

import asyncio
import statistics
import time

from bot.offline import OfflineDriver
from tests.bench import FigureCase
from tests.bench.cases_space_infantry import _busy_fight

TRIALS = 40


async def _map_and_roll(driver: OfflineDriver) -> list[tuple[str, str]]:
    fight, _ = await _busy_fight(driver)
    other = driver.add_channel("bench-kit-roll")
    maps, rolls = [], []
    for _ in range(TRIALS):

        async def timed(coro: object, into: list[float]) -> None:
            started = time.perf_counter()
            reply = await coro  # type: ignore[misc]
            into.append((time.perf_counter() - started) * 1000)
            message = reply.message
            if message.ephemeral or "Incident" in message.text:
                raise AssertionError(f"the kit case timed a refusal: {message.text[:200]}")

        status = asyncio.create_task(timed(driver.command("/si status", channel=fight), maps))
        await asyncio.sleep(0.005)  # the map is being drawn now
        await timed(driver.command("/roll expression:2d6", channel=other), rolls)
        await status

    def line(samples: list[float]) -> str:
        return f"median {statistics.median(samples):7.1f} ms  max {max(samples):7.1f} ms"

    return [("/si status (Brood Queen map)", line(maps)), ("/roll 2d6 meanwhile, other channel", line(rolls))]


CASES = [FigureCase("kit: map render vs /roll", _map_and_roll)]
