"""Classified objectives in a game, end to end: private draws, INTELCOM, Secure HVT, reveal, record.

The rule of the house: a card a player drew is only ever shown to them until they reveal it.
Every test scans the channel as a third user for any private card name.
"""

from __future__ import annotations

import dataclasses

from bot.offline import Message, OfflineDriver, Reply
from cogs.its.state import ItsMatch

KIND = "its_match"


async def _match(driver: OfflineDriver, channel=None) -> ItsMatch:
    game = await driver.bot.games.get((channel or driver.channel).id, ItsMatch, KIND)
    return game.state


def _private_names(match: ItsMatch, *, seats: list[int] | None = None) -> set[str]:
    """Every card name a player was dealt or kept privately (not the open Main objectives)."""
    draw = match.draw
    assert draw is not None
    public = {draw.card(k).name for k in draw.main}
    names: set[str] = set()
    for i, p in enumerate(draw.players):
        if seats is not None and i not in seats:
            continue
        for key in [*p.kept, *p.pair, *p.discards]:
            names.add(draw.card(key).name)
    return names - public


def _public_text(driver: OfflineDriver, channel=None) -> str:
    watcher = driver.user("carol")
    return "\n".join(m.text for m in driver.history(channel, user=watcher) if not m.ephemeral)


async def _keep_all(driver: OfflineDriver, first: Message, user: str) -> list[Reply]:
    replies = []
    message = first
    while any(b.label.startswith("Keep ") for b in message.buttons):
        reply = await driver.press(message, 1, user=user)
        assert message in reply.edited and message.ephemeral
        assert len(message.card) <= 6000 and len(message.card.data["fields"]) <= 25  # Discord's limits
        replies.append(reply)
    return replies


async def test_normal_draw_intelcom_secure_hvt_and_reveal(driver: OfflineDriver) -> None:
    start = await driver.command("/its classified draw mission:Frontline", user="alice")
    private, public = start.messages
    assert private.ephemeral and private.visible_to == driver.user("alice").id
    assert len([b for b in private.buttons if b.label.startswith("Keep ")]) == 2
    assert not public.ephemeral and "started drawing classified objectives for **Frontline**" in public.text

    # Someone else can't keep Alice's cards, even with a copy of her buttons.
    leaked = dataclasses.replace(private, visible_to=None)
    refused = await driver.press(leaked, 1, user="carol")
    assert refused.message.ephemeral and "only they can choose" in refused.message.text

    # Frontline: the INTELCOM decision comes right after the FIRST kept card (seed, Frontline's
    # INTELCOM Card rule), so nobody is dealt a second pair before both players have declared.
    alice_replies = await _keep_all(driver, private, "alice")
    assert len(alice_replies) == 1
    waiting = [m for r in alice_replies for m in r.messages if not m.ephemeral]
    assert any("**Alice** has kept their first classified objective" in m.text for m in waiting)
    assert "wait for the INTELCOM roll-off" in private.text

    bob = await driver.command("/its classified draw mission:Frontline", user="bob")
    assert "joined the classified draw" in bob.messages[1].text
    bob_replies = await _keep_all(driver, bob.messages[0], "bob")
    assert len(bob_replies) == 1
    news = [m for r in bob_replies for m in r.messages if not m.ephemeral]
    roll = next(m for m in news if "INTELCOM roll-off (each player rolls a d20" in m.text)
    assert "rolled" in roll.text and "wins and declares first" in roll.text
    match = await _match(driver)
    assert [len(p.kept) for p in match.draw.players] == [1, 1]
    assert [p.pair for p in match.draw.players] == [[], []]
    for name in _private_names(match):
        assert name not in _public_text(driver), name

    # The roll decides who declares first; the other player can't jump in.
    draw = match.draw
    assert draw is not None
    first = draw.intelcom_order[0]
    first_user, second_user = ("alice", "bob") if first == 0 else ("bob", "alice")
    wrong = await driver.press(roll, 1, user=second_user)
    assert wrong.message.ephemeral and "only they can choose" in wrong.message.text
    await driver.press(roll, "INTELCOM Card", user=first_user)
    after = await driver.press(roll, "keep it as Classified", user=second_user)
    assert "INTELCOM declarations are made" in after.text and "/its classified mine" in after.text
    assert "first card used as INTELCOM Card" in roll.text and "no INTELCOM Card" in roll.text

    # Only now the second pairs: each player fetches them with /its classified mine.
    for user in ("alice", "bob"):
        mine = (await driver.command("/its classified mine", user=user)).message
        assert "Kept (1)" in mine.text
        replies = await _keep_all(driver, mine, user)
        assert len(replies) == 3
    news = [m for r in replies for m in r.messages if not m.ephemeral]
    assert any("Classified objectives are set" in m.text and "game is over" in m.text for m in news)

    # /its classified mine: own cards again; Secure HVT waits for the end of the game.
    mine = (await driver.command("/its classified mine", user="alice")).message
    assert mine.ephemeral and "Kept (4)" in mine.text
    assert "Secure HVT (at the end of the game)" in mine.text and not mine.buttons

    for name in _private_names(await _match(driver)):
        assert name not in _public_text(driver), name

    # The reveal offers the swap first (privately), and asks to confirm it.
    before = len(driver.history(user=driver.user("carol")))
    choice = (await driver.command("/its classified reveal", user="alice")).message
    assert choice.ephemeral and len(driver.history(user=driver.user("carol"))) == before
    swap = [b for b in choice.buttons if b.label.startswith("Swap ")]
    expected = 3 if first == 0 else 4  # the INTELCOM card can't be swapped
    assert len(swap) == expected
    await driver.press(choice, swap[0].label, user="alice")
    confirmed = await driver.press(choice, "Yes: swap", user="alice")
    shown = next(m for m in confirmed.messages if not m.ephemeral)
    match = await _match(driver)
    alice_kept = {match.draw.card(k).name for k in match.draw.players[0].kept}
    assert all(name in shown.text for name in alice_kept)
    assert "swapped for Secure HVT" in shown.text
    bob_only = _private_names(match, seats=[1]) - alice_kept
    for name in bob_only:
        assert name not in _public_text(driver), name
    assert match.revealed == [0]
    again = await driver.command("/its classified reveal", user="alice")
    assert again.message.ephemeral and "already revealed" in again.message.text


