"""/si, issue 15: one order for the turn's steps, an empty squad, attacks with one target or none."""

from __future__ import annotations

from bot.offline import OfflineDriver
from tests.cogs.test_space_infantry_fight import refused, script, shows_map


async def test_an_empty_squad_mid_fight_is_refused_like_before_turn_1(driver: OfflineDriver) -> None:
    shows_map(await driver.command("/si boss start boss:elder_leviathan", user="alice"))
    await driver.command("/si squad add name:Kai wounds:2")
    script(driver, 1)
    shows_map(await driver.command("/si turn"))
    await driver.command("/si squad remove name:Kai")
    refused(await driver.command("/si turn"), "The squad has no unit able to fight: add units first.")


async def test_a_zone_reaching_nobody_asks_for_nothing(driver: OfflineDriver) -> None:
    shows_map(await driver.command("/si boss start boss:brood_queen", user="alice"))
    await driver.command("/si squad add name:Kai wounds:4")
    await driver.command("/si engage unit:Kai zone:Crest")
    script(driver, 6, *([1] * 5))
    await driver.command("/si turn")
    activated = shows_map(await driver.command("/si turn"))
    assert [b.label for b in activated.buttons] == ["Crest: enter successes"]
    assert "Tail can reach no unit" in activated.text and "no successes to enter" in activated.text
    assert "First the zones' buttons for their successes; then `/si hit`" in activated.text
    opened = await driver.press(activated, "Crest: enter successes")
    assert opened.modal is not None
    done = shows_map(await driver.submit(opened.modal, {"Successes": "1"}))
    assert "Kai is the only unit Crest can reach, so its successes are applied at once" in done.text
    assert [b.label for b in done.buttons] == ["Next turn: determine the range"]
