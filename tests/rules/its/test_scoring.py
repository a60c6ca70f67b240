"""The ITS score-sheet engine: tournament points, edge cases of each objective kind, bad input."""

from __future__ import annotations

import contextlib
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.errors import NotFoundError, RuleError
from rules.its.content import load_scenarios
from rules.its.scenario import VICTORY_POINTS, AlternativeObjective, Scenario
from rules.its.scoring import (
    MAX_OBJECTIVE_POINTS,
    ControlKind,
    Outcome,
    ScoreInputError,
    ScoreSheet,
    SheetSide,
    Side,
    apply,
    apply_entry,
    best_case,
    clear_entry,
    controls,
    new_sheet,
    score,
    score_sheet,
    tournament_points,
)
from rules.its.tiers import Tier

LIBRARY = load_scenarios()


def sheet(scenario: Scenario, tier: int, **entries: Any) -> SheetSide:
    side = SheetSide()
    for entry_id, value in entries.items():
        side = apply_entry(scenario, tier, side, entry_id, value)
    return side


# --- tournament points --------------------------------------------------------------------------


def test_seed_example_1_four_against_one() -> None:
    assert tournament_points(4, 1).total == 4
    assert tournament_points(1, 4).total == 0


def test_seed_example_2_seven_against_six() -> None:
    winner, loser = tournament_points(7, 6), tournament_points(6, 7)
    assert (winner.outcome, winner.base, winner.offensive_bonus, winner.defensive_bonus) == (
        Outcome.VICTORY,
        4,
        1,
        0,
    )
    assert (loser.outcome, loser.base, loser.offensive_bonus, loser.defensive_bonus) == (
        Outcome.DEFEAT,
        0,
        1,
        1,
    )
    assert (winner.total, loser.total) == (5, 2)


@pytest.mark.parametrize(
    ("own", "other", "total"),
    [
        (0, 0, 2),  # tie: no Defensive Bonus, a tie is not a loss
        (5, 5, 3),  # tie with Offensive Bonus
        (3, 5, 1),  # lost by 2: Defensive Bonus
        (2, 5, 0),  # lost by 3: nothing
        (10, 0, 5),
        (4, 3, 4),
        (9, 10, 2),
    ],
)
def test_tournament_points_table(own: int, other: int, total: int) -> None:
    assert tournament_points(own, other).total == total


@pytest.mark.parametrize(("own", "other"), [(-1, 0), (11, 3), (3, 11)])
def test_tournament_points_refuse_impossible_scores(own: int, other: int) -> None:
    with pytest.raises(ScoreInputError):
        tournament_points(own, other)


def test_score_result_carries_tournament_points() -> None:
    scenario = LIBRARY.get("acquisition")
    a = sheet(scenario, 300, antennas_activated=2, tech_coffin=True)  # 7
    b = sheet(scenario, 300, antennas_activated=0, antennas_controlled=2, classified=1)  # 2 + 1
    result = score(scenario, 300, a, b)
    assert (result.total_a, result.total_b) == (7, 3)
    assert (result.tp_a.total, result.tp_b.total) == (5, 0)


# --- victory points are a tiebreak only ---------------------------------------------------------


def test_victory_points_break_ties_but_never_change_tournament_points() -> None:
    scenario = LIBRARY.get("frontline")
    a = sheet(scenario, 300, central_sector=True, victory_points=120)
    b = sheet(scenario, 300, classified=2, victory_points=80)
    result = score(scenario, 300, a, b)
    assert (result.total_a, result.total_b) == (2, 2)
    assert result.tp_a == result.tp_b
    assert (result.victory_points_a, result.victory_points_b) == (120, 80)
    assert result.leader is Side.A


def test_leader_is_none_on_a_full_tie() -> None:
    scenario = LIBRARY.get("frontline")
    result = score(scenario, 300, SheetSide(), SheetSide())
    assert result.leader is None


