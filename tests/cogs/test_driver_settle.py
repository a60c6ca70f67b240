"""The driver waits for what an interaction started by tracking the tasks made since, never by
scanning every task alive (issue 33: lingering view timers made the driver, not the bot, slow)."""

from __future__ import annotations

import asyncio

import pytest

from bot.offline import OfflineDriver


async def test_settling_never_scans_every_task(
    driver: OfflineDriver, monkeypatch: pytest.MonkeyPatch
) -> None:
    idle = [asyncio.create_task(asyncio.sleep(3600)) for _ in range(500)]  # as views' timers are
    scans = []
    real = asyncio.all_tasks

    def counting(loop=None):  # type: ignore[no-untyped-def]
        scans.append(1)
        return real(loop)

    monkeypatch.setattr(asyncio, "all_tasks", counting)
    try:
        reply = await driver.command("/roll expression:2d6+3")
        assert "Total" in reply.text
        slow = await driver.command("/odds expression:10d6")  # answered from a worker thread
        assert not slow.message.ephemeral and "Mean" in slow.text
    finally:
        for task in idle:
            task.cancel()
    assert scans == []
