"""`make console` as a newcomer uses it: typed lines in, Discord-like text out."""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from bot.console import run_console

ROOT = Path(__file__).resolve().parent.parent

SCRIPT = """\
:help
/roll expression:4d6kh3 label:fireball
/roll expression:4d6k
/roll expresion:2d6
:as bob --manage
/its score mission:acquisition tier:300 opponent:alice
:choose 2 Tech-Coffin Controlled
:fill
yes
:as alice
:complete /its mission name:acq
:press 9
:nonsense
:quit
"""


def test_a_console_session(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    result = subprocess.run(
        [sys.executable, "-m", "bot", "console", "--db", str(tmp_path / "c.sqlite3"), "--out", str(tmp_path)],
        input=SCRIPT,
        capture_output=True,
        text=True,
        timeout=120,
        cwd=tmp_path,
        env=env,
    )
    out = result.stdout
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in out + result.stderr
    assert ":press N [M]" in out  # the help
    assert "## 🎲 fireball" in out and "[Total]" in out
    assert "(only you can see this)" in out and "column 4" in out
    assert "has no option expresion" in out
    assert "now acting as bob (Manage Server)" in out
    assert "Score sheet · Acquisition" in out
    # Bob started the sheet (side A); as a Manage Server member he may fill in Alice's side B.
    assert "[Tech-Coffin Controlled] Bob: no → **0 OP**\nAlice: yes → **3 OP**" in out.replace("│ ", "")
    assert "• Acquisition" in out
    assert "there is no button number 9" in out
    assert "unknown console command :nonsense" in out


async def test_two_consoles_keep_their_own_games_and_images(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    async def session(lines: str, *extra: str) -> str:
        return await _in_process(monkeypatch, capsys, lines, "--out", str(tmp_path), *extra)

    await session("/si boss start boss:elder_leviathan\n")
    images = sorted(tmp_path.glob("*.png"))
    assert len(images) == 1
    second = await session("/si boss start boss:elder_leviathan\n")  # a fresh database: no game here yet
    assert "already has" not in second
    assert len(sorted(tmp_path.glob("*.png"))) == 2 and images[0].exists()
    kept = tmp_path / "kept.sqlite3"
    await session("/si boss start boss:elder_leviathan\n", "--db", str(kept))
    again = await session("/si boss start boss:elder_leviathan\n", "--db", str(kept))
    assert "already has" in again  # --db keeps games across sessions
    fresh = await session("/si boss start boss:elder_leviathan\n", "--db", str(kept), "--fresh")
    assert "already has" not in fresh


async def _in_process(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], script: str, *argv: str
) -> str:
    """A piped console session run in this process: what `python -m bot console` does after start-up
    (one test above runs the real command; starting Python for each session cost seconds)."""
    monkeypatch.setattr(sys, "stdin", io.StringIO(script))
    capsys.readouterr()
    assert await run_console([*argv, "--web-port", "0"]) == 0
    captured = capsys.readouterr()
    assert "Traceback" not in captured.out + captured.err
    return captured.out


async def _console(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], script: str
) -> str:
    monkeypatch.chdir(tmp_path)
    out = await _in_process(monkeypatch, capsys, script, "--out", str(tmp_path), "--seed", "3")
    return out.replace("│ ", "")


