"""A Boarding Actions battle through the offline driver: started from a roll, scored every round
through the buttons, across a restart, with strangers refused, to the result and its image."""

from __future__ import annotations

import asyncio

from bot.offline import Message, OfflineDriver

PNG = b"\x89PNG\r\n\x1a\n"


def _scoreboard(message: Message) -> bytes:
    files = [a for a in message.attachments if a.filename == "scoreboard.png"]
    assert len(files) == 1, [a.filename for a in message.attachments]
    assert files[0].data.startswith(PNG)
    return files[0].data


async def _deck_sweepers(driver: OfflineDriver) -> Message:
    """Deck Sweepers between Alice (500 points) and Bob (460 points: the Underdog), Alice first."""
    started = await driver.command(
        "/ba battle start mission:deck-sweepers attacker:alice defender:bob "
        "attacker_points:500 defender_points:460",
        user="alice",
    )
    text = started.message.text
    assert "Bob (Defender) is the Underdog (40 points fewer)" in text
    assert "Underdog Entry Zone" in text  # the bonus itself
    assert "who takes the first turn?" in text
    first = await driver.press(started.message, "Alice goes first", user="bob")
    return first.message


async def test_a_roll_starts_a_battle_when_the_opponent_joins(driver: OfflineDriver) -> None:
    rolled = (await driver.command("/ba roll kind:asymmetric", user="alice")).message
    name = rolled.text.splitlines()[0].split(": ", 2)[-1]
    taken = (await driver.press(rolled, "Start a battle as Defender", user="alice")).message
    assert "takes the Defender's side" in taken.text
    again = await driver.press(taken, "Join as Attacker", user="alice")
    assert again.message.ephemeral and "your opponent presses" in again.message.text
    joined = (await driver.press(taken, "Join as Attacker", user="bob")).message
    assert joined is taken and not joined.ephemeral  # the invitation becomes the battle
    assert name in joined.text and "Bob attacks, Alice defends" in joined.text
    _scoreboard(joined)
    status = await driver.command("/ba status", user="carol")
    assert name in status.message.text


async def test_a_whole_battle_through_the_buttons_with_a_restart_and_a_stranger(
    driver: OfflineDriver,
) -> None:
    message = await _deck_sweepers(driver)
    ready = await driver.press(message, "Alice Battle Ready", user="alice")
    assert ready.message is message and "☑ Alice Battle Ready" in message.button("Alice Battle Ready").label
    seen: list[str] = []
    old = message
    while "Finish the battle" not in " ".join(b.label for b in message.buttons):
        position = message.text.split("__")[1]
        seen.append(position)
        player = "alice" if "Alice (Attacker)" in position else "bob"
        if len(seen) == 2:
            stranger = await driver.press(message, "Control 1+", user="carol")
            assert stranger.message.ephemeral
            assert "Only Bob (the Defender) or a member with Manage Server" in stranger.message.text
            wrong_side = await driver.press(message, "Control 1+", user="alice")
            assert wrong_side.message.ephemeral and "Only Bob" in wrong_side.message.text
        if len(seen) == 5:
            old = message
            await driver.restart()
        ticked = await driver.press(message, "Control 1+", user=player)
        assert ticked.message is message and "☑ Control 1+" in message.button("Control 1+").label
        _scoreboard(ticked.message)
        if player == "alice":
            await driver.press(message, "Control more", user=player)
        message = (await driver.press(message, "Done", user=player)).message
    assert seen == [
        f"Round {r}, {who}, {moment}"
        for r in range(2, 6)
        for who, moment in [
            ("Alice (Attacker)", "end of the Command phase"),
            ("Bob (Defender)", "end of the turn" if r == 5 else "end of the Command phase"),
        ]
    ]
    moved_on = await driver.press(old, "Done", user="alice")
    assert moved_on.message.ephemeral and "Use the newest message" in moved_on.message.text

    assert "End of the battle" in message.text and "Sweep the Decks" in message.text
    await driver.choose(message, "2", user="alice", select=1)
    refused = await driver.choose(message, "3", user="alice", select=2)
    assert refused.message.ephemeral and "Only Bob" in refused.message.text
    await driver.choose(message, "1", user="bob", select=2)
    final = (await driver.press(message, "Finish the battle", user="bob")).message
    # Alice: 10 VP x 4 rounds + 2 markers x 15 + Battle Ready 10; Bob: 5 x 4 + 15.
    assert "Alice wins 80-35" in final.text
    assert "Alice (Attacker): win, 80 VP" in final.text and "Bob (Defender): loss, 35 VP" in final.text
    assert len(_scoreboard(final)) > 10_000
    assert not any(b.label.startswith("Done") for b in final.buttons)

    stranger_end = await driver.command("/ba end", user="carol")
    assert stranger_end.message.ephemeral and "Only this battle's players" in stranger_end.message.text
    ended = (await driver.command("/ba end", user="bob")).message
    assert "the battle is over" in ended.text and not ended.buttons
    # Issue 34, item 18: the closed battle's message still offered /ba undo and /ba end.
    assert "/ba undo" not in ended.text and "/ba end" not in ended.text
    assert "`/ba battle start` begins a new battle here" in ended.text
    _scoreboard(ended)
    gone = await driver.command("/ba status")
    assert gone.message.ephemeral and "/ba battle start" in gone.message.text