async def test_highly_classified_mains_are_open_and_the_secondary_private(driver: OfflineDriver) -> None:
    start = await driver.command("/its classified draw mission:Highly Classified", user="alice")
    private, public = start.messages
    assert "Main Classified Objectives (open):" in public.text
    match = await _match(driver)
    draw = match.draw
    assert draw is not None and len(draw.main) == 4
    mains = [draw.card(k).label for k in draw.main]
    assert all(label in public.text for label in mains)
    assert all(label in private.text for label in mains)
    replies = await _keep_all(driver, private, "alice")
    assert len(replies) == 1
    assert any("**Alice** has drawn 1 classified objective." in m.text for r in replies for m in r.messages)
    bob = await driver.command("/its classified draw mission:HC", user="bob")
    await _keep_all(driver, bob.messages[0], "bob")
    match = await _match(driver)
    secondaries = {match.draw.card(match.draw.players[i].kept[0]).name for i in (0, 1)}
    assert not secondaries & {match.draw.card(k).name for k in match.draw.main}
    for name in _private_names(match):
        assert name not in _public_text(driver), name


async def test_high_difficulty_gives_one_secondary_without_a_choice(driver: OfflineDriver) -> None:
    start = await driver.command(
        "/its classified draw mission:Highly Classified mode:high_difficulty", user="alice"
    )
    private, public = start.messages
    assert not any(b.label.startswith("Keep ") for b in private.buttons)
    assert "Kept (1)" in private.text
    assert "**Alice** has drawn 1 classified objective." in public.text
    match = await _match(driver)
    secondary = match.draw.card(match.draw.players[0].kept[0]).name
    assert secondary not in _public_text(driver)


async def test_wrong_mission_and_stranger_are_refused(driver: OfflineDriver) -> None:
    await driver.command("/its classified draw mission:Frontline", user="alice")
    other = await driver.command("/its classified draw mission:Supplies", user="bob")
    assert other.message.ephemeral and "is for Frontline" in other.message.text
    await driver.command("/its classified draw mission:Frontline", user="bob")
    carol = await driver.command("/its classified draw mission:Frontline", user="carol")
    assert carol.message.ephemeral and "only they can take part" in carol.message.text
    nothing = await driver.command(
        "/its classified draw mission:Annihilation", user="dave", channel=driver.add_channel("other")
    )
    assert nothing.message.ephemeral and "no Classified Deck draw" in nothing.message.text
    unknown = await driver.command("/its classified mine", user="erin", channel=driver.add_channel("empty"))
    assert unknown.message.ephemeral and "There is no ITS match" in unknown.message.text
    assert "channel (or thread) where the match is played" in unknown.message.text


