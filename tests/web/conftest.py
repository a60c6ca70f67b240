"""A bot that serves its tournament web pages on a free port of this machine, and helpers."""

from __future__ import annotations

import re
import socket
from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp
import pytest

from bot.offline import Message, OfflineDriver
from tests.cogs.tournament_helpers import FACTIONS, PLAYERS, public


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
async def web_driver(tmp_path: Path) -> AsyncIterator[OfflineDriver]:
    d = await OfflineDriver.open(
        tmp_path / "herald.sqlite3", rng_seed=1234, out_dir=tmp_path / "out", web_port=free_port()
    )
    try:
        assert d.bot.web_url is not None
        yield d
    finally:
        await d.close()


@pytest.fixture
async def http() -> AsyncIterator[aiohttp.ClientSession]:
    async with aiohttp.ClientSession() as session:
        yield session


def page_links(message: Message) -> list[str]:
    """The addresses of the link buttons on a message."""
    return [b.url for b in message.buttons if b.style == 5 and b.url]


URL = re.compile(r"https?://[^\s)>]+/t/[A-Za-z0-9_-]+")


async def cup(driver: OfflineDriver, *, players: int = 8, name: str = "Store Cup") -> str:
    """A tournament with players and three scenarios; returns its page's address."""
    public(await driver.command(f'/tournament create name:"{name}" tier:300', user="olga"))
    for player, faction in list(zip(PLAYERS, FACTIONS, strict=True))[:players]:
        public(await driver.command(f'/tournament join faction:"{faction}"', user=player))
    for number, scenario in ((1, "acquisition"), (2, "frostbyte"), (3, "supremacy")):
        public(await driver.command(f"/tournament mission round:{number} scenario:{scenario}", user="olga"))
    info = public(await driver.command("/tournament info", user="ann"))
    links = page_links(info)
    assert len(links) == 1 and URL.fullmatch(links[0]), info.components
    assert links[0] in info.text
    return links[0]
