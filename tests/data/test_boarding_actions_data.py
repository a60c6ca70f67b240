"""Every Boarding Actions content file validates, and the missions are the ones the book rolls for."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules.boarding_actions.battle import Player, new_battle
from rules.boarding_actions.content import (
    DEFAULT_MISSION_DIR,
    load_mission,
    load_missions,
    load_missions_strict,
)
from rules.boarding_actions.lookup import key_of
from rules.boarding_actions.missions import (
    MISSION_VP_CAP,
    ROUNDS,
    TURN_MOMENTS,
    FirstTurn,
    MissionKind,
    Moment,
    Role,
)
from rules.boarding_actions.topics import TopicSection, load_rules_tolerant
from rules.errors import ContentError, NotFoundError

LIBRARY = load_missions_strict()
FILES = sorted(DEFAULT_MISSION_DIR.glob("*.yaml"))

SYMMETRIC = {
    11: "Access Junction Primus",
    12: "Deck Sweepers",
    13: "The Pipeline",
    21: "Power Struggle",
    22: "Death in the Dark",
    23: "Hull Breach",
    31: "Control Centre",
    32: "The Furnace",
    33: "Rad Leak",
}
ASYMMETRIC = {
    1: "Void the Ship",
    2: "Pull Their Teeth",
    3: "Strongrooms",
    4: "Jailbreak",
    5: "Power the Generators",
    6: "Corrupt the Machine Spirit",
}
#: Missions whose seed tables or wording were garbled or silent; each must say what was chosen.
NOTED = {
    "rad-leak": "exposure table",
    "strongrooms": "band table",
    "power-the-generators": "band table",
    "jailbreak": "escape table",
    "access-junction-primus": "battle rounds",
    "pull-their-teeth": "90 VP",
}


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_every_mission_file_validates_and_is_named_after_its_id(path: Path) -> None:
    mission = load_mission(path)
    assert mission.id == path.stem
    assert mission.briefing.strip() and mission.underdog_bonus.strip()


def test_fifteen_missions_nine_symmetric_six_asymmetric() -> None:
    load = load_missions()
    assert load.errors == []
    assert len(FILES) == len(LIBRARY) == 15
    assert {m.roll: m.name for m in LIBRARY.of_kind(MissionKind.SYMMETRIC)} == SYMMETRIC
    assert {m.roll: m.name for m in LIBRARY.of_kind(MissionKind.ASYMMETRIC)} == ASYMMETRIC


@pytest.mark.parametrize("value", [t * 10 + u for t in (1, 2, 3) for u in (1, 2, 3)])
def test_every_d33_result_names_exactly_one_mission(value: int) -> None:
    named = [m for m in LIBRARY if m.kind is MissionKind.SYMMETRIC and m.roll == value]
    assert [m.name for m in named] == [SYMMETRIC[value]]
    assert LIBRARY.by_roll("symmetric", value) is named[0]


@pytest.mark.parametrize("value", range(1, 7))
def test_every_d6_result_names_exactly_one_mission(value: int) -> None:
    named = [m for m in LIBRARY if m.kind is MissionKind.ASYMMETRIC and m.roll == value]
    assert [m.name for m in named] == [ASYMMETRIC[value]]
    assert LIBRARY.by_roll("asymmetric", value) is named[0]


@pytest.mark.parametrize(("kind", "value"), [("symmetric", 14), ("symmetric", 10), ("symmetric", 34),
                                             ("symmetric", 3), ("asymmetric", 0), ("asymmetric", 7),
                                             ("asymmetric", 11)])
def test_results_no_die_can_show_name_no_mission(kind: str, value: int) -> None:
    with pytest.raises(NotFoundError, match="result"):
        LIBRARY.by_roll(kind, value)


def test_who_takes_the_first_turn() -> None:
    fixed = {m.id: m.first_turn for m in LIBRARY if m.first_turn is not FirstTurn.ROLL_OFF}
    assert fixed == {
        "void-the-ship": FirstTurn.DEFENDER,
        "pull-their-teeth": FirstTurn.ATTACKER,
        "strongrooms": FirstTurn.ATTACKER,
        "jailbreak": FirstTurn.ATTACKER,
        "power-the-generators": FirstTurn.DEFENDER,
        "corrupt-the-machine-spirit": FirstTurn.DEFENDER,
    }
    assert all(m.first_turn is FirstTurn.ROLL_OFF for m in LIBRARY.of_kind("symmetric"))


@pytest.mark.parametrize(("mission_id", "words"), NOTED.items())
def test_garbled_readings_are_written_down(mission_id: str, words: str) -> None:
    notes = " ".join(LIBRARY.get(mission_id).notes)
    assert words in notes


def test_pull_their_teeth_attacker_starts_on_60() -> None:
    objective = LIBRARY.get("pull-their-teeth").objective("destroy-ground-targets")
    assert objective is not None and objective.starting_vp == {Role.ATTACKER: 60}
    assert sum(len(o.starting_vp) for m in LIBRARY for o in m.objectives) == 1


def test_rad_leak_table_has_a_row_per_sector() -> None:
    (table,) = LIBRARY.get("rad-leak").tables
    assert [row[0] for row in table.rows] == ["A", "B", "C", "D"]
    assert table.rows[3][-1] == "never"


@pytest.mark.parametrize("mission_id", LIBRARY.ids())
def test_every_objective_is_offered_at_some_moment(mission_id: str) -> None:
    """No objective is dead data: for either first player, the tracker offers it somewhere."""
    mission = LIBRARY.get(mission_id)
    offered: set[str] = set()
    for first in (Role.ATTACKER, Role.DEFENDER):
        if mission.first_turn.role not in (None, first):
            continue
        for objective in mission.objectives:
            if objective.timing.moment is Moment.BATTLE_END:
                offered.add(objective.id)
                continue
            for round_number in range(1, ROUNDS + 1):
                for turn, role in enumerate((first, first.other)):
                    if objective.scorer.includes(role) and objective.moment_for(
                        round_number, second_player=turn == 1
                    ) in TURN_MOMENTS:
                        offered.add(objective.id)
    assert offered == {o.id for o in mission.objectives}
    new_battle(mission, attacker=Player(name="A"), defender=Player(name="B"),
               first_turn=None if mission.first_turn.role else "attacker")


@pytest.mark.parametrize("mission_id", LIBRARY.ids())
def test_single_reports_stay_within_the_cap(mission_id: str) -> None:
    for objective in LIBRARY.get(mission_id).objectives:
        assert sum(c.vp for c in objective.conditions) <= MISSION_VP_CAP
        if objective.bands:
            assert max(b.vp for b in objective.bands.bands) <= MISSION_VP_CAP


def test_names_and_aliases_do_not_collide() -> None:
    seen: dict[str, str] = {}
    for mission in LIBRARY:
        for name in {key_of(n) for n in (mission.id, mission.name, *mission.aliases)}:
            assert name not in seen, f"{name} names {seen[name]} and {mission.id}"
            seen[name] = mission.id


def test_a_broken_mission_file_is_reported_and_skipped(tmp_path: Path) -> None:
    for path in FILES[:2]:
        (tmp_path / path.name).write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "broken.yaml").write_text(
        (FILES[0].read_text(encoding="utf-8")).replace("roll: 11", "roll: 14").replace(
            "id: access-junction-primus", "id: broken"
        ),
        encoding="utf-8",
    )
    load = load_missions(tmp_path)
    assert len(load.missions) == 2
    assert len(load.errors) == 1 and "broken.yaml" in load.errors[0] and "field roll" in load.errors[0]
    with pytest.raises(ContentError, match=r"broken\.yaml"):
        load_missions_strict(tmp_path)


def test_a_second_mission_on_the_same_roll_is_refused(tmp_path: Path) -> None:
    (tmp_path / "a.yaml").write_text(FILES[0].read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "b.yaml").write_text(
        FILES[0].read_text(encoding="utf-8").replace("id: access-junction-primus", "id: copy"),
        encoding="utf-8",
    )
    load = load_missions(tmp_path)
    assert [m.id for m in load.missions] == ["access-junction-primus"]
    assert "already picks a.yaml" in load.errors[0]


TOPICS = load_rules_tolerant()


def test_every_rules_topic_file_validates() -> None:
    assert TOPICS.errors == []


@pytest.mark.parametrize(
    "topic_id",
    [
        "walls-and-hatchways", "operating-hatchways", "measuring", "engagement-range", "deep-strike",
        "flying", "objective-markers", "visibility", "benefit-of-cover", "charges",
        "pile-in-and-consolidation", "leaders", "returning-models", "tactical-manoeuvres", "secure-site",
        "set-to-defend", "set-overwatch", "command-re-roll", "battlefield-command", "counter-offensive",
        "insane-bravery", "explosive-clearance", "enhancements", "superior-boarding-tactics",
        "close-quarters-killer", "peerless-leader", "expert-breacher", "personal-teleporter",
        "trademark-weapon", "boarding-patrol", "boarding-squads", "underdog", "entry-zones",
        "deploy-armies", "strategic-reserves", "gallowdark-terrain", "explosive-canisters",
        "mission-families", "mission-download-data", "mission-turn-on-the-burners",
    ],
)
def test_the_topics_the_issue_lists_exist(topic_id: str) -> None:
    assert topic_id in {t.id for t in TOPICS.topics}


def test_stratagems_give_cp_when_and_effect() -> None:
    stratagems = [t for t in TOPICS.topics if t.section is TopicSection.STRATAGEMS and t.fields]
    assert len(stratagems) == 5
    cp = {t.id: next(f.value for f in t.fields if f.name == "CP") for t in stratagems}
    assert cp == {"command-re-roll": "1", "battlefield-command": "1", "counter-offensive": "2",
                  "insane-bravery": "1", "explosive-clearance": "1"}
    for topic in stratagems:
        assert {"When", "Target", "Effect"} <= {f.name for f in topic.fields}


def test_families_not_included_are_listed() -> None:
    names = {f.id for f in LIBRARY.not_included()}
    assert names == {"rock-besieged", "narrative", "breaching-operation", "dark-depths", "multiplayer"}
    body = next(t for t in TOPICS.topics if t.id == "mission-families").body
    for word in ("Rock Besieged", "Narrative", "Breaching Operation", "Dark Depths", "Multiplayer"):
        assert word in body


def _prose(value: object) -> list[str]:
    """Every sentence a mission shows players (strings with a space: not ids, labels or enums)."""
    if isinstance(value, dict):
        return [s for v in value.values() for s in _prose(v)]
    if isinstance(value, list):
        return [s for v in value for s in _prose(v)]
    return [value] if isinstance(value, str) and " " in value else []


def test_mission_text_tells_players_what_to_do_not_the_data_fields() -> None:
    # Issue 34, item 18: a note told players to "set first_round to 2 and last_round_shift to
    # second_player", the file's own fields.
    import enum
    import re

    from pydantic import BaseModel

    import rules.boarding_actions.missions as schema

    words = set()
    for thing in vars(schema).values():
        if isinstance(thing, type) and issubclass(thing, BaseModel) and thing is not BaseModel:
            words |= {name for name in thing.model_fields if "_" in name}
        elif isinstance(thing, type) and issubclass(thing, enum.Enum):
            words |= {str(member.value) for member in thing if "_" in str(member.value)}
    assert {"first_round", "last_round_shift", "second_player"} <= words
    for mission in LIBRARY:
        for text in _prose(mission.model_dump(mode="json")):
            leaked = [w for w in words if re.search(rf"\b{w}\b", text)]
            assert not leaked, f"{mission.id}: {leaked} in {text[:80]!r}"