# --- objective kinds: edge cases ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("a", "b", "expected"),
    [
        (0, 0, (0, 0)),  # as many, but nobody killed one: no points
        (1, 1, (2, 2)),  # as many, at least one: equal points for both
        (2, 1, (3, 0)),  # more
        (0, 1, (0, 3)),
    ],
)
def test_compare_equal_needs_at_least_one(a: int, b: int, expected: tuple[int, int]) -> None:
    scenario = LIBRARY.get("decapitation")
    result = score(scenario, 300, sheet(scenario, 300, lieutenants=a), sheet(scenario, 300, lieutenants=b))
    line = next(line for line in result.lines if line.objective_id == "lieutenants")
    assert (line.a, line.b) == expected


def test_compare_from_victory_points() -> None:
    scenario = LIBRARY.get("panic-room")
    result = score(scenario, 300, SheetSide(victory_points=150), SheetSide(victory_points=150))
    assert (result.total_a, result.total_b) == (0, 0)
    result = score(scenario, 300, SheetSide(victory_points=151), SheetSide(victory_points=150))
    assert (result.total_a, result.total_b) == (3, 0)


def test_per_round_compare_scores_each_round_apart() -> None:
    scenario = LIBRARY.get("supremacy")
    a = sheet(scenario, 300, quadrants_each_round=[0, 1, 4])
    b = sheet(scenario, 300, quadrants_each_round=[0, 1, 0])
    result = score(scenario, 300, a, b)
    assert (result.total_a, result.total_b) == (1 + 2, 1)


def test_per_round_entries_may_be_filled_as_the_game_goes() -> None:
    scenario = LIBRARY.get("panic-room")
    side = sheet(scenario, 300, dominate_each_round=[True])
    assert side.values["dominate_each_round"] == [True, False, False]


def test_alternative_scores_only_one_option() -> None:
    scenario = LIBRARY.get("battleground")
    killed = sheet(scenario, 300, enemy_key_ops="killed")
    threatened = sheet(scenario, 300, enemy_key_ops={"threatened": 1})
    assert score(scenario, 300, killed, threatened).total_a == 2
    assert score(scenario, 300, killed, threatened).total_b == 1
    with pytest.raises(ScoreInputError, match="only 1 can score"):
        apply_entry(scenario, 300, SheetSide(), "enemy_key_ops", {"killed": 1, "threatened": 1})
    with pytest.raises(ScoreInputError, match="choose one of"):
        apply_entry(scenario, 300, SheetSide(), "enemy_key_ops", "captured")
    cleared = apply_entry(scenario, 300, killed, "enemy_key_ops", None)
    assert score(scenario, 300, cleared, SheetSide()).total_a == 0


def test_alternative_per_item_in_cryogenics() -> None:
    scenario = LIBRARY.get("cryogenics")
    side = sheet(scenario, 300, hvt_quadrants={"dominate": 2})
    assert score(scenario, 300, side, SheetSide()).total_a == 4
    with pytest.raises(ScoreInputError):
        apply_entry(scenario, 300, SheetSide(), "hvt_quadrants", {"dominate": 2, "threaten": 1})


def test_count_cap() -> None:
    scenario = LIBRARY.get("supremacy")
    line = next(
        line
        for line in score(scenario, 300, sheet(scenario, 300, hacked_consoles=4), SheetSide()).lines
        if line.objective_id == "hacked_consoles"
    )
    assert line.a == 3


def test_current_mission_cap_at_eight() -> None:
    scenario = LIBRARY.get("countermeasures")
    result = score(
        scenario, 300, sheet(scenario, 300, current_missions=9), sheet(scenario, 300, current_missions=3)
    )
    assert (result.raw_a, result.total_a, result.total_b) == (10, 10, 3)


def test_total_is_capped_at_ten() -> None:
    scenario = LIBRARY.get("capture-and-protect")
    best = best_case(scenario, 300)
    result = score(scenario, 300, best, SheetSide())
    assert result.raw_a == 11
    assert result.total_a == MAX_OBJECTIVE_POINTS
    assert result.tp_a.total == 5


