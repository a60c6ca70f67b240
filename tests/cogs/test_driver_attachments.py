"""The offline driver's attachment options: a file given as an Attachment or a path, downloaded
by ``Attachment.read()`` from the driver (each download counted), anything else refused."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.offline import Attachment, OfflineDriver, OfflineError


async def test_an_attachment_option_is_uploaded_and_read(driver: OfflineDriver, tmp_path: Path) -> None:
    await driver.command("/40k list import", file=Attachment("a.json", b'{"x": 1}'))
    assert len(driver.downloads) == 1 and driver.uploads[driver.downloads[0]] == b'{"x": 1}'
    path = tmp_path / "b.json"
    path.write_bytes(b"[]")
    await driver.command(f"/40k list import file:{path}")
    assert driver.uploads[driver.downloads[1]] == b"[]"


async def test_an_attachment_option_needs_a_file(driver: OfflineDriver) -> None:
    with pytest.raises(OfflineError, match="file is an attachment"):
        await driver.command("/40k list import file:no-such-file.json")
    with pytest.raises(OfflineError, match="file is an attachment"):
        await driver.command("/40k list import", file=42)
