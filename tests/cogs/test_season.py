"""/season: three finished 40k events ranked by each player's best two results, through Discord."""

from __future__ import annotations

from bot.offline import OfflineDriver
from tests.cogs.tournament_helpers import name_of, pngs, public, refused, state

PLAYERS = ("ann", "bo", "cy", "di")


async def _finished_event(driver: OfflineDriver, name: str, winners: set[str]) -> None:
    """A 40k event in its own channel: one round, each game won by whoever is in ``winners`` (a
    draw when both or neither are), then finished."""
    channel = driver.add_channel(name.lower())
    public(await driver.command(f'/tournament create name:"{name}" game:40k', user="olga", channel=channel))
    for player in PLAYERS:
        public(await driver.command('/tournament join faction:"Orks"', user=player, channel=channel))
    public(await driver.command("/tournament pair threads:false", user="olga", channel=channel))
    t = (await state(driver, channel)).tournament
    for game in [g for g in t.current.games if g.b is not None]:
        a, b = name_of(driver, game.a), name_of(driver, game.b)
        va, vb = (60 if a in winners else 40), (60 if b in winners else 40)
        public(
            await driver.command(
                f"/tournament result player:@{a} opponent:@{b} player_vp:{va} opponent_vp:{vb}",
                user="olga",
                channel=channel,
            )
        )
    public(await driver.command("/tournament finish early:true", user="olga", channel=channel))


async def test_a_season_of_three_events_best_two(driver: OfflineDriver) -> None:
    # Whoever is paired with whom, a player in `winners` beats one who is not: 10 points, else 0
    # (5 each when both or neither are winners).
    await _finished_event(driver, "Autumn", {"ann", "bo"})
    await _finished_event(driver, "Winter", {"ann", "cy"})
    await _finished_event(driver, "Spring", {"bo", "cy"})
    refused(
        await driver.command(
            '/season create name:"Winter league" best:2 events:"Autumn, Winter"', user="ann"
        ),
        "Only the organisers of Autumn",
    )
    made = public(
        await driver.command(
            '/season create name:"Winter league" best:2 events:"Autumn, Winter"', user="olga"
        )
    )
    assert "best 2 results count" in made.text and "Autumn, Winter" in made.text
    refused(
        await driver.command('/season create name:"winter LEAGUE" best:1 events:Spring', user="olga"),
        "already has a season",
    )
    refused(
        await driver.command("/season add season:Nope event:Spring", user="olga"), "no season called Nope"
    )
    refused(
        await driver.command('/season add season:"Winter league" event:Summer', user="olga"), "No tournament"
    )
    choices = await driver.autocomplete("/season add", "event", "Spr", user="olga", season="Winter league")
    assert [c["name"] for c in choices] == ["Spring (#spring, finished)"]
    added = public(
        await driver.command(f'/season add season:"Winter league" event:{choices[0]["value"]}', user="olga")
    )
    assert "Spring is now in season **Winter league** (3 events)" in added.text
    refused(await driver.command('/season add season:"Winter league" event:Spring', user="olga"), "already")

    table = public(await driver.command('/season table season:"Winter league"', user="di"))
    # Ann 5 or 10, 5 or 10, 0 or 5: her best two are each event's pairing's luck, so the test
    # reads each line's own numbers and holds the season to them.
    assert "best 2 results of 3 finished events" in table.text
    lines = [line for line in table.text.splitlines() if line[:1].isdigit()]
    assert len(lines) == 4
    for line in lines:
        results = line.split("** (", 1)[1][:-1].split(" · ")
        counted = [int(r.split()[-1]) for r in results if "(" not in r]
        dropped = [int(r.split("(")[-1].rstrip(")")) for r in results if "(" in r]
        assert len(counted) == 2 and len(dropped) == 1 and min(counted) >= dropped[0]
        assert f"**{sum(counted)}**" in line
    assert pngs(table, "season")[0].width == 1000


async def test_a_season_mixing_games_is_refused(driver: OfflineDriver) -> None:
    await _finished_event(driver, "Autumn", {"ann"})
    its = driver.add_channel("its")
    public(await driver.command('/tournament create name:"ITS cup" tier:300', user="olga", channel=its))
    refused(
        await driver.command('/season create name:Mixed best:2 events:"Autumn, ITS cup"', user="olga"),
        "one game",
    )
