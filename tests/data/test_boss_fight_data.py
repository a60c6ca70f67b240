"""Every Boss Fight content file validates, the starter set covers every rule, and bad packs are skipped."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from rules.boss_fight.building import DECK_SIZE, build_boss, build_hero
from rules.boss_fight.content import (
    DATA_DIR,
    AbilityKind,
    AreaShape,
    AttackKind,
    CardSet,
    CardType,
    Constitution,
    EffectKind,
    PassiveKind,
    PieceType,
    Side,
    Status,
    TargetKind,
)
from rules.boss_fight.loading import load_catalog

CATALOG = load_catalog()


def test_every_shipped_file_loads_without_problems():
    assert CATALOG.errors == []
    assert sorted(p.name for p in DATA_DIR.rglob("*.yaml"))


def test_the_starter_set_meets_the_minimum_counts():
    pieces = list(CATALOG.pieces.values())
    assert len(pieces) >= 20 and {p.type for p in pieces} == set(PieceType)
    assert len(CATALOG.heroes) >= 8
    equipment = list(CATALOG.equipment.values())
    assert len(equipment) >= 12 and {e.side for e in equipment} == set(Side)
    abilities = list(CATALOG.abilities.values())
    assert len(abilities) >= 12 and {a.side for a in abilities} == set(Side)
    actions = list(CATALOG.actions.values())
    assert len(actions) >= 20
    assert {a.set for a in actions} == set(CardSet) and {a.type for a in actions} == set(CardType)
    assert {a.attack.profile for a in actions if a.attack} == set(AttackKind)
    assert {"walk", "run"} <= set(CATALOG.actions)
    assert {"death"} <= set(CATALOG.tokens) and len(CATALOG.tokens) >= 2
    assert len(CATALOG.boss_presets) >= 3 and len(CATALOG.hero_presets) >= 6


def test_maps_come_in_several_sizes_up_to_about_20_by_20():
    maps = list(CATALOG.maps.values())
    assert len(maps) >= 4
    assert len({(m.width, m.height) for m in maps}) == len(maps)
    assert max(m.width * m.height for m in maps) == 400
    for m in maps:
        assert m.obstacles and m.text and 2 <= m.players_min <= m.players_max <= 5


def _all_usables():
    for a in CATALOG.abilities.values():
        yield a.use
    for h in CATALOG.heroes.values():
        yield h.feat.use
        yield h.ability.use
    for p in CATALOG.pieces.values():
        yield p.ability.use if p.ability else None
    for c in CATALOG.actions.values():
        yield c.item


def _all_effects():
    for u in _all_usables():
        if u:
            yield from u.effects
    for e in CATALOG.equipment.values():
        for kind in AttackKind:
            prof = e.profile(kind)
            if prof:
                yield from prof.effects


def _all_passives():
    for e in CATALOG.equipment.values():
        yield from e.passives
    for a in CATALOG.abilities.values():
        yield from a.passives
    for h in CATALOG.heroes.values():
        yield from h.ability.passives
    for p in CATALOG.pieces.values():
        yield from p.passives


def test_the_starter_set_exercises_every_rule_the_engine_has():
    assert {e.kind for e in _all_effects()} == set(EffectKind)
    assert {e.status for e in _all_effects() if e.status} == set(Status)
    assert {p.kind for p in _all_passives()} == set(PassiveKind)
    usables = [u for u in _all_usables() if u]
    assert {u.target for u in usables} == set(TargetKind)
    areas = {u.area.shape for u in usables}
    for e in CATALOG.equipment.values():
        areas |= {e.profile(k).area.shape for k in AttackKind if e.profile(k)}
    assert areas == set(AreaShape)
    assert any(not e.profile(k).los for e in CATALOG.equipment.values() for k in AttackKind if e.profile(k))
    assert {h.constitution for h in CATALOG.heroes.values()} == set(Constitution)
    abilities = list(CATALOG.abilities.values())
    assert {a.kind for a in abilities} == set(AbilityKind)
    assert any(a.takes_action for a in abilities) and any(a.expend for a in abilities)
    reqs = [x.requires for x in [*abilities, *CATALOG.equipment.values()] if x.requires]
    assert any(r.piece_type for r in reqs) and any(r.stat for r in reqs) and any(r.constitution for r in reqs)
    assert any(c.move and c.move.minimum for c in CATALOG.actions.values())
    assert any(c.copies != 3 for c in CATALOG.actions.values())
    assert any(not p.shape for p in CATALOG.pieces.values()), "a piece of size zero"


def test_every_preset_builds_with_a_full_deck():
    for p in CATALOG.boss_presets.values():
        assert len(build_boss(CATALOG, p.build).piles.deck) == DECK_SIZE
    legs = {build_boss(CATALOG, p.build).legs for p in CATALOG.boss_presets.values()}
    assert 1 in legs and max(legs) >= 2, "the presets show both the 1-leg and the 2-leg rule"
    for p in CATALOG.hero_presets.values():
        assert len(build_hero(CATALOG, p.build).piles.deck) == DECK_SIZE


def test_every_preset_boss_is_one_connected_piece():
    # Issue 24, item 12: the Venom Wyrm's Scorpion Tail stood two tiles off its coils.
    from rules.boss_fight.hexgrid import Hex

    for p in CATALOG.boss_presets.values():
        tiles = {Hex.axial(q, r) for q, r in build_boss(CATALOG, p.build).shape}
        start = next(iter(tiles))
        seen, todo = {start}, [start]
        while todo:
            for n in todo.pop().neighbours():
                if n in tiles and n not in seen:
                    seen.add(n)
                    todo.append(n)
        assert seen == tiles, f"{p.id}: {sorted((h.q, h.r) for h in tiles - seen)} stand apart from the rest"


@pytest.fixture
def pack_dir(tmp_path: Path) -> Path:
    target = tmp_path / "boss_fight"
    shutil.copytree(DATA_DIR, target)
    return target


def test_a_community_pack_adds_cards(pack_dir: Path):
    (pack_dir / "community_pack.yaml").write_text(
        "name: Frost pack\n"
        "actions:\n"
        "  - {id: frost_step, name: Frost Step, set: hero, type: move, move: {tiles: 2}}\n"
        "equipment:\n"
        "  - id: ice_wand\n    name: Ice Wand\n    side: hero\n    stat: intelligence\n"
        "    basic: {damage: 1, range: 3, effects: [{kind: status, status: immobilised}]}\n",
        encoding="utf-8")
    cat = load_catalog(pack_dir)
    assert cat.errors == []
    assert "frost_step" in cat.actions and "ice_wand" in cat.equipment


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("name: Bad\nmaps:\n  - {id: huge, name: Huge, width: 31, height: 10}\n", "maps[huge].width"),
        ("name: Bad\nequipment:\n  - {id: stick, name: Stick, side: hero, stat: luck,"
         " basic: {damage: 1}}\n", "equipment[stick].stat"),
        ("name: Bad\nactions:\n  - {id: odd, name: Odd, set: hero, type: move, attack: {profile: basic}}\n",
         "actions[odd]"),
        ("name: Bad\nabilities:\n  - {id: zap, name: Zap, side: hero, kind: usable, use: {target: enemy,"
         " range: 2, effects: [{kind: damage, amount: 2}]}}\n", "abilities[zap].use.effects"),
        ("name: Bad\nactions:\n  - {id: fog, name: Fog, set: hero, type: item, item: {target: self,"
         " effects: [{kind: token, token: fog}]}}\n", "token 'fog' is not defined"),
        ("name: Bad\nactions:\n  - {id: walk, name: Walk Again, set: hero, type: move, move: {tiles: 1}}\n",
         "id already used: walk"),
        ("name: [unclosed\n", "not valid YAML"),
    ],
)
def test_a_broken_file_is_reported_and_skipped(pack_dir: Path, text: str, field: str):
    (pack_dir / "zz_broken.yaml").write_text(text, encoding="utf-8")
    cat = load_catalog(pack_dir)
    assert len(cat.errors) == 1
    assert "zz_broken.yaml" in cat.errors[0] and field in cat.errors[0]
    assert len(cat.actions) == len(CATALOG.actions), "the other files still load"


def test_a_broken_preset_is_reported_and_dropped(pack_dir: Path):
    (pack_dir / "zz_preset.yaml").write_text(
        "name: Bad preset\nhero_presets:\n  - id: lazy\n    build: {hero: mira, deck: {walk: 6}}\n",
        encoding="utf-8")
    cat = load_catalog(pack_dir)
    assert "lazy" not in cat.hero_presets
    assert any("hero preset lazy" in e and "exactly 30" in e for e in cat.errors)
