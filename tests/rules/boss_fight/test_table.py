"""The Boss Fight table without Discord: seats, and a party's concession by votes."""

from __future__ import annotations

import random

import pytest

from rules.boss_fight import Sacrifice, apply
from rules.boss_fight.state import Outcome
from rules.boss_fight.table import (
    Table,
    conceding,
    draw_players,
    hero_players,
    join,
    offering_draw,
    place,
    start,
    withdraw,
)
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


def test_a_draw_needs_both_sides_and_ends_the_fight_as_a_draw() -> None:
    table = _started()
    table, lines = offering_draw(table, 2)
    assert table.fight is not None and not table.fight.is_over()
    said = str(lines[0])
    assert "<@2> offers to end the fight as a draw" in said and "<@1>" in said and "<@3>" in said
    with pytest.raises(RuleError, match="already agreed"):
        offering_draw(table, 2)
    table, _ = offering_draw(table, 3, answering=True)
    assert not table.fight.is_over(), "the boss player has not agreed yet"
    table, lines = offering_draw(table, 1, answering=True)
    assert table.fight.is_over() and table.fight.outcome is Outcome.DRAW
    assert list(map(str, lines)) == ["Both sides agree to end the fight: a draw."]
    with pytest.raises(RuleError, match="already over"):
        offering_draw(table, 2)


def test_an_action_declines_the_draw_and_outsiders_cannot_offer_one() -> None:
    table, _ = offering_draw(_started(), 1)
    fight = table.fight
    assert fight is not None and fight.current is not None
    moved = table.model_copy(
        update={"fight": apply(fight, Sacrifice(card=fight.current.piles.hand[0]), random.Random(1)).state}
    )
    with pytest.raises(RuleError, match="moved on"):
        offering_draw(moved, 2, answering=True)
    with pytest.raises(RuleError, match="Only a player"):
        offering_draw(table, 99)
    lobby, _ = join(Table(host=1), 1, "boss", "bone")
    with pytest.raises(RuleError, match="not started"):
        offering_draw(lobby, 1)


def test_a_fallen_hero_s_player_is_not_asked() -> None:
    table = _started()
    assert table.fight is not None
    table.fight.character("vex").dead = True
    assert draw_players(table) == [1, 2]


def test_a_hero_player_withdraws_their_hero_and_the_others_fight_on() -> None:
    table = _started()
    with pytest.raises(RuleError, match="concede"):
        withdraw(table, 1, random.Random(1))
    with pytest.raises(RuleError, match="no hero"):
        withdraw(table, 99, random.Random(1))
    table, lines = withdraw(table, 3, random.Random(1))
    assert table.fight is not None and not table.fight.is_over()
    assert table.fight.character("vex").withdrawn and any("Vex withdraws" in str(line) for line in lines)
    assert hero_players(table) == [2], "a concession or a draw no longer waits for the player who left"
    with pytest.raises(RuleError, match="already out"):
        withdraw(table, 3, random.Random(1))
    table, lines = withdraw(table, 2, random.Random(1), "Mira Vale")
    assert table.fight.is_over() and table.fight.outcome is Outcome.BOSS
