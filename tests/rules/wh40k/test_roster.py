"""Army rosters: our own files in each format read the same, and every hostile file is refused."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.wh40k import parse_target, parse_weapon
from rules.wh40k.roster import (
    MAX_DEPTH,
    MAX_KEYWORDS_PER_ROSTER,
    MAX_KEYWORDS_PER_WEAPON,
    MAX_NAME,
    MAX_ROSTER_BYTES,
    MAX_UNITS,
    MAX_UNPACKED_BYTES,
    MAX_WEAPONS_PER_UNIT,
    MAX_ZIP_ENTRIES,
    Roster,
    RosterError,
    RosterUnit,
    parse_roster,
)
from tests import rosters

FILES = Path(__file__).parents[2] / "data" / "rosters"


@pytest.fixture(scope="module")
def roster() -> Roster:
    return parse_roster((FILES / "cinder_host.json").read_bytes(), "cinder_host.json")


@pytest.mark.parametrize("suffix", ["json", "ros", "rosz"])
def test_each_format_reads_to_the_same_roster(suffix: str, roster: Roster) -> None:
    read = parse_roster((FILES / f"cinder_host.{suffix}").read_bytes(), f"cinder_host.{suffix}")
    assert read.model_copy(update={"read_as": ""}) == roster.model_copy(update={"read_as": ""})
    assert (
        read.read_as
        == {
            "json": "New Recruit JSON",
            "ros": "BattleScribe XML (.ros)",
            "rosz": "BattleScribe zipped XML (.rosz)",
        }[suffix]
    )
    assert (read.name, read.faction, read.points) == ("Cinder Host Patrol", "Cinder Host", 500)


def test_committed_files_are_the_builders_output() -> None:
    tree = rosters.roster_tree()
    assert (FILES / "cinder_host.json").read_bytes() == rosters.as_json(tree)
    assert (FILES / "cinder_host.ros").read_bytes() == rosters.as_ros(tree)


def test_units_models_and_weapon_counts(roster: Roster) -> None:
    assert [u.name for u in roster.units] == ["Ash Wardens", "Gravel Hulk", "Lantern Seer", "Ash Wardens (2)"]
    wardens = roster.units[0]
    assert wardens.models == 10  # a Prime and nine wardens
    counts: dict[tuple[str, bool], int] = {}
    for w in wardens.weapons:  # kept per kind of model: the Prime's and the wardens'
        counts[(w.name, w.melee)] = counts.get((w.name, w.melee), 0) + w.count
    assert counts[("Ember carbine", False)] == 9
    assert counts[("Cinder pistol", False)] == 10  # one on the Prime and nine on the wardens
    assert counts[("Ash blade", True)] == 10
    assert roster.units[3].models == 5


def test_keywords_become_abilities(roster: Roster) -> None:
    hulk = roster.unit("gravel  hulk")
    assert hulk is not None
    rivet = next(w for w in hulk.weapons if w.name == "Twin rivet gun")
    assert rivet.abilities == ("twin-linked", "anti-infantry 4+")
    assert rivet.unused == ("indirect fire",)
    weapon = parse_weapon(rivet.line())
    assert weapon.twin_linked and weapon.anti == (("infantry", 4),)
    cannon = parse_weapon(next(w for w in hulk.weapons if w.name == "Quake cannon").line())
    assert (cannon.attacks.text, cannon.skill, cannon.ap, cannon.damage.text) == ("D6+1", 4, 2, "3")
    assert cannon.blast and cannon.heavy


def test_volley_is_every_weapon_line_joined(roster: Roster) -> None:
    wardens = roster.units[0]
    # the scattered flare lance is a second mode of the same weapon; pistols stay holstered
    assert wardens.volley() == "A1 BS3+ S8 AP-3 DD6, melta 2, lance; A2 BS3+ S4 AP-1 D1 x9, sustained hits 1"
    assert wardens.volley(melee=True) == "A3 WS3+ S4 AP0 D1 x10"
    for line in wardens.volley().split("; "):
        parse_weapon(line)
    modes = [w.name for w in wardens.weapons if w.mode]
    assert modes == ["Flare lance - scattered"]
    scattered = parse_weapon(wardens.weapons[1].line())
    assert scattered.torrent and scattered.skill is None and scattered.ignores_cover


def test_a_vehicle_fires_its_pistols_too() -> None:
    hulk = rosters.gravel_hulk()
    hulk["selections"].append(
        rosters.upgrade("Hull pistol", 1, rosters.weapon_profile("Hull pistol", 1, "4+", 4, 0, 1, "Pistol"))
    )
    unit = parse_roster(rosters.as_json(rosters.roster_tree([hulk]))).units[0]
    assert "A1 BS4+ S4 AP0 D1" in unit.volley().split("; ")


def test_a_unit_without_a_kind_of_weapon_says_so(roster: Roster) -> None:
    seer = roster.unit("Lantern Seer")
    assert seer is not None
    with pytest.raises(RosterError, match="Lantern Seer has no ranged weapon"):
        seer.volley()


def test_defensive_profiles_read_from_abilities_and_rules(roster: Roster) -> None:
    lines = {u.name: u.target_line() for u in roster.units}
    assert lines["Ash Wardens"] == "T4 Sv3+ W2 x10 inv5+ infantry battleline"
    assert lines["Gravel Hulk"] == "T10 Sv3+ W12 fnp6+ vehicle walker"
    assert lines["Lantern Seer"] == "T3 Sv5+ W4 inv4+ infantry character psyker"
    for line in lines.values():
        target = parse_target(line)
        assert target.toughness >= 3


def test_an_unreadable_profile_is_named_and_the_rest_kept(roster: Roster) -> None:
    assert roster.problems == ("Lantern Seer: Whisper hex (A `*`) can't be read.",)
    seer = roster.unit("Lantern Seer")
    assert seer is not None and [w.name for w in seer.weapons] == ["Glimmer staff"]


def test_a_unit_without_unit_profile_keeps_its_weapons_but_is_no_target() -> None:
    unit = rosters.gravel_hulk()
    unit["profiles"] = [p for p in unit["profiles"] if p["typeName"] != "Unit"]
    read = parse_roster(rosters.as_json(rosters.roster_tree([unit])))
    assert read.units[0].weapons
    assert "no Unit profile" in read.problems[0]
    with pytest.raises(RosterError, match="can't be a target"):
        read.units[0].target_line()


def test_hostile_names_are_flattened_and_cut() -> None:
    unit = rosters.gravel_hulk()
    unit["name"] = "Evil\u202e\nName @everyone " + "x" * 200
    name = parse_roster(rosters.as_json(rosters.roster_tree([unit]))).units[0].name
    assert "\n" not in name and "\u202e" not in name and len(name) <= 60


def test_attacks_past_the_engine_limit_are_named() -> None:
    unit = rosters.ash_wardens(40)
    unit["selections"][1]["selections"][0]["profiles"][0]["characteristics"][1]["$text"] = "2D6"
    read = parse_roster(rosters.as_json(rosters.roster_tree([unit])))
    assert any("Ember carbine can't be calculated" in p for p in read.problems)


# -- hostile files ---------------------------------------------------------------------------


def _refused(data: bytes, match: str, name: str = "bad.json") -> None:
    with pytest.raises(RosterError, match=match):
        parse_roster(data, name)


def test_over_two_mebibytes_is_refused() -> None:
    _refused(b"{" + b" " * MAX_ROSTER_BYTES + b"}", "at most 2 MiB")


def test_a_zip_bomb_is_refused() -> None:
    bomb = rosters.zipped({"roster.ros": b"<roster>" + b" " * (MAX_UNPACKED_BYTES + 10) + b"</roster>"})
    assert len(bomb) < MAX_ROSTER_BYTES
    _refused(bomb, "unpacks to more than", "bomb.rosz")


def test_a_zip_lying_about_its_size_is_refused() -> None:
    real = b"<roster>" + b" " * (MAX_UNPACKED_BYTES + 10) + b"</roster>"
    data = bytearray(rosters.zipped({"roster.ros": real}))
    # declare 100 bytes unpacked, in the local header and in the central directory
    size = len(real).to_bytes(4, "little")
    assert data.count(size) == 2
    data = bytearray(bytes(data).replace(size, (100).to_bytes(4, "little")))
    with zipfile.ZipFile(__import__("io").BytesIO(bytes(data))) as archive:
        assert archive.infolist()[0].file_size == 100
    _refused(bytes(data), "damaged zip|unpacks to more than", "liar.rosz")


def test_too_many_zip_entries_are_refused() -> None:
    files = {f"r{i}.ros": b"<roster/>" for i in range(MAX_ZIP_ENTRIES + 1)}
    _refused(rosters.zipped(files), "holds 9 files", "many.rosz")


def test_nested_zips_are_refused() -> None:
    inner = rosters.as_rosz(rosters.roster_tree())
    _refused(rosters.zipped({"inner.rosz": inner}), "another zip", "nested.rosz")
    _refused(rosters.zipped({"roster.ros": inner}), "another zip", "nested.rosz")


def test_a_zip_of_two_rosters_is_refused() -> None:
    ros = rosters.as_ros(rosters.roster_tree())
    _refused(rosters.zipped({"a.ros": ros, "b.ros": ros}), "exactly one", "two.rosz")


def test_a_broken_zip_is_refused() -> None:
    _refused(b"PK\x03\x04" + b"\x00" * 50, "can't be opened", "broken.rosz")


@pytest.mark.parametrize(
    "xml",
    [
        b'<?xml version="1.0"?><!DOCTYPE roster [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;">]>'
        b"<roster name='&b;'><forces/></roster>",
        b'<?xml version="1.0"?><!DOCTYPE roster SYSTEM "http://example.invalid/r.dtd"><roster/>',
        b'<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><roster>&x;</roster>',
    ],
)
def test_xml_with_dtds_or_entities_is_refused(xml: bytes) -> None:
    _refused(xml, "DTD or entities", "evil.ros")


def test_malformed_files_are_refused() -> None:
    _refused(b'{"roster": {"forces": [', "not valid JSON")
    _refused(b"<roster><forces></roster>", "not valid XML", "bad.ros")
    _refused(b"\xff\xfe\x00garbage", "not a roster Herald can read")
    _refused(b"", "not a roster Herald can read")


def test_files_that_are_not_rosters_are_refused() -> None:
    _refused(b'{"name": "shopping list"}', "not an army roster")
    _refused(b"[1, 2, 3]", "not a roster Herald can read")
    _refused(b"<catalogue><forces/></catalogue>", "not an army roster", "x.cat")
    _refused(json.dumps({"roster": {"forces": []}}).encode(), "no unit Herald can read")


def test_deep_nesting_is_refused() -> None:
    _refused(b'{"roster": ' + b"[" * 100_000 + b"]" * 100_000 + b"}", "nested deeper")
    _refused(b'{"roster": ' + b"[" * (MAX_DEPTH + 5) + b"]" * (MAX_DEPTH + 5) + b"}", "nested deeper")
    _refused(b"<roster>" + b"<a>" * 5000 + b"</a>" * 5000 + b"</roster>", "nested deeper", "deep.ros")


def test_nothing_unreadable_gets_past_the_whole_file() -> None:
    """A roster whose every unit is unreadable is refused whole, naming the first problem."""
    unit = {
        "name": "Ghost",
        "type": "unit",
        "number": 1,
        "profiles": [{"name": "x", "typeName": "Abilities"}],
    }
    _refused(rosters.as_json(rosters.roster_tree([unit])), "no unit Herald can read.*Ghost")


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=400))
def test_any_bytes_read_or_are_refused(data: bytes) -> None:
    try:
        parse_roster(data, "fuzz")
    except RosterError as error:
        assert str(error)


@settings(max_examples=100, deadline=None)
@given(
    st.recursive(
        st.none() | st.integers() | st.text(max_size=5),
        lambda c: (
            st.lists(c)
            | st.dictionaries(
                st.sampled_from(
                    [
                        "name",
                        "type",
                        "number",
                        "forces",
                        "selections",
                        "profiles",
                        "characteristics",
                        "typeName",
                        "$text",
                        "categories",
                        "rules",
                    ]
                ),
                c,
            )
        ),
        max_leaves=30,
    )
)
def test_any_json_tree_reads_or_is_refused(tree: object) -> None:
    try:
        parse_roster(json.dumps({"roster": tree}).encode(), "fuzz.json")
    except RosterError as error:
        assert str(error)


@settings(max_examples=200, deadline=None)
@given(
    attacks=st.sampled_from(["1", "2", "6", "D3", "D6", "2D6", "D6+1", "D3+3"]),
    skill=st.sampled_from(["2+", "3+", "4+", "5+", "6+"]),
    strength=st.integers(1, 20),
    ap=st.integers(-4, 0),
    damage=st.sampled_from(["1", "2", "3", "6", "D3", "D6", "D6+1"]),
    count=st.integers(1, 10),
    melee=st.booleans(),
    keywords=st.lists(
        st.sampled_from(
            [
                "Lethal Hits",
                "Sustained Hits 2",
                "Devastating Wounds",
                "Twin-linked",
                "Anti-Vehicle 3+",
                "Lance",
                "Melta 2",
                "Rapid Fire 1",
                "Blast",
                "Heavy",
                "Ignores Cover",
                "Pistol",
                "Assault",
                "Precision",
            ]
        ),
        max_size=4,
        unique=True,
    ),
)
def test_a_weapon_profile_becomes_the_line_the_engine_reads(
    attacks: str,
    skill: str,
    strength: int,
    ap: int,
    damage: str,
    count: int,
    melee: bool,
    keywords: list[str],
) -> None:
    profile = rosters.weapon_profile(
        "Test gun", attacks, skill, strength, ap, damage, ", ".join(keywords) or "-", melee=melee
    )
    unit = {
        "name": "Testers",
        "type": "unit",
        "number": 1,
        "profiles": [rosters.unit_profile("T", 4, "3+", 1)],
        "selections": [
            {
                "name": "Tester",
                "type": "model",
                "number": count,
                "selections": [rosters.upgrade("Test gun", count, profile)],
            }
        ],
    }
    read = parse_roster(rosters.as_json(rosters.roster_tree([unit])))
    [weapon] = read.units[0].weapons
    parsed = parse_weapon(weapon.line())
    assert parsed.attacks.text == attacks and parsed.damage.text == damage
    assert (parsed.skill, parsed.strength, parsed.ap, parsed.models) == (int(skill[0]), strength, -ap, count)
    assert parsed.melee == melee
    assert parsed.lethal_hits == ("Lethal Hits" in keywords)
    assert parsed.twin_linked == ("Twin-linked" in keywords)
    assert (("vehicle", 3) in parsed.anti) == ("Anti-Vehicle 3+" in keywords)
    assert bool(parsed.melta) == ("Melta 2" in keywords)
    assert set(weapon.unused) == {k.lower() for k in keywords} & {"pistol", "assault", "precision"}


def test_a_volley_may_name_each_weapon(roster: Roster) -> None:
    assert roster.units[0].volley(named=True) == (
        "Flare lance - focused: A1 BS3+ S8 AP-3 DD6, melta 2, lance; "
        "Ember carbine: A2 BS3+ S4 AP-1 D1 x9, sustained hits 1"
    )


@pytest.mark.parametrize(
    ("damage", "typed", "random"), [("6", "D 6", False), ("3", "D 3", False), ("D6", "DD6", True)]
)
def test_a_flat_six_damage_is_written_so_it_cannot_be_read_as_a_roll(
    damage: str, typed: str, random: bool
) -> None:
    """A roster's D characteristic ``6`` is a flat 6: its line says ``D 6``, never the ambiguous ``D6``."""
    profile = rosters.weapon_profile("Multi-melta", "2", "4+", 9, -4, damage, "Melta 2")
    unit = {
        "name": "Melta team",
        "type": "unit",
        "number": 1,
        "profiles": [rosters.unit_profile("T", 4, "3+", 1)],
        "selections": [rosters.upgrade("Multi-melta", 1, profile)],
    }
    read = parse_roster(rosters.as_json(rosters.roster_tree([unit])))
    assert not read.problems
    [weapon] = read.units[0].weapons
    assert weapon.line() == f"A2 BS4+ S9 AP-4 {typed}, melta 2"
    parsed = parse_weapon(weapon.line())
    assert parsed.damage.random is random and parsed.damage.maximum == int(damage[-1])


