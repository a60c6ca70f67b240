"""The two-player ITS score sheet through the offline driver: menus, modals, confirms, the image."""

from __future__ import annotations

import copy
import dataclasses
import io

from PIL import Image

from bot.offline import Message, OfflineDriver, Reply
from cogs.its.state import ItsMatch

KIND = "its_match"


async def _sheet(driver: OfflineDriver, mission: str = "Acquisition", tier: int = 300, **kw) -> Message:
    """Alice starts the sheet naming Bob, who accepts the invitation."""
    reply = await driver.command(f"/its score mission:{mission} tier:{tier} opponent:bob", user="alice", **kw)
    message = reply.message
    assert not message.ephemeral and "Score sheet · " in message.text
    invitation = next((m for m in reply.messages if "named you as their opponent" in m.text), None)
    if invitation is not None:
        await driver.press(invitation, "Accept: play Alice", user="bob")
    return message


async def _set(
    driver: OfflineDriver, sheet: Message, side: str, entry: str, values: dict[str, str] | str, *, user: str
) -> Reply:
    """Choose ``entry`` in side A's (1) or B's (2) menu and submit the modal."""
    opened = await driver.choose(sheet, entry, user=user, select=1 if side == "a" else 2)
    assert opened.modal is not None, opened.text
    filled = {"f0": values} if isinstance(values, str) else values
    return await driver.submit(opened.modal, filled)


async def _end(driver: OfflineDriver, user: str) -> Reply:
    """/its end, then the confirmation button, or the other player's agreement while the match
    holds something of theirs (a sheet not confirmed by both); returns that press."""
    asked = await driver.command("/its end", user=user)
    if asked.message.ephemeral:
        assert asked.message.text.startswith("End this match?")
        return await driver.press(asked.message, "Yes, end this match", user=user)
    assert "do you agree?" in asked.message.text
    other = "bob" if user == "alice" else "alice"
    return await driver.press(asked.message, "end the match", user=other)


def _field(message: Message, name: str) -> str:
    embed = message.card.data
    return next(f["value"] for f in embed["fields"] if f["name"].startswith(name))


async def test_seed_example_one_four_against_one(driver: OfflineDriver) -> None:
    sheet = await _sheet(driver)
    await _set(driver, sheet, "a", "tech_coffin", "yes", user="alice")
    await _set(driver, sheet, "a", "classified", "1", user="alice")
    await _set(driver, sheet, "b", "antennas_controlled", "1", user="bob")
    assert _field(sheet, "Objective Points") == "Alice: **4**\nBob: **1**"
    assert _field(sheet, "Tournament Points") == "Alice: **4 TP** (Victory 4)\nBob: **0 TP** (Defeat 0)"


async def test_seed_example_two_seven_against_six_then_both_confirm(driver: OfflineDriver) -> None:
    # Frontline: Acquisition's two antennas and one Tech-Coffin cannot give 7 and 6 together.
    sheet = await _sheet(driver, "Frontline")
    for entry, value in (("central_sector", "y"), ("farthest_sector", "y"), ("classified", "2")):
        await _set(driver, sheet, "a", entry, value, user="alice")
    for entry, value in (("farthest_sector", "y"), ("classified", "3")):
        await _set(driver, sheet, "b", entry, value, user="bob")
    await _set(driver, sheet, "a", "victory_points", "212", user="alice")
    assert _field(sheet, "Objective Points") == "Alice: **7**\nBob: **6**"
    tp = _field(sheet, "Tournament Points")
    assert (
        tp
        == "Alice: **5 TP** (Victory 4, Offensive +1)\nBob: **2 TP** (Defeat 0, Offensive +1, Defensive +1)"
    )
    assert _field(sheet, "Victory Points") == "Alice: 212\nBob: 0"

    first = await driver.press(sheet, "Alice: confirm", user="alice")
    assert first.message is sheet and "Alice: ✅ confirmed" in sheet.text
    assert not any(m.attachments for m in first.messages)
    # An edit after a confirmation clears it.
    await _set(driver, sheet, "b", "victory_points", "150", user="bob")
    assert "Alice: ⏳ not yet" in sheet.text
    await driver.press(sheet, "Alice: confirm", user="alice")
    final = await driver.press(sheet, "Bob: confirm", user="bob")
    posted = [m for m in final.messages if m.attachments]
    assert len(posted) == 1 and not posted[0].ephemeral
    image = posted[0]
    assert image.attachments[0].filename == "score.png"
    assert image.card.data["image"]["url"] == "attachment://score.png"
    assert "Alice wins" in image.card.data["title"]
    png = Image.open(io.BytesIO(image.attachments[0].data))
    assert png.format == "PNG" and len(image.attachments[0].data) < 500_000


