"""Content files are parsed once per process (rules.content.parse_yaml); nobody can change the cache."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from rules.content import parse_yaml, read_yaml
from rules.errors import ContentError
from rules.its.content import load_scenarios_tolerant
from rules.space_infantry.content import load_boss_file


def test_each_read_gets_its_own_copy_so_changing_one_changes_no_other(tmp_path: Path) -> None:
    path = tmp_path / "thing.yaml"
    path.write_text("name: Thing\nparts: [a, b]\nnested: {deep: [1, 2]}\n", encoding="utf-8")
    first = read_yaml(path)
    first["name"] = "Changed"
    first["parts"].append("c")
    first["nested"]["deep"].clear()
    assert read_yaml(path) == {"name": "Thing", "parts": ["a", "b"], "nested": {"deep": [1, 2]}}


def test_an_edited_file_is_read_again(tmp_path: Path) -> None:
    path = tmp_path / "thing.yaml"
    path.write_text("size: 1\n", encoding="utf-8")
    assert read_yaml(path) == {"size": 1}
    path.write_text("size: 2\n", encoding="utf-8")
    assert read_yaml(path) == {"size": 2}


def test_a_broken_file_fails_every_time(tmp_path: Path) -> None:
    path = tmp_path / "broken.yaml"
    path.write_text("name: [unclosed\n", encoding="utf-8")
    for _ in range(2):
        with pytest.raises(ContentError, match="not valid YAML"):
            read_yaml(path)


def test_loaded_models_do_not_share_state_between_loads() -> None:
    """The bot loads content once per start: a change to one start's models never reaches the next."""
    first, _ = load_scenarios_tolerant()
    second, _ = load_scenarios_tolerant()
    one, two = next(iter(first)), next(iter(second))
    assert one == two and one is not two
    boss = Path(__file__).resolve().parents[2] / "data" / "space_infantry" / "bosses"
    path = sorted(boss.glob("*.yaml"))[0]
    assert load_boss_file(path) is not load_boss_file(path)
    assert parse_yaml("a: [1]") is not parse_yaml("a: [1]")


def test_the_fast_parser_reads_every_shipped_file_as_the_pure_python_one_does() -> None:
    data = Path(__file__).resolve().parents[2] / "data"
    files = sorted([*data.rglob("*.yaml"), *data.rglob("*.yml")])
    assert len(files) > 20
    for path in files:
        text = path.read_text(encoding="utf-8")
        assert parse_yaml(text) == yaml.safe_load(text), path


def test_a_broken_file_is_worded_as_the_pure_python_parser_words_it() -> None:
    text = "name: [unclosed\n"
    with pytest.raises(yaml.YAMLError) as pure:
        yaml.safe_load(text)
    with pytest.raises(yaml.YAMLError) as ours:
        parse_yaml(text)
    assert str(ours.value) == str(pure.value)
