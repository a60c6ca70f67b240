"""Issue 15 item 14: /its score takes what the match knows, and a form with a bad value keeps
what the player typed."""

from __future__ import annotations

from bot.offline import OfflineDriver


async def test_score_takes_mission_and_opponent_from_the_draw(driver: OfflineDriver) -> None:
    await driver.command("/its classified draw mission:Supplies opponent:bob", user="alice")
    # Before the fix mission, tier and opponent were all required.
    no_tier = await driver.command("/its score", user="alice")
    assert no_tier.message.ephemeral and "add `tier:`" in no_tier.message.text
    sheet = (await driver.command("/its score tier:300", user="alice")).message
    assert not sheet.ephemeral and "Score sheet · Supplies" in sheet.text and "Bob" in sheet.text
    # Later, nothing at all needs retyping: the same sheet is posted anew, by either player.
    await driver.command("/its classified draw mission:Supplies", user="bob")
    again = (await driver.command("/its score", user="bob")).message
    assert again is not sheet and "Score sheet · Supplies" in again.text and "300" in again.text


async def test_score_without_a_match_says_what_it_needs(driver: OfflineDriver) -> None:
    bare = await driver.command("/its score", user="alice")
    assert bare.message.ephemeral and "add `mission:`" in bare.message.text
    no_opponent = await driver.command("/its score mission:Acquisition tier:300", user="alice")
    assert no_opponent.message.ephemeral and "opponent:@them" in no_opponent.message.text


async def test_a_form_with_one_bad_value_is_offered_again_with_what_was_typed(driver: OfflineDriver) -> None:
    started = await driver.command("/its score mission:Quadrant Control tier:300 opponent:bob", user="alice")
    sheet = started.message
    opened = await driver.choose(sheet, "quadrants_each_round", user="alice", select=1)
    assert opened.modal is not None
    bad = await driver.submit(opened.modal, {"f0": "2", "f1": "two", "f2": "3"})
    told = bad.message
    assert told.ephemeral and "not 'two'" in told.text and "Not saved" in told.text
    assert "R1:2" not in sheet.text  # nothing half-saved
    # Before the fix the typed values were gone; now "Fix it" reopens the form with them.
    fix = await driver.press(told, "Fix it", user="alice")
    assert fix.modal is not None
    assert [f["value"] for f in fix.modal.fields] == ["2", "two", "3"]
    saved = await driver.submit(fix.modal, {"f0": "2", "f1": "1", "f2": "3"})
    assert not [m for m in saved.messages if m.ephemeral]
    assert "R1:2 R2:1 R3:3" in sheet.text
