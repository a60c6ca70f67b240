"""The Boss Fight table without Discord: seats, and a party's concession by votes."""

from __future__ import annotations

import random

import pytest

from rules.boss_fight import Sacrifice, apply
from rules.boss_fight.table import Table, conceding, join, place, start
from rules.errors import RuleError


def test_one_player_cannot_play_both_sides_and_the_boss_has_one_player() -> None:
    table, _ = join(Table(host=1), 1, "boss", "bone")
    with pytest.raises(RuleError, match="cannot play both sides"):
        join(table, 1, "hero", "vex_the_knife")
    with pytest.raises(RuleError, match="already plays the boss"):
        join(table, 2, "boss", "gazer")


def _started() -> Table:
    rng = random.Random(4)
    table, _ = join(Table(host=1), 1, "boss", "bone")
    table, _ = join(table, 2, "hero", "mira_the_warden")
    table, _ = join(table, 3, "hero", "vex_the_knife")
    for user, tile in ((1, "F6"), (2, "A1"), (3, "B1")):
        table, _ = place(table, user, tile, 0, rng)
    table, _ = start(table, 2, rng)
    return table


def test_the_party_concedes_when_every_hero_player_agrees_and_an_action_cancels_the_votes() -> None:
    table = conceding(_started(), 2, answering=False)
    assert table.conceded is None and table.concede_votes == [2]
    fight = table.fight
    assert fight is not None and fight.current is not None
    moved = table.model_copy(
        update={"fight": apply(fight, Sacrifice(card=fight.current.piles.hand[0]), random.Random(1)).state}
    )
    with pytest.raises(RuleError, match="moved on"):
        conceding(moved, 3, answering=True)  # bob's vote lapsed with the action
    assert conceding(table, 3, answering=True).conceded == "heroes"
    assert conceding(_started(), 1, answering=False).conceded == "boss"
