"""/bf draw (both sides agree to end a stalled fight) and /bf withdraw (a hero player leaves)."""

from __future__ import annotations

from bot.offline import OfflineDriver
from tests.cogs.test_boss_fight_game import public, shows_board, stored
from tests.cogs.test_boss_fight_try import lobby_placed


async def test_a_draw_needs_the_boss_player_and_every_hero_player(driver: OfflineDriver) -> None:
    await lobby_placed(driver)
    early = (await driver.command("/bf draw", user="bob")).message
    assert early.ephemeral and "has not started" in early.text
    await driver.command("/bf start", user="bob")
    asked = public(await driver.command("/bf draw", user="bob"))
    assert "offers to end the fight as a draw" in asked.text
    assert asked.pings == {driver.user("alice").id, driver.user("carol").id}
    outsider = (await driver.press(asked, "Agree to a draw", user="dave")).message
    assert outsider.ephemeral and "Only a player" in outsider.text
    twice = (await driver.press(asked, "Agree to a draw", user="bob")).message
    assert twice.ephemeral and "already agreed" in twice.text
    public(await driver.press(asked, "Agree to a draw", user="carol"))
    fight = (await stored(driver)).fight
    assert fight is not None and not fight.is_over()
    done = public(await driver.command("/bf draw", user="alice"))
    assert "Both sides agree to end the fight: a draw." in done.text and "/bf end" in done.text
    shows_board(done)
    fight = (await stored(driver)).fight
    assert fight is not None and fight.is_over()
    assert fight.outcome is not None and fight.outcome.value == "draw"
    closed = public(await driver.command("/bf end", user="dave"))
    assert "closed" in closed.text


async def test_a_hero_player_withdraws_and_the_fight_goes_on(driver: OfflineDriver) -> None:
    await lobby_placed(driver)
    await driver.command("/bf start", user="bob")
    boss = (await driver.command("/bf withdraw", user="alice")).message
    assert boss.ephemeral and "/bf concede" in boss.text
    gone = public(await driver.command("/bf withdraw", user="carol"))
    assert "Kestrel withdraws from the fight" in gone.text
    shows_board(gone)
    game = await stored(driver)
    assert game.fight is not None and not game.fight.is_over()
    assert game.fight.character("kestrel").withdrawn and game.fight.active != "kestrel"
    again = (await driver.command("/bf withdraw", user="carol")).message
    assert again.ephemeral and "already out" in again.text
    last = public(await driver.command("/bf withdraw", user="bob", character="Mira Vale"))
    assert "the boss wins" in last.text
