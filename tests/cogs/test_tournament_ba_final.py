"""Issue 38, item 1: a finished Boarding Actions battle in a tournament's thread is final. Its
old buttons are refused, only an organiser (or Manage Server) reopens it, and its new result
reaches the tournament as a correction said in the thread and on the tracker, across a restart."""

from __future__ import annotations

import asyncio

from bot.offline import Button, Channel, Message, OfflineDriver
from tests.cogs.tournament_helpers import games, name_of, public, refused, state, thread_of

PLAYERS = ("ann", "bo", "cy", "di")


async def _said(driver: OfflineDriver, thread: Channel, words: str, count: int = 1) -> list[str]:
    """The thread's messages holding ``words``, once ``count`` of them are there (the tournament
    answers the battle's event after the press)."""
    for _ in range(500):
        found = [m.text for m in driver.history(thread) if words in m.text]
        if len(found) >= count:
            return found
        await asyncio.sleep(0.01)
    raise AssertionError(f"no {words!r} in the thread: {[m.text for m in driver.history(thread)]}")


async def _battle_in_thread(driver: OfflineDriver) -> tuple[Channel, str, str, Message]:
    public(await driver.command('/tournament create name:"Deck Day" game:boarding-actions', user="olga"))
    for name in PLAYERS:
        public(await driver.command('/tournament join faction:"Space Marines"', user=name))
    public(await driver.command("/tournament pair", user="olga"))
    first = (await games(driver))[0]
    a, b = name_of(driver, first.a), name_of(driver, first.b)
    thread = thread_of(driver, await state(driver), first, 1)
    started = await driver.command(
        f"/ba battle start mission:jailbreak attacker:@{a} defender:@{b}", user=a, channel=thread
    )
    return thread, a, b, started.message


def _with_old_toggle(message: Message, old: Button) -> None:
    """``message`` as a finished tracker posted before the fix looked: with its Battle Ready toggle
    (their custom id carries no position, so nothing else told them apart from a live one)."""
    row = {"type": 1, "components": [{"type": 2, "custom_id": old.custom_id, "label": old.label, "style": 2}]}
    message.components.append(row)


async def _tournament_vp(driver: OfflineDriver, a: str) -> tuple[int, int]:
    t = (await state(driver)).tournament
    game = next(g for g in t.rounds[0].games if a in (name_of(driver, g.a), name_of(driver, g.b or "")))
    assert game.result is not None
    vp = (game.result.vp_a, game.result.vp_b)
    return vp if name_of(driver, game.a) == a else (vp[1], vp[0])


async def test_a_finished_battle_is_final_and_a_reopened_one_corrects_the_tournament(
    driver: OfflineDriver,
) -> None:
    thread, a, b, message = await _battle_in_thread(driver)
    await driver.choose(message, "escaped", user=a)
    old_ready = message.button(f"{b.title()} Battle Ready")  # the toggle a finished tracker had
    final = (await driver.press(message, "Finish the battle", user=a)).message
    assert f"{a.title()} wins 90-0" in final.text and "final" in final.text
    assert not any("Battle Ready" in x.label for x in final.buttons)
    assert "/ba undo" not in final.text  # it refuses now: the tracker does not offer it
    await _said(driver, thread, "Recorded for")
    assert await _tournament_vp(driver, a) == (90, 0)

    # The old toggle, pressed on the finished tracker: refused, and nothing moves.
    _with_old_toggle(final, old_ready)
    pressed = refused(await driver.press(final, old_ready, user=b), "final", "reopen")
    assert "Incident" not in pressed
    assert f"{a.title()} wins 90-0" in final.text and await _tournament_vp(driver, a) == (90, 0)
    refused(await driver.command("/ba undo", user=a, channel=thread), "final")
    # The players may not reopen a battle their tournament recorded; the organiser may.
    refused(await driver.press(final, "Reopen to correct", user=b), "only its organisers", "Manage Server")

    await driver.restart()
    refused(await driver.press(final, old_ready, user=b), "final")
    reopened = (await driver.press(final, "Reopen to correct", user="olga")).message
    assert reopened is final and "Reopened by Olga" in reopened.text and "correction" in reopened.text
    await driver.press(reopened, f"{b.title()} Battle Ready", user=b)
    corrected = (await driver.press(reopened, "Finish the battle", user=a)).message
    assert f"{a.title()} wins 90-10" in corrected.text
    assert "Corrected after it was reported" in corrected.text

    said = (await _said(driver, thread, "Corrected for"))[0]
    assert "90 VP" in said and "10 VP" in said and "replaces" in said
    assert await _tournament_vp(driver, a) == (90, 10)
    top = public(await driver.command("/tournament top count:4", user="cy"))
    assert "BP 90" in top.text, top.text
    # The tournament's result says it was corrected: the game is marked as changed by hand.
    t = (await state(driver)).tournament
    game = next(g for g in t.rounds[0].games if driver.user(a).id in {int(g.a), int(g.b or 0)})
    assert game.edited and "corrected from its reopened battle, by Olga" in (game.edit_note or "")
    exported = public(await driver.command("/tournament export", user="cy"))
    results = next(x for x in exported.attachments if x.filename == "results.csv").data.decode()
    assert any("90" in row and "edited" in row for row in results.splitlines()[1:]), results


async def test_outside_a_tournament_either_player_reopens_and_a_stranger_may_not(
    driver: OfflineDriver,
) -> None:
    message = (await driver.command("/ba battle start mission:jailbreak attacker:alice defender:bob")).message
    await driver.choose(message, "escaped", user="bob")
    final = (await driver.press(message, "Finish the battle", user="bob")).message
    refused(await driver.press(final, "Reopen to correct", user="carol"), "Only this battle's players")
    reopened = (await driver.press(final, "Reopen to correct", user="alice")).message
    assert "Reopened by Alice" in reopened.text
    assert any(x.label.startswith("Finish the battle") for x in reopened.buttons)


async def test_a_battle_in_a_pairing_thread_takes_the_pairings_players(driver: OfflineDriver) -> None:
    """Issue 38, item 20: `/ba battle start` in a pairing thread asked for both players again."""
    public(await driver.command('/tournament create name:"Deck Day" game:boarding-actions', user="olga"))
    for name in PLAYERS:
        public(await driver.command('/tournament join faction:"Space Marines"', user=name))
    public(await driver.command("/tournament pair", user="olga"))
    first, second = await games(driver)
    a, b = name_of(driver, first.a), name_of(driver, first.b)
    s = await state(driver)
    thread = thread_of(driver, s, first, 1)
    assert "takes you both as its players" in driver.history(thread)[0].text

    started = public(await driver.command("/ba battle start mission:jailbreak", user=b, channel=thread))
    assert f"{a.title()} attacks, {b.title()} defends" in started.text
    assert "pairing of Deck Day" in started.text and "attacker:" in started.text
    await driver.command("/ba end", user=a, channel=thread)

    # Who attacks may still be chosen; the other player of the pairing defends.
    chosen = public(
        await driver.command(f"/ba battle start mission:jailbreak attacker:@{b}", user=b, channel=thread)
    )
    assert f"{b.title()} attacks, {a.title()} defends" in chosen.text
    await driver.command("/ba end", user=a, channel=thread)

    stranger = name_of(driver, second.a)
    line = f"/ba battle start mission:jailbreak defender:@{stranger}"
    refused(await driver.command(line, user=a, channel=thread), "name one of them")
    # Outside a pairing thread both players are still needed, and the reply says how.
    refused(await driver.command("/ba battle start mission:jailbreak", user=a), "Name both players")