async def test_only_the_players_edit_their_own_side_and_a_manager_may_edit_both(
    driver: OfflineDriver,
) -> None:
    sheet = await _sheet(driver)
    carol = await driver.choose(sheet, "tech_coffin", user="carol", select=1)
    assert carol.modal is None and carol.message.ephemeral and "Only Alice" in carol.message.text
    bob_on_alice = await driver.choose(sheet, "tech_coffin", user="bob", select=1)
    assert bob_on_alice.modal is None and "Only Alice" in bob_on_alice.message.text
    confirm_for_alice = await driver.press(sheet, "Alice: confirm", user="bob")
    assert confirm_for_alice.message.ephemeral and "Only Alice" in confirm_for_alice.message.text

    driver.user("dave", manage_guild=True)
    await _set(driver, sheet, "a", "tech_coffin", "yes", user="dave")
    await _set(driver, sheet, "b", "classified", "1", user="dave")
    assert "Alice: yes → **3 OP**" in sheet.text and "Bob: 1 → **1 OP**" in sheet.text

    # A third player can't start a sheet in a channel whose match is Alice vs Bob.
    taken = await driver.command("/its score mission:Acquisition tier:300 opponent:alice", user="carol")
    assert taken.message.ephemeral and "only they can take part" in taken.message.text


async def test_bad_entries_say_what_to_type(driver: OfflineDriver) -> None:
    sheet = await _sheet(driver)
    words = await _set(driver, sheet, "a", "antennas_activated", "two", user="alice")
    assert words.message.ephemeral and "needs a whole number from 0 to 2" in words.message.text
    too_many = await _set(driver, sheet, "a", "antennas_activated", "3", user="alice")
    assert too_many.message.ephemeral and "at most 2" in too_many.message.text
    flag = await _set(driver, sheet, "a", "tech_coffin", "maybe", user="alice")
    assert flag.message.ephemeral and "type yes or no" in flag.message.text
    army = await _set(driver, sheet, "a", "victory_points", "301", user="alice")
    assert army.message.ephemeral and "at most 300" in army.message.text
    assert _field(sheet, "Objective Points") == "Alice: **0**\nBob: **0**"
    self_game = await driver.command(
        "/its score mission:Acquisition tier:300 opponent:alice",
        user="alice",
        channel=driver.add_channel("solo"),
    )
    assert self_game.message.ephemeral and "not yourself" in self_game.message.text
    tier = await driver.command("/its score mission:Acquisition tier:150 opponent:bob", user="alice")
    assert tier.message.ephemeral and "already has a score sheet" in tier.message.text
    unknown = await driver.command(
        "/its score mission:Nowhere tier:300 opponent:bob", user="alice", channel=driver.add_channel("x")
    )
    assert unknown.message.ephemeral and "No ITS scenario called 'Nowhere'" in unknown.message.text