def test_bonus_needing_a_full_base() -> None:
    scenario = LIBRARY.get("looting-and-sabotaging")
    partial = sheet(scenario, 300, damage_enemy_ac2=2, destroy_enemy_ac2=1)
    full = sheet(scenario, 300, damage_enemy_ac2=3, destroy_enemy_ac2=1)
    assert score(scenario, 300, partial, SheetSide()).raw_a == 2 + 3  # damage + own AC2 untouched
    assert score(scenario, 300, full, SheetSide()).raw_a == 3 + 2 + 3


def test_a_single_bonus_is_a_toggle() -> None:
    scenario = LIBRARY.get("looting-and-sabotaging")
    found = {c.entry_id: c for c in controls(scenario, 300)}
    assert found["destroy_enemy_ac2"].kind is ControlKind.TOGGLE
    side = sheet(scenario, 300, damage_enemy_ac2=3, destroy_enemy_ac2=True)
    assert side.values["destroy_enemy_ac2"] == 1
    assert score(scenario, 300, side, SheetSide()).raw_a == 3 + 2 + 3


def test_score_sheet_round_trip() -> None:
    scenario = LIBRARY.get("acquisition")
    stored = new_sheet(scenario, "300")
    stored = apply(scenario, stored, Side.A, "tech_coffin", True)
    stored = apply(scenario, stored, "b", "classified", 1)
    restored = ScoreSheet.model_validate_json(stored.model_dump_json())
    assert restored == stored
    result = score_sheet(scenario, restored)
    assert (result.total_a, result.total_b) == (3, 1)
    with pytest.raises(ScoreInputError, match="start a new sheet"):
        apply(LIBRARY.get("frontline"), stored, Side.A, "classified", 1)


def test_denial_remaining_counts_down_with_the_adversary() -> None:
    scenario = LIBRARY.get("looting-and-sabotaging")
    for damage, left in [(0, 3), (1, 2), (3, 0)]:
        result = score(scenario, 300, SheetSide(), sheet(scenario, 300, damage_enemy_ac2=damage))
        line = next(line for line in result.lines if line.objective_id == "protect_own_ac2")
        assert line.a == left


STANDARD_STARTS = {
    150: (40, 76, 126),
    200: (50, 101, 151),
    250: (65, 126, 201),
    300: (75, 151, 251),
    400: (100, 201, 301),
}


@pytest.mark.parametrize("tier", [150, 200, 250, 300, 400])
def test_annihilation_thresholds_per_tier(tier: int) -> None:
    scenario = LIBRARY.get("annihilation")
    low, mid, high = STANDARD_STARTS[tier]
    expected = {0: 0, low - 1: 0, low: 1, mid - 1: 1, mid: 3, high - 1: 3, high: 4, tier: 4}
    for killed, points in expected.items():
        result = score(scenario, tier, sheet(scenario, tier, killed_army_points=killed), SheetSide())
        assert result.total_a == points, (tier, killed)
        survivors = score(scenario, tier, SheetSide(victory_points=killed), SheetSide())
        assert survivors.total_a == points, (tier, killed)


def test_biotechvore_survival_bands_are_one_two_three() -> None:
    scenario = LIBRARY.get("biotechvore")
    got = [
        score(scenario, 400, SheetSide(victory_points=vp), SheetSide()).total_a for vp in (99, 100, 201, 301)
    ]
    assert got == [0, 1, 2, 3]


