"""Boarding Actions' tracker message (issue 25 item 15): only the live message's controls work
(an older one points to it), the first-turn roll-off is rolled here with its dice shown, and the
scoreboard image is uploaded again only when what it shows changed."""

from __future__ import annotations

import random
import re

from bot.offline import Message, OfflineDriver
from rules.boarding_actions.missions import Role
from rules.boarding_actions.rolls import roll_off


async def _started(driver: OfflineDriver) -> Message:
    started = await driver.command(
        "/ba battle start mission:deck-sweepers attacker:alice defender:bob", user="alice"
    )
    return started.message


async def test_an_older_tracker_message_points_to_the_live_one(driver: OfflineDriver) -> None:
    first = await _started(driver)
    playing = (await driver.press(first, "Alice goes first", user="bob")).message
    assert playing is not first
    # The first message's Battle Ready toggle used to turn it into a second live tracker.
    edits = first.edits
    stale = await driver.press(first, "Alice Battle Ready", user="alice")
    assert stale.message.ephemeral and "has moved on" in stale.message.text
    assert str(playing.id) in stale.message.text  # a link to the live message
    assert "who takes the first turn?" in first.text and first.edits == edits
    assert "☐ Alice Battle Ready" in playing.button("Alice Battle Ready").label

    again = (await driver.command("/ba status", user="carol")).message  # a new live tracker
    for label in ("Control 1+", "Alice Battle Ready", "Done"):
        refused = await driver.press(playing, label, user="alice")
        assert refused.message.ephemeral and str(again.id) in refused.message.text, label
    ticked = await driver.press(again, "Control 1+", user="alice")
    assert ticked.message is again and "☑ Control 1+" in again.button("Control 1+").label
    record = await driver.bot.games.active_record(driver.channel.id)
    assert record is not None and record.state["tracker_message"] == again.id


async def test_undo_looks_past_moving_the_tracker(driver: OfflineDriver) -> None:
    first = await _started(driver)
    playing = (await driver.press(first, "Alice goes first", user="bob")).message
    await driver.press(playing, "Control 1+", user="alice")
    await driver.command("/ba status", user="carol")
    await driver.command("/ba status", user="bob")
    refused = (await driver.command("/ba undo", user="bob")).message
    assert refused.ephemeral and "only they" in refused.text
    live = (await driver.command("/ba status", user="bob")).message  # still one live tracker
    assert not (await driver.press(live, "Control 1+", user="alice")).message.ephemeral
    undone = (await driver.command("/ba undo", user="alice")).message
    assert "took back: Alice (Attacker) ticked" in undone.text or "took back: Alice" in undone.text
    assert "Alice (Attacker): **5** VP" in undone.text  # the second tick undone, the first kept


async def test_the_roll_off_is_rolled_with_its_dice(driver: OfflineDriver) -> None:
    first = await _started(driver)
    assert "Roll off" in first.text
    stranger = await driver.press(first, "Roll off", user="carol")
    assert stranger.message.ephemeral and "Only this battle's players" in stranger.message.text
    rolled = (await driver.press(first, "Roll off", user="bob")).message
    assert not rolled.ephemeral
    throws = re.findall(r"Alice (\d), Bob (\d)", rolled.text)
    assert throws, rolled.text
    assert all(a == b for a, b in throws[:-1]) and throws[-1][0] != throws[-1][1]
    winner = "Alice" if throws[-1][0] > throws[-1][1] else "Bob"
    assert f"{winner} takes the first turn" in rolled.text
    assert "Round" in rolled.text.split("__")[1]
    late = await driver.press(first, "Roll off", user="alice")
    assert late.message.ephemeral  # the roll-off is done: that message moved on


class _Scripted(random.Random):
    def __init__(self, faces: list[int]) -> None:
        super().__init__(0)
        self.faces = faces

    def randint(self, a: int, b: int) -> int:
        return self.faces.pop(0)


def test_a_tied_roll_off_is_rolled_again() -> None:
    off = roll_off(_Scripted([3, 3, 6, 6, 2, 5]))
    assert off.throws == ((3, 3), (6, 6), (2, 5)) and off.winner is Role.DEFENDER
    assert str(off.text("Ann", "Bo")) == "Ann 3, Bo 3 (a tie: again); Ann 6, Bo 6 (a tie: again); Ann 2, Bo 5"
    for seed in range(200):
        off = roll_off(random.Random(seed))
        a, d = off.throws[-1]
        assert a != d and (off.winner is Role.ATTACKER) == (a > d)
        assert all(x == y for x, y in off.throws[:-1])


async def test_ticks_keep_the_image_until_the_moment_is_done(driver: OfflineDriver) -> None:
    first = await _started(driver)
    message = (await driver.press(first, "Alice goes first", user="bob")).message
    image = message.attachments[0]
    for label in ("Control 1+", "Control more", "Control more"):
        edited = (await driver.press(message, label, user="alice")).message
        assert edited is message and message.attachments == [image]
        assert message.attachments[0] is image  # the same file: nothing uploaded again
    assert "Alice (Attacker): **5** VP" in message.text  # the field counts the tick at once
    assert "join the image when it is done" in message.text
    ready = (await driver.press(message, "Bob Battle Ready", user="bob")).message
    assert ready is message and message.attachments[0] is not image  # a score changed: a new image
    image = message.attachments[0]
    await driver.press(message, "Control 1+", user="alice")
    assert message.attachments[0] is image
    done = (await driver.press(message, "Done", user="alice")).message
    assert done is not message and len(done.attachments) == 1  # one new image for the moment