async def test_every_control_kind_through_its_modal(driver: OfflineDriver) -> None:
    quadrant = await _sheet(driver, "Quadrant Control", 300)
    rounds = await driver.choose(quadrant, "quadrants_each_round", user="alice", select=1)
    assert rounds.modal is not None and len(rounds.modal.fields) == 3
    await driver.submit(rounds.modal, {"f0": "2", "f1": "1", "f2": "3"})
    await _set(driver, quadrant, "b", "quadrants_each_round", {"f0": "1", "f1": "1", "f2": "3"}, user="bob")
    await _set(
        driver,
        quadrant,
        "a",
        "enemy_side_quadrant_each_round",
        {"f0": "yes", "f1": "no", "f2": "yes"},
        user="alice",
    )
    assert "R1:2 R2:1 R3:3" in quadrant.text and "R1:✓ R2:✗ R3:✓" in quadrant.text
    await _end(driver, "alice")

    battle = await _sheet(driver, "Battleground", 300)
    choice = await driver.choose(battle, "enemy_key_ops", user="alice", select=1)
    assert choice.modal is not None and choice.modal.fields[0]["value"] == "none"
    await driver.submit(choice.modal, {"f0": "2"})
    reopened = await driver.choose(battle, "enemy_key_ops", user="alice", select=1)
    assert reopened.modal.fields[0]["value"] != "none"  # prefilled with the current option
    await _end(driver, "bob")

    cryo = await _sheet(driver, "Cryogenics", 300)
    counters = await driver.choose(cryo, "hvt_quadrants", user="alice", select=1)
    assert counters.modal is not None and len(counters.modal.fields) == 2
    await driver.submit(counters.modal, {"f0": "1", "f1": "1"})
    over = await _set(driver, cryo, "b", "hvt_quadrants", {"f0": "2", "f1": "1"}, user="bob")
    assert over.message.ephemeral and "only 2 can score" in over.message.text
    await _end(driver, "alice")

    annihilation = await _sheet(driver, "Annihilation", 300)
    await _set(driver, annihilation, "a", "killed_army_points", "250", user="alice")
    line = _field(annihilation, "Enemy army points Killed")
    assert line.startswith("Alice: 250 pts → **") and "**0 OP**" not in line.split("\n")[0]


async def test_restart_mid_sheet_then_old_message_keeps_working_and_stale_copy_is_moved_on(
    driver: OfflineDriver,
) -> None:
    sheet = await _sheet(driver)
    await _set(driver, sheet, "a", "tech_coffin", "yes", user="alice")
    before_bob = dataclasses.replace(sheet, components=copy.deepcopy(sheet.components))
    opened = await driver.choose(sheet, "antennas_activated", user="bob", select=2)
    await driver.restart()
    # A modal opened before the restart is still accepted.
    after = await driver.submit(opened.modal, {"f0": "2"})
    assert after.edited and "Bob: 2 → **4 OP**" in sheet.text
    await _set(driver, sheet, "a", "classified", "1", user="alice")
    await driver.press(sheet, "Alice: confirm", user="alice")

    stale = await driver.press(before_bob, "Bob: confirm", user="bob")
    assert stale.message.ephemeral and "out of date" in stale.message.text
    stale_menu = await driver.choose(before_bob, "tech_coffin", user="alice", select=1)
    assert stale_menu.modal is None and "out of date" in stale_menu.message.text
    done = await driver.press(sheet, "Bob: confirm", user="bob")
    assert any(m.attachments for m in done.messages)
    final = await driver.press(before_bob, "Bob: confirm", user="bob")
    assert final.message.ephemeral and "final" in final.message.text

    match = (await driver.bot.games.get(driver.channel.id, ItsMatch, KIND)).state
    assert match.sheet is not None and match.sheet.b.values == {"antennas_activated": 2}


async def test_sheet_edit_is_a_bounded_number_of_queries(driver: OfflineDriver) -> None:
    sheet = await _sheet(driver)
    opened = await driver.choose(sheet, "tech_coffin", user="alice", select=1)
    before = driver.bot.db.query_count
    await driver.submit(opened.modal, {"f0": "yes"})
    assert driver.bot.db.query_count - before <= 8


async def test_end_the_match(driver: OfflineDriver) -> None:
    await _sheet(driver)
    refused = await driver.command("/its end", user="carol")
    assert refused.message.ephemeral and "Only the players" in refused.message.text
    ended = await _end(driver, "bob")
    public = [m for m in ended.messages if not m.ephemeral]
    assert (
        len(public) == 1
        and "ended this channel's ITS match (Acquisition) between Alice and Bob" in public[0].text
    )
    again = await driver.command("/its end", user="bob")
    assert again.message.ephemeral and "There is no ITS match" in again.message.text


