"""The second new-user round, end to end: INTELCOM order with printed cards, one Countermeasures
swap per Player Turn, named rules inside other rules, card look-up, and the small wording fixes."""

from __future__ import annotations

import re

from bot.offline import OfflineDriver
from cogs.its.state import ItsMatch

KIND = "its_match"


async def _match(driver: OfflineDriver, channel=None) -> ItsMatch:
    return (await driver.bot.games.get((channel or driver.channel).id, ItsMatch, KIND)).state


async def test_countermeasures_one_swap_per_player_turn(driver: OfflineDriver) -> None:
    start = await driver.command("/its classified draw mission:Countermeasures", user="alice")
    joined = await driver.command("/its classified draw mission:Countermeasures", user="bob")
    tracker = next(m for m in joined.messages if not m.ephemeral)
    assert "the player whose Player Turn it is may swap one, once per turn" in tracker.text
    swap = next(b for b in tracker.buttons if b.label.startswith("⇄"))
    await driver.press(tracker, swap.label, user="alice")
    assert "Player Turn: **Alice**" in tracker.text
    # Bob may not swap in the same Player Turn.
    other = next(b for b in tracker.buttons if b.label.startswith("⇄"))
    refused = await driver.press(tracker, other.label, user="bob")
    assert refused.message.ephemeral and "Alice already swapped" in refused.message.text
    await driver.press(tracker, "End Player Turn", user="alice")
    assert "Player Turn: **Bob**" in tracker.text
    other = next(b for b in tracker.buttons if b.label.startswith("⇄"))
    not_yours = await driver.press(tracker, other.label, user="alice")
    assert not_yours.message.ephemeral and "It is Bob's Player Turn" in not_yours.message.text
    await driver.press(tracker, other.label, user="bob")
    assert "**Bob**: 0 achieved; swapped this turn" in tracker.text
    assert start.messages


async def test_frontline_printed_cards_declare_intelcom_after_the_first_card(driver: OfflineDriver) -> None:
    first = await driver.command("/its classified record cards:Sabotage mission:Frontline", user="alice")
    private, public = first.messages[0], first.messages[1:]
    assert "Kept (1)" in private.text and "wait for the INTELCOM roll-off" in private.text
    assert any(
        "started recording the classified objectives they draw from printed cards for **Frontline**" in m.text
        for m in public
    )
    too_many = await driver.command("/its classified record cards:Capture, Predator", user="bob")
    assert too_many.message.ephemeral and "exactly 1" in too_many.message.text
    bob = await driver.command("/its classified record cards:Capture", user="bob")
    roll = next(m for m in bob.messages if "INTELCOM roll-off" in m.text)
    draw = (await _match(driver)).draw
    order = draw.intelcom_order
    names = ["alice", "bob"]
    await driver.press(roll, "keep it as Classified", user=names[order[0]])
    after = await driver.press(roll, "keep it as Classified", user=names[order[1]])
    assert "INTELCOM declarations are made" in after.text and "/its classified record" in after.text
    mine = (await driver.command("/its classified mine", user="alice")).message
    assert "record the 3 cards you kept" in mine.text and "(3 cards)" in mine.text
    rest = await driver.command("/its classified record cards:Predator, Mapping, Telemetry", user="alice")
    assert "Kept (4)" in rest.messages[0].text
    for message in driver.history(user=driver.user("carol")):
        assert "Sabotage" not in message.text and "Predator" not in message.text


async def test_single_printed_card_wording(driver: OfflineDriver) -> None:
    start = await driver.command("/its classified draw mission:Acquisition", user="alice")
    assert start.messages
    channel = driver.add_channel("printed")
    await driver.command(
        "/its classified record cards:Sabotage mission:Frostbyte", user="alice", channel=channel
    )
    other = driver.add_channel("printed-1")
    reply = await driver.command(
        "/its classified record cards:Sabotage mission:Acquisition", user="alice", channel=other
    )
    text = "\n".join(m.text for m in driver.history(other, user=driver.user("bob")))
    assert "1 cards" not in text and "card(s)" not in text and "printed cards classified" not in text
    assert reply.messages[0].ephemeral


