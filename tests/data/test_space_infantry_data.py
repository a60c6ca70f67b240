"""Every Space Infantry boss file validates; the loader reports bad community files and skips them."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from rules.errors import ContentError, NotFoundError
from rules.space_infantry.content import (
    BOSS_DIR,
    Column,
    Range,
    ZoneKind,
    find_boss,
    load_boss,
    load_bosses,
    load_bosses_strict,
)


def test_every_shipped_boss_validates():
    bosses = load_bosses_strict()
    assert {"elder_leviathan", "siege_crawler", "brood_queen"} <= set(bosses)
    for boss in bosses.values():
        assert boss.notes, f"{boss.id} should explain itself in notes"
        if boss.community:
            assert boss.author


@pytest.mark.parametrize("path", sorted(BOSS_DIR.glob("*.y*ml")), ids=lambda p: p.name)
def test_each_file_on_its_own(path):
    assert load_bosses_strict(path.parent)[path.stem].id == path.stem


def test_leviathan_reading():
    boss = load_boss("elder_leviathan")
    mouth, body = boss.zone("Mouth"), boss.zone("Body")
    assert (mouth.kind, mouth.engage_limit, mouth.skills.melee, mouth.skills.fire, mouth.hp, mouth.vital) == (
        ZoneKind.OUTER, 2, 3, 5, 5, False)
    assert (body.kind, body.engage_limit, body.skills.melee, body.skills.fire, body.hp, body.vital) == (
        ZoneKind.INTERNAL, None, 5, 5, 5, True)
    assert boss.internals_of("Mouth") == ["Body"]
    rules = boss.special_rules
    assert rules.no_ambush and rules.stone_skin.divisor == 2
    assert rules.wounds_per_success == 2 and rules.charge.ap_bonus == 1
    assert boss.rn_die == 6
    table = {(rn, col): boss.lookup_range(rn, col) for rn in range(1, 7) for col in Column}
    F, M, C = Range.FIRE, Range.MELEE, Range.CHARGE
    assert [table[(rn, Column.SET)] for rn in range(1, 7)] == [F, M, C, C, C, C]
    assert [table[(rn, Column.MELEE)] for rn in range(1, 7)] == [F, M, M, M, C, C]
    assert [table[(rn, Column.FIRE)] for rn in range(1, 7)] == [F, F, M, M, C, C]


def test_community_bosses_cover_what_the_leviathan_does_not():
    crawler, queen = load_boss("siege_crawler"), load_boss("brood_queen")
    assert len(crawler.outer_zones) == 4 and len(crawler.internal_zones) == 2
    assert crawler.outers_of("Engine") == ["Left Tread", "Right Tread"]
    assert sum(z.vital for z in crawler.zones) == 2
    assert crawler.zone("Left Tread").skills.fire is None
    assert crawler.zone("Cannon").skills.melee is None
    assert len(queen.internal_zones) == 3 and queen.rn_die == 10


def test_find_boss_by_name_and_suggestions():
    bosses, _ = load_bosses()
    assert find_boss("brood queen", bosses).id == "brood_queen"
    with pytest.raises(NotFoundError, match="Did you mean Elder Leviathan"):
        find_boss("Elder Leviathon", bosses)


GOOD = yaml.safe_load((BOSS_DIR / "elder_leviathan.yaml").read_text())


def write(folder: Path, name: str, data) -> None:
    (folder / name).write_text(yaml.safe_dump(data) if not isinstance(data, str) else data)


def changed(**patch):
    data = yaml.safe_load(yaml.safe_dump(GOOD))
    for dotted, value in patch.items():
        node = data
        *path, last = dotted.split("__")
        for key in path:
            node = node[int(key)] if key.isdigit() else node[key]
        if value is None:
            node.pop(int(last) if last.isdigit() else last)
        else:
            node[int(last) if last.isdigit() else last] = value
    return data


@pytest.mark.parametrize(
    ("data", "field", "reason"),
    [
        (changed(zones__0__engage_limit=None), "zones[Mouth]", "needs an engage_limit"),
        (changed(zones__1__engage_limit=2), "zones[Body]", "no engage_limit"),
        (changed(zones__0__hp=0), "zones[Mouth].hp", "greater than or equal to 1"),
        (changed(zones__1__vital=False), "(boss)", "vital"),
        (changed(connections=[{"outer": "Mouth", "internal": "Bdy"}]), "(boss)", "'Bdy' is not an internal"),
        (changed(connections=[]), "(boss)", "Body' has no connection"),
        (changed(range_table__3=None), "(boss)", "RN 5 matches no row"),
        (changed(range_table__2__rn="3-5"), "(boss)", "RN 5 matches several rows"),
        (changed(range_table__0__rn="one"), "range_table[one].rn", "not an RN span"),
        (changed(special_rules__charge=None), "(boss)", "add special_rules.charge"),
        (changed(zones__0__skills={}), "zones[Mouth].skills", "melee or a fire skill"),
        (changed(zones__0__colour="red"), "zones[Mouth].colour", "Extra inputs"),
        (changed(rn_die=1), "rn_die", "greater than or equal to 2"),
    ],
)
def test_invalid_files_are_reported_and_skipped(tmp_path, data, field, reason):
    write(tmp_path, "good.yaml", GOOD)
    write(tmp_path, "bad.yaml", data)
    bosses, errors = load_bosses(tmp_path)
    assert list(bosses) == ["good"]
    assert len(errors) == 1
    assert isinstance(errors[0], ContentError)
    assert any(f == "bad.yaml" and fld == field and reason in why for f, fld, why in errors[0].problems), (
        errors[0].problems)
    assert errors[0].message.startswith("bad.yaml: ")
    with pytest.raises(ContentError, match=r"bad\.yaml"):
        load_bosses_strict(tmp_path)


def test_unreadable_and_duplicate_files(tmp_path):
    write(tmp_path, "a.yaml", {**GOOD, "id": "same"})
    write(tmp_path, "b.yaml", {**GOOD, "id": "same"})
    write(tmp_path, "c.yaml", "zones: [unclosed")
    write(tmp_path, "d.yml", "- just a list")
    bosses, errors = load_bosses(tmp_path)
    assert list(bosses) == ["same"]
    messages = sorted(e.message for e in errors)
    assert messages[0].startswith("b.yaml: id: 'same' is already used")
    assert messages[1].startswith("c.yaml: (file): cannot read it as YAML")
    assert messages[2].startswith("d.yml: (file): expected a mapping")


def test_letters_and_words_both_work_in_the_range_table(tmp_path):
    data = changed(range_table__0__set="fire", range_table__0__melee="F")
    write(tmp_path, "x.yaml", data)
    assert load_bosses_strict(tmp_path)["x"].lookup_range(1, Column.SET) is Range.FIRE
