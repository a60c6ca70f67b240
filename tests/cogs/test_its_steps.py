"""The tracker and the sheet each count only their own changes, end to end: a draw step never
stales the sheet, a sheet edit never stales the tracker, a stale copy says how to get a working
one, and /its score seating the opponent into a waiting draw is announced."""

from __future__ import annotations

import copy
import dataclasses

from bot.offline import Message, OfflineDriver
from cogs.its.state import ItsMatch

KIND = "its_match"


async def _game(driver: OfflineDriver):  # type: ignore[no-untyped-def]
    return await driver.bot.games.get(driver.channel.id, ItsMatch, KIND)


def _snapshot(message: Message) -> Message:
    return dataclasses.replace(message, components=copy.deepcopy(message.components))


def _with_custom_id(message: Message, old: str, new: str) -> Message:
    """A copy of ``message`` as Herald posted it before, with one control's id ``new``."""
    copied = _snapshot(message)

    def walk(components: list[dict]) -> None:
        for comp in components:
            if comp.get("custom_id") == old:
                comp["custom_id"] = new
            walk(comp.get("components") or [])

    walk(copied.components)
    return copied


async def test_tracker_keeps_working_through_sheet_edits_and_can_be_fetched_again(
    driver: OfflineDriver,
) -> None:
    await driver.command("/its classified draw mission:Countermeasures", user="alice")
    joined = await driver.command("/its classified draw mission:Countermeasures", user="bob")
    tracker = next(m for m in joined.messages if not m.ephemeral)
    sheet = (
        await driver.command("/its score mission:Countermeasures tier:300 opponent:bob", user="alice")
    ).message
    assert "Score sheet · " in sheet.text
    # Sheet edits and a confirmation move the match on, but not the tracker.
    opened = await driver.choose(sheet, sheet.selects[0].options[0][1], user="alice", select=1)
    assert opened.modal is not None
    await driver.submit(opened.modal, {"f0": "1"})
    await driver.press(sheet, "Alice: confirm", user="alice")
    first = tracker.buttons[0].label.removeprefix("✔ ")
    old_copy = _snapshot(tracker)
    pressed = await driver.press(tracker, 1, user="alice")
    assert pressed.edited and f"**Alice**: 1 achieved; {first}" in tracker.text

    # The copy from before that press is out of date and says where a working tracker is.
    stale = await driver.press(old_copy, "End Player Turn", user="bob")
    assert stale.message.ephemeral and "out of date" in stale.message.text
    assert "/its classified mine" in stale.message.text
    assert "/its classified draw mission:Countermeasures" in stale.message.text

    # /its classified mine hands a player a working copy (only to them).
    mine = (await driver.command("/its classified mine", user="bob")).message
    assert mine.ephemeral and "End Player Turn" in [b.label for b in mine.buttons][-2]
    # It is Alice's Player Turn, so Bob's copy refuses to end it, and says whose turn it is.
    refused = await driver.press(mine, "End Player Turn", user="bob")
    assert refused.message.ephemeral and "It is Alice's Player Turn" in refused.message.text
    await driver.press(mine, 1, user="bob")
    assert "**Bob**: 1 achieved" in mine.text
    # Re-running the draw posts the current tracker to the channel.
    again = await driver.command("/its classified draw mission:Countermeasures", user="alice")
    posted = [m for m in again.messages if not m.ephemeral]
    assert len(posted) == 1 and "asked for the current Countermeasures tracker" in posted[0].text
    done = await driver.press(posted[0], "Game over", user="alice")
    assert done.edited and not posted[0].buttons


