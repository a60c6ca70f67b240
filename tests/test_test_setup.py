"""The test set-up's own shortcuts (tests/conftest.py) never hide a change to the code under test."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path


def _load(path: Path, name: str):  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_an_edited_module_is_compiled_again_and_an_unchanged_one_behaves_the_same(tmp_path: Path) -> None:
    path = tmp_path / "herald_probe.py"
    path.write_text("VALUE = 1\ndef f():\n    return VALUE\n", encoding="utf-8")
    first, again = _load(path, "herald_probe"), _load(path, "herald_probe")
    assert first.f() == again.f() == 1 and first is not again
    again.VALUE = 5
    assert first.f() == 1  # one module's globals never leak into another's
    path.write_text("VALUE = 2\ndef f():\n    return VALUE * 10\n", encoding="utf-8")
    assert _load(path, "herald_probe").f() == 20
    sys.modules.pop("herald_probe", None)
