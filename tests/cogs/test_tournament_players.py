"""/tournament: drops, late joins, taking a pairing back, and results that do not fit."""

from __future__ import annotations

from bot.offline import OfflineDriver
from tests.cogs.test_tournament import _setup
from tests.cogs.tournament_helpers import (
    dispatch_sheet,
    games,
    name_of,
    public,
    refused,
    sheet_payload,
    state,
    thread_of,
)


async def test_drops_late_joins_and_taking_a_pairing_back(driver: OfflineDriver) -> None:
    await _setup(driver)
    refused(await driver.command("/tournament drop player:@bo", user="cy"), "Only the organisers")
    public(await driver.command("/tournament drop", user="hal"))  # before round 1: simply out
    public(await driver.command("/tournament pair", user="olga"))
    assert len(await games(driver)) == 3 and len((await state(driver)).tournament.current.games) == 4  # + bye
    refused(await driver.command("/tournament join faction:Tohaa", user="ivy"), "allow late joins")

    taken = public(await driver.command("/tournament unpair", user="pat"))
    assert "taken back" in taken.text
    s = await state(driver)
    assert s.tournament.rounds == [] and s.threads == []
    public(await driver.command("/tournament join faction:Tohaa", user="hal"))  # not started: joins again
    public(await driver.command("/tournament pair", user="olga"))
    assert len(await games(driver)) == 4

    public(await driver.command("/tournament settings late_joins:true", user="olga"))
    public(await driver.command("/tournament join faction:Tohaa", user="ivy"))
    public(await driver.command("/tournament drop player:@bo", user="olga"))
    t = (await state(driver)).tournament
    assert t.player(str(driver.user("ivy").id)).joined_round == 2
    assert t.player(str(driver.user("bo").id)).dropped_after == 1


async def test_results_that_do_not_fit_are_explained(driver: OfflineDriver) -> None:
    await _setup(driver)
    public(await driver.command("/tournament pair", user="olga"))
    s = await state(driver)
    g, other = (await games(driver))[:2]
    a, b = name_of(driver, g.a), name_of(driver, g.b)
    refused(
        await driver.command(
            f"/tournament report opponent:@{b} my_op:5 my_vp:350 their_op:1 their_vp:0", user=a
        ),
        "300 points",
    )
    refused(
        await driver.command(
            f"/tournament report opponent:@{name_of(driver, other.a)} my_op:5 my_vp:1 their_op:1 their_vp:0",
            user=a,
        ),
        "In round 1 you play",
        "at table",
    )
    refused(
        await driver.command(
            "/tournament report opponent:@zed my_op:5 my_vp:1 their_op:1 their_vp:0", user=a
        ),
        "is not in Store Cup",
    )
    thread = thread_of(driver, s, g, 1)
    wrong = await dispatch_sheet(driver, thread, sheet_payload("frostbyte", 300, (int(g.a), int(g.b)), False))
    assert "not added" in wrong.text and "acquisition" in wrong.text
    stranger = driver.user("zed").id
    outsider = await dispatch_sheet(
        driver, thread, sheet_payload("acquisition", 300, (int(g.a), stranger), True)
    )
    assert "not added" in outsider.text and "is not in Store Cup" in outsider.text
    assert (await state(driver)).tournament.current.game_of(g.a).result is None


async def test_a_finished_tournament_stays_viewable_until_the_next_one(driver: OfflineDriver) -> None:
    await _setup(driver)
    for _ in range(3):
        public(await driver.command("/tournament pair threads:false", user="olga"))
        for g in await games(driver):
            public(
                await driver.command(
                    f"/tournament result player:@{name_of(driver, g.a)} opponent:@{name_of(driver, g.b)} "
                    "player_op:6 player_vp:200 opponent_op:4 opponent_vp:150",
                    user="olga",
                )
            )
    public(await driver.command("/tournament finish", user="olga"))
    refused(await driver.command("/tournament pair", user="olga"), "finished")
    assert "Final standings" in public(await driver.command("/tournament standings", user="cy")).text
    never = public(await driver.command("/rating show player:@zed", user="cy"))
    assert "starts at 1000" in never.text
    made = public(
        await driver.command('/tournament create name:"Next Cup" tier:400 extras:escalation', user="cy")
    )
    assert "Next Cup" in made.text and "Escalation 200/300/400" in made.text


async def test_after_a_dispute_the_disputing_player_reports_their_score(driver: OfflineDriver) -> None:
    """Issue 25.12: disputing a report no longer locks the disputing player out of /tournament report."""
    await _setup(driver)
    public(await driver.command("/tournament pair", user="olga"))
    g = (await games(driver))[0]
    a, b = name_of(driver, g.a), name_of(driver, g.b)
    reported = public(
        await driver.command(
            f"/tournament report opponent:@{b} my_op:9 my_vp:300 their_op:0 their_vp:0", user=a
        )
    )
    await driver.press(reported, "Dispute", user=b)
    counter = public(
        await driver.command(
            f"/tournament report opponent:@{a} my_op:6 my_vp:200 their_op:4 their_vp:150", user=b
        )
    )
    assert counter.pings == {driver.user(a).id} and "Confirm it, or dispute it" in counter.text
    # The replaced report's message keeps no Confirm button (issue 38.17).
    assert reported.buttons == [] and "replaced by a new report" in reported.text, reported.text
    confirmed = await driver.press(counter, "Confirm", user=a)
    assert "confirmed" in confirmed.message.text
    played = (await state(driver)).tournament.current.game_of(g.a)
    assert played is not None and played.result is not None
    assert {played.result.op_a, played.result.op_b} == {6, 4}


async def test_factions_come_from_the_list_and_free_text_needs_insisting(driver: OfflineDriver) -> None:
    """Issue 25.12: "banana" was accepted as a faction without a word."""
    public(await driver.command('/tournament create name:"Cup" tier:300', user="olga"))
    offered = await driver.autocomplete("tournament join", "faction", "acontec")
    assert offered[0] == {
        "name": "Shock Army of Acontecimento (PanOceania)",
        "value": "Shock Army of Acontecimento",
    }
    assert len(await driver.autocomplete("tournament join", "faction", "")) <= 25
    assert (await driver.autocomplete("tournament add", "faction", "tohaa"))[0]["value"] == "Tohaa"
    refused(
        await driver.command("/tournament join faction:banana", user="ann"),
        "'banana' is not an ITS faction",
        "unlisted:True",
    )
    assert not (await state(driver)).tournament.players
    public(await driver.command("/tournament join faction:banana unlisted:True", user="ann"))
    public(await driver.command("/tournament join faction:maf", user="bo"))
    refused(
        await driver.command("/tournament add player:@cy faction:Nomadz", user="olga"), "Did you mean Nomads"
    )
    public(await driver.command("/tournament add player:@cy faction:nomads", user="olga"))
    t = (await state(driver)).tournament
    assert [p.faction for p in t.players] == ["banana", "Morat Aggression Force", "Nomads"]
