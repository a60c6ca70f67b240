"""Settings, start-up without a token, and command sync only when the tree changed."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.app import COGS, create_bot
from bot.settings import Settings

ROOT = Path(__file__).resolve().parent.parent


def test_settings_read_the_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "abc.def.ghi")
    monkeypatch.setenv("DATABASE_PATH", str(tmp_path / "x.sqlite3"))
    monkeypatch.setenv("DEV_GUILD_ID", "123")
    monkeypatch.setenv("LOG_LEVEL", "debug")
    settings = Settings(_env_file=None)
    assert settings.discord_token is not None and settings.discord_token.get_secret_value() == "abc.def.ghi"
    assert "abc.def.ghi" not in repr(settings) and "abc.def.ghi" not in str(settings.model_dump())
    assert settings.dev_guild_id == 123 and settings.log_level == "DEBUG"


def test_blank_values_mean_unset(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "  ")
    monkeypatch.setenv("DEV_GUILD_ID", "")
    settings = Settings(_env_file=None)
    assert settings.discord_token is None and settings.dev_guild_id is None


def test_env_example_documents_every_setting() -> None:
    text = (ROOT / ".env.example").read_text()
    for name in Settings.model_fields:
        assert f"{name.upper()}=" in text


def test_running_without_a_token_says_what_to_do(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN",)}
    env["PYTHONPATH"] = str(ROOT)
    result = subprocess.run(
        [sys.executable, "-m", "bot", "run"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode != 0
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 2
    assert "token" in lines[0].lower() and "make console" in lines[1]


async def test_create_bot_makes_no_network_call_and_setup_loads_every_cog(tmp_path: Path) -> None:
    bot = create_bot(Settings(database_path=tmp_path / "h.sqlite3", _env_file=None))
    await bot._async_setup_hook()
    bot.http.request = None  # any REST call during setup would fail loudly
    await bot.setup_hook()
    assert bot.cog_modules == list(COGS)
    assert len(bot.cogs) >= len(COGS)
    await bot.close()


async def test_sync_only_when_the_tree_changed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    bot = create_bot(Settings(database_path=tmp_path / "h.sqlite3", dev_guild_id=42, _env_file=None))
    await bot._async_setup_hook()
    await bot.setup_hook()
    bot._connection.application_id = 99  # set by login
    calls = []

    async def fake_sync(*, guild=None):
        calls.append(guild.id if guild else None)
        return []

    monkeypatch.setattr(bot.tree, "sync", fake_sync)
    assert await bot.sync_commands_if_changed() is True
    assert await bot.sync_commands_if_changed() is False
    assert calls == [42]
    from discord import app_commands

    @app_commands.command(name="extra", description="a new command")
    async def extra(interaction) -> None: ...

    bot.tree.add_command(extra)
    assert await bot.sync_commands_if_changed() is True
    assert calls == [42, 42]
    await bot.close()


async def test_the_sync_hash_is_kept_per_application(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A database reused with another bot's token syncs that bot's commands (issue 25, item 17)."""
    settings = Settings(database_path=tmp_path / "h.sqlite3", _env_file=None)
    calls: list[int | None] = []
    for application_id, expected in ((111, True), (111, False), (222, True), (222, False), (111, False)):
        bot = create_bot(settings)
        await bot._async_setup_hook()
        await bot.setup_hook()
        bot._connection.application_id = application_id

        async def fake_sync(*, guild=None, bot=bot):
            calls.append(bot.application_id)
            return []

        monkeypatch.setattr(bot.tree, "sync", fake_sync)
        assert await bot.sync_commands_if_changed() is expected, application_id
        await bot.close()
    assert calls == [111, 222]


