"""Issue 15 item 1 end to end: after /its classified reveal, the Secure HVT swap is refused."""

from __future__ import annotations

from bot.offline import OfflineDriver
from cogs.its.state import ItsMatch


async def test_swap_button_after_reveal_is_refused(driver: OfflineDriver) -> None:
    for user in ("alice", "bob"):
        message = (await driver.command("/its classified draw mission:Acquisition", user=user)).messages[0]
        while any(b.label.startswith("Keep ") for b in message.buttons):
            await driver.press(message, 1, user=user)
    mine = (await driver.command("/its classified mine", user="alice")).message
    swap = next(b.label for b in mine.buttons if b.label.startswith("Swap "))
    await driver.command("/its classified reveal", user="alice")
    refused = await driver.press(mine, swap, user="alice")
    assert refused.message.ephemeral and "already revealed" in refused.message.text
    game = await driver.bot.games.get(driver.channel.id, ItsMatch, "its_match")
    assert game.state.draw.players[0].secure_hvt_replaces is None
    ended = await driver.command("/its end", user="alice")
    await driver.press(ended.message, 1, user="alice")
    assert "swapped for Secure HVT" not in "\n".join(m.text for m in driver.history() if not m.ephemeral)


async def test_the_other_players_step_is_told_as_waiting(driver: OfflineDriver) -> None:
    # Issue 15 item 17: Bob, done choosing, is not told "Alice: keep one of the two cards you were dealt".
    alice = (await driver.command("/its classified draw mission:Acquisition", user="alice")).messages[0]
    bob = (await driver.command("/its classified draw mission:Acquisition", user="bob")).messages[0]
    while any(b.label.startswith("Keep ") for b in bob.buttons):
        await driver.press(bob, 1, user="bob")
    assert alice.buttons
    text = bob.text
    assert "Waiting for Alice" in text and "Alice: keep one" not in text and "you were dealt" not in text


async def test_the_last_intelcom_declaration_delivers_the_next_pair(driver: OfflineDriver) -> None:
    # Issue 15 item 15: no /its classified mine needed after the INTELCOM roll-off.
    news = []
    for user in ("alice", "bob"):
        message = (await driver.command("/its classified draw mission:Frontline", user=user)).messages[0]
        news.extend((await driver.press(message, 1, user=user)).messages)
    roll = next(m for m in news if "INTELCOM roll-off (each player" in m.text)
    game = await driver.bot.games.get(driver.channel.id, ItsMatch, "its_match")
    first = game.state.draw.intelcom_order[0]
    first_user, second_user = ("alice", "bob") if first == 0 else ("bob", "alice")
    await driver.press(roll, "keep it as Classified", user=first_user)
    last = await driver.press(roll, "keep it as Classified", user=second_user)
    pair = [m for m in last.messages if m.ephemeral and m.visible_to == driver.user(second_user).id]
    assert pair and any(b.label.startswith("Keep ") for b in pair[-1].buttons)


async def test_countermeasures_private_reply_has_no_empty_hand(driver: OfflineDriver) -> None:
    # Issue 15 item 5: the private reply of a Countermeasures draw said "Kept (0) none yet".
    reply = await driver.command("/its classified draw mission:Countermeasures", user="alice")
    private = reply.messages[0]
    assert private.ephemeral and "none yet" not in private.text and "Kept (0)" not in private.text
    assert "shared" in private.text