# --- invalid input ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("scenario_id", "entry_id", "value", "error"),
    [
        ("acquisition", "antennas_activated", -1, "negative"),
        ("acquisition", "antennas_activated", 3, "at most 2"),
        ("acquisition", "tech_coffin", 2, "yes/no"),
        ("acquisition", "classified", "two", "whole number"),
        ("annihilation", "killed_army_points", 301, "at most 300"),
        ("panic-room", "dominate_each_round", [True, True, True, True], "3 Game Rounds"),
        ("panic-room", "dominate_each_round", True, "one entry per Game Round"),
        ("mindwipe", "own_rogue_ai_safe", True, "worked out"),
        ("biotechvore", "more_classified", 2, "worked out"),
        ("acquisition", VICTORY_POINTS, 301, "at most 300"),
    ],
)
def test_bad_entries_raise_a_rule_error(scenario_id: str, entry_id: str, value: Any, error: str) -> None:
    scenario = LIBRARY.get(scenario_id)
    with pytest.raises(RuleError, match=error):
        apply_entry(scenario, 300, SheetSide(), entry_id, value)


def test_unknown_objective_is_not_found() -> None:
    scenario = LIBRARY.get("acquisition")
    with pytest.raises(NotFoundError, match="no objective 'beacon'"):
        apply_entry(scenario, 300, SheetSide(), "beacon", 1)
    with pytest.raises(NotFoundError):
        score(scenario, 300, SheetSide(values={"beacon": 1}), SheetSide())


def test_score_revalidates_hand_built_sheets() -> None:
    scenario = LIBRARY.get("acquisition")
    with pytest.raises(ScoreInputError, match="at most 2"):
        score(scenario, 300, SheetSide(values={"antennas_activated": 5}), SheetSide())


def test_tier_the_scenario_does_not_offer() -> None:
    scenario = LIBRARY.get("acquisition")
    only_300 = scenario.model_copy(update={"tiers": {Tier.T300: scenario.tiers[Tier.T300]}})
    with pytest.raises(ScoreInputError, match="not played at 200 points"):
        score(only_300, 200, SheetSide(), SheetSide())
    with pytest.raises(RuleError, match="not an ITS tier"):
        score(scenario, 350, SheetSide(), SheetSide())


def test_clear_entry() -> None:
    scenario = LIBRARY.get("acquisition")
    side = clear_entry(sheet(scenario, 300, tech_coffin=True), "tech_coffin")
    assert score(scenario, 300, side, SheetSide()).total_a == 0


def test_apply_entry_does_not_change_the_original() -> None:
    scenario = LIBRARY.get("acquisition")
    side = SheetSide()
    apply_entry(scenario, 300, side, "tech_coffin", True)
    assert side.values == {}


# --- controls -----------------------------------------------------------------------------------


def test_controls_describe_each_entry() -> None:
    scenario = LIBRARY.get("cryogenics")
    found = {c.entry_id: c for c in controls(scenario, 300)}
    assert found["tech_coffins_activated"].kind is ControlKind.TOGGLE
    assert found["hvt_quadrants"].kind is ControlKind.OPTION_COUNTERS
    assert found["hvt_quadrants"].max == 2
    assert found["breacher_threat"].kind is ControlKind.COUNTER
    assert (found["dominant_breacher"].kind, found["dominant_breacher"].rounds) == (
        ControlKind.ROUND_TOGGLES,
        3,
    )
    assert found["classified"].kind is ControlKind.CLASSIFIED
    assert found[VICTORY_POINTS].kind is ControlKind.ARMY_POINTS
    assert found[VICTORY_POINTS].max == 300


def test_controls_skip_derived_objectives() -> None:
    ids = [c.entry_id for c in controls(LIBRARY.get("mindwipe"), 300)]
    assert "own_rogue_ai_safe" not in ids and "own_servers_safe" not in ids
    ids = [c.entry_id for c in controls(LIBRARY.get("annihilation"), 150)]
    assert ids == ["killed_army_points", "enemy_lieutenant", VICTORY_POINTS]


