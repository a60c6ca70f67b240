"""The boss map renderer, tested by structure: size, mode, colours at known zone centres."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from renderers.boss_map import MAX_PNG_BYTES, PALETTES, layout_boss_map, render_boss_map, zone_status_label
from rules.space_infantry import (
    ActivateZones,
    AddUnit,
    AddVehicle,
    DetermineRange,
    Engage,
    EnterSuccesses,
    Outcome,
    SquadHit,
    ZoneAttack,
    apply,
    load_boss,
    start_fight,
)
from rules.space_infantry.content import parse_boss
from tests.rules.space_infantry.helpers import ScriptedRandom, finish_turn


def fought(boss_id: str, units: int = 4):
    s = start_fight(load_boss(boss_id)).state
    for i in range(units):
        s = apply(s, AddUnit(name=f"Trooper {i}", wounds=3)).state
    s = apply(s, AddVehicle(name="Titan", dmg=4, sp=2)).state
    first = s.boss.outer_zones[0].name
    s = apply(s, Engage(unit="Trooper 0", zone=first)).state
    s = apply(s, DetermineRange(), ScriptedRandom([3])).state
    s = finish_turn(apply(s, ActivateZones(), ScriptedRandom([1] * 8)).state)  # the zones attack first
    return apply(s, SquadHit(unit="Trooper 0", damage=60)).state, first


def open_png(data: bytes) -> Image.Image:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return Image.open(io.BytesIO(data))


def close(a, b, tol=40):
    return all(abs(x - y) <= tol for x, y in zip(a, b, strict=False))


@pytest.mark.parametrize("theme", ["dark", "light"])
@pytest.mark.parametrize("boss_id", ["elder_leviathan", "siege_crawler", "brood_queen"])
def test_size_mode_and_destroyed_zone_colour(boss_id, theme):
    state, destroyed = fought(boss_id, units=12 if boss_id == "brood_queen" else 4)
    assert state.zone_hp[destroyed] == 0
    data = render_boss_map(state, theme=theme)
    assert len(data) < MAX_PNG_BYTES
    image = open_png(data)
    assert image.mode in ("RGB", "P")
    lay = layout_boss_map(state)
    assert image.size == (1000, lay.height)
    rgb = image.convert("RGB")
    pal = PALETTES[theme]
    assert close(rgb.getpixel(lay.zones[destroyed].centre), pal.strike)
    for name, rect in lay.zones.items():
        if state.zone_hp[name] > 0:
            # A standing zone keeps its card colour away from the text.
            probe = (round(rect.x0 + 8), rect.centre[1])
            assert not close(rgb.getpixel(probe), pal.strike, tol=20)
            assert not close(rgb.getpixel(probe), pal.destroyed_fill, tol=4)
    assert close(rgb.getpixel((2, lay.diagram.centre[1])), pal.bg, tol=2)


def test_zones_do_not_overlap_and_fit_for_all_shapes():
    base = {"name": "Shape", "range_table": [{"rn": "1+", "set": "F", "melee": "M", "fire": "F"}]}
    for n_outer in range(1, 7):
        for n_internal in range(0, 4):
            zones = [{"name": f"O{i}", "kind": "outer", "engage_limit": 2, "skills": {"melee": 1}, "hp": 3,
                      "vital": n_internal == 0} for i in range(n_outer)]
            zones += [{"name": f"I{i}", "kind": "internal", "skills": {"fire": 1}, "hp": 3, "vital": True}
                      for i in range(n_internal)]
            conns = [{"outer": f"O{i % n_outer}", "internal": f"I{i}"} for i in range(n_internal)]
            boss = parse_boss({**base, "zones": zones, "connections": conns}, default_id="shape")
            state = start_fight(boss).state
            for size in (800, 1000):
                lay = layout_boss_map(state, size=size)
                rects = list(lay.zones.values())
                assert len(rects) == n_outer + n_internal
                for r in rects:
                    assert 0 <= r.x0 < r.x1 <= size and lay.diagram.y0 <= r.y0 < r.y1 <= lay.diagram.y1
                for i, a in enumerate(rects):
                    for b in rects[i + 1:]:
                        assert a.x1 <= b.x0 or b.x1 <= a.x0 or a.y1 <= b.y0 or b.y1 <= a.y0
                assert open_png(render_boss_map(state, size=size)).width == size


def test_outer_zones_surround_internal_ones():
    lay = layout_boss_map(start_fight(load_boss("brood_queen")).state)
    internal_y = lay.zones["Heart"].centre[1]
    assert lay.zones["Left Claw"].centre[1] < internal_y < lay.zones["Tail"].centre[1]


def test_bad_options():
    state = start_fight(load_boss("elder_leviathan")).state
    with pytest.raises(ValueError, match="theme"):
        render_boss_map(state, theme="blue")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="size"):
        render_boss_map(state, size=100)


def test_phone_width_minimum():
    assert open_png(render_boss_map(start_fight(load_boss("elder_leviathan")).state)).width >= 800


def test_activated_zone_keeps_its_hp_and_a_decided_fight_drops_the_range_badge():
    from renderers.boss_map import zone_status_label

    s = start_fight(load_boss("elder_leviathan")).state
    s = apply(s, AddUnit(name="Kai", wounds=2)).state
    s = apply(s, Engage(unit="Kai", zone="Mouth")).state
    s = apply(s, DetermineRange(), ScriptedRandom([1])).state  # Fire
    badge = open_png(render_boss_map(s, theme="dark", size=1000)).convert("RGB").getpixel((900, 70))
    assert badge != PALETTES["dark"].panel  # the range badge is drawn while the fight goes on
    assert zone_status_label(s, s.boss.zone("Mouth")) == "5/5 HP · outer"
    s = apply(s, ActivateZones(), ScriptedRandom([4])).state
    assert zone_status_label(s, s.boss.zone("Mouth")) == "5/5 HP · RN 4 · Fire 5"
    s = apply(s, EnterSuccesses(zone="Mouth", successes=0)).state  # the zones attack first
    won = apply(s, SquadHit(unit="Kai", damage=99)).state
    assert won.is_over()
    assert zone_status_label(won, won.boss.zone("Body")) == "DESTROYED"
    corner = open_png(render_boss_map(won, theme="dark", size=1000)).convert("RGB").getpixel((900, 70))
    assert close(corner, PALETTES["dark"].panel, tol=8)  # no RANGE badge once the boss is eliminated


def test_a_wiped_board_shows_no_activation():
    leviathan = load_boss("elder_leviathan")
    s = apply(start_fight(leviathan).state, AddUnit(name="Kai", wounds=1)).state
    s = apply(s, AddUnit(name="Lee", wounds=1)).state  # two in reach: the successes wait
    s = apply(s, DetermineRange(), ScriptedRandom([1])).state
    s = apply(s, ActivateZones(), ScriptedRandom([4])).state
    mouth = leviathan.zone("Mouth")
    assert "RN 4" in zone_status_label(s, mouth)
    entered = apply(s, EnterSuccesses(zone="Mouth", successes=2)).state
    assert zone_status_label(entered, mouth) == "5/5 HP · RN 4 · to allocate"
    wiped = apply(entered, ZoneAttack(zone="Mouth", successes=2)).state
    assert wiped.outcome is Outcome.SQUAD_OUT
    assert zone_status_label(wiped, mouth) == "5/5 HP · outer"


def test_issue_15_names_fit_vehicles_apart_and_emoji_left_out():
    from renderers.boss_map import drawable

    s = start_fight(load_boss("elder_leviathan")).state
    for name in ("Bishop 🔥", "Hudson the Loud", "Vasquez", "Doc"):
        s = apply(s, AddUnit(name=name, wounds=2)).state
    lay = layout_boss_map(s)
    assert lay.vehicles_title is None and len({r.x0 for r in lay.roster_rows}) == 1  # one column
    assert drawable("Bishop 🔥") == "Bishop"
    assert open_png(render_boss_map(s)).height == lay.height