async def test_end_asks_first_and_says_what_was_ended_without_private_cards(driver: OfflineDriver) -> None:
    """/its end used to wipe the match at once; now the caller confirms, then the channel gets a
    summary: who ended it, revealed objectives and the score, never a card still private."""
    await driver.command("/its classified draw mission:Acquisition", user="alice")
    sheet = await _sheet(driver)
    match = (await driver.bot.games.get(driver.channel.id, ItsMatch, KIND)).state
    alice_pair = {match.draw.card(k).name for k in match.draw.players[0].pair}
    bob_pair = {match.draw.card(k).name for k in match.draw.players[1].pair}
    await _set(driver, sheet, "a", "tech_coffin", "yes", user="alice")
    await driver.command("/its classified mine", user="alice")
    mine = [m for m in driver.history(user=driver.user("alice")) if m.ephemeral and m.buttons][-1]
    await driver.press(mine, 1, user="alice")
    await driver.command("/its classified reveal", user="alice")
    alice_kept = (await driver.bot.games.get(driver.channel.id, ItsMatch, KIND)).state.draw.players[0].kept

    # The sheet is not confirmed by both, so Bob asks Alice (issue 15 item 6).
    asked = await driver.command("/its end", user="bob")
    assert not asked.message.ephemeral and "do you agree?" in asked.message.text
    assert "score sheet" in asked.message.text
    assert (await driver.bot.games.find(driver.channel.id, ItsMatch, KIND)) is not None  # nothing gone yet
    done = await driver.press(asked.message, "Alice: end the match", user="alice")
    assert "The match is ended" in asked.message.text and not asked.message.buttons
    summary = next(m for m in done.messages if not m.ephemeral)
    assert driver.user("alice").mention in summary.text and "ended this channel's ITS match" in summary.text
    assert f"{driver.user('bob').mention}'s request" in summary.text
    kept_name = match.draw.card(alice_kept[0]).name
    assert f"Alice revealed: {kept_name}" in summary.text
    assert "Bob's classified objectives were not revealed and stay secret." in summary.text
    for name in bob_pair - alice_pair - {kept_name}:
        assert name not in summary.text
    assert "Score sheet, not confirmed by both players: Alice " in summary.text

    # The old sheet's controls and the used confirmation answer "moved on".
    stale = await driver.press(sheet, "Alice: confirm", user="alice")
    assert stale.message.ephemeral and "moved on" in stale.message.text
    menu = await driver.choose(sheet, "tech_coffin", user="alice", select=1)
    assert menu.modal is None and "no longer applies" in menu.message.text


async def test_end_confirmation_of_a_replaced_match_does_nothing(driver: OfflineDriver) -> None:
    await _sheet(driver)
    asked = await driver.command("/its end", user="alice")
    await _end(driver, "bob")
    second = await _sheet(driver)
    late = await driver.press(asked.message, "end the match", user="bob")
    assert late.message.ephemeral and "no longer applies" in late.message.text
    assert (await driver.bot.games.find(driver.channel.id, ItsMatch, KIND)) is not None
    assert second.buttons


async def test_final_score_is_in_the_end_summary(driver: OfflineDriver) -> None:
    sheet = await _sheet(driver)
    await _set(driver, sheet, "a", "tech_coffin", "yes", user="alice")
    await driver.press(sheet, "Alice: confirm", user="alice")
    await driver.press(sheet, "Bob: confirm", user="bob")
    ended = await _end(driver, "alice")
    summary = next(m for m in ended.messages if not m.ephemeral)
    assert "Final score (confirmed by both): Alice " in summary.text and "Alice wins" in summary.text


async def test_an_edit_that_changes_nothing_keeps_the_confirmations(driver: OfflineDriver) -> None:
    sheet = await _sheet(driver)
    await driver.press(sheet, "Alice: confirm", user="alice")
    driver.user("dave", manage_guild=True)
    await _set(driver, sheet, "b", "antennas_activated", "0", user="dave")  # 0 -> 0
    assert "Alice: ✅ confirmed" in _field(sheet, "Confirmed")
    await _set(driver, sheet, "b", "antennas_activated", "1", user="dave")
    assert "Alice: ⏳ not yet" in _field(sheet, "Confirmed")


