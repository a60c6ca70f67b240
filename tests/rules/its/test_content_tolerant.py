"""The tolerant scenario loader skips a bad community file and says which and why."""

from __future__ import annotations

import shutil
from pathlib import Path

from rules.its.content import DEFAULT_SCENARIO_DIR, load_scenarios_tolerant


def test_bad_file_is_skipped_and_reported(tmp_path: Path) -> None:
    shutil.copy(DEFAULT_SCENARIO_DIR / "acquisition.yaml", tmp_path / "acquisition.yaml")
    shutil.copy(DEFAULT_SCENARIO_DIR / "frontline.yaml", tmp_path / "frontline.yaml")
    (tmp_path / "homebrew.yaml").write_text("id: homebrew\nname: Homebrew\n", encoding="utf-8")
    (tmp_path / "broken.yaml").write_text("id: [unclosed\n", encoding="utf-8")
    library, errors = load_scenarios_tolerant(tmp_path)
    assert sorted(library.ids()) == ["acquisition", "frontline"]
    assert len(errors) == 2
    assert any(e.startswith("homebrew.yaml: field ") for e in errors)
    assert any(e.startswith("broken.yaml: is not valid YAML") for e in errors)


def test_duplicate_id_is_reported(tmp_path: Path) -> None:
    shutil.copy(DEFAULT_SCENARIO_DIR / "acquisition.yaml", tmp_path / "a.yaml")
    shutil.copy(DEFAULT_SCENARIO_DIR / "acquisition.yaml", tmp_path / "b.yaml")
    library, errors = load_scenarios_tolerant(tmp_path)
    assert library.ids() == ["acquisition"]
    assert errors == ["b.yaml: field id: 'acquisition' is already used by a.yaml."]


def test_missing_folder_is_an_error_not_a_crash(tmp_path: Path) -> None:
    library, errors = load_scenarios_tolerant(tmp_path / "nope")
    assert len(library) == 0 and "no such scenario folder" in errors[0]