async def test_mine_and_reveal_before_the_draw_is_done(driver: OfflineDriver) -> None:
    await driver.command("/its classified draw mission:Supplies", user="alice")
    mine = await driver.command("/its classified mine", user="alice")
    assert mine.message.ephemeral and "Choose one to keep" in mine.message.text
    early = await driver.command("/its classified reveal", user="alice")
    assert early.message.ephemeral and "Finish choosing" in early.message.text
    bob = await driver.command("/its classified mine", user="bob")
    assert bob.message.ephemeral and "no classified objectives" in bob.message.text


async def test_record_printed_cards_good_and_bad(driver: OfflineDriver) -> None:
    channel = driver.add_channel("table-3")
    missing = await driver.command("/its classified record cards:Sabotage", user="alice", channel=channel)
    assert missing.message.ephemeral and "add the mission option" in missing.message.text
    wrong_count = await driver.command(
        "/its classified record cards:Sabotage mission:Frostbyte", user="alice", channel=channel
    )
    assert wrong_count.message.ephemeral and "exactly 2" in wrong_count.message.text
    unknown = await driver.command(
        "/its classified record cards:Sabotage, Predatr mission:Frostbyte", user="alice", channel=channel
    )
    assert unknown.message.ephemeral and "Did you mean Predator" in unknown.message.text
    twice = await driver.command(
        "/its classified record cards:Sabotage, sabotage mission:Frostbyte", user="alice", channel=channel
    )
    assert twice.message.ephemeral and "listed twice" in twice.message.text
    number = await driver.command(
        "/its classified record cards:3, 7 mission:Frostbyte", user="alice", channel=channel
    )
    assert number.message.ephemeral and "give the card's name instead" in number.message.text

    good = await driver.command(
        "/its classified record cards:Sabotage, Predator mission:Frostbyte", user="alice", channel=channel
    )
    private, public = good.messages[0], good.messages[1:]
    assert private.ephemeral and "Kept (2)" in private.text and "Sabotage" in private.text
    assert any("**Alice** has drawn 2 classified objectives." in m.text for m in public)
    assert "Sabotage" not in _public_text(driver, channel) and "Predator" not in _public_text(driver, channel)
    again = await driver.command(
        "/its classified record cards:Rescue, Capture", user="alice", channel=channel
    )
    assert again.message.ephemeral and "already recorded" in again.message.text
    dealt = await driver.command(
        "/its classified record cards:Sabotage, Predator mission:Frostbyte", user="alice"
    )
    assert dealt.message.ephemeral  # a fresh channel: fine, a new physical draw
    await driver.command(
        "/its classified draw mission:Supplies", user="bob", channel=driver.add_channel("t4")
    )
    herald_deals = await driver.command(
        "/its classified record cards:Sabotage, Predator", user="bob", channel=driver.channels["t4"]
    )
    assert herald_deals.message.ephemeral and "Herald is dealing this draw" in herald_deals.message.text


async def test_draw_survives_a_restart_and_an_old_pair_is_moved_on(driver: OfflineDriver) -> None:
    start = await driver.command("/its classified draw mission:Supplies", user="alice")
    private = start.messages[0]
    old_copy = dataclasses.replace(private, components=list(private.components))
    await driver.restart()
    pressed = await driver.press(private, 1, user="alice")
    assert "Kept (1)" in private.text and pressed.message.ephemeral
    stale = await driver.press(old_copy, 1, user="alice")  # the first pair again
    assert stale.message.ephemeral and "You already chose from that pair" in stale.message.text
    match = await _match(driver)
    assert len(match.draw.players[0].kept) == 1