async def test_high_difficulty_explains_the_single_card(driver: OfflineDriver) -> None:
    await driver.command("/its classified draw mission:Highly Classified mode:high_difficulty", user="alice")
    bob = await driver.command("/its classified draw mission:Highly Classified", user="bob")
    private = bob.messages[0]
    assert private.ephemeral and "High Difficulty Mode" in private.text
    assert "single card dealt to you" in private.text


async def test_second_players_deck_choice_is_reported_privately(driver: OfflineDriver) -> None:
    await driver.command("/its classified draw mission:Supplies", user="alice")
    bob = await driver.command("/its classified draw mission:Supplies deck:its18-operations", user="bob")
    private = bob.messages[0]
    assert private.ephemeral
    assert "Your deck/mode choice was not used: Alice started this draw" in private.text
    assert "/its end" in private.text
    public = [m for m in bob.messages if not m.ephemeral]
    assert all("deck/mode" not in m.text for m in public)
    same = await driver.command("/its classified draw mission:Supplies", user="bob")
    assert "was not used" not in same.messages[0].text


async def test_named_rules_inside_other_rules_are_found(driver: OfflineDriver) -> None:
    zone = await driver.command("/its rule topic:Exclusion Zone")
    assert not zone.message.ephemeral
    for scenario in ("Countermeasures", "Frostbyte", "Rescue", "The Armory", "Unmasking"):
        assert scenario in zone.message.text
    assert "Airborne Deployment" in zone.message.text and "Deployment:" in zone.message.text
    baggage = await driver.command("/its rule topic:Baggage")
    assert not baggage.message.ephemeral
    assert "20 Victory Points" in baggage.message.text and "Under Dominate ZO:" in baggage.message.text
    choices = await driver.autocomplete("its rule", "topic", "exclusion")
    assert any(c["name"].startswith("Exclusion Zone") for c in choices)


async def test_card_lookup_by_prefix_number_and_without_duplicates(driver: OfflineDriver) -> None:
    retro = await driver.command("/its classified card name:retro")
    assert not retro.message.ephemeral and "HVT: Retroengineering" in retro.message.text
    # The Season 14 deck is looked up first; its numbers are not confirmed, so a number does not
    # silently give a later season's card: it says why and offers that card, labelled (issue 25.10).
    sixteen = await driver.command("/its classified card name:16")
    assert sixteen.message.ephemeral and "ITS Season 14" in sixteen.message.text
    assert "Telemetry (ITS Season 18)" in sixteen.message.text
    assert [b.label for b in sixteen.message.buttons] == ["#16 Telemetry (ITS Season 18)"]
    later = await driver.press(sixteen.message, "#16 Telemetry (ITS Season 18)")
    assert not later.message.ephemeral and "Season 18" in later.message.text
    three = await driver.command("/its classified card name:3")
    assert three.message.ephemeral and "not confirmed" in three.message.text
    unknown = await driver.command("/its classified card name:Predatr")
    assert unknown.message.ephemeral and "Did you mean" in unknown.message.text
    names = [re.sub(r"^#\d+ ", "", b.label) for b in unknown.message.buttons]
    assert "Predator" in names and len(names) == len(set(names))
    none = await driver.command("/its classified card name:99")
    assert none.message.ephemeral and "card number 99" in none.message.text


async def test_first_player_redrawing_with_other_options_is_told_privately(driver: OfflineDriver) -> None:
    await driver.command("/its classified draw mission:Supplies", user="alice")
    again = await driver.command("/its classified draw mission:Supplies deck:its18-operations", user="alice")
    assert "Your deck/mode choice was not used: this draw is already dealt" in again.messages[0].text
