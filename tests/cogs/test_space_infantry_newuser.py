"""/si: what a new player's test found, end to end through the offline driver."""

from __future__ import annotations

from bot.offline import OfflineDriver
from tests.cogs.test_space_infantry_fight import noted, refused, script, shows_map


async def queen_turn(driver: OfflineDriver, *squad: str) -> object:
    """A Brood Queen fight at Fire range: only Crest and Egg Sac attack."""
    shows_map(await driver.command("/si boss start boss:brood_queen", user="alice"))
    for unit in squad:
        noted(await driver.command(f"/si squad add {unit}", user="alice"))
    script(driver, 1, *([4] * 5))
    await driver.command("/si turn")
    return shows_map(await driver.command("/si turn"))


async def propose(driver: OfflineDriver, activated, zone: str, successes: int, user: str = "bob"):
    opened = await driver.press(activated, f"{zone}: enter successes", user=user)
    assert opened.modal is not None
    return (await driver.submit(opened.modal, {"Successes": str(successes)})).message


async def test_two_open_proposals_both_accept(driver: OfflineDriver) -> None:
    activated = await queen_turn(driver, "name:Kai wounds:5", "name:Lee wounds:5")
    crest = await propose(driver, activated, "Crest", 1)
    egg = await propose(driver, activated, "Egg Sac", 1)
    shown = "Herald proposes **Kai 1 success = 2 wounds**"
    assert shown in crest.text and shown in egg.text
    shows_map(await driver.press(crest, "Accept", user="bob"))
    # Egg Sac's proposal is still good: another zone's resolution does not spoil it.
    accepted = shows_map(await driver.press(egg, "Accept", user="carol"))
    assert "Egg Sac scores 1 success" in accepted.text
    assert "Kai takes 1 success = 2 wounds (1/5 left)." in accepted.text
    status = (await driver.command("/si status")).message
    assert "Kai: 1/5 wounds left" in status.text and "Lee: 5/5 wounds left" in status.text
    assert [b.label for b in egg.buttons] == ["Next turn: determine the range"]


async def test_a_stale_proposal_taking_a_unit_out_needlessly_is_refused(driver: OfflineDriver) -> None:
    activated = await queen_turn(driver, "name:Kai wounds:3", "name:Lee wounds:3")
    crest = await propose(driver, activated, "Crest", 1)
    egg = await propose(driver, activated, "Egg Sac", 1)
    shows_map(await driver.press(crest, "Accept", user="bob"))  # Kai: 1/3 left
    # Egg Sac's shown proposal (Kai) would now take Kai out, while Lee can take the hit and stay in.
    refused(
        await driver.press(egg, "Accept", user="bob"),
        "Kai 1 success = 2 wounds would now take out a unit that Lee 1 success = 2 wounds spares",
        "/si status",
    )
    status = (await driver.command("/si status")).message
    assert "Egg Sac's 1 success = 2 wounds waits for its allocation" in status.text
    assert "Herald proposes **Lee 1 success = 2 wounds**" in status.text
    shows_map(await driver.press(status, "Egg Sac: accept Herald's proposal", user="bob"))
    status = (await driver.command("/si status")).message
    assert "Kai: 1/3 wounds left" in status.text and "Lee: 1/3 wounds left" in status.text


async def test_a_proposal_made_illegal_by_another_zone_says_why_and_what_to_do(driver: OfflineDriver) -> None:
    activated = await queen_turn(driver, "name:Kai wounds:2", "name:Lee wounds:2")
    crest = await propose(driver, activated, "Crest", 1)
    egg = await propose(driver, activated, "Egg Sac", 2)
    assert "Herald proposes **Kai 1 success = 2 wounds, Lee 1 success = 2 wounds**" in egg.text
    await driver.press(crest, "Accept", user="bob")
    stale = await driver.press(egg, "Accept", user="bob")
    refused(stale, "no longer legal", "Nothing was applied", "Give my own allocation", "/si status")
    assert egg.buttons  # still there: the player may give their own allocation
    own = await driver.press(egg, "Give my own allocation", user="bob")
    assert own.modal is not None
    # Kai is out after the Crest: both successes go to Lee, the only one left to take them.
    refused(await driver.submit(own.modal, {"Successes per unit": "kai:1 lee:1"}), "Kai is already out")
    done = shows_map(await driver.submit(own.modal, {"Successes per unit": "lee:2"}))
    assert "Lee takes 2 successes = 4 wounds (0/2 left)." in done.text
    assert "Every unit of the squad is out" in done.text
    assert not egg.buttons and "resolved" in egg.text and "Lee 2 successes = 4 wounds" in egg.text


