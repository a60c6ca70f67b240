"""What the bench's /bf play cases time (issue 38, item 28): one play per timed call, never the
next game's set-up, and a cold case whose board caches are empty."""

from __future__ import annotations

from bot.offline import OfflineDriver
from cogs.boss_fight.game import KIND, BFGame
from renderers import hex_board
from rules.boss_fight import sight
from rules.boss_fight.state import Outcome, Phase
from tests.bench.cases_boss_fight_cog import CASES, _fight, _setup_table


def _counting(driver: OfflineDriver) -> list[int]:
    """Counts the interactions the driver sends from now on."""
    sent: list[int] = []
    dispatch = driver._dispatch

    async def counted(*args, **kwargs):  # type: ignore[no-untyped-def]
        sent.append(1)
        return await dispatch(*args, **kwargs)

    driver._dispatch = counted  # type: ignore[method-assign]
    return sent


async def _end(driver: OfflineDriver, channel) -> None:  # type: ignore[no-untyped-def]
    async with driver.bot.games.update(
        channel.id, BFGame, kind=KIND.key, actor_id=driver.user("alice").id, action="test"
    ) as handle:
        fight = handle.state.fight.model_copy(update={"phase": Phase.OVER, "outcome": Outcome.BOSS})
        handle.state = handle.state.model_copy(update={"fight": fight})
        handle.summary = "ended for the test"


async def test_a_timed_play_is_one_command_even_after_a_game_ends(driver: OfflineDriver) -> None:
    play = next(c for c in CASES if c.name.startswith("/bf play (an action"))
    table = await _setup_table(driver)
    await _end(driver, table.channel)
    ended = table.channel
    assert play.prepare is not None
    await play.prepare(driver, table)  # untimed: the next game
    assert table.channel != ended and not (await _fight(driver, table.channel)).is_over()
    sent = _counting(driver)
    reply = await play.run(driver, table)
    assert len(sent) == 1 and not reply.message.ephemeral


async def test_the_cold_case_starts_a_fresh_game_with_empty_board_caches(driver: OfflineDriver) -> None:
    cold = next(c for c in CASES if "cold" in c.name)
    table = await _setup_table(driver)
    await play_once(driver, table)
    before = table.channel
    assert cold.prepare is not None
    await cold.prepare(driver, table)
    assert table.channel != before
    assert hex_board._base_layer.cache_info().currsize == 0
    assert sight.sightlines.cache_info().currsize == 0 and sight._sees.cache_info().currsize == 0
    fight = await _fight(driver, table.channel)
    assert fight.round == 1 and fight.actions_left == 2  # the game's very first action comes next
    sent = _counting(driver)
    await cold.run(driver, table)
    assert len(sent) == 1


async def play_once(driver: OfflineDriver, table) -> None:  # type: ignore[no-untyped-def]
    await table.act()


def test_the_spanish_standings_case_draws_spanish_pictures() -> None:
    """Issue 41, item 7: the bench's Spanish standings case times Spanish pictures, not English."""
    from renderers.canvas import recording
    from tests.bench.cases_tournament import CASES as TOURNAMENT
    from tests.bench.cases_tournament import standings_64_spanish

    case = next(c for c in TOURNAMENT if c.name.endswith("Spanish"))
    assert case.make is standings_64_spanish
    with recording() as drawn:
        data = case.make()
    assert data.count(b"\x89PNG") == 2
    assert any(text.startswith("Clasificación tras la ronda 4 de 5") for text in drawn)
    assert "Jugador" in drawn and "Player" not in drawn
