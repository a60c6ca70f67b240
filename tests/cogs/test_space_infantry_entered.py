"""/si, second new-user round, end to end: entered successes stand and stay visible, one attack
for the Scorpio's user, removals mid-turn, finished fights, the standard RN for A-V attacks."""

from __future__ import annotations

from bot.offline import OfflineDriver
from tests.cogs.test_space_infantry_fight import noted, refused, script, shows_map


async def mouth_attacks(driver: OfflineDriver):
    """The Elder Leviathan at Charge, Alpha and Bravo (3 wounds) on the Mouth, which activates."""
    shows_map(await driver.command("/si boss start boss:Elder Leviathan", user="alice"))
    for name in ("Alpha", "Bravo"):
        noted(await driver.command(f"/si squad add name:{name} kind:basic wounds:3"))
        noted(await driver.command(f"/si engage unit:{name} zone:Mouth"))
    script(driver, 5, 3)
    await driver.command("/si turn")
    return shows_map(await driver.command("/si turn"))


async def enter(driver: OfflineDriver, message, zone: str, successes: int, user: str = "bob"):
    opened = await driver.press(message, f"{zone}: enter successes", user=user)
    assert opened.modal is not None
    return (await driver.submit(opened.modal, {"Successes": str(successes)})).message


async def test_entered_successes_are_given_out_before_the_squad_hits(driver: OfflineDriver) -> None:
    # Issue 15 (2): a hit no longer comes between entered successes and their allocation, so the
    # boss can't fall with successes left waiting; the refusal says the order.
    activated = await mouth_attacks(driver)
    proposal = await enter(driver, activated, "Mouth", 2)
    assert "Herald proposes **Alpha 1 success = 2 wounds, Bravo 1 success = 2 wounds**" in proposal.text
    assert "successes are saved" in proposal.text
    refused(
        await driver.command("/si hit unit:Alpha damage:10"),
        "The zones attack first this turn: give out the successes of Mouth",
        "then Alpha can hit",
    )
    status = (await driver.command("/si status")).message
    assert "Then attack with your engaged units: the zones attack first." in status.text
    assert "First the Accept / own allocation buttons" in status.text
    accepted = shows_map(await driver.press(proposal, "Accept", user="carol"))
    assert "Alpha takes 1 success = 2 wounds (1/3 left)." in accepted.text
    assert "Bravo takes 1 success = 2 wounds (1/3 left)." in accepted.text
    broke = shows_map(await driver.command("/si hit unit:Alpha damage:10"))
    assert "Mouth is destroyed." in broke.text and "still wait" not in broke.text


async def test_a_waiting_allocation_is_shown_and_successes_go_in_once(driver: OfflineDriver) -> None:
    activated = await mouth_attacks(driver)
    late_form = (await driver.press(activated, "Mouth: enter successes", user="carol")).modal
    proposal = await enter(driver, activated, "Mouth", 1)
    assert "Herald proposes **Alpha 1 success = 2 wounds**" in proposal.text
    # The status shows the waiting allocation, with its buttons, and no successes button.
    status = (await driver.command("/si status")).message
    assert (
        "Mouth's 1 success = 2 wounds waits for its allocation: Herald proposes "
        "**Alpha 1 success = 2 wounds**" in status.text
    )
    assert "Enter the successes of Mouth" not in status.text
    labels = [b.label for b in status.buttons]
    assert labels == ["Mouth: accept Herald's proposal", "Mouth: give my own allocation"]
    # A second entry is refused politely, from the old button or a form left open.
    again_pressed = await driver.press(activated, "Mouth: enter successes", user="bob")
    refused(again_pressed, "already entered (1)", "Accept")
    assert late_form is not None
    refused(await driver.submit(late_form, {"Successes": "0"}), "already entered (1)", "/si undo")
    refused(await driver.command("/si turn"), "the successes of Mouth wait for their allocation")
    # Accept from the status message, then undo it: the allocation is offered again, not the entry.
    shows_map(await driver.press(status, "Mouth: accept Herald's proposal", user="bob"))
    undone = shows_map(await driver.command("/si undo", user="bob"))
    assert [b.label for b in undone.buttons] == labels
    again = (await driver.command("/si status")).message
    assert "Alpha: 3/3 wounds left" in again.text
    assert "Herald proposes **Alpha 1 success = 2 wounds**" in again.text
    own = await driver.press(again, "Mouth: give my own allocation", user="bob")
    assert own.modal is not None
    done = shows_map(await driver.submit(own.modal, {"Successes per unit": "Bravo:1"}))
    assert "Bravo takes 1 success = 2 wounds (1/3 left)." in done.text
    # Undoing the entry itself brings the successes button back.
    shows_map(await driver.command("/si undo", user="bob"))
    shows_map(await driver.command("/si undo", user="bob"))
    status = (await driver.command("/si status")).message
    assert [b.label for b in status.buttons] == ["Mouth: enter successes"]


