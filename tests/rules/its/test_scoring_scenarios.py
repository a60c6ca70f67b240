"""One hand-computed game per scenario: both sheets, the Objective Points each side must get."""

from __future__ import annotations

from typing import Any

import pytest

from rules.its.content import load_scenarios
from rules.its.scoring import SheetSide, apply_entry, score
from rules.its.tiers import Tier

LIBRARY = load_scenarios()

T, F = True, False

# (scenario id, tier, side A entries, side B entries, expected OP A, expected OP B)
# Victory Points go in the "victory_points" entry. Arithmetic is in the comment beside each row.
EXAMPLES: list[tuple[str, int, dict[str, Any], dict[str, Any], int, int]] = [
    # A: 1 activated (2) + 1 controlled (1) + coffin (3) + classified (1); B: 2 + 1.
    ("acquisition", 300,
     {"antennas_activated": 1, "antennas_controlled": 1, "tech_coffin": T, "classified": 1},
     {"antennas_activated": 1, "antennas_controlled": 1}, 7, 3),
    # A: killed 160 (151-250 band: 3) + survived 180 (3) + Lieutenant (2); B: 74 and 40 are below 75.
    ("annihilation", 300,
     {"killed_army_points": 160, "victory_points": 180, "enemy_lieutenant": T},
     {"killed_army_points": 74, "victory_points": 40}, 8, 0),
    # Classified 2 each (2, no point for equal); A killed more (2); survivors 101 and 150 both band 2.
    ("biotechvore", 200,
     {"classified": 2, "more_killed": 120, "victory_points": 101},
     {"classified": 2, "more_killed": 90, "victory_points": 150}, 6, 4),
    # A: rounds 2+3 (4) + in own zone (2) + own beacon safe (1) + classified (1) + provisions (1).
    # B: round 1 (2) + classified (1) + provisions (1).
    ("capture-and-protect", 300,
     {"enemy_beacon_each_round": [F, T, T], "enemy_beacon_in_own_zone": T, "own_beacon_safe": T,
      "classified": 1, "provisions": 1},
     {"enemy_beacon_each_round": [T, F, F], "classified": 1, "provisions": 1}, 9, 4),
    # 5 each: 5 OP + 1 for as many as the adversary.
    ("countermeasures", 300, {"current_missions": 5}, {"current_missions": 5}, 6, 6),
    # A: coffins (2) + dominate 1 HVT (2) + threaten 1 (1) + breacher on it (1) + rounds 1,3 (2).
    # B: threaten 1 (1) + breacher claims 2 but only 1 HVT is Threatened (1) + round 2 (1) + classified.
    ("cryogenics", 300,
     {"tech_coffins_activated": T, "hvt_quadrants": {"dominate": 1, "threaten": 1}, "breacher_threat": 1,
      "dominant_breacher": [T, F, T]},
     {"hvt_quadrants": {"threaten": 1}, "breacher_threat": 2, "dominant_breacher": [F, T, F],
      "classified": 1}, 8, 4),
    # A: more points (3) + 1 Lieutenant each (2) + 1 Designated Target (2); B: the equal Lieutenants (2).
    ("decapitation", 300,
     {"more_army_points": 150, "lieutenants": 1, "designated_targets": 1},
     {"more_army_points": 100, "lieutenants": 1}, 7, 2),
    # A: more Specialists (2) + 2 classified; B: more army points (2) + 3 classified. Ties score 0.
    ("firefight", 400,
     {"more_specialists": 3, "more_lieutenants": 1, "more_army_points": 120, "more_panoply_items": 4,
      "classified": 2},
     {"more_specialists": 1, "more_lieutenants": 1, "more_army_points": 150, "more_panoply_items": 4,
      "classified": 3}, 4, 5),
    # Points tie (0); A holds the Exclusion Zone (3); 2 heating units each (2 each); classified 1 and 2.
    ("frostbyte", 250,
     {"more_army_points": 100, "exclusion_zone": T, "heating_units": 2, "classified": 1},
     {"more_army_points": 100, "heating_units": 2, "classified": 2}, 6, 4),
    # A: nearest (1) + central (2) + 2 classified; B: farthest (3) + 3 classified.
    ("frontline", 300,
     {"nearest_sector": T, "central_sector": T, "classified": 2},
     {"farthest_sector": T, "classified": 3}, 5, 6),
    # A: 2 main (2) + more main (3) + secondary (3); B: 1 main (1).
    ("highly-classified", 300,
     {"main_classified": 2, "secondary_classified": 1}, {"main_classified": 1}, 8, 1),
    # A: 3 STR off (3) + destroyed (2) + own AC2 keeps 2 (2) + classified (1); panoplies tie.
    # B: 1 STR off (1); its 'destroyed' does not count with 1 STR lost; own AC2 keeps 0.
    ("looting-and-sabotaging", 300,
     {"damage_enemy_ac2": 3, "destroy_enemy_ac2": 1, "more_panoply_items": 2, "classified": 1},
     {"damage_enemy_ac2": 1, "destroy_enemy_ac2": 1, "more_panoply_items": 2}, 8, 1),
    # A: Rogue AI server (3) + more servers (2) + own AI safe (2) + console (1); B lost... see below.
    # B: console (1) + classified (1); its AI server fell and 2 of its servers are gone.
    ("mindwipe", 300,
     {"rogue_ai_server": T, "servers_destroyed": 2, "console": T},
     {"servers_destroyed": 1, "console": T, "classified": 1}, 8, 2),
    # A: dominate 2 rounds (2) + essential 1 round (1) + more VP (3) + classified (1); B: 1 + 2.
    ("panic-room", 300,
     {"dominate_each_round": [T, T, F], "essential_each_round": [T, F, F], "victory_points": 200,
      "classified": 1},
     {"dominate_each_round": [F, F, T], "essential_each_round": [F, T, T], "victory_points": 180}, 7, 3),
    # A: more antennas (2) + console rounds 2,3 (2) + own console safe (3) + classified (1); B: 1 + 2.
    ("power-pack", 150,
     {"antennas": 2, "enemy_console_each_round": [F, T, T], "own_console_safe": T, "classified": 1},
     {"antennas": 1, "enemy_console_each_round": [T, F, F], "classified": 2}, 8, 3),
    # Rounds: 2v1 (A 2), 1v1 (1 each), 0v0 (nothing). A: 3 + enemy-side round 1 (1) + classified (1).
    ("quadrant-control", 200,
     {"quadrants_each_round": [2, 1, 0], "enemy_side_quadrant_each_round": [T, F, F], "classified": 1},
     {"quadrants_each_round": [1, 1, 0], "enemy_side_quadrant_each_round": [F, T, F]}, 5, 2),
    # A: 3 CivEvaced (3) + Dead Zone 1v1 (1) + Deployment Zone 2v1 (3) + classified (1); B: 2 + 1.
    ("rescue", 300,
     {"civevaced": 3, "dead_zone": 1, "deployment_zone": 2, "classified": 1},
     {"civevaced": 2, "dead_zone": 1, "deployment_zone": 1}, 8, 3),
    # A: 2 boxes (4) + more (1) + B has none (1) + classified (1); B: 2 classified.
    ("supplies", 300, {"boxes": 2, "classified": 1}, {"boxes": 0, "classified": 2}, 7, 2),
    # Rounds 2v1 (A 2), 2v2 (1 each), 1v3 (B 2). A: 3 + 4 consoles capped at 3 + classified + provisions.
    ("supremacy", 300,
     {"quadrants_each_round": [2, 2, 1], "hacked_consoles": 4, "classified": 1, "provisions": 1},
     {"quadrants_each_round": [1, 2, 3], "hacked_consoles": 1}, 8, 4),
    # A: rounds 2,3 (4) + end (1) + more panoply items (2); B: round 1 (2) + classified (1).
    ("the-armory", 300,
     {"armory_each_round": [F, T, T], "armory_end": T, "more_panoply_items": 3},
     {"armory_each_round": [T, F, F], "more_panoply_items": 1, "classified": 1}, 7, 3),
    # A: target (3) + 1 decoy (1) + consoles 2v2 (1) + own target alive (2); B: 1 + 1, its target died.
    ("unmasking", 300,
     {"designated_target": T, "decoys": 1, "consoles": 2},
     {"decoys": 1, "consoles": 2}, 7, 2),
    # A: central (3) + Key Ops killed (2); B: nearest (1) + farthest (4) + Key Ops threatened (1).
    ("battleground", 300,
     {"central_sector": T, "enemy_key_ops": "killed"},
     {"nearest_sector": T, "farthest_sector": T, "enemy_key_ops": "threatened"}, 5, 6),
    # A: more points (3) + Key Ops killed (1); no Lieutenant died (0 v 0 scores nothing), kills tie.
    ("cutthroat", 300,
     {"more_army_points": 200, "lieutenants": 0, "enemy_key_ops": T, "key_ops_kills": 2},
     {"more_army_points": 150, "lieutenants": 0, "key_ops_kills": 2}, 4, 0),
    # Rounds 2v1 (A 2), 1v1, 2v2 (no points for equal here). A: 2 + 2 consoles + Key Ops; B: 3 consoles.
    ("superiority", 300,
     {"quadrants_each_round": [2, 1, 2], "hacked_consoles": 2, "dominant_key_ops": T},
     {"quadrants_each_round": [1, 1, 2], "hacked_consoles": 3}, 5, 3),
    # A: 2 activated (4) + Lieutenant (1); B: 2 controlled (2) + coffin (3) + Lieutenant (1).
    ("uplink-center", 300,
     {"antennas_activated": 2, "active_lieutenant": T},
     {"antennas_controlled": 2, "tech_coffin": T, "active_lieutenant": T}, 5, 6),
]  # fmt: skip


