"""The classified-objective selection state machine."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.errors import NotFoundError, RuleError
from rules.its.classified import (
    SEASON14_DRAW_SETUPS,
    CardSource,
    ClassifiedError,
    ClassifiedState,
    CmAccomplish,
    CmEndTurn,
    CmFinish,
    CmFirstPlayer,
    CmSwap,
    DeckUnavailableError,
    DeclareIntelcom,
    DrawMode,
    DrawSetup,
    DuplicateCardError,
    Keep,
    Phase,
    Record,
    SecureHvt,
    Step,
    UnknownCardError,
    build_pool,
    describe,
    draw_setup_for,
    new_draw,
    next_steps,
    parse_action,
    summary,
)
from rules.its.decks import Deck, DeckKind, load_decks_strict, normalize

GREEN = load_decks_strict()["its14-standard"]
RED = Deck.model_validate(
    {
        "id": "club-red",
        "name": "Club red deck",
        "season": "14",
        "kind": "extreme",
        "cards": [
            {"number": n, "name": name, "requirements": "x", "objective": "y", "sourced": False}
            for n, name in enumerate(
                ["Predator", "Sabotage", "HVT: Espionage", *(f"Red {n}" for n in range(4, 13))],
                start=1,
            )
        ],
    }
)


class ScriptedRng(random.Random):
    """A Random whose randint returns scripted values (for the INTELCOM roll)."""

    def __init__(self, rolls: list[int]) -> None:
        super().__init__(0)
        self.rolls = list(rolls)

    def randint(self, a: int, b: int) -> int:
        return self.rolls.pop(0)


def start(
    setup: DrawSetup | None = None,
    *,
    players: tuple[str, ...] = ("Ann", "Bo"),
    seed: int = 1,
    source: CardSource = CardSource.DEALT,
) -> ClassifiedState:
    return new_draw(
        setup or DrawSetup(),
        players=list(players),
        deck=GREEN,
        extreme_deck=RED,
        rng=random.Random(seed),
        source=source,
    )


def keep_first(state: ClassifiedState, rng: random.Random) -> ClassifiedState:
    """Keep the first card of every open pair, then decline INTELCOM and Secure HVT."""
    while not state.is_over():
        state = state.apply(state.legal_actions()[0], rng)
    return state


def roundtrip(state: ClassifiedState) -> ClassifiedState:
    back = ClassifiedState.model_validate_json(state.model_dump_json())
    assert back == state
    return back


# --- setup -------------------------------------------------------------------------------------


def test_setup_rejects_extreme_with_double_deck() -> None:
    with pytest.raises(ClassifiedError, match="can't be combined"):
        DrawSetup(extreme=True, double_deck=True)


def test_setup_rejects_intelcom_outside_normal_mode() -> None:
    with pytest.raises(ClassifiedError, match="INTELCOM"):
        DrawSetup(mode=DrawMode.HIGHLY_CLASSIFIED, intelcom=True)


def test_no_classified_objectives_means_nothing_to_draw() -> None:
    with pytest.raises(ClassifiedError, match="no Classified Objectives"):
        start(DrawSetup(classified_count=0))


def test_extreme_mode_without_a_red_deck_is_a_clear_error() -> None:
    with pytest.raises(DeckUnavailableError, match="kind: extreme"):
        new_draw(DrawSetup(extreme=True), players=["Ann"], deck=GREEN, rng=random.Random(1))
    with pytest.raises(DeckUnavailableError, match="Double Deck"):
        build_pool(DrawSetup(double_deck=True), GREEN, None)
    with pytest.raises(DeckUnavailableError, match="not an Extreme one"):
        build_pool(DrawSetup(extreme=True), GREEN, GREEN)


def test_pools() -> None:
    assert {c.kind for c in build_pool(DrawSetup(extreme=True), GREEN, RED)} == {DeckKind.EXTREME}
    assert len(build_pool(DrawSetup(double_deck=True), GREEN, RED)) == 32
    no_hvt = build_pool(DrawSetup(hvt_in_use=False), GREEN)
    assert not any(c.hvt for c in no_hvt)
    assert len(no_hvt) == 13


def test_too_small_a_deck_is_refused() -> None:
    with pytest.raises(ClassifiedError, match="too few"):
        new_draw(
            DrawSetup(classified_count=7, extreme=True),
            players=["Ann"],
            deck=None,
            extreme_deck=RED,
            rng=random.Random(1),
        )


def test_player_names_must_differ() -> None:
    with pytest.raises(ClassifiedError, match="different names"):
        start(players=("Ann", "ann"))
    with pytest.raises(ClassifiedError, match="one or two"):
        start(players=("A", "B", "C"))


# --- normal draws ------------------------------------------------------------------------------


def test_two_cards_per_objective_and_the_next_pair_only_after_a_choice() -> None:
    state = start(DrawSetup(classified_count=3), players=("Ann",))
    rng = random.Random(9)
    ann = state.players[0]
    assert len(ann.pair) == 2
    assert len(ann.library) == 18
    state = state.apply(Keep(player=0, card=ann.pair[1]), rng)
    ann2 = state.players[0]
    assert ann2.kept == [ann.pair[1]]
    assert ann2.discards == [ann.pair[0]]
    assert len(ann2.pair) == 2 and len(ann2.library) == 16
    assert state.phase is Phase.DRAWING
    assert ann.kept == []  # apply never edits the old state


def test_keep_accepts_a_name() -> None:
    state = start(players=("Ann",))
    name = state.card(state.players[0].pair[0]).name
    state = state.apply(Keep(player=0, card=name.lower()), random.Random(1))
    assert state.players[0].kept and state.selection_done


def test_keep_a_card_not_in_the_pair_names_the_pair() -> None:
    state = start(players=("Ann",))
    pair = [state.card(k).label for k in state.players[0].pair]
    other = next(c for c in state.pool if c.key not in state.players[0].pair)
    with pytest.raises(ClassifiedError, match=f"pick {pair[0]} or {pair[1]}"):
        state.apply(Keep(player=0, card=other.name), random.Random(1))


def test_keep_unknown_card() -> None:
    state = start(players=("Ann",))
    with pytest.raises(UnknownCardError, match="Did you mean Predator"):
        state.apply(Keep(player=0, card="Predatr"), random.Random(1))
    with pytest.raises(NotFoundError, match="give the card's name"):
        state.apply(Keep(player=0, card="3"), random.Random(1))


def test_keep_by_the_wrong_player_and_after_done() -> None:
    state = start()
    with pytest.raises(ClassifiedError, match="no player 3"):
        state.apply(Keep(player=2, card="x"), random.Random(1))
    state = state.apply(Keep(player=0, card=state.players[0].pair[0]), random.Random(1))
    with pytest.raises(ClassifiedError, match="already kept every classified objective"):
        state.apply(Keep(player=0, card="Predator"), random.Random(1))


def test_acting_when_over_raises() -> None:
    state = keep_first(start(), random.Random(2))
    assert state.is_over()
    assert state.legal_actions() == []
    with pytest.raises(ClassifiedError, match="settled"):
        state.apply(Keep(player=0, card="Predator"), random.Random(1))


def test_hvt_not_used_removes_hvt_cards_and_secure_hvt() -> None:
    state = start(DrawSetup(classified_count=4, hvt_in_use=False), seed=5)
    state = keep_first(state, random.Random(3))
    for i in range(2):
        assert not any(state.card(k).hvt for k in state.players[i].kept)
        assert state.players[i].secure_hvt_replaces is None
    with pytest.raises(UnknownCardError, match="HVT cards are taken out"):
        state.resolve("HVT: Inoculation")


def test_physical_mode_refuses_keep_and_dealt_mode_refuses_record() -> None:
    physical = start(source=CardSource.PHYSICAL)
    with pytest.raises(ClassifiedError, match="record"):
        physical.apply(Keep(player=0, card="Predator"), random.Random(1))
    with pytest.raises(ClassifiedError, match="keep"):
        start().apply(Record(player=0, cards=["Predator"]), random.Random(1))


# --- physical cards ----------------------------------------------------------------------------


def test_record_physical_cards() -> None:
    state = start(DrawSetup(classified_count=2), source=CardSource.PHYSICAL)
    rng = random.Random(1)
    assert state.record_request(0)[0] == 2
    with pytest.raises(ClassifiedError, match="exactly 2 kept classified cards"):
        state.apply(Record(player=0, cards=["Predator"]), rng)
    with pytest.raises(DuplicateCardError, match="listed twice"):
        state.apply(Record(player=0, cards=["Predator", "predator"]), rng)
    with pytest.raises(UnknownCardError, match="Did you mean"):
        state.apply(Record(player=0, cards=["Predator", "Sabotge"]), rng)
    state = state.apply(Record(player=0, cards=["Predator", "Sabotage"]), rng)
    assert [state.card(k).name for k in state.players[0].kept] == ["Predator", "Sabotage"]
    with pytest.raises(ClassifiedError, match="already recorded"):
        state.apply(Record(player=0, cards=["Mapping", "Capture"]), rng)
    state = state.apply(Record(player=1, cards=["Predator", "Capture"]), rng)  # own deck: may repeat
    assert state.phase is Phase.SECURE_HVT


def test_record_in_double_deck_needs_the_colour_for_shared_names() -> None:
    state = start(DrawSetup(double_deck=True), source=CardSource.PHYSICAL)
    with pytest.raises(UnknownCardError, match="say 'green Predator' or 'red Predator'"):
        state.apply(Record(player=0, cards=["Predator"]), random.Random(1))
    state = state.apply(Record(player=0, cards=["red 1"]), random.Random(1))
    assert state.card(state.players[0].kept[0]).kind is DeckKind.EXTREME
    state = state.apply(Record(player=1, cards=["green Predator"]), random.Random(1))
    assert state.card(state.players[1].kept[0]).kind is DeckKind.STANDARD


def test_highly_classified_physical() -> None:
    state = start(DrawSetup(mode=DrawMode.HIGHLY_CLASSIFIED), source=CardSource.PHYSICAL)
    rng = random.Random(1)
    assert state.players[0].step is Step.MAINS
    with pytest.raises(ClassifiedError, match="exactly 2 Main Classified Objectives"):
        state.apply(Record(player=0, cards=["Predator"]), rng)
    state = state.apply(Record(player=0, cards=["Predator", "Capture"]), rng)
    with pytest.raises(ClassifiedError, match="after both players have recorded"):
        state.apply(Record(player=0, cards=["Mapping"]), rng)
    with pytest.raises(DuplicateCardError, match="already a Main Classified Objective: discard it"):
        state.apply(Record(player=1, cards=["Predator", "Sabotage"]), rng)
    state = state.apply(Record(player=1, cards=["Mapping", "Sabotage"]), rng)
    assert [state.card(k).name for k in state.main] == ["Predator", "Capture", "Mapping", "Sabotage"]
    with pytest.raises(DuplicateCardError, match="can't be the Secondary"):
        state.apply(Record(player=1, cards=["Mapping"]), rng)
    state = state.apply(Record(player=0, cards=["Test Run"]), rng)
    state = state.apply(Record(player=1, cards=["HVT: Inoculation"]), rng)
    assert state.phase is Phase.SECURE_HVT
    assert state.secure_hvt_options(1) == state.players[1].kept


# --- Highly Classified dealt -------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(25))
def test_highly_classified_mains_are_four_different_cards(seed: int) -> None:
    state = start(DrawSetup(mode=DrawMode.HIGHLY_CLASSIFIED, double_deck=True), seed=seed)
    names = [normalize(state.card(k).name) for k in state.main]
    assert len(names) == 4 and len(set(names)) == 4
    assert [len(p.mains) for p in state.players] == [2, 2]
    for p in state.players:
        assert len(p.pair) == 2
        assert not {normalize(state.card(k).name) for k in p.pair} & set(names)


def test_single_player_highly_classified_draws_all_four_mains() -> None:
    state = start(DrawSetup(mode=DrawMode.HIGHLY_CLASSIFIED), players=("Ann",))
    assert len(state.players[0].mains) == 4


def test_high_difficulty_secondary_is_one_card_without_choice() -> None:
    state = start(DrawSetup(mode=DrawMode.HIGH_DIFFICULTY), seed=4)
    assert all(len(p.kept) == 1 and not p.pair for p in state.players)
    assert state.phase is Phase.SECURE_HVT
    assert not any(isinstance(a, Keep) for a in state.legal_actions())


def test_secure_hvt_in_highly_classified_only_replaces_the_secondary() -> None:
    state = keep_first(start(DrawSetup(mode=DrawMode.HIGHLY_CLASSIFIED)), random.Random(1))
    state = start(DrawSetup(mode=DrawMode.HIGHLY_CLASSIFIED))
    rng = random.Random(1)
    for i in range(2):
        state = state.apply(Keep(player=i, card=state.players[i].pair[0]), rng)
    with pytest.raises(ClassifiedError, match="not one of your options"):
        state.apply(SecureHvt(player=0, replace=state.main[0]), rng)
    state = state.apply(SecureHvt(player=0, replace=state.players[0].kept[0]), rng)
    assert state.objectives(0) == []


# --- INTELCOM ----------------------------------------------------------------------------------


def intelcom_ready(rolls: list[int]) -> ClassifiedState:
    state = start(DrawSetup(classified_count=1, intelcom=True))
    rng = ScriptedRng(rolls)
    for i in range(2):
        state = state.apply(Keep(player=i, card=state.players[i].pair[0]), rng)
    return state


def test_intelcom_roll_decides_who_declares_first_and_ties_reroll() -> None:
    state = intelcom_ready([7, 7, 3, 15])
    assert state.phase is Phase.INTELCOM
    assert state.players[0].intelcom_roll == [7, 3] and state.players[1].intelcom_roll == [7, 15]
    assert state.intelcom_order == [1, 0]
    assert state.legal_actions() == [
        DeclareIntelcom(player=1, use=False),
        DeclareIntelcom(player=1, use=True),
    ]
    with pytest.raises(ClassifiedError, match="Bo won the roll and declares first"):
        state.apply(DeclareIntelcom(player=0, use=True), random.Random(1))
    state = state.apply(DeclareIntelcom(player=1, use=True), random.Random(1))
    with pytest.raises(ClassifiedError, match="already declared"):
        state.apply(DeclareIntelcom(player=1, use=False), random.Random(1))
    state = state.apply(DeclareIntelcom(player=0, use=False), random.Random(1))
    assert state.phase is Phase.SECURE_HVT
    # Bo's only card is his INTELCOM card: nothing for Secure HVT to replace, so he is done.
    assert state.players[1].secure_hvt_decided
    assert state.objectives(1) == []
    assert state.objectives(0) == state.players[0].kept


def test_intelcom_card_cannot_become_secure_hvt() -> None:
    state = start(DrawSetup(classified_count=4, intelcom=True), players=("Ann",))
    rng = random.Random(2)
    state = state.apply(Keep(player=0, card=state.players[0].pair[0]), rng)
    assert state.phase is Phase.INTELCOM
    assert state.intelcom_order == [0] and state.players[0].intelcom_roll == []
    state = state.apply(DeclareIntelcom(player=0, use=True), rng)
    while state.phase is Phase.DRAWING:
        state = state.apply(Keep(player=0, card=state.players[0].pair[0]), rng)
    first = state.players[0].kept[0]
    with pytest.raises(ClassifiedError, match="INTELCOM Card can't be swapped"):
        state.apply(SecureHvt(player=0, replace=first), rng)
    assert first not in state.secure_hvt_options(0)
    state = state.apply(SecureHvt(player=0, replace=state.players[0].kept[2]), rng)
    assert state.is_over()
    assert len(state.objectives(0)) == 2


def test_intelcom_decisions_stay_private_in_the_public_summary() -> None:
    state = intelcom_ready([12, 4])
    public = summary(state)
    assert all(p.kept == [] and p.pair == [] for p in public.players)
    assert public.intelcom_rolls == [[12], [4]]
    assert "Ann: say whether" in describe(state)
    mine = summary(state, viewer=0)
    assert len(mine.players[0].kept) == 1 and mine.players[1].kept == []


# --- Secure HVT --------------------------------------------------------------------------------


def test_secure_hvt_choice_and_decline() -> None:
    state = start(DrawSetup(classified_count=2))
    rng = random.Random(1)
    while state.phase is Phase.DRAWING:
        state = state.apply(state.legal_actions()[0], rng)
    assert state.selection_done and not state.is_over()
    kept = state.players[0].kept
    with pytest.raises(UnknownCardError):
        state.apply(SecureHvt(player=0, replace="no such card"), rng)
    state = state.apply(SecureHvt(player=0, replace=state.card(kept[1]).name), rng)
    assert state.players[0].secure_hvt_replaces == kept[1]
    with pytest.raises(ClassifiedError, match="already made their Secure HVT choice"):
        state.apply(SecureHvt(player=0, replace=None), rng)
    state = state.apply(SecureHvt(player=1, replace=None), rng)
    assert state.is_over()
    assert state.objectives(1) == state.players[1].kept


def test_secure_hvt_switched_off_ends_right_after_the_draw() -> None:
    state = keep_first(start(DrawSetup(secure_hvt=False)), random.Random(1))
    assert state.is_over()


# --- Countermeasures ---------------------------------------------------------------------------


def test_countermeasures_tracker() -> None:
    state = start(DrawSetup(mode=DrawMode.COUNTERMEASURES), seed=3)
    rng = random.Random(4)
    assert state.phase is Phase.COUNTERMEASURES and len(state.current) == 3
    assert not state.setup.secure_hvt_offered
    first = state.current[0]
    state = state.apply(CmSwap(player=0, card=first), rng)
    assert first in state.shared_discards and len(state.current) == 3
    with pytest.raises(ClassifiedError, match="already swapped"):
        state.apply(CmSwap(player=0, card=state.current[0]), rng)
    target = state.current[1]
    state = state.apply(CmAccomplish(players=[0, 1], card=target), rng)
    assert state.players[0].kept == [target] == state.players[1].kept
    assert len(state.current) == 2
    with pytest.raises(ClassifiedError, match="not one of your options"):
        state.apply(CmAccomplish(players=[0], card=target), rng)
    with pytest.raises(DuplicateCardError):
        state.apply(CmAccomplish(players=[0, 0], card=state.current[0]), rng)
    state = state.apply(CmEndTurn(), rng)
    assert len(state.current) == 3 and state.swapped == [False, False]
    assert summary(state).players[0].kept  # open information
    state = state.apply(CmFinish(), rng)
    assert state.is_over()


def test_countermeasures_reshuffles_the_discards() -> None:
    state = start(DrawSetup(mode=DrawMode.COUNTERMEASURES, extreme=True), players=("Ann",))
    rng = random.Random(2)
    for _ in range(10):
        state = state.apply(CmSwap(player=0, card=state.current[0]), rng)
        state = state.apply(CmEndTurn(), rng)
    assert len(state.current) == 3
    assert len(state.shared_library) + len(state.shared_discards) + 3 == len(state.pool)


def test_countermeasures_actions_outside_countermeasures() -> None:
    with pytest.raises(ClassifiedError, match="can't use Countermeasures actions now"):
        start().apply(CmEndTurn(), random.Random(1))
    with pytest.raises(ClassifiedError, match="deals the cards"):
        start(DrawSetup(mode=DrawMode.COUNTERMEASURES), source=CardSource.PHYSICAL)


# --- presentation and storage ------------------------------------------------------------------


def test_describe_shows_the_pair_only_to_its_owner() -> None:
    state = start()
    label = state.card(state.players[0].pair[0]).label
    assert label in describe(state, viewer=0)
    assert "choose from" not in describe(state)
    assert "Next: Ann: keep one of the two cards" in describe(state)


def test_actions_roundtrip_as_json() -> None:
    for action in [
        Keep(player=0, card="x"),
        Record(player=1, cards=[3, "Predator"]),
        DeclareIntelcom(player=0, use=True),
        SecureHvt(player=0),
        CmSwap(player=0, card="x"),
        CmAccomplish(players=[0, 1], card="x"),
        CmEndTurn(),
        CmFinish(),
    ]:
        assert parse_action(action.model_dump_json()) == action
        assert parse_action(action.model_dump()) == action


# --- properties --------------------------------------------------------------------------------

SETUPS = st.one_of(
    st.builds(
        DrawSetup,
        classified_count=st.integers(1, 4),
        intelcom=st.booleans(),
        hvt_in_use=st.booleans(),
        secure_hvt=st.booleans(),
        extreme=st.booleans(),
    ),
    st.builds(
        DrawSetup,
        classified_count=st.integers(1, 4),
        intelcom=st.booleans(),
        hvt_in_use=st.booleans(),
        double_deck=st.just(True),
    ),
    st.builds(
        DrawSetup,
        classified_count=st.just(1),
        mode=st.sampled_from([DrawMode.HIGHLY_CLASSIFIED, DrawMode.HIGH_DIFFICULTY]),
        hvt_in_use=st.booleans(),
        double_deck=st.booleans(),
    ),
)

JUNK_CARDS = st.one_of(
    st.text(max_size=12),
    st.sampled_from([c.key for c in build_pool(DrawSetup(double_deck=True), GREEN, RED)]),
    st.sampled_from(["Predator", "red 1", "green 3", "#2", "HVT", "0", "-1"]),
)
JUNK_ACTIONS = st.one_of(
    st.builds(Keep, player=st.integers(-2, 3), card=JUNK_CARDS),
    st.builds(Record, player=st.integers(-2, 3), cards=st.lists(JUNK_CARDS, max_size=5)),
    st.builds(DeclareIntelcom, player=st.integers(-2, 3), use=st.booleans()),
    st.builds(SecureHvt, player=st.integers(-2, 3), replace=st.none() | JUNK_CARDS),
    st.builds(CmSwap, player=st.integers(-2, 3), card=JUNK_CARDS),
    st.builds(CmAccomplish, players=st.lists(st.integers(-2, 3), min_size=1, max_size=2), card=JUNK_CARDS),
    st.builds(CmEndTurn, player=st.none() | st.integers(-2, 3)),
    st.builds(CmFirstPlayer, player=st.integers(-2, 3)),
    st.builds(CmFinish),
)


def _check_final(state: ClassifiedState) -> None:
    setup = state.setup
    for i, p in enumerate(state.players):
        assert len(p.kept) == setup.classified_count
        assert len(set(p.kept)) == len(p.kept)
        if not setup.hvt_in_use:
            assert not any(state.card(k).hvt for k in p.kept)
        if setup.extreme:
            assert all(state.card(k).kind is DeckKind.EXTREME for k in p.kept)
        if setup.highly_classified:
            main_names = {normalize(state.card(k).name) for k in state.main}
            assert len(main_names) == 4
            assert not {normalize(state.card(k).name) for k in p.kept} & main_names
        if p.intelcom:
            assert p.secure_hvt_replaces != p.kept[0]
        if p.secure_hvt_replaces is not None:
            assert setup.secure_hvt_offered and p.secure_hvt_replaces in p.kept
        assert len(state.objectives(i)) <= len(p.kept)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setup=SETUPS, players=st.integers(1, 2), seed=st.integers(0, 10_000), data=st.data())
def test_any_legal_sequence_ends_with_the_right_cards(
    setup: DrawSetup, players: int, seed: int, data: st.DataObject
) -> None:
    state = new_draw(
        setup, players=["Ann", "Bo"][:players], deck=GREEN, extreme_deck=RED, rng=random.Random(seed)
    )
    rng = random.Random(seed + 1)
    for _ in range(60):
        state = roundtrip(state)
        if state.is_over():
            break
        junk = data.draw(JUNK_ACTIONS)
        try:
            state = state.apply(junk, rng)
        except RuleError as exc:
            assert str(exc)  # every refusal explains itself
        if state.is_over():
            break
        actions = state.legal_actions()
        assert actions, state.phase
        state = state.apply(data.draw(st.sampled_from(actions)), rng)
    assert state.is_over()
    _check_final(roundtrip(state))


@settings(max_examples=100, deadline=None)
@given(setup=SETUPS, seed=st.integers(0, 10_000), data=st.data())
def test_physical_records_end_with_the_right_cards(setup: DrawSetup, seed: int, data: st.DataObject) -> None:
    state = new_draw(
        setup,
        players=["Ann", "Bo"],
        deck=GREEN,
        extreme_deck=RED,
        rng=random.Random(seed),
        source=CardSource.PHYSICAL,
    )
    rng = random.Random(seed)
    for _ in range(40):
        state = roundtrip(state)
        if state.phase is Phase.INTELCOM:
            state = state.apply(data.draw(st.sampled_from(state.legal_actions())), rng)
            continue
        if state.phase is not Phase.DRAWING:
            break
        for idle in (i for i in range(2) if state.record_request(i)[0] == 0):
            with pytest.raises(RuleError):
                state.apply(Record(player=idle, cards=["Predator"]), rng)
        pending = [i for i in range(2) if state.record_request(i)[0] > 0]
        assert pending, "drawing, yet nobody has anything to record"
        i = data.draw(st.sampled_from(pending))
        count, allowed = state.record_request(i)
        by_name: dict[str, str] = {}
        for key in allowed:
            by_name.setdefault(normalize(state.card(key).name), key)
        picks = data.draw(
            st.lists(st.sampled_from(sorted(by_name.values())), min_size=count, max_size=count, unique=True)
        )
        state = state.apply(Record(player=i, cards=picks), rng)
    while not state.is_over():
        state = state.apply(data.draw(st.sampled_from(state.legal_actions())), rng)
    _check_final(roundtrip(state))


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10_000), extreme=st.booleans(), data=st.data())
def test_countermeasures_never_loses_a_card(seed: int, extreme: bool, data: st.DataObject) -> None:
    state = new_draw(
        DrawSetup(mode=DrawMode.COUNTERMEASURES, extreme=extreme),
        players=["Ann", "Bo"],
        deck=GREEN,
        extreme_deck=RED,
        rng=random.Random(seed),
    )
    rng = random.Random(seed)
    for _ in range(40):
        state = roundtrip(state)
        actions = [a for a in state.legal_actions() if not isinstance(a, CmFinish)]
        if not actions:
            break
        state = state.apply(data.draw(st.sampled_from(actions)), rng)
        accomplished = {k for p in state.players for k in p.kept}
        in_play = state.current + state.shared_library + state.shared_discards
        assert len(in_play) == len(set(in_play))
        assert set(in_play) | accomplished == {c.key for c in state.pool}
        assert len(state.current) <= 3


# --- Season 14 scenario table ------------------------------------------------------------------


def test_draw_setup_for_scenarios() -> None:
    assert draw_setup_for("frontline") == DrawSetup(classified_count=4, intelcom=True)
    assert not draw_setup_for("panic-room").hvt_in_use
    assert draw_setup_for("countermeasures", extreme=True).extreme
    assert draw_setup_for("acquisition", double_deck=True).double_deck
    with pytest.raises(ClassifiedError, match="no Classified Deck draw"):
        draw_setup_for("annihilation")
    with pytest.raises(ClassifiedError, match="no High Difficulty Mode"):
        draw_setup_for("frontline", high_difficulty=True)
    with pytest.raises(ClassifiedError, match="can't be combined"):
        draw_setup_for("highly-classified", extreme=True, double_deck=True)


@pytest.mark.parametrize("scenario_id", sorted(SEASON14_DRAW_SETUPS))
def test_every_scenario_setup_can_be_drawn_to_the_end(scenario_id: str) -> None:
    state = new_draw(draw_setup_for(scenario_id), players=["Ann", "Bo"], deck=GREEN, rng=random.Random(7))
    rng = random.Random(8)
    for _ in range(30):
        if state.is_over():
            break
        state = state.apply(state.legal_actions()[-1], rng)
    if state.setup.mode is not DrawMode.COUNTERMEASURES:
        assert state.is_over()
        _check_final(state)


SCENARIO_DIR = Path(__file__).resolve().parents[3] / "data" / "its" / "scenarios"


@pytest.mark.skipif(not SCENARIO_DIR.is_dir(), reason="scenario files not present")
def test_table_agrees_with_the_scenario_files() -> None:
    """Read the scenario YAML directly, so this module stays independent of the scenario schema."""
    for path in sorted(SCENARIO_DIR.glob("*.yaml")):
        raw = yaml.safe_load(path.read_text(encoding="utf-8"))
        uses = raw.get("uses", {})
        in_table = raw["id"] in SEASON14_DRAW_SETUPS
        assert in_table == bool(uses.get("classified_deck")), raw["id"]
        if not in_table:
            continue
        setup = SEASON14_DRAW_SETUPS[raw["id"]]
        assert setup.hvt_in_use == bool(uses.get("hvt")), raw["id"]
        counts = {
            o.get("role", "standard"): o.get("max_count")
            for o in raw["objectives"]
            if o["kind"] == "classified"
        }
        if "standard" in counts:
            assert setup.classified_count == counts["standard"], raw["id"]
        if "secondary" in counts:
            assert setup.highly_classified and setup.classified_count == counts["secondary"]


def test_missing_red_deck_error_starts_with_a_capital() -> None:
    deck = load_decks_strict()["its14-standard"]
    with pytest.raises(DeckUnavailableError, match=r"^The Double Deck extra needs"):
        build_pool(DrawSetup(double_deck=True), deck, None)


def test_a_waiting_player_holds_the_draw_until_they_join() -> None:
    deck = load_decks_strict()["its14-standard"]
    setup = draw_setup_for("highly-classified", high_difficulty=True)
    state = new_draw(setup, players=["Ann", "?"], deck=deck, rng=random.Random(4), waiting=[1])
    assert state.phase is Phase.DRAWING and all(p.step is Step.DONE for p in state.players)
    joined = state.join(1, "Bo", random.Random(4))
    assert joined.players[1].name == "Bo" and joined.waiting == [] and joined.phase is not Phase.DRAWING


# --- second new-user round: INTELCOM order, one swap per Player Turn ---------------------------


def test_frontline_intelcom_is_declared_right_after_the_first_kept_card() -> None:
    """The seed's Frontline rule: the INTELCOM decision comes after the FIRST Classified
    Objective is chosen, before any further pair is dealt."""
    state = start(draw_setup_for("frontline"))
    rng = ScriptedRng([9, 4])
    state = state.apply(Keep(player=0, card=state.players[0].pair[0]), rng)
    # Ann waits: no second pair until both players have declared.
    assert state.phase is Phase.DRAWING and state.players[0].pair == []
    assert len(state.players[0].kept) == 1
    assert any("wait for the INTELCOM roll-off" in s for s in next_steps(state))
    assert all(a.player == 1 for a in state.legal_actions())
    state = state.apply(Keep(player=1, card=state.players[1].pair[0]), rng)
    assert state.phase is Phase.INTELCOM and state.intelcom_order == [0, 1]
    assert [len(p.pair) for p in state.players] == [0, 0]
    with pytest.raises(ClassifiedError, match="can't keep a card now"):
        state.apply(Keep(player=0, card="1"), rng)
    state = state.apply(DeclareIntelcom(player=0, use=True), rng)
    assert state.phase is Phase.INTELCOM
    state = state.apply(DeclareIntelcom(player=1, use=False), rng)
    # Declarations made: back to drawing, each player now gets their second pair.
    assert state.phase is Phase.DRAWING
    assert [len(p.pair) for p in state.players] == [2, 2]
    first = state.players[0].kept[0]
    while state.phase is Phase.DRAWING:
        state = state.apply(state.legal_actions()[0], rng)
    assert state.phase is Phase.SECURE_HVT
    assert state.players[0].kept[0] == first and len(state.players[0].kept) == 4
    assert state.objectives(0) == state.players[0].kept[1:]


def test_physical_intelcom_records_the_first_card_alone() -> None:
    state = start(draw_setup_for("frontline"), source=CardSource.PHYSICAL)
    rng = ScriptedRng([3, 8])
    names = [c.key for c in state.pool][:4]
    assert state.record_request(0)[0] == 1
    assert "record it now" in next_steps(state)[0]
    with pytest.raises(ClassifiedError, match="exactly 1"):
        state.apply(Record(player=0, cards=names[:2]), rng)
    state = state.apply(Record(player=0, cards=names[:1]), rng)
    assert state.record_request(0)[0] == 0
    with pytest.raises(ClassifiedError):
        state.apply(Record(player=0, cards=names[1:2]), rng)
    state = state.apply(Record(player=1, cards=names[:1]), rng)
    assert state.phase is Phase.INTELCOM and state.intelcom_order == [1, 0]
    state = state.apply(DeclareIntelcom(player=1, use=False), rng)
    state = state.apply(DeclareIntelcom(player=0, use=False), rng)
    assert state.phase is Phase.DRAWING and state.record_request(0)[0] == 3
    assert "record the 3 cards you kept" in next_steps(state)[0]
    state = state.apply(Record(player=0, cards=names[1:]), rng)
    state = state.apply(Record(player=1, cards=names[1:]), rng)
    assert state.phase is Phase.SECURE_HVT


def test_physical_single_card_wording() -> None:
    state = start(DrawSetup(classified_count=1), source=CardSource.PHYSICAL)
    assert next_steps(state)[0] == "Ann: draw two cards and keep one; record the card you kept."


def test_countermeasures_one_swap_per_player_turn_by_its_player() -> None:
    """The seed gives the swap to the player whose turn it is, in their Tactical Phase: one a turn."""
    state = start(DrawSetup(mode=DrawMode.COUNTERMEASURES), seed=3)
    rng = random.Random(4)
    state = state.apply(CmSwap(player=0, card=state.current[0]), rng)
    assert state.turn_player == 0
    with pytest.raises(ClassifiedError, match=r"Ann already swapped .* in this Player Turn"):
        state.apply(CmSwap(player=1, card=state.current[0]), rng)
    assert not any(isinstance(a, CmSwap) for a in state.legal_actions())
    state = state.apply(CmEndTurn(), rng)
    # Bo's Player Turn now: Ann may not swap in it.
    assert state.turn_player == 1
    with pytest.raises(ClassifiedError, match="It is Bo's Player Turn"):
        state.apply(CmSwap(player=0, card=state.current[0]), rng)
    assert {a.player for a in state.legal_actions() if isinstance(a, CmSwap)} == {1}
    state = state.apply(CmSwap(player=1, card=state.current[0]), rng)
    state = state.apply(CmEndTurn(), rng)
    assert state.turn_player == 0
    # A turn without a swap still passes the turn on.
    state = state.apply(CmEndTurn(), rng)
    state = state.apply(CmSwap(player=1, card=state.current[0]), rng)
    assert roundtrip(state).turn_player == 1


def test_a_card_named_like_a_deck_word_resolves_by_its_name() -> None:
    state = start()
    named = next((c for c in state.pool if normalize(c.name).startswith("extreme")), None)
    if named is not None:
        assert state.resolve(named.name) == named.key
