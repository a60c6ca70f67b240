"""Issue 16 item 8: a seat named for someone is theirs to accept; nobody else takes it."""

from __future__ import annotations

import copy
import dataclasses

from bot.offline import Message, OfflineDriver, Reply
from cogs.its.state import ItsMatch

KIND = "its_match"


async def _match(driver: OfflineDriver) -> ItsMatch:
    return (await driver.bot.games.get(driver.channel.id, ItsMatch, KIND)).state


def _snapshot(message: Message) -> Message:
    """The message as it was, buttons included (a copy someone could still press)."""
    return dataclasses.replace(message, components=copy.deepcopy(message.components))


def _invitation(reply: Reply) -> Message:
    return next(m for m in reply.messages if not m.ephemeral and "named you as their opponent" in m.text)


async def test_score_naming_an_opponent_invites_them_instead_of_seating_them(driver: OfflineDriver) -> None:
    bob = driver.user("bob")
    scored = await driver.command("/its score mission:Acquisition tier:300 opponent:bob", user="alice")
    match = await _match(driver)
    assert [s.name for s in match.seats] == ["Alice"]  # before the fix: Bob was seated at once
    invitation = _invitation(scored)
    assert invitation.pings == {bob.id}  # the invited player is notified
    assert [b.label for b in invitation.buttons] == ["Accept: play Alice", "Decline"]
    # The sheet already names Bob's side, but it is not his until he accepts.
    assert "Bob" in scored.message.text

    accepted = await driver.press(invitation, "Accept: play Alice", user="bob")
    assert accepted.message is invitation and not invitation.buttons
    assert "accepted" in invitation.text and bob.mention in invitation.text
    assert [s.name for s in (await _match(driver)).seats] == ["Alice", "Bob"]


async def test_a_bystander_cannot_take_a_seat_named_for_someone_else(driver: OfflineDriver) -> None:
    bob, alice = driver.user("bob"), driver.user("alice")
    started = await driver.command("/its classified draw mission:Frontline opponent:bob", user="alice")
    invitation = _invitation(started)
    # Bob's hand is dealt under his name and waits for him.
    assert "Bob" in next(m for m in started.messages if "Classified objectives" in m.text).text

    for attempt in (
        await driver.command("/its classified draw mission:Frontline", user="carol"),
        await driver.command("/its score mission:Frontline tier:300 opponent:alice", user="carol"),
        await driver.press(invitation, "Accept: play Alice", user="carol"),
        await driver.press(invitation, "Decline", user="carol"),
    ):
        refused = attempt.message
        assert refused.ephemeral and f"reserved for {bob.mention}" in refused.text
        assert f"{alice.mention} named them as opponent" in refused.text
    match = await _match(driver)
    assert [s.name for s in match.seats] == ["Alice"] and match.invited is not None

    # Until he accepts, nothing is Bob's: his cards stay dealt but unseen, with a hint.
    early = await driver.command("/its classified mine", user="bob")
    assert early.message.ephemeral and "press Accept on the invitation" in early.message.text

    before = _snapshot(invitation)
    accepted = await driver.press(invitation, "Accept: play Alice", user="bob")
    hand = [m for m in accepted.messages if m.ephemeral]
    assert len(hand) == 1 and hand[0].visible_to == bob.id and hand[0].buttons  # Keep buttons
    news = [m for m in accepted.messages if not m.ephemeral]
    assert len(news) == 1 and f"{bob.mention} joined the classified draw for **Frontline**" in news[0].text

    again = await driver.press(before, "Accept: play Alice", user="bob")
    assert again.message.ephemeral and "already answered" in again.message.text


async def test_an_open_seat_nobody_was_named_for_still_goes_to_whoever_draws(driver: OfflineDriver) -> None:
    started = await driver.command("/its classified draw mission:Frontline", user="alice")
    assert not [m for m in started.messages if "named you" in m.text]
    joined = await driver.command("/its classified draw mission:Frontline", user="carol")
    assert any("joined the classified draw" in m.text for m in joined.messages if not m.ephemeral)
    assert [s.name for s in (await _match(driver)).seats] == ["Alice", "Carol"]