async def test_a_forced_sync_syncs_an_unchanged_tree(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    bot = create_bot(Settings(database_path=tmp_path / "h.sqlite3", _env_file=None))
    await bot._async_setup_hook()
    await bot.setup_hook()
    bot._connection.application_id = 7
    calls = []

    async def fake_sync(*, guild=None):
        calls.append(guild)
        return []

    monkeypatch.setattr(bot.tree, "sync", fake_sync)
    assert await bot.sync_commands_if_changed() is True
    assert await bot.sync_commands_if_changed() is False
    assert await bot.sync_commands_if_changed(force=True) is True
    assert calls == [None, None]
    await bot.close()


async def test_python_m_bot_sync_logs_in_syncs_and_records_the_hash(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from bot.__main__ import sync_commands
    from bot.app import Herald
    from bot.storage import SqlMetaRepository, connect

    synced: list[object] = []
    started: list[object] = []

    async def fake_login(self: Herald, token: str) -> None:  # what Client.login does, minus Discord
        assert token == "abc.def.ghi"
        self._connection.application_id = 333
        await self.setup_hook()

    async def fake_sync(self: object, *, guild: object = None) -> list[object]:
        synced.append(guild)
        return []

    async def no_scheduler(self: object, bot: object) -> None:
        started.append(bot)

    monkeypatch.setattr(Herald, "login", fake_login)
    monkeypatch.setattr("discord.app_commands.CommandTree.sync", fake_sync)
    monkeypatch.setattr("bot.scheduler.Scheduler.start", no_scheduler)
    settings = Settings(database_path=tmp_path / "h.sqlite3", discord_token="abc.def.ghi", _env_file=None)
    assert await sync_commands(settings) == 0
    assert await sync_commands(settings) == 0  # forced: synced again although nothing changed
    assert synced == [None, None] and started == []
    out = capsys.readouterr().out
    assert "globally for application 333" in out and "abc.def.ghi" not in out
    db = await connect(settings.database_target)
    try:
        assert await SqlMetaRepository(db).get("command_tree_hash:333:global")
    finally:
        await db.close()


def test_sync_without_a_token_says_what_to_do(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN",)}
    env["PYTHONPATH"] = str(ROOT)
    result = subprocess.run(
        [sys.executable, "-m", "bot", "sync"], cwd=tmp_path, env=env, capture_output=True, text=True,
        timeout=60,
    )
    assert result.returncode == 1
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 2 and "DISCORD_TOKEN" in lines[0] and "make console" in lines[1]


def _run_bot(tmp_path: Path, **env_overrides: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "DATABASE_PATH")}
    env.update(PYTHONPATH=str(ROOT), **env_overrides)
    return subprocess.run(
        [sys.executable, "-m", "bot", "run"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_an_unusable_database_path_says_what_failed_and_what_to_do(tmp_path: Path) -> None:
    result = _run_bot(tmp_path, DISCORD_TOKEN="abc.def.ghi", DATABASE_PATH="/proc/herald-test/herald.sqlite3")
    assert result.returncode == 1
    last = result.stderr.strip().splitlines()[-1]
    assert "could not open its database at /proc/herald-test/herald.sqlite3" in last
    assert "DATABASE_PATH" in last
    assert "Traceback" in result.stderr  # the cause stays in the log
    assert "abc.def.ghi" not in result.stderr


def test_start_up_errors_are_explained_without_the_token() -> None:
    import aiohttp
    import discord

    from bot.__main__ import explain

    settings = Settings(discord_token="abc.def.ghi", _env_file=None)
    no_dns = OSError(-3, "Temporary failure in name resolution")
    offline = aiohttp.ClientConnectorError(None, no_dns)  # type: ignore[arg-type]
    assert "could not reach Discord" in explain(offline, settings)
    assert "refused the token" in explain(discord.LoginFailure("Improper token has been passed."), settings)
    assert "abc.def.ghi" not in explain(RuntimeError("abc.def.ghi"), settings)


def test_libraries_stay_quiet_when_herald_logs_at_debug() -> None:
    import logging

    from bot.__main__ import configure_logging

    root = logging.getLogger()
    saved = (root.level, list(root.handlers), logging.getLogger("herald").level)
    try:
        configure_logging(Settings(log_level="DEBUG", _env_file=None))
        assert logging.getLogger("herald.its").isEnabledFor(logging.DEBUG)
        assert not logging.getLogger("aiosqlite").isEnabledFor(logging.DEBUG)
        assert not logging.getLogger("discord.gateway").isEnabledFor(logging.INFO)
    finally:
        root.handlers[:] = saved[1]
        root.setLevel(saved[0])
        logging.getLogger("herald").setLevel(saved[2])
