"""Characters that str.isdigit() accepts but int() refuses ("²") are refused with a RuleError."""

from __future__ import annotations

import random

import pytest

from rules.errors import RuleError
from rules.its.classified import CardSource, DrawSetup, Record, new_draw
from rules.its.content import load_scenarios
from rules.its.decks import find_card, load_decks
from rules.its.scoring import SheetSide, apply_entry

DECK = load_decks().decks["its14-standard"]


@pytest.mark.parametrize("text", ["²", "½", "①"])
def test_score_entry(text: str) -> None:
    with pytest.raises(RuleError, match="whole number"):
        apply_entry(load_scenarios().get("acquisition"), 300, SheetSide(), "antennas_activated", text)


def test_score_entry_accepts_other_decimal_digits() -> None:
    side = apply_entry(load_scenarios().get("acquisition"), 300, SheetSide(), "antennas_activated", "٢")
    assert side.values == {"antennas_activated": 2}


def test_card_reference() -> None:
    assert find_card(DECK.cards, "²") is None
    state = new_draw(
        DrawSetup(classified_count=1),
        players=["Ann"],
        deck=DECK,
        rng=random.Random(1),
        source=CardSource.PHYSICAL,
    )
    with pytest.raises(RuleError):
        state.apply(Record(player=0, cards=["²"]), random.Random(1))
