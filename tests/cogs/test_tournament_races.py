"""/tournament under concurrency: simultaneous reports and a report racing a pairing are each one
step, so no result is lost or recorded twice."""

from __future__ import annotations

import asyncio

from bot.offline import OfflineDriver
from tests.cogs.test_tournament import _setup
from tests.cogs.tournament_helpers import games, name_of, public, refused, state


async def test_both_players_reporting_at_once_record_one_result(driver: OfflineDriver) -> None:
    await _setup(driver)
    public(await driver.command("/tournament pair threads:false", user="olga"))
    g = (await games(driver))[0]
    a, b = name_of(driver, g.a), name_of(driver, g.b)
    first, second = await asyncio.gather(
        driver.command(f"/tournament report opponent:@{b} my_op:6 my_vp:200 their_op:3 their_vp:100", user=a),
        driver.command(f"/tournament report opponent:@{a} my_op:3 my_vp:100 their_op:6 their_vp:200", user=b),
    )
    texts = [first.message.text, second.message.text]
    assert sum("recorded" in t for t in texts) == 1, texts  # the second report confirmed the first
    s = await state(driver)
    assert s.reports == []
    played = s.tournament.current.game_of(g.a)
    assert played is not None and played.result is not None
    assert {played.result.op_a, played.result.op_b} == {6, 3}


async def test_a_report_racing_a_pairing_is_never_lost(driver: OfflineDriver) -> None:
    await _setup(driver)
    public(await driver.command("/tournament pair threads:false", user="olga"))
    current = await games(driver)
    for k, g in enumerate(current[1:]):
        public(
            await driver.command(
                f"/tournament result player:@{name_of(driver, g.a)} opponent:@{name_of(driver, g.b)} "
                f"player_op:{k + 4} player_vp:100 opponent_op:1 opponent_vp:50",
                user="olga",
            )
        )
    g = current[0]
    a, b = name_of(driver, g.a), name_of(driver, g.b)
    # The last result and the next pairing at the same moment: either the pairing sees the result
    # (and pairs round 2), or it is refused because round 1 is not over; the result always stays.
    result, pairing = await asyncio.gather(
        driver.command(
            f"/tournament result player:@{a} opponent:@{b} "
            "player_op:5 player_vp:90 opponent_op:5 opponent_vp:80",
            user="pat",
        ),
        driver.command("/tournament pair threads:false", user="olga"),
    )
    public(result)
    t = (await state(driver)).tournament
    first = t.rounds[0].game_of(g.a)
    assert first is not None and first.result is not None and first.result.op_a == 5
    if len(t.rounds) == 1:
        refused(pairing, "Round 1 is not over")
    else:
        assert "round 2 of 3" in public(pairing).text
    assert all(game.result is not None for game in t.rounds[0].games if game.b is not None)
