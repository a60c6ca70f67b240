"""Every ITS scenario file loads, validates, and can reach but not exceed 10 Objective Points."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from rules.errors import ContentError, NotFoundError
from rules.its.content import DEFAULT_SCENARIO_DIR, load_scenario, load_scenarios
from rules.its.scenario import ClassifiedObjective, ScenarioKind, normalise_name
from rules.its.scoring import MAX_OBJECTIVE_POINTS, SheetSide, best_case, score
from rules.its.tiers import Tier

LIBRARY = load_scenarios()
FILES = sorted(DEFAULT_SCENARIO_DIR.glob("*.yaml"))

# A Provisions bonus can take the raw sum one past 10; the sheet caps it (the card only pays below 10).
RAW_BEST = {"capture-and-protect": 11, "supremacy": 11}


def test_there_are_25_scenarios_21_its_and_4_direct_action() -> None:
    assert len(FILES) == 25
    assert len(LIBRARY) == 25
    assert len(LIBRARY.of_kind(ScenarioKind.ITS)) == 21
    assert sorted(s.id for s in LIBRARY.of_kind(ScenarioKind.DIRECT_ACTION)) == [
        "battleground",
        "cutthroat",
        "superiority",
        "uplink-center",
    ]


def test_ids_match_file_names_and_are_unique() -> None:
    ids = [load_scenario(path).id for path in FILES]
    assert ids == [path.stem for path in FILES]
    assert len(set(ids)) == len(ids)


def test_names_and_aliases_do_not_collide() -> None:
    keys: dict[str, str] = {}
    for scenario in LIBRARY:
        for key in {normalise_name(k) for k in (scenario.id, scenario.name, *scenario.aliases)}:
            assert key not in keys, f"{key!r} names both {keys[key]} and {scenario.id}"
            keys[key] = scenario.id


@pytest.mark.parametrize("scenario_id", LIBRARY.ids())
def test_every_tier_reaches_exactly_ten(scenario_id: str) -> None:
    scenario = LIBRARY.get(scenario_id)
    assert scenario.tier_list == list(Tier)
    for tier in scenario.tier_list:
        result = score(scenario, tier, best_case(scenario, tier), SheetSide())
        assert result.raw_a == RAW_BEST.get(scenario_id, MAX_OBJECTIVE_POINTS), tier
        assert result.total_a == MAX_OBJECTIVE_POINTS


@pytest.mark.parametrize("scenario_id", LIBRARY.ids())
def test_scenario_content_is_complete(scenario_id: str) -> None:
    scenario = LIBRARY.get(scenario_id)
    assert scenario.special_rules, "every scenario has special rules"
    assert scenario.end.rounds == 3
    assert all(o.label.strip() for o in scenario.objectives)
    has_classified = any(isinstance(o, ClassifiedObjective) for o in scenario.objectives)
    if scenario.kind is ScenarioKind.DIRECT_ACTION:
        assert not scenario.uses.classified_deck and not scenario.uses.hvt and not has_classified
    if has_classified:
        assert scenario.uses.classified_deck
    if scenario.end.retreat_ends_early:
        assert scenario.uses.retreat


def test_lookup_by_alias_and_suggestions() -> None:
    assert LIBRARY.get("Capture & Protect").id == "capture-and-protect"
    assert LIBRARY.get("the armoury").id == "the-armory"
    assert LIBRARY.get("UPLINK").id == "uplink-center"
    with pytest.raises(NotFoundError, match="Did you mean"):
        LIBRARY.get("Supremcy")
    assert [s.id for s in LIBRARY.search("sup")] == ["superiority", "supplies", "supremacy"]


def _write(tmp_path: Path, data: object, name: str = "broken.yaml") -> Path:
    path = tmp_path / name
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    return path


def _acquisition() -> dict:
    return yaml.safe_load((DEFAULT_SCENARIO_DIR / "acquisition.yaml").read_text(encoding="utf-8"))


def test_a_bad_field_names_file_field_and_reason(tmp_path: Path) -> None:
    data = _acquisition()
    data["objectives"][0]["points_each"] = 0
    with pytest.raises(ContentError, match=r"broken\.yaml: field objectives\.0\.count\.points_each"):
        load_scenario(_write(tmp_path, data))


def test_an_unknown_reference_is_refused(tmp_path: Path) -> None:
    data = _acquisition()
    data["objectives"].append({"kind": "denial", "id": "x", "label": "X", "of": "nothing", "points": 1})
    with pytest.raises(ContentError, match="names no other objective"):
        load_scenario(_write(tmp_path, data))


def test_a_zone_wider_than_the_table_is_refused(tmp_path: Path) -> None:
    data = _acquisition()
    data["tiers"][150]["deployment_zone"] = "12x32"
    with pytest.raises(ContentError, match="does not fit"):
        load_scenario(_write(tmp_path, data))


def test_duplicate_ids_in_a_folder_are_refused(tmp_path: Path) -> None:
    _write(tmp_path, _acquisition(), "one.yaml")
    _write(tmp_path, _acquisition(), "two.yaml")
    with pytest.raises(ContentError, match=r"already used by one\.yaml"):
        load_scenarios(tmp_path)


def test_not_yaml_and_missing_folder(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("id: [unclosed", encoding="utf-8")
    with pytest.raises(ContentError, match=r"bad\.yaml: is not valid YAML"):
        load_scenario(bad)
    with pytest.raises(ContentError, match="no such scenario folder"):
        load_scenarios(tmp_path / "missing")


@pytest.mark.parametrize("scenario_id", LIBRARY.ids())
def test_retreat_is_used_unless_the_scenario_has_no_quarter(scenario_id: str) -> None:
    """Retreat! is a standard ITS rule; only a No Quarter special rule switches it off (issue 25.9).

    A scenario whose end section does not end the game early on Retreat! still uses Retreat!
    (Quadrant Control, Frontline, Cryogenics, Battleground): that is ``retreat_ends_early``.
    """
    scenario = LIBRARY.get(scenario_id)
    no_quarter = any(rule.name.lower() == "no quarter" for rule in scenario.special_rules)
    assert scenario.uses.retreat is (not no_quarter)
