"""Issue 15 item 5 end to end: the Countermeasures tracker shows whose Player Turn it is from the
start, only that player ends it, and each private reply shows what is true."""

from __future__ import annotations

from bot.offline import Message, OfflineDriver


async def _tracker(driver: OfflineDriver) -> tuple[Message, Message]:
    """Alice then Bob draw Countermeasures: Bob's private reply and the channel's tracker."""
    await driver.command("/its classified draw mission:Countermeasures", user="alice")
    joined = await driver.command("/its classified draw mission:Countermeasures", user="bob")
    private = next(m for m in joined.messages if m.ephemeral)
    tracker = next(m for m in joined.messages if not m.ephemeral)
    return private, tracker


async def test_the_tracker_names_the_first_player_before_anyone_swaps(driver: OfflineDriver) -> None:
    _, tracker = await _tracker(driver)
    assert "Player Turn: **Alice** (Game Round 1)" in tracker.text
    assert "End Player Turn: Alice" in tracker.button("End Player Turn").label


async def test_only_the_turn_player_ends_the_turn(driver: OfflineDriver) -> None:
    _, tracker = await _tracker(driver)
    refused = await driver.press(tracker, "End Player Turn", user="bob")
    assert refused.message.ephemeral
    assert "It is Alice's Player Turn: only Alice ends it" in refused.message.text
    assert "Player Turn: **Alice**" in tracker.text  # nothing changed
    await driver.press(tracker, "End Player Turn", user="alice")
    assert "Player Turn: **Bob** (Game Round 1)" in tracker.text
    assert "End Player Turn: Bob" in tracker.button("End Player Turn").label
    again = await driver.press(tracker, "End Player Turn", user="alice")
    assert again.message.ephemeral and "It is Bob's Player Turn" in again.message.text
    await driver.press(tracker, "End Player Turn", user="bob")
    assert "Player Turn: **Alice** (Game Round 2)" in tracker.text


async def test_a_manager_who_is_not_playing_may_end_any_turn(driver: OfflineDriver) -> None:
    _, tracker = await _tracker(driver)
    driver.user("mod", manage_guild=True)
    await driver.press(tracker, "End Player Turn", user="mod")
    assert "Player Turn: **Bob**" in tracker.text
    stranger = await driver.press(tracker, "End Player Turn", user="carol")
    assert stranger.message.ephemeral and "only they can take part" in stranger.message.text


async def test_the_second_player_may_take_the_first_turn_before_play(driver: OfflineDriver) -> None:
    _, tracker = await _tracker(driver)
    assert "Initiative roll-off" in tracker.text
    await driver.press(tracker, "Bob goes first", user="bob")
    assert "Player Turn: **Bob**" in tracker.text
    labels = [b.label for b in tracker.buttons]
    assert "Bob goes first" not in labels and "Alice goes first" in labels  # still changeable
    swap = next(b for b in tracker.buttons if b.label.startswith("⇄"))
    await driver.press(tracker, swap.label, user="bob")
    # Play has started: who goes first is settled, and the choice is gone.
    assert not any("goes first" in b.label for b in tracker.buttons)
    assert "Initiative roll-off" not in tracker.text


async def test_private_replies_show_what_is_true(driver: OfflineDriver) -> None:
    private, tracker = await _tracker(driver)
    assert "Kept (0)" not in private.text and "none yet" not in private.text
    assert "Achieved by you" in private.text and "Nothing so far" in private.text
    assert "Player Turn: **Alice**" in private.text
    await driver.press(tracker, 1, user="bob")
    mine = (await driver.command("/its classified mine", user="bob")).message
    # Countermeasures' /its classified mine is a private working copy of the tracker.
    assert mine.ephemeral and "**Bob**: 1 achieved" in mine.text and "Player Turn: **Alice**" in mine.text


async def test_a_bystander_pressing_while_the_seat_is_reserved_is_told_who_it_is_for(
    driver: OfflineDriver,
) -> None:
    drawn = await driver.command("/its classified draw mission:Countermeasures opponent:@bob", user="alice")
    tracker = next(m for m in drawn.messages if not m.ephemeral and m.buttons and "Player Turn" in m.text)
    refused = await driver.press(tracker, "End Player Turn", user="carol")
    assert refused.message.ephemeral
    assert f"reserved for <@{driver.user('bob').id}>" in refused.message.text
    assert "classified draw" not in refused.message.text  # a draw would be refused to them too
