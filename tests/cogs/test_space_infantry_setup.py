"""/si, issue 15: one set-up message edited until turn 1, several units at once, turn buttons
that outlive unrelated changes, and boss names by a start or by "did you mean" buttons."""

from __future__ import annotations

from bot.offline import OfflineDriver
from tests.cogs.test_space_infantry_fight import noted, refused, script, shows_map


async def test_set_up_changes_edit_one_message(driver: OfflineDriver) -> None:
    start = shows_map(await driver.command("/si boss start boss:elder_leviathan", user="alice"))
    before, edits = len(driver.history()), start.edits
    added = noted(
        await driver.command('/si squad add name:"Kai:basic:2, Lee:basic:2, Doc:specialist:1"', user="bob")
    )
    assert "Kai joins the squad (basic, 2 wounds)." in added.text
    assert "Doc joins the squad (specialist, 1 wound)." in added.text
    noted(await driver.command("/si engage unit:Kai zone:Mouth"))
    noted(await driver.command("/si vehicle add name:Titan dmg:4 sp:2"))
    # No new public message: the start message changed instead, map and all.
    public = [m for m in driver.history()[before:] if not m.ephemeral]
    assert public == []
    assert start.edits == edits + 3 and [a.filename for a in start.attachments] == ["boss.png"]
    assert "Kai engages Mouth (1/2)." not in start.text  # only the latest change is listed
    assert "Vehicle Titan joins the fight" in start.text and "Set-up:" in start.text
    status = (await driver.command("/si status")).message
    assert "Lee: 2/2 wounds left" in status.text and "Doc: 1/1 wounds left" in status.text
    # A bad unit in the list refuses the lot.
    refused(await driver.command('/si squad add name:"Ray:2, Kai:1"'), "already a unit called Kai")
    refused(await driver.command('/si squad add name:"Ray:heavy"'), "name:kind:wounds")
    # From turn 1 on, every step is posted again.
    script(driver, 1)
    ranged = shows_map(await driver.press(start, "Determine the range"))
    assert "Turn 1" in ranged.text
    shows_map(await driver.command("/si engage unit:Lee zone:Mouth"))


async def test_turn_buttons_outlive_changes_they_do_not_depend_on(driver: OfflineDriver) -> None:
    shows_map(await driver.command("/si boss start boss:elder_leviathan", user="alice"))
    noted(await driver.command("/si squad add name:Kai wounds:2"))
    status = (await driver.command("/si status")).message
    noted(await driver.command("/si squad add name:Lee wounds:2"))  # after the status was posted
    script(driver, 1, 1)
    ranged = shows_map(await driver.press(status, "Determine the range"))
    shows_map(await driver.command("/si engage unit:Kai zone:Mouth"))
    # The range message's Activate button still serves: an engagement does not spoil it.
    shows_map(await driver.press(ranged, "Activate the zones"))
    refused(await driver.press(ranged, "Activate the zones"), "moved on", "turn 1 is already done")
    refused(await driver.press(status, "Determine the range"), "moved on")


async def test_an_old_turn_button_still_answers(driver: OfflineDriver) -> None:
    start = shows_map(await driver.command("/si boss start boss:elder_leviathan", user="alice"))
    noted(await driver.command("/si squad add name:Kai wounds:2"))
    game = await driver.bot.games.active_record(driver.channel.id)
    assert game is not None
    # A message from before the turn was in the custom id: si:range:<game>:<version>.
    button = start.components[0]["components"][0]
    button["custom_id"] = f"si:range:{game.id}:{game.version}"
    script(driver, 2)
    shows_map(await driver.press(start, "Determine the range"))
    refused(await driver.press(start, "Determine the range"), "moved on")


async def test_a_boss_by_the_start_of_its_name_or_a_button(driver: OfflineDriver) -> None:
    started = shows_map(await driver.command("/si boss start boss:elder", user="alice"))
    assert "Elder Leviathan" in started.text
    await driver.command("/si end", user="alice")
    offer = (await driver.command("/si boss start boss:Leviathn", user="bob")).message
    assert offer.ephemeral and "Did you mean Elder Leviathan?" in offer.text
    assert [b.label for b in offer.buttons] == ["Fight Elder Leviathan"]
    fight = shows_map(await driver.press(offer, "Fight Elder Leviathan", user="bob"))
    assert "Elder Leviathan" in fight.text and "Started by" in fight.text
    noted(await driver.command("/si squad add name:Kai wounds:2", user="bob"))
    assert "Kai joins the squad" in fight.text  # the button's fight has a set-up message too
    refused(await driver.command("/si boss start boss:zzzz", user="bob"), "There is no boss called")
