"""``make run`` says what is wrong in one line, and fails loudly only for real errors (issue 34.10)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _env(**overrides: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "DATABASE_PATH", "MAKEFLAGS")}
    env.update(PYTHONPATH=str(ROOT), **overrides)
    return env


def _make_run(tmp_path: Path, **env: str) -> subprocess.CompletedProcess[str]:
    """The Makefile's ``run`` rule, with this interpreter as the venv's (the stamp says it is
    installed), so nothing is installed."""
    shutil.copy(ROOT / "Makefile", tmp_path / "Makefile")
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    (tmp_path / "stamp").touch()
    return subprocess.run(
        ["make", "--no-print-directory", "run", f"PY={sys.executable}", "STAMP=stamp"],
        cwd=tmp_path,
        env=_env(**env),
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.skipif(shutil.which("make") is None, reason="needs make")
def test_make_run_without_a_token_explains_and_exits_quietly(tmp_path: Path) -> None:
    result = _make_run(tmp_path)
    assert result.returncode == 0, result.stderr
    assert "No DISCORD_TOKEN" in result.stderr and "make console" in result.stderr
    assert "Error" not in result.stderr and "***" not in result.stderr


@pytest.mark.skipif(shutil.which("make") is None, reason="needs make")
def test_make_run_still_fails_loudly_for_a_real_error(tmp_path: Path) -> None:
    result = _make_run(tmp_path, DISCORD_TOKEN="abc.def.ghi", DATABASE_PATH="/proc/herald-test/h.sqlite3")
    assert result.returncode != 0
    assert "could not open its database" in result.stderr and "abc.def.ghi" not in result.stderr


def test_python_m_bot_run_without_a_token_says_it_is_not_configured(tmp_path: Path) -> None:
    """Outside make the exit code still says that nothing ran (scripts and service managers)."""
    result = subprocess.run(
        [sys.executable, "-m", "bot", "run"],
        cwd=tmp_path,
        env=_env(),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode != 0
    assert len(result.stderr.strip().splitlines()) == 2


def test_no_network_is_one_line_without_a_traceback(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Discord unreachable (no network, no DNS): one line that says so, not 70 lines of traceback."""
    import aiohttp
    import discord

    import bot.__main__ as entry

    def offline(self: discord.Client, token: str, **kwargs: object) -> None:
        no_dns = OSError(-3, "Temporary failure in name resolution")
        raise aiohttp.ClientConnectorError(None, no_dns)  # type: ignore[arg-type]

    monkeypatch.setattr(discord.Client, "run", offline)
    monkeypatch.setenv("DISCORD_TOKEN", "abc.def.ghi")
    monkeypatch.setenv("DATABASE_PATH", str(tmp_path / "h.sqlite3"))
    monkeypatch.setenv("LOG_LEVEL", "WARNING")
    monkeypatch.chdir(tmp_path)
    import contextlib
    import io
    import logging

    root = logging.getLogger()
    saved = (root.level, list(root.handlers), logging.getLogger("herald").level)
    err = io.StringIO()
    try:
        with contextlib.redirect_stderr(err):  # the log handler made at start-up writes here too
            code = entry.main(["run"])
    finally:
        root.handlers[:] = saved[1]
        root.setLevel(saved[0])
        logging.getLogger("herald").setLevel(saved[2])
    text = err.getvalue()
    assert code == 1
    assert "Traceback" not in text, text
    lines = [line for line in text.strip().splitlines() if line]
    assert len(lines) == 1 and "could not reach Discord" in lines[0], lines
