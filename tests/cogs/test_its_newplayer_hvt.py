"""Issue 15 item 1 end to end: Secure HVT is offered at the reveal, confirmed, and never after it."""

from __future__ import annotations

import dataclasses

from bot.offline import OfflineDriver
from cogs.its.state import ItsMatch


async def _drawn(driver: OfflineDriver, mission: str = "Acquisition") -> None:
    """Alice and Bob draw and keep every card: the game is being played."""
    for user in ("alice", "bob"):
        message = (await driver.command(f"/its classified draw mission:{mission}", user=user)).messages[0]
        while any(b.label.startswith("Keep ") for b in message.buttons):
            await driver.press(message, 1, user=user)


async def _match(driver: OfflineDriver) -> ItsMatch:
    return (await driver.bot.games.get(driver.channel.id, ItsMatch, "its_match")).state


async def test_no_swap_button_during_play(driver: OfflineDriver) -> None:
    """Issue 15 item 1: the swap was a live button from the first minute; now nothing to press."""
    await _drawn(driver)
    mine = (await driver.command("/its classified mine", user="alice")).message
    assert not any("Secure HVT" in b.label or "swap" in b.label.lower() for b in mine.buttons)
    assert "Nothing to choose now" in mine.text and "/its classified reveal" in mine.text


async def test_reveal_offers_the_swap_and_asks_to_confirm(driver: OfflineDriver) -> None:
    await _drawn(driver)
    match = await _match(driver)
    public_before = len([m for m in driver.history() if not m.ephemeral])
    asked = await driver.command("/its classified reveal", user="alice")
    choice = asked.message
    assert choice.ephemeral and "The end of the game: Secure HVT" in choice.text
    assert "Nothing to choose now" not in choice.text  # the note for play is not shown here
    assert len([m for m in driver.history() if not m.ephemeral]) == public_before  # nothing shown yet
    swaps = [b.label for b in choice.buttons if b.label.startswith("Swap ")]
    assert len(swaps) == len(match.draw.secure_hvt_options(0)) and "No swap: reveal my objectives" in [
        b.label for b in choice.buttons
    ]
    # Choosing a swap only asks; Back returns to the choice; nothing is changed by either.
    await driver.press(choice, swaps[0], user="alice")
    assert "This can't be undone" in choice.text and choice.button("Back")
    await driver.press(choice, "Back", user="alice")
    assert choice.button(swaps[0])
    assert (await _match(driver)).draw.players[0].secure_hvt_decided is False
    await driver.press(choice, swaps[0], user="alice")
    done = await driver.press(choice, "Yes: swap", user="alice")
    shown = next(m for m in done.messages if not m.ephemeral)
    card = swaps[0].removeprefix("Swap ").removesuffix(" for Secure HVT…")
    assert f"{card} (swapped for Secure HVT)" in shown.text
    assert "shown in the channel" in choice.text and not choice.buttons
    match = await _match(driver)
    assert match.revealed == [0] and match.draw.players[0].secure_hvt_replaces is not None


async def test_a_revealed_objective_can_never_be_swapped(driver: OfflineDriver) -> None:
    await _drawn(driver)
    choice = (await driver.command("/its classified reveal", user="alice")).message
    swap = next(b.label for b in choice.buttons if b.label.startswith("Swap "))
    await driver.press(choice, swap, user="alice")
    confirm = dataclasses.replace(choice, components=list(choice.components))
    await driver.press(choice, "Back", user="alice")
    await driver.press(choice, "No swap", user="alice")  # revealed, keeping every card
    refused = await driver.press(confirm, "Yes: swap", user="alice")
    assert refused.message.ephemeral and "already revealed" in refused.message.text
    assert (await _match(driver)).draw.players[0].secure_hvt_replaces is None
    again = await driver.command("/its classified reveal", user="alice")
    assert again.message.ephemeral and "already revealed" in again.message.text
    public = "\n".join(m.text for m in driver.history() if not m.ephemeral)
    assert "swapped for Secure HVT" not in public


async def test_only_the_owner_answers_their_choice(driver: OfflineDriver) -> None:
    await _drawn(driver)
    choice = (await driver.command("/its classified reveal", user="alice")).message
    leaked = dataclasses.replace(choice, visible_to=None)
    refused = await driver.press(leaked, "No swap", user="bob")
    assert refused.message.ephemeral and "only they can choose" in refused.message.text
    assert (await _match(driver)).revealed == []


async def test_an_older_swap_button_only_explains(driver: OfflineDriver) -> None:
    await _drawn(driver)
    game = await driver.bot.games.get(driver.channel.id, ItsMatch, "its_match")
    mine = (await driver.command("/its classified mine", user="alice")).message
    old = dataclasses.replace(
        mine,
        components=[
            {
                "type": 1,
                "components": [
                    {
                        "type": 2,
                        "style": 4,
                        "label": "Swap X for Secure HVT",
                        "custom_id": f"its:hvt:{game.id}:0:1",
                    }
                ],
            }
        ],
    )
    pressed = await driver.press(old, 1, user="alice")
    assert pressed.message.ephemeral and "/its classified reveal" in pressed.message.text
    assert (await _match(driver)).draw.players[0].secure_hvt_decided is False


async def test_the_other_players_step_is_told_as_waiting(driver: OfflineDriver) -> None:
    # Issue 15 item 17: Bob, done choosing, is not told "Alice: keep one of the two cards you were dealt".
    alice = (await driver.command("/its classified draw mission:Acquisition", user="alice")).messages[0]
    bob = (await driver.command("/its classified draw mission:Acquisition", user="bob")).messages[0]
    while any(b.label.startswith("Keep ") for b in bob.buttons):
        await driver.press(bob, 1, user="bob")
    assert alice.buttons
    text = bob.text
    assert "Waiting for Alice" in text and "Alice: keep one" not in text and "you were dealt" not in text


async def test_the_last_intelcom_declaration_delivers_the_next_pair(driver: OfflineDriver) -> None:
    # Issue 15 item 15: no /its classified mine needed after the INTELCOM roll-off.
    news = []
    for user in ("alice", "bob"):
        message = (await driver.command("/its classified draw mission:Frontline", user=user)).messages[0]
        news.extend((await driver.press(message, 1, user=user)).messages)
    roll = next(m for m in news if "INTELCOM roll-off (each player" in m.text)
    game = await driver.bot.games.get(driver.channel.id, ItsMatch, "its_match")
    first = game.state.draw.intelcom_order[0]
    first_user, second_user = ("alice", "bob") if first == 0 else ("bob", "alice")
    await driver.press(roll, "keep it as Classified", user=first_user)
    last = await driver.press(roll, "keep it as Classified", user=second_user)
    pair = [m for m in last.messages if m.ephemeral and m.visible_to == driver.user(second_user).id]
    assert pair and any(b.label.startswith("Keep ") for b in pair[-1].buttons)


async def test_countermeasures_private_reply_has_no_empty_hand(driver: OfflineDriver) -> None:
    # Issue 15 item 5: the private reply of a Countermeasures draw said "Kept (0) none yet".
    reply = await driver.command("/its classified draw mission:Countermeasures", user="alice")
    private = reply.messages[0]
    assert private.ephemeral and "none yet" not in private.text and "Kept (0)" not in private.text
    assert "shared" in private.text