async def test_undoing_a_draw_is_public_and_names_the_discarded_rns(driver: OfflineDriver) -> None:
    shows_map(await driver.command("/si boss start boss:elder_leviathan", user="alice"))
    noted(await driver.command("/si squad add name:Kai wounds:2", user="bob"))
    script(driver, 5, 3, 2)
    shows_map(await driver.command("/si turn", user="bob"))
    undone = shows_map(await driver.command("/si undo", user="bob"))  # shows_map: public, with the map
    assert "undid the range draw (RN 5 discarded)" in undone.text
    shows_map(await driver.command("/si turn", user="bob"))  # RN 3
    shows_map(await driver.command("/si turn", user="bob"))  # activation: Mouth RN 2
    again = shows_map(await driver.command("/si undo", user="bob"))
    assert "undid the zones' activation draw (RN 2 discarded)" in again.text
    plain = shows_map(await driver.command("/si undo", user="alice"))
    assert "undid the range draw (RN 3 discarded)" in plain.text
    # A step without draws is undone without the announcement.
    quiet = shows_map(await driver.command("/si undo", user="bob"))
    assert "discarded" not in quiet.text and "Undone: Kai joins the squad" in quiet.text


async def test_ended_and_wiped_fights_give_the_right_next_step(driver: OfflineDriver) -> None:
    shows_map(await driver.command("/si boss start boss:elder_leviathan", user="alice"))
    noted(await driver.command("/si squad add name:Kai wounds:1", user="bob"))
    script(driver, 1, 3)
    await driver.command("/si turn")
    activated = shows_map(await driver.command("/si turn"))
    opened = await driver.press(activated, "Mouth: enter successes", user="bob")
    assert opened.modal is not None
    # Kai is the only unit the Mouth can reach: no allocation to accept (issue 15, 10).
    wiped = shows_map(await driver.submit(opened.modal, {"Successes": "1"}))
    assert "Kai is the only unit Mouth can reach" in wiped.text
    assert "Every unit of the squad is out" in wiped.text
    assert "start a new fight" not in wiped.text
    assert "anyone here can end the fight" in wiped.text and "/si end" in wiped.text
    ended = shows_map(await driver.command("/si end", user="carol"))  # over: anyone may close it
    next_field = ended.text.split("Next")[-1]
    assert "Attack with your engaged units" not in ended.text
    assert "This fight is closed" in next_field and "/si boss start" in next_field


async def test_ending_in_the_middle_of_a_turn(driver: OfflineDriver) -> None:
    shows_map(await driver.command("/si boss start boss:elder_leviathan", user="alice"))
    noted(await driver.command("/si squad add name:Kai wounds:2"))
    script(driver, 1, 3)
    await driver.command("/si turn")
    await driver.command("/si turn")
    ended = shows_map(await driver.command("/si end", user="alice"))
    assert "The fight was ended before its finish." in ended.text
    assert "Attack with your engaged units" not in ended.text and "enter successes" not in ended.text
    assert not ended.buttons


async def test_new_user_polish(driver: OfflineDriver) -> None:
    shows_map(await driver.command("/si boss start boss:brood_queen", user="alice"))
    # "Kai:2" is no longer refused: it is Kai with 2 wounds (issue 15, 9: several units at once).
    for bad in ("@everyone", "<@123>", "`Kai`", "**Kai**"):
        refused(await driver.command(f'/si squad add name:"{bad}"'), "characters that names can't use")
    refused(await driver.command('/si vehicle add name:"<b>" dmg:3 sp:1'), "characters that names can't use")
    noted(await driver.command("/si squad add name:Hicks wounds:2"))
    noted(await driver.command("/si squad add name:Kai wounds:2"))
    # Moving a unit says where it came from.
    noted(await driver.command('/si engage unit:Hicks zone:"Left Claw"'))
    moved = noted(await driver.command("/si engage unit:Hicks zone:Crest"))
    assert "Hicks leaves Left Claw." in moved.text and "Hicks engages Crest (1/1)." in moved.text
    # Healing says how much was healed, and a unit healed from out is back in.
    noted(await driver.command("/si wound unit:Kai wounds:1"))
    healed = noted(await driver.command("/si wound unit:Kai wounds:-5"))
    assert "Kai is healed by 1 wound (of the 5 asked" in healed.text and "2/2 left" in healed.text
    noted(await driver.command("/si wound unit:Kai wounds:2"))
    back = noted(await driver.command("/si wound unit:Kai wounds:-1"))
    assert "Kai is back in the fight" in back.text
    # Possessives and plurals.
    script(driver, 1, *([4] * 5))
    await driver.command("/si turn")
    activated = shows_map(await driver.command("/si turn"))
    for zone in [b.label.removesuffix(": enter successes") for b in activated.buttons]:
        opened = await driver.press(activated, f"{zone}: enter successes")
        assert opened.modal is not None
        shows_map(await driver.submit(opened.modal, {"Successes": "0"}))
    hit = shows_map(await driver.command("/si hit unit:Hicks damage:1"))
    assert "Hicks' attack on Crest: 1 damage." in hit.text
    # Vehicles and units both count what they have left.
    shows_map(await driver.command("/si vehicle add name:Tank dmg:5 sp:3"))
    script(driver, 6)
    shows_map(await driver.command("/si vehicle attack unit:Kai target:Tank sl:1"))
    status = (await driver.command("/si status")).message
    assert "Tank: 1 wound taken, 2/3 SP left" in status.text and "Kai: 1/2 wounds left" in status.text