async def test_old_style_ids_explain_themselves(driver: OfflineDriver) -> None:
    await driver.command("/its classified draw mission:Countermeasures", user="alice")
    joined = await driver.command("/its classified draw mission:Countermeasures", user="bob")
    tracker = next(m for m in joined.messages if not m.ephemeral)
    game = await _game(driver)
    for button in tracker.buttons:
        assert button.custom_id.startswith(f"its:cm:{game.id}:t0:") and len(button.custom_id) <= 100
    first = tracker.buttons[0].custom_id
    legacy = _with_custom_id(tracker, first, f"its:cm:{game.id}:{game.version}:a:0")
    old = await driver.press(legacy, 1, user="alice")
    assert old.message.ephemeral and "older version of Herald" in old.message.text
    assert "/its classified mine" in old.message.text
    assert (await _game(driver)).state.draw.players[0].kept == []  # nothing was achieved

    sheet = (
        await driver.command("/its score mission:Countermeasures tier:300 opponent:bob", user="alice")
    ).message
    ok = sheet.button("Alice: confirm")
    assert ok.custom_id == f"its:ok:{game.id}:s1:a"
    legacy_sheet = _with_custom_id(sheet, ok.custom_id, f"its:ok:{game.id}:{game.version}:a")
    refused = await driver.press(legacy_sheet, "Alice: confirm", user="alice")
    assert refused.message.ephemeral and "older version of Herald" in refused.message.text
    assert "run `/its score` here" in refused.message.text
    assert (await _game(driver)).state.confirmed == []


async def test_sheet_survives_draw_steps_and_score_announces_the_seated_opponent(
    driver: OfflineDriver,
) -> None:
    started = await driver.command("/its classified draw mission:Supplies", user="alice")
    waiting = next(m for m in started.messages if not m.ephemeral)
    assert "aiting for the second player" in waiting.text
    scored = await driver.command("/its score mission:Supplies tier:300 opponent:bob", user="alice")
    sheet = scored.messages[0]
    assert "Score sheet · " in sheet.text
    # Naming Bob invites him; accepting seats him in the draw's open seat.
    invitation = [m for m in scored.messages[1:] if not m.ephemeral]
    assert len(invitation) == 1 and "named you as their opponent" in invitation[0].text
    accepted = await driver.press(invitation[0], "Accept: play Alice", user="bob")
    # The channel hears that Bob took the open seat, and where his cards are, but not which.
    news = [m for m in accepted.messages if not m.ephemeral and m is not invitation[0]]
    assert len(news) == 1
    bob = driver.user("bob")
    assert f"{bob.mention} joined the classified draw for **Supplies**" in news[0].text
    assert "/its classified mine" in news[0].text
    assert "aiting for the second player" not in news[0].text and "**Bob**: 0 kept" in news[0].text
    match = (await _game(driver)).state
    hand = {match.draw.card(k).name for k in match.draw.players[1].pair}
    assert hand and not any(name in news[0].text for name in hand)

    # Both players keep cards: the sheet's controls still work.
    for user in ("bob", "alice"):
        mine = (await driver.command("/its classified mine", user=user)).message
        await driver.press(mine, 1, user=user)
    opened = await driver.choose(sheet, "boxes", user="alice", select=1)
    assert opened.modal is not None
    await driver.submit(opened.modal, {"f0": "2"})
    before_confirm = _snapshot(sheet)
    await driver.press(sheet, "Alice: confirm", user="alice")
    assert "Alice: take back confirmation" in [b.label for b in sheet.buttons]

    # A copy from before the confirmation is out of date; the same /its score posts a working one.
    stale = await driver.press(before_confirm, "Bob: confirm", user="bob")
    assert stale.message.ephemeral and "out of date" in stale.message.text
    alice = driver.user("alice")
    assert "run `/its score` here" in stale.message.text
    assert alice.mention not in stale.message.text  # nothing to retype: /its score knows the match
    fresh = (await driver.command("/its score", user="bob")).message
    assert fresh is not sheet and "Alice: 2 → **" in fresh.text
    done = await driver.press(fresh, "Bob: confirm", user="bob")
    assert any(m.attachments for m in done.messages)


async def test_score_seating_into_a_countermeasures_draw_posts_the_tracker(driver: OfflineDriver) -> None:
    await driver.command("/its classified draw mission:Countermeasures", user="alice")
    scored = await driver.command("/its score mission:Countermeasures tier:300 opponent:bob", user="alice")
    invitation = next(m for m in scored.messages[1:] if not m.ephemeral)
    accepted = await driver.press(invitation, "Accept: play Alice", user="bob")
    news = [m for m in accepted.messages if not m.ephemeral and m is not invitation]
    assert len(news) == 1 and "joined the classified draw" in news[0].text
    assert "tracker below is for both players" in news[0].text
    await driver.press(news[0], 1, user="bob")
    assert "**Bob**: 1 achieved" in news[0].text
