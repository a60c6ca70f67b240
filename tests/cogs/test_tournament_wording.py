"""What /tournament says: counts after a drop, verbs that agree, a question before pairing a round
with no scenario, and hand edits that say what changed and who changed it (issue 34.4)."""

from __future__ import annotations

from bot.offline import OfflineDriver
from tests.cogs.test_tournament import _setup
from tests.cogs.tournament_helpers import PLAYERS, games, name_of, public, refused, state


async def test_a_drop_answers_with_the_players_still_in(driver: OfflineDriver) -> None:
    await _setup(driver)
    public(await driver.command("/tournament pair", user="olga"))
    dropped = public(await driver.command("/tournament drop", user="ann"))
    assert dropped.text.endswith("7 players."), dropped.text


async def test_finishing_with_one_game_open_says_it_needs_a_result(driver: OfflineDriver) -> None:
    await _setup(driver)
    public(await driver.command("/tournament pair", user="olga"))
    *done, last = await games(driver)
    for game in done:
        a, b = name_of(driver, game.a), name_of(driver, game.b)
        public(
            await driver.command(
                f"/tournament result player:@{a} opponent:@{b} player_op:5 player_vp:100 "
                "opponent_op:3 opponent_vp:90",
                user="olga",
            )
        )
    text = refused(await driver.command("/tournament finish early:true", user="olga"))
    assert f"table {last.table} (" in text and "still needs a result" in text, text
    text = refused(await driver.command("/tournament pair", user="olga"))
    assert "still needs a result" in text, text


async def test_pairing_a_round_without_a_scenario_asks_first(driver: OfflineDriver) -> None:
    public(await driver.command('/tournament create name:"Store Cup" tier:300', user="olga"))
    for name in PLAYERS[:4]:
        public(await driver.command("/tournament join faction:Nomads", user=name))
    reply = await driver.command("/tournament pair", user="olga")
    asked = refused(reply, "no scenario", "/tournament mission")
    assert "round 1" in asked.lower()
    question = reply.message
    assert [b.label for b in question.buttons] == ["Pair without a scenario"]
    assert (await state(driver)).tournament.rounds == []  # nothing paired yet
    again = (await driver.command("/tournament pair", user="olga")).message  # asked twice
    paired = await driver.press(question, "Pair without a scenario", user="olga")
    assert any(not m.ephemeral and "round 1" in m.text for m in paired.messages), paired.text
    assert len((await state(driver)).tournament.rounds) == 1
    assert "without a scenario" in question.text and not question.buttons
    # The second copy of the question cannot pair the next round.
    refused(await driver.press(again, "Pair without a scenario", user="olga"), "Round 1 was paired")
    assert len((await state(driver)).tournament.rounds) == 1
    # Too few players is refused at once, not asked about.
    public(
        await driver.command(
            '/tournament create name:"Small" tier:300', user="olga", channel=driver.add_channel("small")
        )
    )
    refused(
        await driver.command("/tournament pair", user="olga", channel=driver.channels["small"]), "at least 4"
    )


async def test_hand_edits_say_what_changed_and_who(driver: OfflineDriver) -> None:
    await _setup(driver)
    public(await driver.command("/tournament pair", user="olga"))
    one, two, *_ = await games(driver)
    mover, other = name_of(driver, one.a), name_of(driver, two.a)
    swapped = public(await driver.command(f"/tournament swap player:@{mover} other:@{other}", user="pat"))
    t = (await state(driver)).tournament
    assert f"⚠ edited: {t.name_of(two.a)} swapped in for {t.name_of(one.a)}, by Pat" in swapped.text, (
        swapped.text
    )
    public(await driver.command("/tournament swap table:3 other_table:4", user="olga"))
    t = (await state(driver)).tournament
    moved = next(g for g in t.current.games if g.table == 4)
    assert moved.edit_note == "moved from table 3 to 4, by Olga"
    from rules.tournament.public import public_view  # the web page's flags

    page = public_view(t, reported=())
    assert page.current is not None
    flags = [str(f) for g in page.current.games for f in g.flags]
    assert "changed by hand: moved from table 3 to 4, by Olga" in flags, flags