async def test_decline_opens_the_seat_and_a_manager_may_seat_the_invitee(driver: OfflineDriver) -> None:
    started = await driver.command("/its classified draw mission:Frontline opponent:bob", user="alice")
    declined = await driver.press(_invitation(started), "Decline", user="bob")
    assert "declined" in declined.message.text and "open again" in declined.message.text
    assert (await _match(driver)).invited is None
    # Alice names Bob again; a Manage Server member seats him, without seeing his cards.
    await driver.command("/its classified draw mission:Frontline opponent:bob", user="alice")
    invitation = [m for m in driver.history() if "named you as their opponent" in m.text][-1]
    driver.user("mod", manage_guild=True)
    seated = await driver.press(invitation, "Accept: play Alice", user="mod")
    assert "a Manage Server member, seated them" in invitation.text
    assert not [m for m in seated.messages if m.ephemeral]
    assert [s.name for s in (await _match(driver)).seats] == ["Alice", "Bob"]


async def test_the_invitation_works_after_a_restart(driver: OfflineDriver) -> None:
    scored = await driver.command("/its score mission:Acquisition tier:300 opponent:bob", user="alice")
    invitation = _invitation(scored)
    await driver.restart()
    await driver.press(invitation, "Accept: play Alice", user="bob")
    assert [s.name for s in (await _match(driver)).seats] == ["Alice", "Bob"]


async def test_confirming_their_own_side_is_the_invited_players_acceptance(driver: OfflineDriver) -> None:
    bob = driver.user("bob")
    scored = await driver.command("/its score mission:Acquisition tier:300 opponent:bob", user="alice")
    sheet = scored.message
    carol = await driver.press(sheet, "Bob: confirm", user="carol")
    assert carol.message.ephemeral and "Only Bob" in carol.message.text
    confirmed = await driver.press(sheet, "Bob: confirm", user="bob")
    assert "Bob: ✅ confirmed" in sheet.text
    assert any(f"{bob.mention} took the seat" in m.text for m in confirmed.messages if not m.ephemeral)
    assert [s.name for s in (await _match(driver)).seats] == ["Alice", "Bob"]
    stale = await driver.press(_invitation(scored), "Accept: play Alice", user="bob")
    assert stale.message.ephemeral and "already answered" in stale.message.text


async def test_naming_yourself_or_someone_else_when_full_is_refused(driver: OfflineDriver) -> None:
    own = await driver.command("/its classified draw mission:Frontline opponent:alice", user="alice")
    assert own.message.ephemeral and "not yourself" in own.message.text
    await driver.command("/its classified draw mission:Frontline opponent:bob", user="alice")
    await driver.command("/its classified draw mission:Frontline", user="bob")
    full = await driver.command("/its score mission:Frontline tier:300 opponent:carol", user="alice")
    assert full.message.ephemeral and "only they can take part" in full.message.text


async def test_editing_their_own_side_seats_the_invited_player_and_deals_their_hand(
    driver: OfflineDriver,
) -> None:
    bob = driver.user("bob")
    await driver.command("/its classified draw mission:Acquisition opponent:bob", user="alice")
    sheet = (await driver.command("/its score tier:300", user="alice")).message
    opened = await driver.choose(sheet, "antennas_activated", user="bob", select=2)
    assert opened.modal is not None
    edited = await driver.submit(opened.modal, {"f0": "1"})
    assert "Bob: 1 → **" in sheet.text
    public = [m.text for m in edited.messages if not m.ephemeral]
    assert any(f"{bob.mention} took the seat" in t for t in public)
    assert any(f"{bob.mention} joined the classified draw" in t for t in public)
    hand = [m for m in edited.messages if m.ephemeral]
    assert len(hand) == 1 and hand[0].visible_to == bob.id and "Your classified objectives" in hand[0].text
    assert [s.name for s in (await _match(driver)).seats] == ["Alice", "Bob"]