async def test_draw_then_sheet_share_one_match_and_the_sheet_can_be_posted_again(
    driver: OfflineDriver,
) -> None:
    await driver.command("/its classified draw mission:Supplies", user="alice")
    first = await _sheet(driver, "Supplies", 300)
    match = (await driver.bot.games.get(driver.channel.id, ItsMatch, KIND)).state
    assert [s.name for s in match.seats] == ["Alice", "Bob"]
    assert match.draw is not None and match.draw.players[1].name == "Bob"  # took the open hand
    bob_cards = await driver.command("/its classified mine", user="bob")
    assert bob_cards.message.ephemeral and "Choose one to keep" in bob_cards.message.text
    await _set(driver, first, "a", "boxes", "2", user="alice")
    again = await _sheet(driver, "Supplies", 300)
    assert again is not first and "Alice: 2 → **" in again.text
    await _set(driver, again, "b", "boxes", "1", user="bob")
    stale = await driver.choose(first, "boxes", user="alice", select=1)
    assert (
        stale.modal is None
        and "out of date" in stale.message.text
        and "run `/its score` here" in stale.message.text
    )


async def test_both_players_editing_at_the_same_moment_keep_both_entries(driver: OfflineDriver) -> None:
    import asyncio

    sheet = await _sheet(driver)
    # Both open their forms from the same message, then submit at the same moment.
    alice_form = (await driver.choose(sheet, "tech_coffin", user="alice", select=1)).modal
    bob_form = (await driver.choose(sheet, "classified", user="bob", select=2)).modal
    assert alice_form is not None and bob_form is not None
    await asyncio.gather(driver.submit(alice_form, {"f0": "yes"}), driver.submit(bob_form, {"f0": "1"}))
    assert _field(sheet, "Objective Points") == "Alice: **3**\nBob: **1**"


async def test_a_confirmed_sheet_is_final_and_its_result_is_posted_once(driver: OfflineDriver) -> None:
    sheet = await _sheet(driver)
    await _set(driver, sheet, "a", "tech_coffin", "yes", user="alice")
    opened = await driver.choose(sheet, "classified", user="bob", select=2)  # a form left open
    await driver.press(sheet, "Alice: confirm", user="alice")
    before = dataclasses.replace(sheet, components=copy.deepcopy(sheet.components))
    final = await driver.press(sheet, "Bob: confirm", user="bob")
    assert len([m for m in final.messages if m.attachments]) == 1
    assert not sheet.buttons and not sheet.selects and "Final" in sheet.text
    # Taking back a confirmation, confirming again, or editing from an older copy is refused.
    for label, user in (("Bob: confirm", "bob"), ("Alice: take back", "alice")):
        again = await driver.press(before, label, user=user)
        assert again.message.ephemeral and "final" in again.message.text
        assert "/its end" in again.message.text and "/its score" in again.message.text
    edit = await driver.choose(before, "tech_coffin", user="alice", select=1)
    assert edit.modal is None and "final" in edit.message.text
    late = await driver.submit(opened.modal, {"f0": "1"})
    assert late.message.ephemeral and "final" in late.message.text
    posted = [m for m in driver.history() if m.attachments]
    assert len(posted) == 1 and "Confirmed by both players" in "\n".join(m.text for m in posted)
    # Posting the sheet again shows the final sheet, without controls.
    shown = await _sheet(driver)
    assert not shown.buttons and not shown.selects


async def test_only_the_player_confirms_their_side_even_a_manager(driver: OfflineDriver) -> None:
    sheet = await _sheet(driver)
    driver.user("carol", manage_guild=True)
    await _set(driver, sheet, "b", "classified", "1", user="carol")  # a manager may still correct entries
    for label in ("Alice: confirm", "Bob: confirm"):
        refused = await driver.press(sheet, label, user="carol")
        assert (
            refused.message.ephemeral
            and "Only " in refused.message.text
            and "confirm" in refused.message.text
        )
    assert "✅" not in sheet.text


async def test_sheet_and_draw_must_be_for_the_same_mission(driver: OfflineDriver) -> None:
    await driver.command("/its classified draw mission:Acquisition", user="alice")
    wrong = await driver.command("/its score mission:Frontline tier:300 opponent:bob", user="alice")
    assert (
        wrong.message.ephemeral and "Acquisition" in wrong.message.text and "/its end" in wrong.message.text
    )
    await _sheet(driver, "Acquisition")

    other = driver.add_channel("other")
    await driver.command("/its score mission:Frontline tier:300 opponent:bob", user="alice", channel=other)
    drawn = await driver.command("/its classified draw mission:Acquisition", user="bob", channel=other)
    assert drawn.message.ephemeral and "Frontline" in drawn.message.text and "/its end" in drawn.message.text
    ok = await driver.command("/its classified draw mission:Frontline", user="bob", channel=other)
    assert ok.messages[0].ephemeral and "Your classified objectives · Frontline" in ok.messages[0].text