async def test_second_hits_are_said_and_removals_wait(driver: OfflineDriver) -> None:
    activated = await mouth_attacks(driver)
    proposal = await enter(driver, activated, "Mouth", 1)
    removal = await driver.command("/si squad remove name:Alpha")
    refused(removal, "Mouth's attack, not resolved yet, may still wound")
    shows_map(await driver.press(proposal, "Accept"))
    first = shows_map(await driver.command("/si hit unit:Alpha damage:2"))
    assert "already attacked" not in first.text
    second = shows_map(await driver.command("/si hit unit:Alpha damage:2"))
    assert "Alpha already attacked this turn: make sure this is a new attack." in second.text
    refused(
        await driver.command("/si squad remove name:Bravo"),
        "Bravo can't leave the squad now",
        "Remove it once this turn's attacks are resolved",
    )


async def test_a_finished_fight_is_closed_by_anyone_and_changes_nothing(driver: OfflineDriver) -> None:
    await enter(driver, await mouth_attacks(driver), "Mouth", 0)
    won = shows_map(await driver.command("/si hit unit:Alpha damage:20"))
    assert "Elder Leviathan is eliminated" in won.text and "anyone, now that the fight is over" in won.text
    refused(await driver.command("/si squad add name:Late wounds:2"), "The fight is over", "/si end")
    refused(await driver.command("/si wound unit:Alpha wounds:-1"), "The fight is over")
    ended = shows_map(await driver.command("/si end", user="carol"))  # not the starter
    assert "Ended by" in ended.text
    shows_map(await driver.command("/si boss start boss:brood_queen", user="carol"))


async def test_av_attacks_use_the_standard_rn_and_light_vehicles_need_no_dmg(driver: OfflineDriver) -> None:
    start = shows_map(await driver.command("/si boss start boss:Siege Crawler", user="alice"))
    assert "Stone Skin: the total damage of each attack on it is halved" in start.text
    shows_map(await driver.command("/si end", user="alice"))
    start = shows_map(await driver.command("/si boss start boss:brood_queen", user="alice"))
    assert "Deadly: every zone's attack deals 2 wounds for each success." in start.text
    assert "Every part of her is deadly" in start.text
    noted(await driver.command("/si squad add name:Kai wounds:2"))
    noted(await driver.command("/si vehicle add name:Titan dmg:4 sp:3"))
    pilum = noted(await driver.command("/si vehicle add name:Pilum sp:1 heavy:false"))
    assert "Vehicle Pilum joins the fight (SP 1, no Heavy Armor" in pilum.text
    refused(await driver.command("/si vehicle add name:Tank sp:2"), "needs its DMG")
    script(driver, 1, 1, 1, 1, 1, 1, 6, 5)
    await driver.command("/si turn")
    await driver.command("/si turn")
    av = shows_map(await driver.command("/si vehicle attack unit:Kai target:Titan sl:2"))
    assert "A-V on Titan: **6** (D6)" in av.text and "(D10)" not in av.text
    status = (await driver.command("/si status")).message
    assert "Pilum: 0 wounds taken, 1/1 SP left (no Heavy Armor)" in status.text and "DMG 3" not in status.text
    script(driver, 2)
    light = await driver.command("/si av sl:1 pen:0 heavy:false")
    assert "**Destroyed.**" in light.message.text
    refused(await driver.command("/si av sl:1 pen:0"), "needs its DMG")


async def test_own_allocation_from_the_status_message_leaves_that_message_alone(
    driver: OfflineDriver,
) -> None:
    activated = await mouth_attacks(driver)
    await enter(driver, activated, "Mouth", 1)
    status = (await driver.command("/si status")).message
    before = status.text
    opened = await driver.press(status, "Mouth: give my own allocation", user="bob")
    assert opened.modal is not None
    shows_map(await driver.submit(opened.modal, {"Successes per unit": "Bravo:1"}))
    assert status.text == before  # the status message keeps its map and text
    assert "resolved" not in status.text


async def test_a_word_for_the_successes_keeps_the_form_to_fix(driver: OfflineDriver) -> None:
    # Issue 34, item 18: "two" closed the form with an error; now "Fix it" opens it again with "two".
    activated = await mouth_attacks(driver)
    opened = await driver.press(activated, "Mouth: enter successes", user="bob")
    told = (await driver.submit(opened.modal, {"Successes": "two"})).message
    assert told.ephemeral and "Not saved" in told.text and "'two' is not a number of successes" in told.text
    fix = await driver.press(told, "Fix it", user="bob")
    assert fix.modal is not None and [f["value"] for f in fix.modal.fields] == ["two"]
    proposal = (await driver.submit(fix.modal, {"Successes": "2"})).message
    assert "Herald proposes **Alpha 1 success = 2 wounds, Bravo 1 success = 2 wounds**" in proposal.text
    # Once entered, the old Fix it says so instead of opening a second form.
    late = (await driver.press(told, "Fix it", user="bob")).message
    assert late.ephemeral and late.text and (await driver.press(told, "Fix it", user="bob")).modal is None
