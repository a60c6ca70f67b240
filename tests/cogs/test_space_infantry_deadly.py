"""/si, end to end: under Deadly a zone's successes are what the players allocate. Each success is
a hit on one unit that inflicts two wounds on it; it is never split between two units."""

from __future__ import annotations

from bot.offline import OfflineDriver, walk_components
from tests.cogs.test_space_infantry_entered import enter, mouth_attacks
from tests.cogs.test_space_infantry_fight import noted, refused, script, shows_map


async def test_one_deadly_success_is_two_wounds_on_one_unit(driver: OfflineDriver) -> None:
    activated = await mouth_attacks(driver)  # Alpha and Bravo, 3 wounds each, engage the Mouth
    proposal = await enter(driver, activated, "Mouth", 1)
    assert "Mouth scores 1 success (Deadly: 2 wounds each): 2 wounds." in proposal.text
    assert "Herald proposes **Alpha 1 success = 2 wounds**." in proposal.text
    assert "Each success hits one unit and inflicts 2 wounds on it (Deadly)" in proposal.text
    assert "Alpha takes 1 success = 2 wounds (1/3 left)." in proposal.text  # the preview
    # The player's own allocation is in successes, and the form says so.
    own = await driver.press(proposal, "Give my own allocation", user="bob")
    assert own.modal is not None
    assert own.modal.title == "Mouth: give out 1 success, 2 wounds each"
    [field] = own.modal.fields
    assert field["label"] == "Successes per unit" and field["value"] == "Alpha:1"
    assert "one success each (2 wounds each: Deadly)" in field["placeholder"]
    # Splitting the one success's two wounds over two units is refused, with the reason.
    refused(
        await driver.submit(own.modal, {"Successes per unit": "Alpha:1, Bravo:1"}),
        "Mouth scored 1 success (2 wounds: each success is 2 wounds on one unit)",
        "gives out 2 successes",
        "adding up to 1",
    )
    done = shows_map(await driver.submit(own.modal, {"Successes per unit": "Bravo:1"}))
    assert "Bravo takes 1 success = 2 wounds (1/3 left)." in done.text and "Alpha takes" not in done.text
    status = (await driver.command("/si status")).message
    assert "Alpha: 3/3 wounds left" in status.text and "Bravo: 1/3 wounds left" in status.text
    assert "Resolved with" in proposal.text and "Bravo 1 success = 2 wounds" in proposal.text


async def test_three_deadly_successes_take_out_one_unit_only(driver: OfflineDriver) -> None:
    activated = await mouth_attacks(driver)
    proposal = await enter(driver, activated, "Mouth", 3)
    assert "Herald proposes **Alpha 2 successes = 4 wounds, Bravo 1 success = 2 wounds**." in proposal.text
    accepted = shows_map(await driver.press(proposal, "Accept", user="carol"))
    assert "Alpha takes 2 successes = 4 wounds (0/3 left)." in accepted.text
    assert "Bravo takes 1 success = 2 wounds (1/3 left)." in accepted.text
    assert "1 wound beyond what the targets had left is lost." in accepted.text


async def test_a_proposal_from_before_the_change_is_not_read_as_successes(driver: OfflineDriver) -> None:
    activated = await mouth_attacks(driver)
    proposal = await enter(driver, activated, "Mouth", 1)
    # An older Herald showed the wounds split "Alpha 1, Bravo 1" on the same Accept button: it
    # can't be read back as successes, and Herald's proposal now differs, so nothing is applied.
    parts = list(walk_components(proposal.components))
    for text in [c for c in parts if c.get("type") == 10]:
        text["content"] = text["content"].replace("**Alpha 1 success = 2 wounds**", "**Alpha 1, Bravo 1**")
    button = next(c for c in parts if c.get("label") == "Accept")
    button["custom_id"] = button["custom_id"].rsplit(":", 1)[0] + ":c0ffee00"
    refused(await driver.press(proposal, "Accept", user="bob"), "The squad has changed since this proposal")
    status = (await driver.command("/si status")).message
    assert "Alpha: 3/3 wounds left" in status.text and "Bravo: 3/3 wounds left" in status.text


async def test_without_deadly_a_success_is_still_one_wound(driver: OfflineDriver) -> None:
    shows_map(await driver.command("/si boss start boss:siege_crawler", user="alice"))
    noted(await driver.command("/si squad add name:Kai wounds:3"))
    noted(await driver.command("/si squad add name:Lee wounds:2"))
    script(driver, 1, *([1] * 4))  # Fire range: the Cannon shoots
    await driver.command("/si turn")
    activated = shows_map(await driver.command("/si turn"))
    proposal = await enter(driver, activated, "Cannon", 3)
    assert "Herald proposes **Kai 2 successes = 2 wounds, Lee 1 success = 1 wound**." in proposal.text
    assert "Each success hits one unit and inflicts 1 wound on it." in proposal.text
    own = await driver.press(proposal, "Give my own allocation", user="bob")
    assert own.modal is not None and own.modal.title == "Cannon: give out 3 successes"
    done = shows_map(await driver.submit(own.modal, {"Successes per unit": "Kai:1, Lee:2"}))
    assert "Kai takes 1 success = 1 wound (2/3 left)." in done.text
    assert "Lee takes 2 successes = 2 wounds (0/2 left)." in done.text