async def test_a_manager_may_correct_either_side_and_undo_takes_back_the_last_step(
    driver: OfflineDriver,
) -> None:
    message = await _deck_sweepers(driver)
    driver.user("tom", manage_guild=True)
    assert "Round 2" in message.text  # nobody scores in round 1 of Deck Sweepers
    corrected = await driver.press(message, "Control 1+", user="tom")
    assert "Alice (Attacker): **5** VP" in corrected.message.text
    stranger = await driver.command("/ba undo", user="carol")
    assert stranger.message.ephemeral
    not_hers = await driver.command("/ba undo", user="bob")
    assert not_hers.message.ephemeral and "only they" in not_hers.message.text
    undone = (await driver.command("/ba undo", user="tom")).message
    assert "took back" in undone.text and "Alice (Attacker): **0** VP" in undone.text
    assert "Round 2, Alice (Attacker), end of the Command phase" in undone.text
    # The older message moved on: its controls point to the live one, which works.
    old = await driver.press(message, "Control 1+", user="alice")
    assert old.message.ephemeral and "has moved on" in old.message.text and str(undone.id) in old.message.text
    again = await driver.press(undone, "Control 1+", user="alice")
    assert again.message is undone and "☑ Control 1+" in undone.button("Control 1+").label


async def test_jailbreak_scores_once_for_both_and_battle_ready_makes_100(driver: OfflineDriver) -> None:
    started = await driver.command(
        "/ba battle start mission:jailbreak attacker:alice defender:bob", user="bob"
    )
    message = started.message
    assert "No Underdog" in message.text
    assert (
        "End of the battle" in message.text
        and "Where is the imprisoned unit" in message.selects[0].placeholder
    )
    stranger = await driver.choose(message, "escaped", user="carol")
    assert stranger.message.ephemeral and "Only this battle's players" in stranger.message.text
    await driver.choose(message, "escaped", user="bob")
    await driver.press(message, "Alice Battle Ready", user="alice")
    other = await driver.press(message, "Bob Battle Ready", user="alice")
    assert other.message.ephemeral and "Only Bob (the Defender)" in other.message.text
    final = (await driver.press(message, "Finish the battle", user="alice")).message
    assert "Alice wins 100-0" in final.text
    assert "Alice (Attacker): **100** VP (+10 Battle Ready)" in final.text


async def test_strongrooms_bands_and_a_draw_at_the_cap(driver: OfflineDriver) -> None:
    message = (
        await driver.command("/ba battle start mission:strongrooms attacker:alice defender:bob")
    ).message
    assert [s.placeholder.split(":")[0] for s in message.selects] == ["Alice", "Bob"]
    bands = dict(message.selects[1].options)
    band = next(label for label in bands if label.endswith(": 90 VP"))
    await driver.choose(message, "2", user="alice", select=1)
    await driver.choose(message, band, user="bob", select=2)
    final = (await driver.press(message, "Finish the battle", user="bob")).message
    assert "Draw 90-90" in final.text
    assert "Alice (Attacker): draw, 90 VP" in final.text and "Bob (Defender): draw, 90 VP" in final.text


async def test_wrong_starts_are_refused_privately(driver: OfflineDriver) -> None:
    same = await driver.command("/ba battle start mission:jailbreak attacker:alice defender:alice")
    assert same.message.ephemeral and "two different members" in same.message.text
    unknown = await driver.command("/ba battle start mission:zzzzqqqq attacker:alice defender:bob")
    assert unknown.message.ephemeral and "No Boarding Actions mission is called" in unknown.message.text
    await driver.command("/ba battle start mission:jailbreak attacker:alice defender:bob")
    twice = await driver.command("/ba battle start mission:rad-leak attacker:carol defender:dan")
    assert twice.message.ephemeral and "already has a Boarding Actions battle" in twice.message.text


async def test_two_presses_at_once_make_one_step_each_or_are_refused(driver: OfflineDriver) -> None:
    message = await _deck_sweepers(driver)
    before = await driver.bot.games.active_record(driver.channel.id)
    assert before is not None
    both = await asyncio.gather(
        driver.press(message, "Bob Battle Ready", user="bob"),
        driver.press(message, "Control 1+", user="alice"),
    )
    assert not any(r.message.ephemeral for r in both)
    after = await driver.bot.games.active_record(driver.channel.id)
    assert after is not None and after.version == before.version + 2  # both kept, one after the other
    live = (await driver.command("/ba status")).message  # the live tracker from now on
    status = live.text
    assert "Alice (Attacker): **5** VP" in status and "Bob (Defender): **10** VP (+10 Battle Ready)" in status
    done = await asyncio.gather(*(driver.press(live, "Done", user="alice") for _ in range(2)))
    public = [r for r in done if not r.message.ephemeral]
    assert len(public) == 1 and "Round 2, Bob (Defender)" in public[0].message.text
    refused = next(r for r in done if r.message.ephemeral)
    assert "moved on" in refused.message.text or "newest" in refused.message.text
    final = await driver.bot.games.active_record(driver.channel.id)
    assert final is not None and final.version == after.version + 2  # the tracker moved, then Done