def test_a_characteristic_may_hold_its_value_under_value() -> None:
    hulk = rosters.gravel_hulk()
    for characteristic in hulk["profiles"][0]["characteristics"]:
        characteristic["value"] = characteristic.pop("$text")
    assert (
        parse_roster(rosters.as_json(rosters.roster_tree([hulk])))
        .units[0]
        .target_line()
        .startswith("T10 Sv3+ W12")
    )


@pytest.mark.parametrize(
    ("name", "text", "line"),
    [
        ("Invulnerable Save (4+)", "", "inv4+"),
        ("Shimmer", "Models in this unit have a 5+ invulnerable save against ranged attacks.", "inv5+"),
        ("Feel No Pain (5+)", "", "fnp5+"),
        ("Tough", "Each model has the Feel No Pain 4+ ability.", "fnp4+"),
    ],
)
def test_invulnerable_saves_and_feel_no_pain_in_any_wording(name: str, text: str, line: str) -> None:
    hulk = rosters.gravel_hulk()
    hulk["rules"] = []
    hulk["profiles"].append(rosters.ability(name, text))
    assert line in parse_roster(rosters.as_json(rosters.roster_tree([hulk]))).units[0].target_line()


def test_eleventh_edition_keywords_become_abilities() -> None:
    # An 11th-edition roster prints Psychic, Blast X and Cleave X; they change the odds, so they
    # must reach the weapon line, not be dropped as having no effect.
    unit = rosters.gravel_hulk()
    mortar = rosters.weapon_profile("Rift mortar", 3, "4+", 6, -1, 1, "Psychic, Blast 2")
    maul = rosters.weapon_profile("Rift maul", 4, "3+", 8, -2, 2, "Cleave 1, Psychic", melee=True)
    unit["selections"] = [rosters.upgrade("Rift mortar", 1, mortar), rosters.upgrade("Rift maul", 1, maul)]
    read = parse_roster(rosters.as_json(rosters.roster_tree([unit])), "r.json")
    weapons = {w.name: w for w in read.units[0].weapons}
    assert weapons["Rift mortar"].abilities == ("psychic", "blast 2") and not weapons["Rift mortar"].unused
    assert weapons["Rift maul"].abilities == ("cleave 1", "psychic") and not weapons["Rift maul"].unused
    read_mortar = parse_weapon(weapons["Rift mortar"].line())
    read_maul = parse_weapon(weapons["Rift maul"].line())
    assert read_mortar.psychic and read_mortar.blast == 2
    assert read_maul.psychic and read_maul.cleave == 1


