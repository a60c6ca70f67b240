"""rules.space_infantry stays pure: no Discord, database, imaging or asyncio imports."""

from __future__ import annotations

import ast
from pathlib import Path

import rules.space_infantry

FORBIDDEN = {"discord", "aiosqlite", "PIL", "asyncio"}


def test_no_forbidden_imports():
    folder = Path(rules.space_infantry.__file__).parent
    for path in folder.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            else:
                continue
            for name in names:
                assert name.split(".")[0] not in FORBIDDEN, f"{path.name} imports {name}"
