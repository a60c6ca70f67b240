"""/si end to end: a whole Elder Leviathan fight through the offline driver, across a restart."""

from __future__ import annotations

import io

from PIL import Image

from bot.offline import Message, OfflineDriver, Reply
from tests.rules.space_infantry.helpers import ScriptedRandom

PNG = b"\x89PNG\r\n\x1a\n"


def shows_map(reply: Reply) -> Message:
    """The reply is public, carries boss.png and shows it in its embed; return the message."""
    message = reply.message
    assert not message.ephemeral, message.text
    assert [a.filename for a in message.attachments] == ["boss.png"], message.text
    data = message.attachments[0].data
    assert data.startswith(PNG) and len(data) < 300_000
    assert Image.open(io.BytesIO(data)).width == 1000
    assert message.card.data["image"]["url"] == "attachment://boss.png"
    return message


def noted(reply: Reply) -> Message:
    """A set-up change before turn 1: one short private line; the set-up message shows the change."""
    message = reply.message
    assert message.ephemeral and not message.attachments, message.text
    assert "The set-up message shows the squad" in message.text, message.text
    return message


def refused(reply: Reply, *fragments: str) -> None:
    message = reply.message
    assert message.ephemeral, message.text
    assert not message.attachments
    for fragment in fragments:
        assert fragment in message.text, message.text


def script(driver: OfflineDriver, *rns: int) -> None:
    driver.bot.rng = ScriptedRandom(rns)


async def test_a_whole_leviathan_fight_with_two_players_and_a_restart(driver: OfflineDriver) -> None:
    start = shows_map(await driver.command('/si boss start boss:"Elder Leviathan"', user="alice"))
    assert "Ambush" in start.text and "Fight #1" in start.text

    noted(await driver.command("/si squad add name:Kai wounds:2", user="alice"))
    noted(await driver.command("/si squad add name:Lee wounds:2", user="bob"))
    noted(await driver.command("/si squad add name:Doc kind:specialist wounds:1", user="bob"))
    # The set-up changes went into the start message (issue 15, 9).
    assert "Latest, by <@" in start.text and "Doc joins the squad (specialist, 1 wound)." in start.text
    assert [a.filename for a in start.attachments] == ["boss.png"]

    # Turn 1: the range by button (Set column, RN 4: Charge), then engagement, then activation.
    script(driver, 4, 2)
    ranged = shows_map(await driver.press(start, "Determine the range", user="bob"))
    assert "range RN 4 in the Set column -> Charge" in ranged.text
    assert "range: **4** (D6)" in ranged.text
    first_activate = ranged  # its button is pressed again, much later, to check it is stale
    shows_map(await driver.command("/si engage unit:Kai zone:Mouth", user="alice"))
    engaged = shows_map(await driver.command("/si engage unit:lee zone:mouth", user="bob"))
    assert "Lee engages Mouth (2/2)." in engaged.text
    activated = shows_map(await driver.command("/si turn", user="alice"))
    assert "Mouth (RN 2): Melee skill 3, +1AP (Charge)." in activated.text
    assert "activation: Mouth: **2** (D6)" in activated.text
    assert "Core rules needed" in activated.text and "successes" in activated.text

    # Mouth's successes through the modal: Herald proposes, Bob types his own (first an illegal one).
    opened = await driver.press(activated, "Mouth: enter successes", user="bob")
    assert opened.modal is not None
    proposal = (await driver.submit(opened.modal, {"Successes": "1"})).message
    assert not proposal.ephemeral
    assert "Mouth scores 1 success (Deadly: 2 wounds each): 2 wounds." in proposal.text
    assert "Herald proposes **Kai 1 success = 2 wounds**" in proposal.text
    assert {b.label for b in proposal.buttons} == {"Accept", "Give my own allocation"}
    own = await driver.press(proposal, "Give my own allocation", user="bob")
    assert own.modal is not None
    refused(
        await driver.submit(own.modal, {"Successes per unit": "Doc:1"}),
        "Doc is not engaged",
        "Give these successes to Kai and Lee",
    )
    own = await driver.press(proposal, "Give my own allocation", user="bob")
    assert own.modal is not None
    allocated = shows_map(await driver.submit(own.modal, {"Successes per unit": "Lee:1"}))
    assert "Lee takes 1 success = 2 wounds (0/2 left)." in allocated.text and "Lee is out." in allocated.text
    # The proposal message is closed: its buttons are gone and it says how it was resolved.
    assert not proposal.buttons and "resolved" in proposal.text
    assert "Lee 1 success = 2 wounds" in proposal.text

    hit = shows_map(await driver.command("/si hit unit:Kai damage:7", user="alice"))
    assert "Stone Skin leaves 3" in hit.text and "Mouth loses 3 HP (2/5 left)." in hit.text
    assert "Core rules needed" in hit.text

    await driver.restart()

    # The button posted before the restart still works, and the state survived.
    script(driver, 6, 3, 1, 5)
    turn2 = shows_map(await driver.press(hit, "Next turn: determine the range", user="bob"))
    assert "Turn 2: range RN 6 in the Melee column -> Charge." in turn2.text
    doc = shows_map(await driver.command("/si engage unit:Doc zone:Mouth", user="bob"))
    assert "Doc engages Mouth (2/2)." in doc.text  # Lee is out, so the specialist may engage
    turn2b = shows_map(await driver.command("/si turn", user="bob"))
    opened = await driver.press(turn2b, "Mouth: enter successes", user="alice")  # Alice opens the form...
    assert opened.modal is not None
    # ...Bob's hit waits (issue 15, 3): the zones attack first, so typing first decides nothing.
    refused(
        await driver.command("/si hit unit:Doc damage:4", user="bob"),
        "The zones attack first this turn: enter the successes of Mouth",
        "Nothing was applied",
    )
    missed = shows_map(await driver.submit(opened.modal, {"Successes": "0"}))
    assert "Mouth scores 0 successes" in missed.text
    broke = shows_map(await driver.command("/si hit unit:Doc damage:4", user="bob"))
    assert "Mouth is destroyed." in broke.text and "Kai now attacks Body through Mouth." in broke.text
    assert [b.label for b in broke.buttons] == ["Next turn: determine the range"]

    # Mouth's attack is resolved: its button answers politely.
    refused(await driver.press(turn2b, "Mouth: enter successes", user="alice"), "already resolved")

    shows_map(await driver.command("/si turn", user="alice"))  # RN 1: Fire
    turn3 = shows_map(await driver.command("/si turn", user="alice"))
    assert "Body (RN 5): Fire skill 5." in turn3.text
    assert "Mouth" not in turn3.card.data["description"]
    body = await driver.press(turn3, "Body: enter successes", user="alice")
    assert body.modal is not None
    shows_map(await driver.submit(body.modal, {"Successes": "0"}))

    won = shows_map(await driver.command("/si hit unit:Kai damage:10", user="alice"))
    assert "Elder Leviathan is eliminated: every vital part is destroyed." in won.text
    assert not won.buttons

    # A long-stale button from turn 1 is refused politely, never "interaction failed".
    refused(await driver.press(first_activate, "Activate the zones", user="carol"), "moved on")

    status = shows_map(await driver.command("/si status", user="carol"))
    assert "Elder Leviathan is eliminated." in status.text and "Body (vital): destroyed" in status.text
    ended = shows_map(await driver.command("/si end", user="alice"))
    assert "Fight over" in ended.text
    refused(
        await driver.command("/si status"),
        "There is no Space Infantry boss fight in this channel",
        "/si boss start",
    )


