"""Every defensive ability text of the community's 40k data (BSData wh40k-10e and wh40k-11e, cut to
the sentences that name a defence) through Herald's reader (issue 39): a table of expected
readings, and a count of texts read as unclear that may only fall."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rules.wh40k.defences import read_defence
from rules.wh40k.roster import parse_roster
from tests import rosters

CORPUS = json.loads((Path(__file__).parent / "wh40k_defences.json").read_text())


def test_the_corpus_is_read_and_the_unclear_count_only_falls() -> None:
    readings = [read_defence(name, text, own=False) for name, text in CORPUS["texts"]]
    assert len(readings) > 250
    unclear = sum(r.unclear for r in readings)
    assert unclear <= CORPUS["unclear_at_most"], "more texts read as unclear than before"
    for reading in readings:
        # an unclear defence is offered, never applied
        assert not (reading.unclear and set(reading.offered) & set(reading.applied))
    # nearly every text gives a defence Herald reads (the rest define the core rule, or take one away)
    assert sum(bool(r.applied or r.offered or r.guards) for r in readings) >= len(readings) - 16


# (name, a short fragment of a real text, applied, offered, to)
EXPECTED = [
    (
        "Feel No Pain 5+",
        "Some models have 'Feel No Pain x+' listed in their abilities.",
        ("fnp5+",),
        (),
        "unit",
    ),
    ("Feel No Pain", "5+", ("fnp5+",), (), "unit"),
    ("Invulnerable Save", "4+", ("inv4+",), (), "unit"),
    ("X", "This unit has a 5+ Invulnerable save.", ("inv5+",), (), "unit"),
    ("X", "Models in this unit have an invulnerable save of 4+.", ("inv4+",), (), "unit"),
    (
        "X",
        "This model has the Feel No Pain 4+ ability against mortal wounds.",
        ("fnp4+ vs mortal",),
        (),
        "unit",
    ),
    (
        "X",
        "This model has the Feel No Pain 3+ ability against Psychic Attacks.",
        ("fnp3+ vs psychic",),
        (),
        "unit",
    ),
    (
        "X",
        "Models in this unit have the Feel No Pain 4+ ability against mortal wounds and Psychic Attacks.",
        ("fnp4+ vs psychic/mortal",),
        (),
        "unit",
    ),
    (
        "X",
        "This model has a 5+ invulnerable save against ranged attacks only.",
        ("inv5+ vs ranged",),
        (),
        "unit",
    ),
    (
        "X",
        "Models in this unit have a 4+ invulnerable save against melee attacks.",
        ("inv4+ vs melee",),
        (),
        "unit",
    ),
    (
        "X",
        "This unit has a 6+ Invulnerable save against ranged attacks, and 4+ Invulnerable save against "
        "melee attacks.",
        ("inv6+ vs ranged", "inv4+ vs melee"),
        (),
        "unit",
    ),
    (
        "X",
        "Models in this unit have a 6+ invulnerable save. This invulnerable save is improved to 4+ against "
        "Psychic Attacks.",
        ("inv6+", "inv4+ vs psychic"),
        (),
        "unit",
    ),
    (
        "X",
        "This model has the Feel No Pain 6+ (this is improved to Feel No Pain 4+ against Psychic Attacks and "
        "mortal wounds).",
        ("fnp6+", "fnp4+ vs psychic/mortal"),
        (),
        "unit",
    ),
    (
        "X",
        "Each time an attack with a Damage characteristic of 1 is allocated to a model in this model's unit, "
        "that model has the Feel No Pain 4+ ability against that attack.",
        ("fnp4+ vs d1",),
        (),
        "unit",
    ),
    (
        "X",
        "Each time an attack is allocated to this model, halve the Damage characteristic of that attack.",
        ("half damage",),
        (),
        "unit",
    ),
    (
        "X",
        "Each time an attack is allocated to the bearer, subtract 1 from the Damage characteristic of "
        "that attack.",
        ("-1 damage",),
        (),
        "unit",
    ),
    (
        "X",
        "This unit has a 4+ invulnerable save. If this unit is a Battleline unit, it has a 5+ invulnerable "
        "save instead.",
        ("inv4+",),
        ("inv5+",),
        "unit",
    ),
    (
        "X",
        "Models in this unit (excluding the Cyber-mastiff) have a 4+ invulnerable save.",
        ("inv4+",),
        (),
        "excluding",
    ),
    (
        "X",
        "^^**Character^^** models in this unit have the Feel No Pain 5+ ability.",
        ("fnp5+",),
        (),
        "keyword",
    ),
    (
        "X",
        "While a ^^**Character^^** model is leading this unit, that ^^**Character^^** model has the Feel No "
        "Pain 4+ ability.",
        (),
        (),
        "leader",
    ),
    (
        "X",
        "While the Waaagh! is active for your army, models in this unit have the Feel No Pain 5+ ability.",
        (),
        ("fnp5+",),
        "unit",
    ),
    (
        "X",
        "Once per battle, at the start of your Command phase, you can call a Waaagh!. Until the start of "
        "your next Command phase, models in this unit have a 5+ invulnerable save.",
        (),
        ("inv5+",),
        "unit",
    ),
    (
        "X",
        "Each time an attack targets a Boyz unit from your army, models in that unit have a 6+ invulnerable "
        "save against that attack.",
        (),
        ("inv6+",),
        "unit",
    ),
    (
        "X",
        "Models in this unit have a 6+ invulnerable save. While this unit has one or more Warp counters, "
        "models in this unit have a 5+ invulnerable save.",
        ("inv6+",),
        ("inv5+",),
        "unit",
    ),
    (
        "X",
        "This model has a 4+ invulnerable save against ranged attacks, and the Feel No Pain 6+ ability.",
        ("inv4+ vs ranged", "fnp6+"),
        (),
        "unit",
    ),
    (
        "X",
        "Each time a ranged Psychic Attack targets this unit, this unit has the Benefit of Cover and Feel No "
        "Pain 5+ ability against that attack.",
        ("fnp5+ vs psychic",),
        (),
        "unit",
    ),
]


EXPECTED += [  # the phrasings issue 39 names, in our own words
    (
        "X",
        "In the Fight phase, models in this unit have the Feel No Pain 5+ ability.",
        ("fnp5+ vs melee",),
        (),
        "unit",
    ),
    (
        "X",
        "While this model is leading a unit, models in that unit have the Feel No Pain 5+ ability.",
        (),
        ("fnp5+",),
        "unit",
    ),
    (
        "X",
        "Whilst this unit is on an objective, models in this unit have a 5+ invulnerable save.",
        (),
        ("inv5+",),
        "unit",
    ),
]


@pytest.mark.parametrize(("name", "text", "applied", "offered", "to"), EXPECTED)
def test_real_texts_read_as_the_rules_write_them(
    name: str, text: str, applied: tuple[str, ...], offered: tuple[str, ...], to: str
) -> None:
    reading = read_defence(name, text, own=False)
    assert (reading.applied, reading.offered, reading.to) == (applied, offered, to)


@pytest.mark.parametrize(
    "text",
    [
        "Each time a melee attack with a Damage characteristic of 1 is allocated to a model in this unit, "
        "that model has the Feel No Pain 5+ ability against that attack.",
        "Each time a Monster or Vehicle unit makes an attack against this unit, models in this unit have the "
        "Feel No Pain 5+ ability against that attack.",
    ],
)
def test_a_defence_herald_cannot_read_is_offered_by_name_and_said(text: str) -> None:
    tree = rosters.roster_tree(
        [
            rosters.unit(
                "Odd Squad",
                rosters.model("Odd", 5),
                profiles=[rosters.unit_profile("Odd", 4, "4+", 1), rosters.ability("Odd Ward", text)],
            )
        ]
    )
    unit = parse_roster(rosters.as_json(tree)).units[0]
    assert "fnp" not in unit.target_line()
    assert [o.key for o in unit.options] == ["odd ward"]
    assert any("Odd Ward: could not tell when it holds" in r for r in unit.read)