async def test_a_piped_session_names_its_database(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out = await _console(tmp_path, monkeypatch, capsys, "/roll expression:1d6\n")
    named = next(line for line in out.splitlines() if line.startswith("Database: "))
    database = Path(named.split()[1])
    assert database.parent == tmp_path and database.exists()
    assert f"--db {database}" in named


async def test_a_select_menu_lists_its_options_with_the_message(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    script = "/its score mission:acquisition tier:300 opponent:bob\n"
    out = await _console(tmp_path, monkeypatch, capsys, script)
    menu = out[out.index("→ :choose") :]
    assert "• Tech-Coffin Controlled" in menu.split("└─")[0]
    assert "choose among" not in out  # no wrong :choose was needed to see them


async def test_thread_links_and_mentions_read_as_names(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    script = """\
:as olga
/tournament create name:Cup tier:300
:as ann
/tournament join faction:PanOceania
:as bo
/tournament join faction:Ariadna
:as cy
/tournament join faction:Nomads
:as di
/tournament join faction:Tohaa
:as olga
/tournament mission round:1 scenario:acquisition
/tournament pair
"""
    out = await _console(tmp_path, monkeypatch, capsys, script)
    assert "<#" not in out and "<@" not in out
    assert re.search(r"→ #R1 T1: \w+ v \w+", out), out
    assert "@ann" in out and "@bo" in out


async def test_readmes_squad_example_works_unquoted(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    script = (
        "/si boss start boss:elder_leviathan\n/si squad add name:Kai:basic:2, Lee:2, Doc:specialist:1\n"
        "/roll expression:2d6 lable:x\n"
    )
    out = await _console(tmp_path, monkeypatch, capsys, script)
    assert "has no option lable" in out  # a mistyped option is still named, not read as a value
    assert out.count("has no option") == 1
    added = out[out.index("/si squad add") :]
    assert "Kai" in added and "Lee" in added and "Doc" in added


async def test_choose_takes_a_label_alone_when_one_menu_has_it(driver, tmp_path: Path, capsys) -> None:
    # Issue 34, item 20: `:choose LABEL` always chose in the first menu of the message.
    from bot.console import Console

    console = Console(driver, tmp_path, echo=False)
    driver.user("bob")
    await console.handle("/its score mission:acquisition tier:300 opponent:bob")
    invitation = next(m for m in reversed(driver.history()) if "named you as their opponent" in m.text)
    await driver.press(invitation, "Accept", user="bob")
    sheet = next(m for m in reversed(driver.history()) if m.selects)
    assert len(sheet.selects) >= 2  # side A's and side B's
    capsys.readouterr()
    await console.handle(":choose Tech-Coffin Controlled")  # in both menus: which one?
    out = capsys.readouterr().out
    assert "all offer that: say which, e.g. :choose" in out and "form opened" not in out
    await console.handle(f":choose {sheet.selects[0].index} Tech-Coffin Controlled")
    assert "a form opened" in capsys.readouterr().out


def test_choose_finds_the_one_menu_with_the_label() -> None:
    from bot.console import Console
    from bot.offline import Message, OfflineError

    def menu(custom_id: str, *labels: str) -> dict:
        options = [{"label": label, "value": label.lower()} for label in labels]
        return {"type": 1, "components": [{"type": 3, "custom_id": custom_id, "options": options}]}

    button = {"type": 1, "components": [{"type": 2, "label": "Done", "custom_id": "done", "style": 1}]}
    menus = [menu("a", "Red", "Blue"), menu("b", "Blue", "Green")]
    message = Message(id=1, channel_id=2, components=[button, *menus])
    assert Console._menu_with(message, ["Green"]) == 2  # the second menu, by label
    assert Console._menu_with(message, ["red"]) == 1  # or by value
    assert Console._menu_with(message, ["Purple"]) == 1  # nobody has it: the first refuses, with its options
    with pytest.raises(OfflineError, match=r"menus 2, 3 all offer that: say which, e\.g\. :choose 2 Blue"):
        Console._menu_with(message, ["Blue"])


def test_help_says_how_to_attach_a_file() -> None:
    from bot.console import HELP

    example = "tests/data/rosters/cinder_host.ros"
    assert f"file:{example}" in HELP and (ROOT / example).exists()
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    console_part = readme[readme.index("## Trying it offline") : readme.index("## Creating the Discord")]
    assert f"file:{example}" in console_part  # an attachment option takes a path


async def test_a_kept_database_meets_the_same_people_and_threads_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Issue 38, item 5: with --db, games came back but every user and thread got a new id, so a
    # tournament's players were strangers ("@erin is not in ...") and old mentions printed raw.
    kept = tmp_path / "mine.sqlite3"
    first = """\
:as olga
/tournament create name:Cup tier:300
:as ann
/tournament join faction:PanOceania
:as bo
/tournament join faction:Ariadna
:as olga
/tournament mission round:1 scenario:acquisition
/tournament pair
"""
    monkeypatch.chdir(tmp_path)
    await _in_process(monkeypatch, capsys, first, "--out", str(tmp_path), "--db", str(kept))
    second = """\
:as ann
/tournament info
:as olga
/tournament players
:thread R1 T1: ann v bo
"""
    out = (await _in_process(monkeypatch, capsys, second, "--out", str(tmp_path), "--db", str(kept))).replace(
        "│ ", ""
    )
    assert "is not in" not in out and "<@" not in out
    assert "@ann" in out or "Ann" in out
    assert "now in thread R1 T1: ann v bo" in out


async def test_press_takes_a_label(driver, tmp_path: Path, capsys) -> None:
    # Issue 38, item 26: `:press LABEL` as well as a number (buttons move between messages).
    from bot.console import Console

    console = Console(driver, tmp_path, echo=False)
    driver.user("bob")
    await console.handle("/its score mission:acquisition tier:300 opponent:bob")
    await console.handle(":as bob")
    capsys.readouterr()
    await console.handle(":press accept")
    out = capsys.readouterr().out
    assert "no button" not in out and "@bob accepted" in out
    await console.handle(":press Nonexistent thing")
    assert "no button 'Nonexistent thing' here" in capsys.readouterr().out


async def test_locale_lets_a_translator_read_herald_as_a_spanish_player(
    driver, tmp_path: Path, capsys
) -> None:
    # Issue 41, item 3: the console is a place a player reads too; it can be a Spanish client.
    from bot.console import Console
    from rules.i18n import force_offer

    console = Console(driver, tmp_path, echo=False)
    with force_offer("es"):
        await console.handle(":locale es-ES")
        assert "alice's Discord is now es-ES" in capsys.readouterr().out
        await console.handle("/roll expression:2d6 private:true")
        assert "Tirada" in capsys.readouterr().out
        await console.handle(":server-locale es-419")
        assert driver.guild_locale == "es-419"
        await console.handle(":as bob")
        await console.handle("/roll expression:2d6")  # public: the server's language
        assert "Tirada" in capsys.readouterr().out
        assert driver.directory()["users"][0]["locale"] == "es-ES"  # kept with a --db session
    await console.handle(":locale Spanish")
    assert "usage: :locale CODE" in capsys.readouterr().out
