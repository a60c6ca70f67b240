"""A 40k event end to end: create with game:40k, join, pair, report VP, confirm, standings, top,
export, finish; the wrong inputs a player can give and what they are told."""

from __future__ import annotations

import asyncio

from bot.offline import OfflineDriver
from tests.cogs.tournament_helpers import games, name_of, pngs, public, refused, state, thread_of

PLAYERS = ("ann", "bo", "cy", "di", "ed")


async def open_40k(driver: OfflineDriver, options: str = "") -> None:
    created = public(
        await driver.command(
            f'/tournament create name:"Spring GT" game:40k points:2000 {options}', user="olga"
        )
    )
    assert "40k" in created.text and "2000 points" in created.text, created.text
    for name in PLAYERS:
        public(await driver.command('/tournament join faction:"Adeptus Custodes"', user=name))


async def test_a_40k_event_from_create_to_finish(driver: OfflineDriver) -> None:
    await open_40k(driver)
    paired = public(await driver.command("/tournament pair threads:false", user="olga"))
    assert "/tournament report my_vp" in paired.text and "(a win: 10 RP and 0 BP)" in paired.text  # the bye
    first, second = await games(driver)
    a, b = name_of(driver, first.a), name_of(driver, first.b)

    # Wrong inputs: over 100, Objective Points, a game that is not yours.
    refused(
        await driver.command(f"/tournament report opponent:@{b} my_vp:120 their_vp:40", user=a),
        "0 to 100",
    )
    refused(
        await driver.command(f"/tournament report opponent:@{b} my_vp:80 their_vp:40 my_op:3", user=a),
        "leave the OP options out",
    )
    reported = public(await driver.command(f"/tournament report opponent:@{b} my_vp:80 their_vp:45", user=a))
    assert "80 VP (10 RP)" in reported.text and "45 VP (0 RP)" in reported.text
    confirmed = await driver.press(reported, "Confirm", user=b)
    assert "confirmed" in confirmed.message.text

    c, d = name_of(driver, second.a), name_of(driver, second.b)
    public(
        await driver.command(
            f"/tournament result player:@{c} opponent:@{d} player_vp:60 opponent_vp:60", user="olga"
        )
    )

    standings = public(await driver.command("/tournament standings", user="cy"))
    assert f"{a.title()} 10 RP" in standings.text, standings.text
    assert pngs(standings, "standings-")[0].width == 1000
    top = public(await driver.command("/tournament top count:3", user="cy"))
    assert "W-D-L 1-0-0" in top.text and "BP 80" in top.text and "SoS 45" in top.text, top.text
    assert "Ranked by RP" in top.text

    exported = public(await driver.command("/tournament export", user="cy"))
    players_csv = exported.attachments[0].data.decode()
    assert players_csv.splitlines()[0].startswith("rank,player,faction,rp,bp,sos,vp_diff,byes")
    assert (
        exported.attachments[1]
        .data.decode()
        .splitlines()[0]
        .startswith("round,table,player_a,faction_a,vp_a,rp_a")
    )

    finished = public(await driver.command("/tournament finish early:true", user="olga"))
    assert "Final standings" in finished.text
    # The server's rating is the ITS Rating: a 40k event leaves it alone.
    assert "Rating changes" not in " ".join(m.text for m in driver.history(driver.channel)[-3:])


async def test_wtc_scoring_and_its_band(driver: OfflineDriver) -> None:
    await open_40k(driver, "scoring:wtc band:10")
    s = await state(driver)
    assert (s.tournament.format.scoring.value, s.tournament.format.band) == ("wtc", 10)
    public(await driver.command("/tournament pair threads:false", user="olga"))
    first = (await games(driver))[0]
    a, b = name_of(driver, first.a), name_of(driver, first.b)
    reported = public(await driver.command(f"/tournament report opponent:@{b} my_vp:70 their_vp:55", user=a))
    # 15 VP apart with 10 VP a point: 11-9.
    assert "70 VP (11 MP)" in reported.text and "55 VP (9 MP)" in reported.text


async def test_create_refuses_what_does_not_fit_the_game(driver: OfflineDriver) -> None:
    refused(await driver.command('/tournament create name:"Cup"', user="olga"), "needs its tier")
    refused(
        await driver.command('/tournament create name:"Cup" tier:300 scoring:wtc', user="olga"),
        "Leave it out",
    )
    refused(await driver.command('/tournament create name:"GT" game:40k band:3', user="olga"), "scoring:wtc")
    refused(
        await driver.command('/tournament create name:"GT" game:40k points:99999', user="olga"), "Army points"
    )


async def test_its_reports_still_need_objective_points(driver: OfflineDriver) -> None:
    public(await driver.command('/tournament create name:"Cup" tier:300', user="olga"))
    for name in PLAYERS[:4]:
        public(await driver.command("/tournament join faction:Nomads", user=name))
    public(await driver.command("/tournament mission round:1 scenario:acquisition", user="olga"))
    public(await driver.command("/tournament pair threads:false", user="olga"))
    first = (await games(driver))[0]
    a, b = name_of(driver, first.a), name_of(driver, first.b)
    refused(await driver.command(f"/tournament report opponent:@{b} my_vp:100 their_vp:50", user=a), "my_op")


async def test_a_ba_battle_in_its_thread_reports_itself(driver: OfflineDriver) -> None:
    public(await driver.command('/tournament create name:"Deck Day" game:boarding-actions', user="olga"))
    for name in PLAYERS[:4]:
        public(await driver.command('/tournament join faction:"Space Marines"', user=name))
    public(await driver.command("/tournament pair", user="olga"))
    s = await state(driver)
    first = (await games(driver))[0]
    a, b = name_of(driver, first.a), name_of(driver, first.b)
    thread = thread_of(driver, s, first, 1)
    opening = driver.history(thread)[0]
    assert "/ba battle" in opening.text and not opening.buttons  # no ITS sheet in a BA event

    started = await driver.command(
        f"/ba battle start mission:deck-sweepers attacker:@{a} defender:@{b}", user=a, channel=thread
    )
    goes_first = next(x.label for x in started.message.buttons if x.label.endswith("goes first"))
    message = (await driver.press(started.message, goes_first, user=b)).message
    while "Finish the battle" not in " ".join(x.label for x in message.buttons):
        position = message.text.split("__")[1]
        player = a if f"{a.title()} (Attacker)" in position else b
        message = (await driver.press(message, "Done", user=player)).message
    await driver.press(message, "Finish the battle", user=b)
    for _ in range(200):  # the tournament answers the event in the thread
        if any("Recorded for" in m.text for m in driver.history(thread)):
            break
        await asyncio.sleep(0.01)
    recorded = next(m for m in driver.history(thread) if "Recorded for" in m.text)
    assert "0 VP (5 RP)" in recorded.text  # nothing scored: a draw
    game = next(g for g in (await state(driver)).tournament.current.games if g.a == first.a)
    assert game.result is not None and (game.result.vp_a, game.result.vp_b) == (0, 0)


async def test_a_40k_round_has_no_its_scenario(driver: OfflineDriver) -> None:
    await open_40k(driver)
    assert await driver.autocomplete("/tournament mission", "scenario", "acq", user="olga") == []
    refused(
        await driver.command("/tournament mission round:1 scenario:acquisition", user="olga"),
        "no ITS scenario",
    )