def test_control_kinds_for_comparisons() -> None:
    quadrants = {c.entry_id: c for c in controls(LIBRARY.get("quadrant-control"), 300)}
    assert quadrants["quadrants_each_round"].kind is ControlKind.ROUND_COUNTERS
    assert quadrants["quadrants_each_round"].max == 4
    decap = {c.entry_id: c for c in controls(LIBRARY.get("decapitation"), 250)}
    assert (decap["more_army_points"].kind, decap["more_army_points"].max) == (ControlKind.ARMY_POINTS, 250)
    battle = {c.entry_id: c for c in controls(LIBRARY.get("battleground"), 300)}
    assert battle["enemy_key_ops"].kind is ControlKind.CHOICE
    assert [o[0] for o in battle["enemy_key_ops"].options] == ["killed", "threatened"]


# --- properties ---------------------------------------------------------------------------------


@st.composite
def random_game(draw: st.DrawFn) -> tuple[Scenario, Tier, SheetSide, SheetSide]:
    scenario = draw(st.sampled_from(list(LIBRARY)))
    tier = draw(st.sampled_from(scenario.tier_list))
    sides = []
    for _ in range(2):
        side = SheetSide()
        for control in controls(scenario, tier):
            value = draw(_value_for(scenario, control))
            # Out-of-range values are refused; the sheet keeps its last good value.
            with contextlib.suppress(RuleError):
                side = apply_entry(scenario, tier, side, control.entry_id, value)
        sides.append(side)
    return scenario, tier, sides[0], sides[1]


def _value_for(scenario: Scenario, control: Any) -> st.SearchStrategy[Any]:
    top = (control.max or 1) + 2
    match control.kind:
        case ControlKind.TOGGLE:
            return st.booleans()
        case ControlKind.ROUND_TOGGLES:
            return st.lists(st.booleans(), max_size=control.rounds)
        case ControlKind.ROUND_COUNTERS:
            return st.lists(st.integers(-1, top), max_size=control.rounds)
        case ControlKind.CHOICE | ControlKind.OPTION_COUNTERS:
            objective = scenario.objective(control.entry_id)
            assert isinstance(objective, AlternativeObjective)
            keys = [o.id for o in objective.options]
            return st.dictionaries(st.sampled_from(keys), st.integers(0, objective.items + 1))
        case _:
            return st.integers(-2, top)


@settings(max_examples=300, deadline=None)
@given(random_game())
def test_totals_and_tournament_points_stay_in_range(
    game: tuple[Scenario, Tier, SheetSide, SheetSide],
) -> None:
    scenario, tier, a, b = game
    result = score(scenario, tier, a, b)
    assert 0 <= result.total_a <= MAX_OBJECTIVE_POINTS
    assert 0 <= result.total_b <= MAX_OBJECTIVE_POINTS
    assert result.tp_a.total in range(7) and result.tp_b.total in range(7)
    outcomes = {result.tp_a.outcome, result.tp_b.outcome}
    assert outcomes in ({Outcome.TIE}, {Outcome.VICTORY, Outcome.DEFEAT})


ANY_VALUE = st.one_of(
    st.none(),
    st.integers(),
    st.booleans(),
    st.text(max_size=8),
    st.lists(st.one_of(st.integers(-1, 5), st.booleans()), max_size=5),
    st.dictionaries(st.text(max_size=8), st.integers(-1, 5), max_size=3),
)


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_any_entry_is_accepted_or_refused_with_a_rule_error(data: st.DataObject) -> None:
    scenario = data.draw(st.sampled_from(list(LIBRARY)))
    ids = [o.id for o in scenario.objectives] + [VICTORY_POINTS]
    entry_id = data.draw(st.one_of(st.sampled_from(ids), st.text(max_size=12)))
    value = data.draw(ANY_VALUE)
    tier = data.draw(st.sampled_from(scenario.tier_list))
    try:
        side = apply_entry(scenario, tier, SheetSide(), entry_id, value)
    except RuleError:
        return
    result = score(scenario, tier, side, SheetSide())
    assert 0 <= result.total_a <= MAX_OBJECTIVE_POINTS
