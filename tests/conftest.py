"""Shared fixtures: an offline driver on a fresh database per test."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.offline import OfflineDriver


@pytest.fixture
async def driver(tmp_path: Path) -> AsyncIterator[OfflineDriver]:
    """The real bot on a temporary database, with seeded dice."""
    d = await OfflineDriver.open(tmp_path / "herald.sqlite3", rng_seed=1234, out_dir=tmp_path / "out")
    try:
        yield d
    finally:
        await d.close()