async def test_victory_points_limit_is_the_tier(driver: OfflineDriver) -> None:
    sheet = await _sheet(driver, tier=200)
    reply = await _set(driver, sheet, "a", "victory_points", "250", user="alice")
    assert reply.message.ephemeral and "at most 200 at this tier" in reply.message.text


async def test_a_final_sheet_tells_other_cogs_with_the_tournament_payload(driver: OfflineDriver) -> None:
    heard: list[tuple[int, int | None, dict[str, object]]] = []

    async def on_its_sheet_final(channel_id: int, guild_id: int | None, payload: dict[str, object]) -> None:
        heard.append((channel_id, guild_id, payload))

    driver.bot.add_listener(on_its_sheet_final)
    sheet = await _sheet(driver)
    await _set(driver, sheet, "a", "antennas_activated", "1", user="alice")
    await driver.press(sheet, "Alice: confirm", user="alice")
    assert heard == []  # one confirmation is not a result
    await driver.press(sheet, "Bob: confirm", user="bob")
    assert len(heard) == 1
    channel_id, _, payload = heard[0]
    assert channel_id == driver.channel.id
    assert payload["players"] == [driver.user("alice").id, driver.user("bob").id]
    assert payload["scenario"] == "acquisition" and isinstance(payload["tier"], int)
    assert set(payload["result"]) >= {"total_a", "total_b", "tp_a", "tp_b"}  # type: ignore[arg-type]


async def test_both_claiming_the_one_tech_coffin_is_flagged_and_cannot_be_confirmed(
    driver: OfflineDriver,
) -> None:
    """Issue 25.8: a total the scenario makes impossible is shown and refused at confirmation."""
    sheet = await _sheet(driver)
    await _set(driver, sheet, "a", "tech_coffin", "yes", user="alice")
    await _set(driver, sheet, "b", "tech_coffin", "yes", user="bob")
    warning = _field(sheet, "⚠ Claims the table cannot hold")
    assert "Alice and Bob both claim the Tech-Coffin" in warning
    refused = await driver.press(sheet, "Alice: confirm", user="alice")
    assert refused.message.ephemeral and "cannot be confirmed" in refused.message.text
    assert "Tech-Coffin" in refused.message.text
    assert "⏳ not yet" in _field(sheet, "Confirmed").split("\n")[0]
    await _set(driver, sheet, "b", "tech_coffin", "no", user="bob")
    assert not any(f["name"].startswith("⚠") for f in sheet.card.data["fields"])
    await driver.press(sheet, "Alice: confirm", user="alice")
    assert "✅ confirmed" in _field(sheet, "Confirmed").split("\n")[0]


async def test_ending_a_confirmed_match_says_the_result_is_kept(driver: OfflineDriver) -> None:
    # Issue 34, item 18: /its end on a fully confirmed match warned that it deletes the sheet.
    sheet = await _sheet(driver)
    await _set(driver, sheet, "a", "tech_coffin", "yes", user="alice")
    unconfirmed = (await driver.command("/its end", user="alice")).message
    assert "deletes" in unconfirmed.text  # Bob's sheet, not confirmed: he is asked, and told
    await driver.press(unconfirmed, "Keep playing", user="bob")
    await driver.press(sheet, "Alice: confirm", user="alice")
    await driver.press(sheet, "Bob: confirm", user="bob")
    asked = (await driver.command("/its end", user="alice")).message
    assert asked.ephemeral and asked.text.startswith("End this match? The result is kept")
    assert "deletes" not in asked.text and "final score" in asked.text
    done = await driver.press(asked, "Yes, end this match", user="alice")
    note = next(m for m in done.messages if not m.ephemeral)
    assert "Final score (confirmed by both): Alice 3 OP, 4 TP" in note.text
