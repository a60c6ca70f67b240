"""The captains' pairing ritual: hand-worked runs with 3, 5 and 8 a side, refusals, secrecy."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.errors import RuleError
from rules.tournament.ritual import (
    Action,
    How,
    RitualError,
    Side,
    Step,
    apply,
    legal_actions,
    reset,
    start,
    visible_to,
)

A, B = Side.A, Side.B


def side(prefix: str, n: int) -> list[str]:
    return [f"{prefix}{k}" for k in range(1, n + 1)]


def act(r, who: Side, kind: Step, *players: str):
    return apply(r, Action(side=who, kind=kind, players=players))


def one_pass(r, defenders, attackers_a, attackers_b, refused_by_a, refused_by_b):
    r = act(r, A, Step.DEFENDER, defenders[0])
    r = act(r, B, Step.DEFENDER, defenders[1])
    r = act(r, A, Step.ATTACKERS, *attackers_a)
    r = act(r, B, Step.ATTACKERS, *attackers_b)
    r = act(r, A, Step.REFUSE, refused_by_a)
    return act(r, B, Step.REFUSE, refused_by_b)


def games(r) -> list[tuple[str, str, How]]:
    return [(p.a, p.b, p.how) for p in r.pairings]


def test_three_a_side_is_one_pass_and_the_refused_pair() -> None:
    r = start(side("A", 3), side("B", 3))
    r = one_pass(r, ("A1", "B1"), ("A2", "A3"), ("B2", "B3"), "B3", "A2")
    # A keeps B2 against A1; B keeps A3 against B1; the refused A2 and B3 are the last ones left.
    assert games(r) == [
        ("A1", "B2", How.DEFENDER_A),
        ("A3", "B1", How.DEFENDER_B),
        ("A2", "B3", How.REFUSED),
    ]
    assert r.step is Step.DONE and r.pool_a == r.pool_b == []
    assert legal_actions(r, A) == legal_actions(r, B) == []


def test_five_a_side_two_passes_then_the_refused_pair() -> None:
    r = start(side("A", 5), side("B", 5))
    r = one_pass(r, ("A1", "B1"), ("A2", "A3"), ("B2", "B3"), "B2", "A3")
    assert games(r) == [("A1", "B3", How.DEFENDER_A), ("A2", "B1", How.DEFENDER_B)]
    # The refused attackers are back in their pools, with those nobody picked.
    assert (r.pool_a, r.pool_b) == (["A3", "A4", "A5"], ["B2", "B4", "B5"])
    assert (r.step, r.round) == (Step.DEFENDER, 2)
    r = one_pass(r, ("A3", "B5"), ("A4", "A5"), ("B2", "B4"), "B4", "A5")
    assert games(r)[2:] == [
        ("A3", "B2", How.DEFENDER_A),
        ("A4", "B5", How.DEFENDER_B),
        ("A5", "B4", How.REFUSED),
    ]
    assert r.done


def test_eight_a_side_three_passes_then_the_refused_and_the_last_pair() -> None:
    r = start(side("A", 8), side("B", 8))
    r = one_pass(r, ("A1", "B1"), ("A2", "A3"), ("B2", "B3"), "B3", "A2")
    assert sorted(r.pool_a) == ["A2", "A4", "A5", "A6", "A7", "A8"]
    assert sorted(r.pool_b) == ["B3", "B4", "B5", "B6", "B7", "B8"]
    # A2, refused in pass 1, defends in pass 2; B3, refused too, attacks again.
    r = one_pass(r, ("A2", "B4"), ("A4", "A5"), ("B3", "B5"), "B5", "A4")
    r = one_pass(r, ("A6", "B6"), ("A4", "A7"), ("B5", "B7"), "B7", "A7")
    assert games(r) == [
        ("A1", "B2", How.DEFENDER_A),
        ("A3", "B1", How.DEFENDER_B),
        ("A2", "B3", How.DEFENDER_A),
        ("A5", "B4", How.DEFENDER_B),
        ("A6", "B5", How.DEFENDER_A),
        ("A4", "B6", How.DEFENDER_B),
        ("A7", "B7", How.REFUSED),
        ("A8", "B8", How.LAST),
    ]
    assert [p.round for p in r.pairings] == [1, 1, 2, 2, 3, 3, 3, 3]


def test_a_refused_attacker_goes_back_to_the_pool_and_can_be_sent_again() -> None:
    r = start(side("A", 4), side("B", 4))
    r = act(r, A, Step.DEFENDER, "A1")
    r = act(r, B, Step.DEFENDER, "B1")
    r = act(r, A, Step.ATTACKERS, "A2", "A3")
    r = act(r, B, Step.ATTACKERS, "B2", "B3")
    r = act(r, A, Step.REFUSE, "B2")
    assert "B2" in r.pool_b  # not yet resolved: B's refusal is still to come
    r = act(r, B, Step.REFUSE, "A3")
    # 4 a side: after one pass two are left, the refused attacker and the one nobody picked.
    assert games(r) == [
        ("A1", "B3", How.DEFENDER_A),
        ("A2", "B1", How.DEFENDER_B),
        ("A3", "B2", How.REFUSED),
        ("A4", "B4", How.LAST),
    ]


def test_nothing_the_other_captain_picked_shows_before_both_picked() -> None:
    r = start(side("A", 3), side("B", 3))
    blind = visible_to(r, B)
    r = act(r, A, Step.DEFENDER, "A2")
    seen = visible_to(r, B)
    assert seen.other.defender is None and seen.other_has_picked
    # Apart from "the other captain has picked", B's view is what it was before A picked.
    assert seen.model_copy(update={"other_has_picked": False}) == blind
    assert visible_to(r, A).own.defender == "A2"
    r = act(r, B, Step.DEFENDER, "B3")
    assert visible_to(r, B).other.defender == "A2"  # revealed together
    assert visible_to(r, A).other.defender == "B3"
    r = act(r, B, Step.ATTACKERS, "B1", "B2")
    assert visible_to(r, A).other.attackers is None
    r = act(r, A, Step.ATTACKERS, "A1", "A3")
    assert visible_to(r, A).other.attackers == ("B1", "B2")
    r = act(r, A, Step.REFUSE, "B1")
    assert visible_to(r, B).other.refused is None and visible_to(r, B).other_has_picked


def test_a_pick_can_change_until_the_other_captain_picks() -> None:
    r = start(side("A", 3), side("B", 3))
    r = act(r, A, Step.DEFENDER, "A1")
    r = act(r, A, Step.DEFENDER, "A3")
    r = act(r, B, Step.DEFENDER, "B1")
    assert r.picks_a.defender == "A3" and r.step is Step.ATTACKERS
    with pytest.raises(RitualError, match="time to pick the attackers"):
        act(r, A, Step.DEFENDER, "A2")


@pytest.mark.parametrize(
    ("setup", "action", "message"),
    [
        ([], (A, Step.DEFENDER, "B1"), "B1 is not in your pool of unpaired players; pick from A1, A2 or A3"),
        ([], (A, Step.ATTACKERS, "A1", "A2"), "time to pick the defender"),
        ([], (A, Step.DEFENDER, "A1", "A2"), "Pick one player; you named 2"),
        (
            [(A, Step.DEFENDER, "A1"), (B, Step.DEFENDER, "B1")],
            (A, Step.ATTACKERS, "A1", "A2"),
            "A1 is your defender; send two of A2 or A3",
        ),
        (
            [(A, Step.DEFENDER, "A1"), (B, Step.DEFENDER, "B1")],
            (A, Step.ATTACKERS, "A2", "A2"),
            "Send two different attackers: A2 was named twice",
        ),
        (
            [(A, Step.DEFENDER, "A1"), (B, Step.DEFENDER, "B1")],
            (A, Step.ATTACKERS, "A2"),
            "Pick two different attackers; you named 1",
        ),
        (
            [
                (A, Step.DEFENDER, "A1"),
                (B, Step.DEFENDER, "B1"),
                (A, Step.ATTACKERS, "A2", "A3"),
                (B, Step.ATTACKERS, "B2", "B3"),
            ],
            (A, Step.REFUSE, "B1"),
            "Refuse one of the two attackers sent against your defender: B2 or B3",
        ),
    ],
)
def test_wrong_picks_say_what_to_pick(setup, action, message) -> None:
    r = start(side("A", 3), side("B", 3))
    for who, kind, *players in setup:
        r = act(r, who, kind, *players)
    who, kind, *players = action
    with pytest.raises(RitualError) as caught:
        act(r, who, kind, *players)
    assert message in str(caught.value)


def test_messages_use_names_and_a_finished_ritual_refuses_picks() -> None:
    r = start(["a1", "a2", "a3"], ["b1", "b2", "b3"], {"a1": "Ann", "a2": "Bo", "a3": "Cy", "b1": "Di"})
    with pytest.raises(RitualError, match=r"Di is not in your pool.*Ann, Bo or Cy"):
        act(r, A, Step.DEFENDER, "b1")
    r = one_pass(r, ("a1", "b1"), ("a2", "a3"), ("b2", "b3"), "b2", "a2")
    with pytest.raises(RuleError, match="complete"):
        act(r, A, Step.DEFENDER, "a1")


def test_sizes_outside_three_to_eight_and_uneven_sides_are_refused() -> None:
    with pytest.raises(RitualError, match="at least 3"):
        start(side("A", 2), side("B", 2))
    with pytest.raises(RitualError, match="at most 8"):
        start(side("A", 9), side("B", 9))
    with pytest.raises(RitualError, match="3 and 4"):
        start(side("A", 3), side("B", 4))
    with pytest.raises(RitualError, match="twice"):
        start(["x", "y", "z"], ["x", "v", "w"])


def test_reset_starts_over_with_the_same_rosters() -> None:
    r = one_pass(start(side("A", 5), side("B", 5)), ("A1", "B1"), ("A2", "A3"), ("B2", "B3"), "B2", "A3")
    fresh = reset(r)
    assert fresh == start(side("A", 5), side("B", 5))


@settings(max_examples=150, deadline=None)
@given(size=st.integers(3, 8), data=st.data())
def test_every_run_pairs_every_player_exactly_once_across_the_teams(size: int, data) -> None:
    r = start(side("A", size), side("B", size))
    steps = 0
    while not r.done:
        who = data.draw(st.sampled_from(r.waiting_for() + [s for s in Side]))
        options = legal_actions(r, who)
        assert options
        before = r
        r = apply(r, data.draw(st.sampled_from(options)))
        # What the other captain sees of a pick not yet revealed never changes.
        if r.step is before.step:
            assert visible_to(r, who.other).other == visible_to(before, who.other).other
        steps += 1
        assert steps < 200
    assert len(r.pairings) == size
    assert sorted(p.a for p in r.pairings) == side("A", size)
    assert sorted(p.b for p in r.pairings) == side("B", size)
    forced = [p.how for p in r.pairings if p.how in (How.REFUSED, How.LAST)]
    assert forced == ([How.REFUSED, How.LAST] if size % 2 == 0 else [How.REFUSED])
