"""Editing a build card by card: what /bf add and /bf remove rely on."""

from __future__ import annotations

import pytest

from rules.boss_fight import load_catalog
from rules.boss_fight.building import (
    BuildError,
    add_card,
    build_hero,
    build_points,
    deck_count,
    remove_card,
    slots,
)
from rules.boss_fight.content import BossBuild, HeroBuild

CATALOG = load_catalog()


def test_a_fourth_copy_is_refused_with_the_limit() -> None:
    build = HeroBuild(hero="mira", deck={"run": 3})
    with pytest.raises(BuildError, match="already has 3 Run: at most 3 copies"):
        add_card(CATALOG, build, "run")


def test_a_thirty_first_card_is_refused() -> None:
    preset = CATALOG.hero_presets["mira_the_warden"].build
    assert deck_count(preset) == 30
    with pytest.raises(BuildError, match="already has 30 cards"):
        add_card(CATALOG, preset, "bandage")


def test_points_over_the_limit_are_refused_with_the_side_total() -> None:
    preset = CATALOG.hero_presets["mira_the_warden"].build  # 43 points
    lean = remove_card(CATALOG, preset, "tower_shield")
    others = 80
    spent = build_points(CATALOG, lean)
    shield = CATALOG.equipment["tower_shield"].points
    total = others + spent + shield
    with pytest.raises(BuildError, match=f"would cost {total} points, over the limit of 120"):
        add_card(CATALOG, lean, "tower shield", others=others, limit=120)


def test_adding_and_removing_changes_points_and_slots() -> None:
    preset = CATALOG.hero_presets["kestrel_the_archer"].build
    assert slots(CATALOG, preset) == (2, 2)
    with pytest.raises(BuildError, match="free"):
        add_card(CATALOG, preset, "sling")
    lighter = remove_card(CATALOG, preset, "longbow")
    assert slots(CATALOG, lighter) == (0, 2)
    bow = CATALOG.equipment["longbow"].points
    assert build_points(CATALOG, lighter) == build_points(CATALOG, preset) - bow
    again = add_card(CATALOG, lighter, "Longbow")
    assert build_hero(CATALOG, again).points == build_hero(CATALOG, preset).points


def test_a_boss_is_built_piece_by_piece() -> None:
    build = BossBuild(name="Blob", pieces=[], deck={})
    build = add_card(CATALOG, build, "slime_core")
    assert build.pieces == ["slime_core"]
    assert build_points(CATALOG, build) == CATALOG.pieces["slime_core"].points
    with pytest.raises(BuildError, match="only the boss"):
        add_card(CATALOG, HeroBuild(hero="mira", deck={}), "slime core")
    with pytest.raises(BuildError, match="hero card"):
        add_card(CATALOG, build, "mira")
    with pytest.raises(BuildError, match="is a hero card: the boss may only use boss and neutral"):
        add_card(CATALOG, build, "sprint")
    with pytest.raises(BuildError, match="no Walk"):
        remove_card(CATALOG, build, "walk")
