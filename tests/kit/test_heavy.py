"""The heavy pool: odds work never takes the threads that draw game images, and its queue is bounded."""

from __future__ import annotations

import asyncio
import threading

import pytest

from bot import heavy
from bot.send import Image, _render


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
