"""Uploaded files through the offline driver (issue 38, items 31 and 33): the reader process that
died is replaced, and one player's hostile files never hold up another's import."""

from __future__ import annotations

import asyncio
import os
import signal
import tempfile
import time
from pathlib import Path
from typing import Any

import pytest

from bot import heavy
from bot.offline import Attachment, OfflineDriver
from tests import rosters
from tests.cogs.test_wh40k import refused
from tests.cogs.test_wh40k_lists import nothing_kept, roster_file
from tests.kit.test_heavy import gone


def _marker(parent: int) -> Path:
    return Path(tempfile.gettempdir()) / f"herald-test-reading-{parent}"


def _hang(data: bytes, filename: str) -> None:
    """A parser that never finishes (run in the worker): it marks that it started, then waits."""
    _marker(os.getppid()).touch()
    time.sleep(120)


async def test_an_import_after_the_idle_reader_was_killed_succeeds(driver: OfflineDriver) -> None:
    first = await driver.command("/40k list import name:first", file=roster_file("rosz"))
    assert "Imported first" in first.message.text
    reader = await heavy.run_isolated(os.getpid)
    os.kill(reader, signal.SIGKILL)  # kill -9, the OOM killer, a crash: while no file is read
    await gone(reader)
    again = await driver.command("/40k list import name:again", file=roster_file("rosz"))
    assert "Imported again" in again.message.text
    await driver.command('/tournament create name:"Spring GT" game:40k points:2000', user="olga")
    await driver.command('/tournament join faction:"Cinder Host"')
    handed = await driver.command("/tournament list submit", file=roster_file("rosz"))
    assert "list for Spring GT is handed in" in handed.message.text


async def test_a_reader_killed_mid_read_is_said_and_the_next_import_works(
    driver: OfflineDriver, monkeypatch: pytest.MonkeyPatch
) -> None:
    from cogs.wh40k import lists

    reader = await heavy.run_isolated(os.getpid)
    marker = _marker(os.getpid())
    marker.unlink(missing_ok=True)
    monkeypatch.setattr(lists, "parse_roster", _hang)
    importing = asyncio.create_task(driver.command("/40k list import", file=roster_file("rosz")))
    for _ in range(300):  # the worker has started reading (bounded: 30 s at most)
        if marker.exists():
            break
        await asyncio.sleep(0.1)
    else:
        pytest.fail("the reader never started")
    marker.unlink()
    os.kill(reader, signal.SIGKILL)
    refused(
        await asyncio.wait_for(importing, 30),
        "The file reader stopped while reading `cinder_host.rosz` and was restarted, so nothing was read",
        "Send it again",
    )
    await nothing_kept(driver)
    monkeypatch.undo()
    again = await driver.command("/40k list import", file=roster_file("rosz"))
    assert "Imported Cinder Host Patrol" in again.message.text


async def test_a_zip_of_tiny_elements_is_refused_and_nothing_kept(driver: OfflineDriver) -> None:
    bomb = rosters.zipped({"roster.ros": b"<roster>" + b"<a/>" * 2_000_000 + b"</roster>"})
    refused(
        await driver.command("/40k list import", file=Attachment("bomb.rosz", bomb)),
        "`bomb.rosz` holds more than 150,000 elements or values, far more than any roster",
    )
    await nothing_kept(driver)


def _hoard(data: bytes, filename: str) -> None:
    """A parser that wants more memory than a reader may have (run in the worker)."""
    bytearray(heavy.ISOLATED_MEMORY)


async def test_a_file_that_needs_too_much_memory_is_refused_and_the_next_import_works(
    driver: OfflineDriver, monkeypatch: pytest.MonkeyPatch
) -> None:
    from cogs.wh40k import lists

    monkeypatch.setattr(lists, "parse_roster", _hoard)
    refused(
        await driver.command("/40k list import", file=roster_file("rosz")),
        "Reading `cinder_host.rosz` needed more than the 512 MiB of memory a file may use",
    )
    await nothing_kept(driver)
    monkeypatch.undo()
    again = await driver.command("/40k list import", file=roster_file("rosz"))
    assert "Imported Cinder Host Patrol" in again.message.text


async def test_a_second_file_of_the_same_player_is_refused_while_the_first_is_read(
    driver: OfflineDriver, monkeypatch: pytest.MonkeyPatch
) -> None:
    from bot import uploads

    reading, release = asyncio.Event(), asyncio.Event()
    real = uploads.run_isolated

    async def held(*args: Any, **kwargs: Any) -> Any:
        reading.set()
        await release.wait()
        return await real(*args, **kwargs)

    monkeypatch.setattr(uploads, "run_isolated", held)
    first = asyncio.create_task(driver.command("/40k list import name:one", file=roster_file("rosz")))
    await asyncio.wait_for(reading.wait(), 10)
    downloads = len(driver.downloads)
    second = await driver.command("/40k list import name:two", file=roster_file("json"), user="alice")
    refused(
        second,
        "I am still reading `cinder_host.rosz`, the file you sent before: wait for its answer, "
        "then send `cinder_host.json` again.",
    )
    assert len(driver.downloads) == downloads  # refused before anything was downloaded
    await driver.command('/tournament create name:"Spring GT" game:40k points:2000', user="olga")
    await driver.command('/tournament join faction:"Cinder Host"')
    refused(await driver.command("/tournament list submit", file=roster_file("ros")), "I am still reading")
    release.set()
    other = await driver.command("/40k list import name:bobs", file=roster_file("json"), user="bob")
    assert "Imported bobs" in other.message.text
    assert "Imported one" in (await asyncio.wait_for(first, 30)).message.text
    after = await driver.command("/40k list import name:two", file=roster_file("json"))
    assert "Imported two" in after.message.text
