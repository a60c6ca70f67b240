"""/tournament swap: organisers change the current pairing; its threads follow (issue 25.13)."""

from __future__ import annotations

import asyncio

from bot.offline import Channel, OfflineDriver
from cogs.its.state import ItsMatch
from tests.cogs.test_tournament import _setup
from tests.cogs.tournament_helpers import games, name_of, public, refused, state, thread_of


async def _seats(driver: OfflineDriver, thread: Channel, wanted: list[int]) -> list[int]:
    seats: list[int] = []
    for _ in range(200):
        found = await driver.bot.games.find(thread.id, ItsMatch, "its_match")
        seats = [s.user_id for s in found.state.seats] if found else []
        if seats == wanted:
            break
        await asyncio.sleep(0.01)
    return seats


async def test_swapping_players_and_tables_fixes_the_threads(driver: OfflineDriver) -> None:
    await _setup(driver)
    public(await driver.command("/tournament pair", user="olga"))
    s = await state(driver)
    one, two, three, four = await games(driver)
    thread1, thread2 = thread_of(driver, s, one, 1), thread_of(driver, s, two, 1)
    await _seats(driver, thread1, [int(one.a), int(one.b)])

    mover, other = name_of(driver, one.a), name_of(driver, two.a)
    refused(
        await driver.command(f"/tournament swap player:@{mover} other:@{other}", user=mover),
        "Only the organisers",
    )
    refused(await driver.command("/tournament swap", user="olga"), "Swap either two players")
    refused(
        await driver.command(f"/tournament swap player:@{mover} table:2", user="olga"),
        "Swap either two players",
    )
    # A report waiting for a game that the swap takes apart is dropped with it.
    public(
        await driver.command(
            f"/tournament report opponent:@{name_of(driver, one.b)} my_op:5 my_vp:100 their_op:1 their_vp:0",
            user=mover,
        )
    )

    swapped = public(await driver.command(f"/tournament swap player:@{mover} other:@{other}", user="olga"))
    assert "pairing changed" in swapped.text
    assert swapped.pings == {int(one.a), int(one.b), int(two.a), int(two.b)}
    s = await state(driver)
    assert s.reports == []
    new_one = s.tournament.current.games[0]
    assert (new_one.table, new_one.a, new_one.b) == (1, two.a, one.b) and new_one.edited
    # Table 1's thread: renamed, told, re-seated for the ITS sheet.
    assert thread1.name == f"R1 T1: {s.tournament.name_of(two.a)} v {s.tournament.name_of(one.b)}"
    told = driver.history(thread1)[-1]
    assert "changed this pairing" in told.text and told.pings == {int(two.a), int(one.b)}
    assert [b.label for b in told.buttons] == ["Open the score sheet"]
    assert await _seats(driver, thread1, [int(two.a), int(one.b)]) == [int(two.a), int(one.b)]
    assert await _seats(driver, thread2, [int(one.a), int(two.b)]) == [int(one.a), int(two.b)]
    opened = await driver.press(told, "Open the score sheet", user=other)
    assert "Score sheet · Acquisition" in public(opened).text

    # Tables 3 and 4 trade places; their threads go with their games.
    thread3, thread4 = thread_of(driver, s, three, 1), thread_of(driver, s, four, 1)
    public(await driver.command("/tournament swap table:3 other_table:4", user="pat"))
    s = await state(driver)
    assert thread_of(driver, s, s.tournament.current.game_of(three.a), 1) is thread3
    assert thread3.name.startswith("R1 T4: ") and thread4.name.startswith("R1 T3: ")
    refused(await driver.command("/tournament swap table:3 other_table:9", user="olga"), "9 is not one")

    # Once a game has its result, its players stay put.
    a, b = name_of(driver, new_one.a), name_of(driver, new_one.b)
    public(
        await driver.command(
            f"/tournament result player:@{a} opponent:@{b} "
            "player_op:4 player_vp:200 opponent_op:1 opponent_vp:90",
            user="olga",
        )
    )
    refused(
        await driver.command("/tournament swap table:1 other_table:2", user="olga"), "already has a result"
    )


async def test_a_table_played_before_is_told_to_the_organisers_not_to_everyone(driver: OfflineDriver) -> None:
    await _setup(driver)
    public(await driver.command("/tournament pair threads:false", user="olga"))
    round1 = await games(driver)
    for k, g in enumerate(round1):
        public(
            await driver.command(
                f"/tournament result player:@{name_of(driver, g.a)} opponent:@{name_of(driver, g.b)} "
                f"player_op:{k + 3} player_vp:100 opponent_op:{k} opponent_vp:50",
                user="olga",
            )
        )
    paired = await driver.command("/tournament pair threads:false", user="olga")
    assert "same table" not in paired.text
    t = (await state(driver)).tournament
    first_table = {pid: g.table for g in t.rounds[0].games for pid in g.players}
    game = next(g for g in t.current.games if first_table[g.a] != g.table)
    back = first_table[game.a]
    answer = await driver.command(f"/tournament swap table:{game.table} other_table:{back}", user="olga")
    shown = [m for m in answer.messages if not m.ephemeral]
    private = [m for m in answer.messages if m.ephemeral]
    assert shown and all("same table" not in m.text and "already played" not in m.text for m in shown)
    who = t.name_of(game.a)
    assert private and f"{who} already played at table {back} (round 1)" in private[-1].text
