"""Issue 15 item 6 end to end: /its end by one player no longer deletes the other's cards without
their agreement, and the note of an ended match names no card nobody has seen."""

from __future__ import annotations

from bot.offline import OfflineDriver
from cogs.its.state import ItsMatch

KIND = "its_match"


async def _drawn(driver: OfflineDriver) -> None:
    for user in ("alice", "bob"):
        message = (await driver.command("/its classified draw mission:Acquisition", user=user)).messages[0]
        while any(b.label.startswith("Keep ") for b in message.buttons):
            await driver.press(message, 1, user=user)


async def _match(driver: OfflineDriver) -> ItsMatch | None:
    game = await driver.bot.games.find(driver.channel.id, ItsMatch, KIND)
    return None if game is None else game.state


async def test_one_players_end_asks_the_other(driver: OfflineDriver) -> None:
    await _drawn(driver)
    draw = (await _match(driver)).draw
    bob_cards = {draw.card(k).name for k in draw.players[1].kept}
    asked = await driver.command("/its end", user="alice")
    request = asked.message
    assert not request.ephemeral and driver.user("bob").mention in request.text
    assert "do you agree?" in request.text and "classified objectives" in request.text
    assert await _match(driver) is not None  # nothing deleted yet
    # The asker can't answer their own request, and nor can a bystander.
    own = await driver.press(request, "end the match", user="alice")
    assert own.message.ephemeral and "Bob answers it" in own.message.text
    stranger = await driver.press(request, "end the match", user="carol")
    assert stranger.message.ephemeral and "Only the players" in stranger.message.text
    assert await _match(driver) is not None
    done = await driver.press(request, "Bob: end the match", user="bob")
    assert await _match(driver) is None
    assert "both sides agreed" in request.text and not request.buttons
    note = next(m for m in done.messages if not m.ephemeral)
    assert "ended this channel's ITS match" in note.text
    assert f"{driver.user('alice').mention}'s request" in note.text
    assert "were not revealed and stay secret" in note.text
    for name in bob_cards:
        assert name not in note.text


async def test_the_other_player_may_keep_playing(driver: OfflineDriver) -> None:
    await _drawn(driver)
    request = (await driver.command("/its end", user="alice")).message
    await driver.press(request, "Keep playing", user="bob")
    assert "wants to keep playing" in request.text and not request.buttons
    assert await _match(driver) is not None
    # The asker may withdraw a new request too.
    again = (await driver.command("/its end", user="bob")).message
    await driver.press(again, "Keep playing", user="bob")
    assert "withdrew the request" in again.text and await _match(driver) is not None


async def test_a_lone_player_ends_with_their_own_confirmation(driver: OfflineDriver) -> None:
    await driver.command("/its classified draw mission:Acquisition", user="alice")
    asked = await driver.command("/its end", user="alice")
    assert asked.message.ephemeral and asked.message.text.startswith("End this match?")
    await driver.press(asked.message, "Yes, end this match", user="alice")
    assert await _match(driver) is None


async def test_a_manager_who_is_not_playing_ends_it(driver: OfflineDriver) -> None:
    await _drawn(driver)
    driver.user("mod", manage_guild=True)
    asked = await driver.command("/its end", user="mod")
    assert asked.message.ephemeral and asked.message.text.startswith("End this match?")
    await driver.press(asked.message, "Yes, end this match", user="mod")
    assert await _match(driver) is None


async def test_with_every_card_revealed_one_player_ends_it(driver: OfflineDriver) -> None:
    await _drawn(driver)
    for user in ("alice", "bob"):
        choice = (await driver.command("/its classified reveal", user=user)).message
        await driver.press(choice, "No swap", user=user)
    asked = await driver.command("/its end", user="alice")
    assert asked.message.ephemeral and asked.message.text.startswith("End this match?")
    done = await driver.press(asked.message, "Yes, end this match", user="alice")
    note = next(m for m in done.messages if not m.ephemeral)
    assert "Alice revealed:" in note.text and "Bob revealed:" in note.text