async def test_accepting_the_proposal_and_undo(driver: OfflineDriver) -> None:
    await driver.command("/si boss start boss:elder_leviathan", user="alice")
    await driver.command("/si squad add name:Kai wounds:3", user="alice")
    await driver.command("/si squad add name:Lee wounds:2", user="bob")
    script(driver, 1, 4)
    await driver.command("/si turn", user="bob")  # Fire
    activated = shows_map(await driver.command("/si turn", user="bob"))
    assert "Mouth (RN 4): Fire skill 5." in activated.text
    opened = await driver.press(activated, "Mouth: enter successes", user="bob")
    assert opened.modal is not None
    proposal = (await driver.submit(opened.modal, {"Successes": "2"})).message
    # Nobody engages Mouth: its 2 successes (4 wounds) go to the free units. Kai (3) survives the
    # first hit; the second takes someone out anyway, so it goes where it wastes least: Kai again.
    assert "Herald proposes **Kai 2 successes = 4 wounds**" in proposal.text
    assert "not engaged with any zone" in proposal.text
    accepted = await driver.press(proposal, "Accept", user="bob")
    assert accepted.message is proposal  # the proposal becomes the result, with the map
    shows_map(accepted)
    assert (
        "Kai takes 2 successes = 4 wounds (0/3 left)." in proposal.text
        and "1 wound beyond what the targets had left is lost." in proposal.text
        and "Lee takes" not in proposal.text
    )

    # Carol may not undo Bob's step; Bob may.
    refused(await driver.command("/si undo", user="carol"), "only they, the game's starter")
    undone = shows_map(await driver.command("/si undo", user="bob"))
    assert "Undone: Mouth scores 2 successes" in undone.text
    status = await driver.command("/si status")
    assert "Kai: 3/3 wounds" in status.text and "Lee: 2/2 wounds" in status.text
    # The successes stay entered: the status offers the allocation again.
    assert "Mouth: accept Herald's proposal" in [b.label for b in status.message.buttons]
    # The starter can undo someone else's step (here the successes); so can a Manage Server member.
    shows_map(await driver.command("/si undo", user="alice"))
    shows_map(await driver.command("/si undo", user="alice"))
    status = await driver.command("/si status")
    assert "turn 1, range Fire" in status.text and "Activate the zones" in [
        b.label for b in status.message.buttons
    ]
    driver.user("mod", manage_guild=True)
    shows_map(await driver.command("/si undo", user="mod"))
    status = await driver.command("/si status")
    assert "before the first turn" in status.text


async def test_two_players_acting_at_the_same_moment_lose_nothing(driver: OfflineDriver) -> None:
    import asyncio

    shows_map(await driver.command('/si boss start boss:"Elder Leviathan"', user="alice"))
    names = [f"U{i}" for i in range(6)]
    replies = await asyncio.gather(
        *(
            driver.command(f"/si squad add name:{n} wounds:2", user=("alice", "bob")[i % 2])
            for i, n in enumerate(names)
        )
    )
    for reply in replies:
        noted(reply)
    status = (await driver.command("/si status", user="carol")).message
    for name in names:
        assert f"{name}: 2/2 wounds" in status.text
    game = await driver.bot.games.active_record(driver.channel.id)
    assert game is not None and game.version == 1 + len(names)  # every add saved, one after another
