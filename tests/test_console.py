"""`make console` as a newcomer uses it: typed lines in, Discord-like text out."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

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