async def test_countermeasures_tracker_is_shared_and_open(driver: OfflineDriver) -> None:
    start = await driver.command("/its classified draw mission:Countermeasures", user="alice")
    tracker = start.messages[1]
    assert "Current Mission Objectives · Countermeasures" in tracker.text
    assert "**Opponent**" not in tracker.text and "aiting for the second player to draw" in tracker.text
    assert len([b for b in tracker.buttons if b.label.startswith("✔")]) == 3
    # A bystander pressing a button is refused and does not take the open seat.
    bystander = await driver.press(tracker, 1, user="carol")
    assert (
        bystander.message.ephemeral
        and "/its classified draw mission:Countermeasures" in bystander.message.text
    )
    assert len((await _match(driver)).seats) == 1
    # The second player joins by drawing; a fresh tracker is posted.
    joined = await driver.command("/its classified draw mission:Countermeasures", user="bob")
    tracker = next(m for m in joined.messages if not m.ephemeral)
    assert "joined the classified draw" in tracker.text and "waiting for the second" not in tracker.text
    first = tracker.buttons[0].label.removeprefix("✔ ")
    stale = dataclasses.replace(tracker, components=list(tracker.components))
    await driver.press(tracker, 1, user="bob")
    assert f"**Bob**: 1 achieved; {first}" in tracker.text
    assert len([b for b in tracker.buttons if b.label.startswith("✔")]) == 2
    moved = await driver.press(stale, 2, user="alice")
    assert moved.message.ephemeral and "out of date" in moved.message.text
    swap = next(b for b in tracker.buttons if b.label.startswith("⇄"))
    await driver.press(tracker, swap.label, user="alice")
    assert "**Alice**: 0 achieved; swapped this turn" in tracker.text
    again = next(b for b in tracker.buttons if b.label.startswith("⇄"))
    twice = await driver.press(tracker, again.label, user="alice")
    assert twice.message.ephemeral and "already swapped" in twice.message.text
    # It is Alice's Player Turn (she started the draw): she ends it, not Bob.
    await driver.press(tracker, "End Player Turn", user="alice")
    assert len([b for b in tracker.buttons if b.label.startswith("✔")]) == 3
    assert "swapped this turn" not in tracker.text
    stranger = await driver.press(tracker, "Game over", user="carol")
    assert stranger.message.ephemeral and "only they can take part" in stranger.message.text
    await driver.press(tracker, "Game over", user="alice")
    assert "The game is over." in tracker.text and not tracker.buttons


async def test_deck_and_mode_options(driver: OfflineDriver) -> None:
    red = await driver.command("/its classified draw mission:Frontline mode:extreme", user="alice")
    assert red.message.ephemeral and "red Extreme Classified Deck" in red.message.text
    double = await driver.command("/its classified draw mission:Frontline mode:double_deck", user="alice")
    assert double.message.ephemeral and "Double Deck" in double.message.text
    hard = await driver.command("/its classified draw mission:Frontline mode:high_difficulty", user="alice")
    assert hard.message.ephemeral and "only Highly Classified does" in hard.message.text
    nodeck = await driver.command("/its classified draw mission:Frontline deck:nope", user="alice")
    assert nodeck.message.ephemeral and "its14-standard" in nodeck.message.text
    decks = await driver.autocomplete("its classified draw", "deck", "oper")
    assert [c["value"] for c in decks] == ["its18-operations"]
    later = await driver.command("/its classified draw mission:Frontline deck:its18-operations", user="alice")
    private = later.messages[0]
    assert private.ephemeral and any(b.label.startswith("Keep #") for b in private.buttons)  # numbered cards
    assert await _public_names_hidden(driver)


async def _public_names_hidden(driver: OfflineDriver) -> bool:
    match = await _match(driver)
    return not any(name in _public_text(driver) for name in _private_names(match))


async def test_a_seat_nobody_has_taken_is_never_shown(driver: OfflineDriver) -> None:
    hard = await driver.command(
        "/its classified draw mission:Highly Classified mode:high_difficulty", user="alice"
    )
    private, public = hard.messages
    for message in (private, public):
        assert "Opponent" not in message.text and "waiting to join" not in message.text
    assert "aiting for the second player to draw" in public.text
    assert "aiting for the second player to draw" in private.text  # Alice's "Next" step

    other = driver.add_channel("other")
    start = await driver.command("/its classified draw mission:Frontline", user="alice", channel=other)
    await _keep_all(driver, start.messages[0], "alice")
    private = start.messages[0]
    assert "Opponent" not in private.text and "aiting for the second player to draw" in private.text
    seen = "\n".join(m.text for m in driver.history(other, user=driver.user("alice")))
    assert "Opponent" not in seen
    joined = await driver.command("/its classified draw mission:Frontline", user="bob", channel=other)
    assert "Bob" in joined.messages[-1].text and "second player" not in joined.messages[-1].text


async def test_errors_name_the_scenario_as_players_know_it(driver: OfflineDriver) -> None:
    none = await driver.command("/its classified draw mission:battleground", user="alice")
    assert none.message.ephemeral and none.message.text.startswith("Battleground has no Classified Deck draw")
    hard = await driver.command("/its classified draw mission:frontline mode:high_difficulty", user="alice")
    assert hard.message.text.startswith("Frontline has no High Difficulty Mode")