# -- bounds and numbers (issue 32) -----------------------------------------------------------


def _keyword_bomb(size: int) -> bytes:
    """A roster whose one weapon's Keywords is ``kw,kw,...`` of ``size`` bytes, zipped."""
    hulk = rosters.gravel_hulk()
    hulk["selections"][0]["profiles"][0]["characteristics"][-1]["$text"] = "REPLACE"
    ros = rosters.as_ros(rosters.roster_tree([hulk]))
    filler = b"kw," * (size // 3)
    return rosters.zipped({"roster.ros": ros.replace(b"REPLACE", filler)})


def test_a_keyword_bomb_is_bounded_and_said() -> None:
    """Issue 32: 8 MB of ``kw,kw,...`` zipped to some 10 KB kept 2.8 million keywords (14 MB of JSON)."""
    data = _keyword_bomb(MAX_UNPACKED_BYTES - 4096)
    assert len(data) < 64 * 1024
    read = parse_roster(data, "bomb.rosz")
    cannon = next(w for w in read.units[0].weapons if w.name == "Quake cannon")
    assert cannon.abilities == () and cannon.unused == ()
    assert len(read.model_dump_json()) < 8 * 1024
    said = "\n".join(read.problems)
    assert f"Keywords past {MAX_KEYWORDS_PER_WEAPON}" in said and "Gravel Hulk: Quake cannon" in said
    assert "Weapon keywords Herald does not calculate with were left out: kw." in said


def test_unknown_keywords_are_left_out_and_named_a_few() -> None:
    hulk = rosters.gravel_hulk()
    rivet = hulk["selections"][1]["profiles"][0]["characteristics"][-1]
    rivet["$text"] = "Twin-linked, Pistol, Snazzy, Dakka, Boom 3, Zap, Pow, Kaboom, Whizz"
    read = parse_roster(rosters.as_json(rosters.roster_tree([hulk])))
    weapon = next(w for w in read.units[0].weapons if w.name == "Twin rivet gun")
    assert weapon.abilities == ("twin-linked",) and weapon.unused == ("pistol",)
    assert (
        "Weapon keywords Herald does not calculate with were left out: boom 3, dakka, kaboom, pow, snazzy "
        "(7 in all)." in read.problems
    )


def test_units_and_weapons_past_the_bounds_are_said() -> None:
    hulk = rosters.gravel_hulk()
    hulk["selections"] = [
        rosters.upgrade(f"Gun {i}", 1, rosters.weapon_profile(f"Gun {i}", 1, "4+", 4, 0, 1))
        for i in range(MAX_WEAPONS_PER_UNIT + 5)
    ]
    many = [dict(rosters.gravel_hulk(), name=f"Hulk {i}") for i in range(MAX_UNITS + 3)]
    read = parse_roster(rosters.as_json(rosters.roster_tree([hulk, *many])))
    assert len(read.units) == MAX_UNITS
    assert len(read.units[0].weapons) == MAX_WEAPONS_PER_UNIT
    assert f"More than {MAX_UNITS} units: the rest were left out." in read.problems
    assert any(f"kept their first {MAX_WEAPONS_PER_UNIT}: Gravel Hulk" in p for p in read.problems)


def test_long_names_are_cut_and_said() -> None:
    hulk = rosters.gravel_hulk()
    hulk["name"] = "H" * 5000
    read = parse_roster(rosters.as_json(rosters.roster_tree([hulk], name="R" * 3000)))
    assert len(read.units[0].name) == MAX_NAME and len(read.name) == MAX_NAME
    assert "2 name(s) longer than 60 characters were cut." in read.problems


def _with_raw(tree: dict, marker: str, raw: str) -> bytes:
    """The roster as JSON with the string ``marker`` replaced by ``raw`` written as is (a number
    Python's json would not write: ``1e999``, ``-inf``)."""
    return rosters.as_json(tree).replace(json.dumps(marker).encode(), raw.encode())


def test_a_toughness_of_five_thousand_digits_is_a_problem_not_a_crash() -> None:
    """Issue 32 item 5: ``int()`` of 5,000 digits raised ValueError (an incident)."""
    hulk = rosters.gravel_hulk()
    hulk["profiles"][0] = rosters.unit_profile("Gravel Hulk", "9" * 5000, "3+", 12)
    for data in (rosters.as_json(rosters.roster_tree([hulk])), rosters.as_rosz(rosters.roster_tree([hulk]))):
        read = parse_roster(data, "t.json")
        assert not read.units[0].can_be_target
        assert read.problems[0].startswith("Gravel Hulk: its Unit profile (T `99999…` (")
        assert read.problems[0].endswith("can't be read, so it can't be a target.")


@pytest.mark.parametrize("raw", ["1e999", "-1e999", "Infinity", "-Infinity", "NaN", "9" * 5000, "-3", "2.5"])
def test_a_selection_number_that_is_no_count_is_taken_as_one(raw: str) -> None:
    """Issue 32 item 5: ``int(float("1e999"))`` raised OverflowError (an incident)."""
    unit = rosters.ash_wardens()
    unit["selections"][1]["number"] = "NUMBER"
    read = parse_roster(_with_raw(rosters.roster_tree([unit]), "NUMBER", raw))
    assert read.units[0].models == 2  # the Prime and one warden
    assert any(p.startswith("A selection's number `") and "1 was counted" in p for p in read.problems)


@pytest.mark.parametrize("raw", ["1e999", "-Infinity", "NaN", '"' + "9" * 5000 + '"'])
def test_points_that_are_no_number_are_left_out(raw: str) -> None:
    tree = rosters.roster_tree([rosters.gravel_hulk()])
    tree["roster"]["costs"][0]["value"] = "POINTS"
    read = parse_roster(_with_raw(tree, "POINTS", raw))
    assert read.points is None
    assert any(p.startswith("The roster's points `") and p.endswith("left out.") for p in read.problems)


def test_numbers_in_xml_attributes_never_crash() -> None:
    unit = rosters.ash_wardens()
    unit["selections"][1]["number"] = "1e999"
    tree = rosters.roster_tree([unit])
    tree["roster"]["costs"][0]["value"] = "-inf"
    read = parse_roster(rosters.as_ros(tree), "n.ros")
    assert read.points is None and read.units[0].models == 2


@pytest.mark.parametrize("strength", ["²", "9" * 5000, "٣"])
def test_a_weapon_number_outside_ascii_digits_is_a_problem(strength: str) -> None:
    hulk = rosters.gravel_hulk()
    hulk["selections"][0]["profiles"][0]["characteristics"][3]["$text"] = strength
    read = parse_roster(rosters.as_json(rosters.roster_tree([hulk])))
    assert "Quake cannon" not in [w.name for w in read.units[0].weapons]
    assert any("Quake cannon (S `" in p for p in read.problems)


def test_a_png_holding_roster_json_says_what_it_was_read_as() -> None:
    read = parse_roster(rosters.as_json(rosters.roster_tree()), "photo.png")
    assert read.read_as == "New Recruit JSON"


# -- units as they really are (issue 31) -----------------------------------------------------


def _one(unit: dict, **tree: object) -> RosterUnit:
    read = parse_roster(rosters.as_json(rosters.roster_tree([unit], **tree)))  # type: ignore[arg-type]
    assert not read.problems, read.problems
    return read.units[0]


@pytest.mark.parametrize("on_the_unit", [False, True])
def test_boyz_are_nine_boyz_and_a_boss_nob(on_the_unit: bool) -> None:
    """Issue 31: the Boyz imported as ``T5 Sv5+ W1 x10`` (20 wounds... or ``W2 x10``): 11 wounds."""
    boyz = _one(rosters.boyz(profiles_on_the_unit=on_the_unit))
    assert boyz.target_line() == "Boy: T5 Sv5+ W1 x9 + Boss Nob: W2 infantry battleline"
    assert [(g.name, g.count, g.wounds) for g in boyz.groups] == [("Boy", 9, 1), ("Boss Nob", 1, 2)]
    assert sum(g.count * (g.wounds or 0) for g in boyz.groups) == 11
    assert boyz.models == 10


def test_the_silent_king_has_twenty_six_wounds() -> None:
    king = _one(rosters.silent_king())
    assert king.target_line() == (
        "Triarch Menhir: T9 Sv3+ W5 x2 + Szarekh: T11 Sv2+ W16 inv4+ vehicle character epic-hero"
    )
    assert sum(g.count * (g.wounds or 0) for g in king.groups) == 26


def test_warbikers_and_runtherds_keep_each_models_profile() -> None:
    assert _one(rosters.warbikers()).target_line() == "Warbiker: T6 Sv4+ W3 x2 + Warbike Nob: W4 mounted"
    assert (
        _one(rosters.runtherds()).target_line() == "Gretchin: T2 Sv7+ W1 x10 + Runtherd: T3 Sv6+ W2 infantry"
    )


def test_a_once_per_battle_save_is_offered_never_applied() -> None:
    """Every Ork unit got ``inv5+`` from the Waaagh!; a Trukk with its own 6+ showed 5+."""
    boyz = _one(rosters.boyz())
    assert "inv" not in boyz.target_line()
    assert [(o.key, o.name, o.effect) for o in boyz.options] == [("waaagh", "Waaagh!", "inv5+")]
    assert (
        boyz.target_line(options=("waaagh",)) == "Boy: T5 Sv5+ W1 x9 inv5+ + Boss Nob: W2 infantry battleline"
    )
    trukk = _one(rosters.trukk())
    assert trukk.target_line() == "T8 Sv4+ W10 inv6+ vehicle transport"
    assert trukk.target_line(options=("waaagh",)) == "T8 Sv4+ W10 inv5+ vehicle transport"


def test_wargear_protects_its_bearer_only() -> None:
    """Hearthkyn Warriors got the Theyn's inv4+; Headtakers' shields protected their wolves."""
    assert (
        _one(rosters.hearthkyn()).target_line()
        == "Hearthkyn Warrior: T5 Sv4+ W1 x9 + Theyn: W2 inv4+ infantry"
    )
    headtakers = _one(rosters.headtakers())
    assert [(g.name, g.count, g.invulnerable) for g in headtakers.groups] == [
        ("Hunting Wolf", 3, None),
        ("Headtaker", 1, None),
        ("Headtaker", 2, 4),
    ]


def test_a_bodyguards_save_lands_on_the_character_leading_it() -> None:
    """Deathshroud got ``fnp4+`` from an ability that protects only the Character they guard
    (issue 39: switched on, it went to the three Terminators; now it goes to the Leader)."""
    shroud = _one(rosters.deathshroud())
    assert shroud.target_line() == "T6 Sv2+ W4 x3 inv4+ infantry"
    assert shroud.options == ()
    assert shroud.guards == "fnp4+"
    assert any("Silent Bodyguard: fnp4+ for a Character leading it" in r for r in shroud.read)
    lord = _one(rosters.warboss())
    assert lord.leader_line(shroud) == "T6 Sv4+ W6 fnp4+ infantry character"
    assert lord.target_line() == "T6 Sv4+ W6 infantry character"


def test_damage_reduction_is_read_like_a_save() -> None:
    """The Redemptor's Duty Eternal (-1 damage) was dropped without a word."""
    assert _one(rosters.redemptor()).target_line() == "T10 Sv2+ W12 -1 damage vehicle walker"
    half = rosters.gravel_hulk()
    half["profiles"].append(
        rosters.ability(
            "Ghostly",
            "Each time an attack is allocated to this model, halve the Damage characteristic of that attack.",
        )
    )
    assert "half damage" in _one(half).target_line()


def test_a_count_in_a_name_is_counted() -> None:
    walker = _one(rosters.redemptor())
    assert walker.volley() == "AD6 BS3+ S4 AP0 D1 x2, blast"


def test_a_model_fights_with_one_melee_weapon_plus_extra_attacks() -> None:
    """A Hive Tyrant fought with its talons and bonesword together."""
    tyrant = _one(rosters.hive_tyrant())
    assert [w.name for w in tyrant.melee_choices()["Hive Tyrant"]] == [
        "Monstrous bonesword",
        "Monstrous scything talons",
    ]
    assert tyrant.volley(melee=True) == "A4 WS2+ S9 AP-2 D 3; A2 WS2+ S6 AP-1 D1"
    assert tyrant.volley(melee=True, picks=("monstrous scything talons",)) == (
        "A6 WS2+ S7 AP-2 D2; A2 WS2+ S6 AP-1 D1"
    )
    # models that each carry one of several weapons are no choice: all of them fight
    wardens = _one(rosters.ash_wardens())
    assert wardens.melee_choices() == {} and wardens.volley(melee=True) == "A3 WS3+ S4 AP0 D1 x10"


def test_a_pistol_is_dropped_only_beside_another_gun_of_the_same_model() -> None:
    """The pistol rule dropped a Theyn's only gun."""
    warriors = _one(rosters.hearthkyn())
    assert warriors.volley(named=True) == (
        "Autoch-pattern combi-bolter: A2 BS4+ S4 AP0 D1 x9; Bolt pistol: A1 BS4+ S4 AP0 D1"
    )


def test_a_list_kept_before_groups_still_loads_and_reads_the_same() -> None:
    old = {
        "name": "Old",
        "units": [
            {
                "name": "Ash Wardens",
                "models": 10,
                "toughness": 4,
                "save": 3,
                "wounds": 2,
                "invulnerable": 5,
                "keywords": ["infantry"],
                "weapons": [
                    {
                        "name": "Carbine",
                        "melee": False,
                        "attacks": "2",
                        "skill": "3+",
                        "strength": "4",
                        "ap": "-1",
                        "damage": "1",
                        "count": 9,
                    },
                    {
                        "name": "Pistol",
                        "melee": False,
                        "attacks": "1",
                        "skill": "3+",
                        "strength": "4",
                        "ap": "0",
                        "damage": "1",
                        "count": 10,
                        "unused": ["pistol"],
                    },
                    {
                        "name": "Blade",
                        "melee": True,
                        "attacks": "3",
                        "skill": "3+",
                        "strength": "4",
                        "ap": "0",
                        "damage": "1",
                        "count": 10,
                    },
                    {
                        "name": "Axe",
                        "melee": True,
                        "attacks": "2",
                        "skill": "3+",
                        "strength": "5",
                        "ap": "-1",
                        "damage": "1",
                        "count": 1,
                    },
                ],
            }
        ],
    }
    unit = Roster.model_validate_json(json.dumps(old)).units[0]
    assert unit.target_line() == "T4 Sv3+ W2 x10 inv5+ infantry"
    assert unit.volley() == "A2 BS3+ S4 AP-1 D1 x9"
    assert unit.volley(melee=True) == "A3 WS3+ S4 AP0 D1 x10; A2 WS3+ S5 AP-1 D1"


def test_names_match_as_players_type_them() -> None:
    read = parse_roster(rosters.as_json(rosters.roster_tree([rosters.deffkoptas()])))
    koptas = read.unit("deffkoptas ere")
    assert koptas is not None and read.unit("DEFFKOPTAS  ÈRE") is koptas
    assert [w.name for w in koptas.weapons] == ["Spinnin’ blades", "Kopta rokkits"]


@pytest.mark.parametrize(
    ("system", "edition"),
    [
        ("Warhammer 40,000 10th Edition", "10th"),
        ("Warhammer 40,000 11th Edition", "11th"),
        ("Warhammer 40,000", ""),
        ("", ""),
    ],
)
def test_the_lists_edition_is_read(system: str, edition: str) -> None:
    tree = rosters.roster_tree([rosters.gravel_hulk()])
    tree["roster"]["gameSystemName"] = system
    assert parse_roster(rosters.as_json(tree)).edition == edition
    assert parse_roster(rosters.as_ros(tree), "r.ros").edition == edition


def test_a_tenth_edition_id_without_a_name_is_tenth() -> None:
    tree = rosters.roster_tree([rosters.gravel_hulk()])
    del tree["roster"]["gameSystemName"]
    tree["roster"]["gameSystemId"] = "sys-352e-adc2-7639-d6a9"
    assert parse_roster(rosters.as_json(tree)).edition == "10th"


@pytest.mark.parametrize(
    "system",
    [
        "Kill Team (2021)",
        "Warhammer 40,000: Kill Team (2024)",
        "Warhammer 40,000 9th Edition",
        "Warhammer 40,000 8th Edition",
        "Horus Heresy 3rd Edition",
        "Warhammer Age of Sigmar 4.0",
    ],
)
def test_another_game_or_edition_is_refused_by_name(system: str) -> None:
    """They were refused with a false reason ("no Unit profile")."""
    tree = rosters.roster_tree([rosters.gravel_hulk()])
    tree["roster"]["gameSystemName"] = system
    with pytest.raises(RosterError) as refused:
        parse_roster(rosters.as_rosz(tree), "team.rosz")
    assert str(refused.value) == (
        f"`team.rosz` is a {system} roster; Herald reads Warhammer 40,000 10th and 11th edition lists."
    )


def test_a_kill_team_roster_of_operatives_is_refused_naming_it() -> None:
    operative = rosters.unit("Kommando Boy", rosters.model("Kommando Boy", 1), kind="model")
    tree = rosters.roster_tree([operative])
    tree["roster"]["gameSystemName"] = "Kill Team (2021)"
    with pytest.raises(RosterError, match=r"is a Kill Team \(2021\) roster"):
        parse_roster(rosters.as_json(tree), "kt.json")


def test_keywords_past_the_rosters_total_are_not_read_and_said() -> None:
    hulk = rosters.gravel_hulk()
    keywords = ", ".join(["Blast"] * MAX_KEYWORDS_PER_WEAPON)
    hulk["selections"] = [
        rosters.upgrade(f"Gun {i}", 1, rosters.weapon_profile(f"Gun {i}", 1, "4+", 4, 0, 1, keywords))
        for i in range(MAX_WEAPONS_PER_UNIT)
    ]
    many = [dict(hulk, name=f"Hulk {i}") for i in range(MAX_KEYWORDS_PER_ROSTER // 300 + 2)]
    read = parse_roster(rosters.as_json(rosters.roster_tree(many)))
    assert next(w for w in read.units[0].weapons if w.name == "Gun 0").abilities == ("blast",)
    assert read.units[-1].weapons[-1].abilities == ()
    assert any(p.startswith("The roster has more than 3,000 weapon keywords") for p in read.problems)


def test_conditional_abilities_past_the_bound_are_said() -> None:
    boyz = rosters.boyz()
    boyz["rules"] = [
        {
            "name": f"Trick {i}",
            "description": "Once per battle, models in this unit have a 5+ invulnerable save.",
        }
        for i in range(10)
    ]
    read = parse_roster(rosters.as_json(rosters.roster_tree([boyz])))
    assert [o.key for o in read.units[0].options] == [f"trick {i}" for i in range(6)]
    assert "Boyz: more than 6 conditional abilities; the first 6 are offered." in read.problems


def test_a_kind_of_model_without_a_profile_borrows_one_and_says_so() -> None:
    boyz = rosters.boyz()
    boyz["selections"][1]["profiles"] = []  # the Boy model without its Unit profile
    read = parse_roster(rosters.as_json(rosters.roster_tree([boyz])))
    assert read.units[0].target_line() == "T5 Sv5+ W2 x10 infantry battleline"
    assert read.problems == (
        "Boyz: its Boy models have no Unit profile of their own; they were given Boss Nob's.",
    )


def test_a_leaders_units_are_read_from_its_leader_ability() -> None:
    read = parse_roster(
        rosters.as_json(rosters.roster_tree([rosters.boyz(), rosters.warboss(), rosters.boyz()]))
    )
    boss = read.unit("Warboss")
    assert boss is not None and boss.leads == ("Boyz", "Beast Snagga Boyz")
    assert boss.may_lead("Boyz") and boss.may_lead("boyz (2)") and not boss.may_lead("Trukk")
    assert read.unit("Boyz").leads == ()  # type: ignore[union-attr]