def build(scenario_id: str, tier: int, entries: dict[str, Any]) -> SheetSide:
    scenario = LIBRARY.get(scenario_id)
    side = SheetSide()
    for entry_id, value in entries.items():
        side = apply_entry(scenario, tier, side, entry_id, value)
    return side


def test_every_scenario_has_a_worked_example() -> None:
    assert sorted({row[0] for row in EXAMPLES}) == sorted(LIBRARY.ids())


@pytest.mark.parametrize(
    ("scenario_id", "tier", "a", "b", "op_a", "op_b"), EXAMPLES, ids=[r[0] for r in EXAMPLES]
)
def test_worked_example(
    scenario_id: str, tier: int, a: dict[str, Any], b: dict[str, Any], op_a: int, op_b: int
) -> None:
    scenario = LIBRARY.get(scenario_id)
    result = score(scenario, tier, build(scenario_id, tier, a), build(scenario_id, tier, b))
    assert (result.total_a, result.total_b) == (op_a, op_b)
    assert result.tier == Tier(tier)
    assert sum(line.a for line in result.lines) == result.raw_a


def test_mindwipe_lines_show_the_derived_objectives() -> None:
    scenario = LIBRARY.get("mindwipe")
    a = build("mindwipe", 300, {"rogue_ai_server": T, "servers_destroyed": 2, "console": T})
    b = build("mindwipe", 300, {"servers_destroyed": 1, "console": T, "classified": 1})
    lines = {line.objective_id: (line.a, line.b) for line in score(scenario, 300, a, b).lines}
    assert lines == {
        "rogue_ai_server": (3, 0),
        "servers_destroyed": (2, 0),
        "own_rogue_ai_safe": (2, 0),
        "own_servers_safe": (0, 0),
        "console": (1, 1),
        "classified": (0, 1),
    }


def test_cryogenics_breacher_bonus_is_limited_and_warned() -> None:
    scenario = LIBRARY.get("cryogenics")
    b = build("cryogenics", 300, {"hvt_quadrants": {"threaten": 1}, "breacher_threat": 2})
    result = score(scenario, 300, SheetSide(), b)
    line = next(line for line in result.lines if line.objective_id == "breacher_threat")
    assert line.b == 1
    assert any("Master Breacher" in warning for warning in result.warnings)
