"""DEV_GUILD_ID copies the commands to one server; a later global sync clears that copy, so the
server does not show every command twice (issue 34.9)."""

from __future__ import annotations

from pathlib import Path

import discord
import pytest

from bot.app import create_bot
from bot.settings import Settings


async def _synced(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, dev_guild_id: int | None, **kw: object):
    settings = Settings(database_path=tmp_path / "h.sqlite3", dev_guild_id=dev_guild_id, _env_file=None)
    bot = create_bot(settings)
    await bot._async_setup_hook()
    await bot.setup_hook()
    bot._connection.application_id = 99
    calls: list[tuple[int | None, int]] = []
    refuse = kw.get("refuse")

    async def fake_sync(*, guild=None):
        if guild is not None and refuse is not None:
            raise refuse
        calls.append((guild.id if guild else None, len(bot.tree.get_commands(guild=guild))))
        return []

    monkeypatch.setattr(bot.tree, "sync", fake_sync)
    await bot.sync_commands_if_changed()
    await bot.close()
    return calls


async def test_a_global_sync_clears_the_dev_guild_copy_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    dev = await _synced(tmp_path, monkeypatch, 42)
    assert len(dev) == 1 and dev[0][0] == 42 and dev[0][1] > 5  # every command, copied to the server
    first = await _synced(tmp_path, monkeypatch, None)
    assert first[0] == (42, 0) and first[1][0] is None and first[1][1] > 5  # emptied, then global
    assert await _synced(tmp_path, monkeypatch, None) == []  # nothing left to clear; tree unchanged


async def test_a_server_herald_cannot_reach_is_forgotten(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    await _synced(tmp_path, monkeypatch, 42)

    class Response:
        status, reason = 403, "Forbidden"

    refused = discord.Forbidden(Response(), {"code": 50001, "message": "Missing Access"})  # type: ignore[arg-type]
    calls = await _synced(tmp_path, monkeypatch, None, refuse=refused)
    assert calls == [(None, calls[0][1])]  # the global sync still ran
    assert await _synced(tmp_path, monkeypatch, None) == []
