"""Issue 15 item 14 (part): an edit that clears the other player's confirmation says so."""

from __future__ import annotations

from bot.offline import OfflineDriver


async def test_an_edit_that_clears_the_opponents_confirmation_says_so(driver: OfflineDriver) -> None:
    started = await driver.command("/its score mission:Acquisition tier:300 opponent:bob", user="alice")
    sheet = started.message
    await driver.press(sheet, "Bob: confirm", user="bob")
    opened = await driver.choose(sheet, "antennas_activated", user="alice", select=1)
    assert opened.modal is not None
    edited = await driver.submit(opened.modal, {"f0": "1"})
    public = [m for m in edited.messages if not m.ephemeral]
    bob = driver.user("bob").id
    assert any(f"<@{bob}> is cleared" in m.text and "confirm again" in m.text for m in public)
    # Her own confirmation cleared by her own edit needs no news.
    await driver.press(sheet, "Alice: confirm", user="alice")
    opened = await driver.choose(sheet, "antennas_activated", user="alice", select=1)
    again = await driver.submit(opened.modal, {"f0": "2"})
    assert not [m for m in again.messages if not m.ephemeral]
