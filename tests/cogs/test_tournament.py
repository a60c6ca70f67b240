"""/tournament end to end: an eight-player, three-round ITS event through the offline driver.

The whole event runs once on SQLite and once on PostgreSQL, so every repository it touches (games,
event log, scheduled jobs, ratings) is exercised on both backends.
"""

from __future__ import annotations

from datetime import datetime

from bot.offline import OfflineDriver
from cogs.tournament.rounds import TIMER_JOB, timer_job
from tests.cogs.tournament_helpers import (
    FACTIONS,
    PLAYERS,
    dispatch_sheet,
    games,
    name_of,
    pngs,
    public,
    refused,
    sheet_payload,
    state,
    thread_of,
)


async def _setup(driver: OfflineDriver) -> None:
    made = public(await driver.command('/tournament create name:"Store Cup" tier:300', user="olga"))
    assert "Store Cup" in made.text and "300 points" in made.text
    for name, faction in zip(PLAYERS, FACTIONS, strict=True):
        joined = public(await driver.command(f'/tournament join faction:"{faction}"', user=name))
        assert joined.text.startswith(driver.user(name).mention) and not joined.pings
        count = PLAYERS.index(name) + 1
        assert joined.text.endswith(f"{count} player{'s' if count > 1 else ''}."), joined.text
    public(await driver.command("/tournament organiser add member:@pat", user="olga"))
    for number, scenario in ((1, "acquisition"), (2, "frostbyte"), (3, "supremacy")):
        public(await driver.command(f"/tournament mission round:{number} scenario:{scenario}", user="pat"))


async def test_a_whole_event_from_create_to_ratings(any_backend: OfflineDriver) -> None:
    driver = any_backend
    await _setup(driver)
    t = (await state(driver)).tournament
    assert len(t.players) == 8 and t.scenarios == {1: "acquisition", 2: "frostbyte", 3: "supremacy"}
    # /tournament info lists the players with their factions (issue 25.12), pinging nobody.
    info = public(await driver.command("/tournament info", user="cy"))
    listed = next(f["value"] for f in info.card.data["fields"] if f["name"] == "Players (8)")
    for name, faction in zip(PLAYERS, FACTIONS, strict=True):
        assert f"{driver.user(name).mention} ({faction})" in listed
    assert not info.pings

    # Round 1: pictures, pings and a thread per game.
    paired = await driver.command("/tournament pair", user="olga")
    first = public(paired)
    assert "round 1 of 3" in first.text and "Acquisition" in first.text
    assert first.text.count("<@") == 8
    assert first.pings == {driver.user(name).id for name in PLAYERS}
    assert pngs(first, "pairings-round1")[0].width == 1000
    s = await state(driver)
    assert len(s.threads) == 4 and len(driver.threads(driver.channel)) == 4
    round1 = await games(driver)

    # Table 1 through the score sheet, in its thread.
    g = round1[0]
    thread = thread_of(driver, s, g, 1)
    opening = driver.history(thread)[0]
    assert opening.pings == {int(g.a), int(g.b)}
    assert [button.label for button in opening.buttons] == ["Open the score sheet"]
    answer = await dispatch_sheet(
        driver, thread, sheet_payload("acquisition", 300, (int(g.a), int(g.b)), True)
    )
    assert "Recorded" in answer.text and "3 OP" in answer.text
    # The same sheet sent again records nothing twice.
    again = await driver.bot.games.find(driver.channel.id, type(s), "tournament")
    driver.bot.dispatch(
        "its_sheet_final",
        thread.id,
        100_000_000_000_000_001,
        sheet_payload("acquisition", 300, (int(g.a), int(g.b)), True),
    )
    assert (await driver.bot.games.find(driver.channel.id, type(s), "tournament")).version == again.version

    # Table 2: reported in its thread, confirmed by the opponent.
    g = round1[1]
    a, b = name_of(driver, g.a), name_of(driver, g.b)
    thread = thread_of(driver, s, g, 1)
    reported = public(
        await driver.command(
            f"/tournament report opponent:@{b} my_op:7 my_vp:210 their_op:6 their_vp:150",
            user=a,
            channel=thread,
        )
    )
    assert reported.pings == {driver.user(b).id}
    refused(await driver.press(reported, "Confirm", user="ed" if "ed" not in (a, b) else "cy"), "Only")
    confirmed = await driver.press(reported, "Confirm", user=b)
    assert "confirmed" in confirmed.message.text and "(5 TP)" in confirmed.message.text
    assert not confirmed.message.buttons

    # Table 3: disputed (the organisers are pinged), then set by an organiser.
    g = round1[2]
    a, b = name_of(driver, g.a), name_of(driver, g.b)
    reported = public(
        await driver.command(
            f"/tournament report opponent:@{b} my_op:10 my_vp:300 their_op:0 their_vp:0", user=a
        )
    )
    disputed = await driver.press(reported, "Dispute", user=b)
    ping = disputed.messages[-1]
    assert ping.pings == {driver.user("olga").id, driver.user("pat").id}
    missing = public(await driver.command("/tournament missing", user=a))
    assert "disputed" in missing.text and "Table 4" in missing.text
    refused(
        await driver.command(
            f"/tournament result player:@{a} opponent:@{b} "
            "player_op:4 player_vp:200 opponent_op:1 opponent_vp:90",
            user=a,
        ),
        "Only the organisers",
        "Manage Server",
    )
    public(
        await driver.command(
            f"/tournament result player:@{a} opponent:@{b} "
            "player_op:4 player_vp:200 opponent_op:1 opponent_vp:90",
            user="pat",
        )
    )
    # The settled dispute's message keeps no Confirm button (issue 38.17), and says how it ended.
    assert reported.buttons == [] and "is settled" in reported.text, reported.text

    # Table 4: both players report the same score, which records it without a button.
    g = round1[3]
    a, b = name_of(driver, g.a), name_of(driver, g.b)
    public(
        await driver.command(
            f"/tournament report opponent:@{b} my_op:5 my_vp:100 their_op:5 their_vp:120", user=a
        )
    )
    both = public(
        await driver.command(
            f"/tournament report opponent:@{a} my_op:5 my_vp:120 their_op:5 their_vp:100", user=b
        )
    )
    assert "recorded" in both.text
    assert "Every game" in public(await driver.command("/tournament missing")).text

    # Rounds 2 and 3: one result by report across a restart, the others by the organiser.
    for number in (2, 3):
        public(await driver.command("/tournament pair", user="olga"))
        current = await games(driver)
        g = current[0]
        a, b = name_of(driver, g.a), name_of(driver, g.b)
        reported = public(
            await driver.command(
                f"/tournament report opponent:@{b} my_op:6 my_vp:250 their_op:2 their_vp:80", user=a
            )
        )
        await driver.restart()
        assert "confirmed" in (await driver.press(reported, "Confirm", user=b)).message.text
        for k, g in enumerate(current[1:]):
            public(
                await driver.command(
                    f"/tournament result player:@{name_of(driver, g.a)} opponent:@{name_of(driver, g.b)} "
                    f"player_op:{k + 3} player_vp:{100 + k} opponent_op:{k} opponent_vp:{50 + k}",
                    user="olga",
                )
            )
        assert (await state(driver)).tournament.current.complete, number

    # The timer's reminders (the handler is run directly rather than waited for).
    timed = public(await driver.command("/tournament timer minutes:40", user="olga"))
    assert "Round 3 ends" in timed.text
    jobs = await driver.bot.scheduler.pending(TIMER_JOB)
    assert sorted(j.payload["stage"] for j in jobs) == ["end", "warn"]
    warn = next(j for j in jobs if j.payload["stage"] == "warn")
    end = next(j for j in jobs if j.payload["stage"] == "end")
    gap = datetime.fromisoformat(end.due_at) - datetime.fromisoformat(warn.due_at)
    assert gap.total_seconds() == 15 * 60
    await timer_job(driver.bot, end.payload)
    assert "time!" in driver.history()[-1].text

    standing = public(await driver.command("/tournament standings", user="cy"))
    assert "after round 3 of 3" in standing.text and "🥇" in standing.text
    assert pngs(standing, "standings")[0].width == 1000

    refused(await driver.command("/tournament finish", user="cy"), "Only the organisers")
    finished = await driver.command("/tournament finish", user="olga")
    assert "Final standings" in finished.messages[0].text
    assert "Rating changes" in finished.text and "1000 →" in finished.text
    winner = (await state(driver)).tournament
    assert winner.finished

    top = public(await driver.command("/rating top", user="cy"))
    assert top.text.count("<@") == 8
    # Plural agreement (issue 25.13): "3 games, 1 event", never "1 events".
    assert "(3 games, 1 event)" in top.text and "events" not in top.text
    shown = public(await driver.command("/rating show player:@cy", user="ann"))
    assert "Rated games" in shown.text and "3" in shown.text

    exported = public(await driver.command("/tournament export", user="cy"))
    assert [a.filename for a in exported.attachments] == ["players.csv", "results.csv"]
    assert exported.attachments[1].data.decode().count("\n") == 1 + 3 * 4


async def test_strangers_and_wrong_inputs_are_refused_privately(driver: OfflineDriver) -> None:
    refused(await driver.command("/tournament pair", user="zed"), "There is no tournament")
    await _setup(driver)
    refused(
        await driver.command("/tournament pair", user="zed"),
        "Only the organisers of Store Cup",
        "Manage Server",
    )
    refused(
        await driver.command("/tournament add player:@zed faction:Nomads", user="zed"), "Only the organisers"
    )
    refused(
        await driver.command("/tournament mission round:1 scenario:acqusition", user="olga"),
        "No ITS scenario",
        "Acquisition",
    )
    refused(
        await driver.command("/tournament mission round:2 scenario:acquisition", user="olga"),
        "never played twice",
    )
    long = refused(
        await driver.command("/tournament join", faction="x" * 3000, user="zed"), "3,000 characters"
    )
    assert len(long) < 400
    # Manage Server may always act as an organiser.
    driver.user("mod", manage_guild=True)
    public(await driver.command("/tournament settings late_joins:true", user="mod"))
    choices = await driver.autocomplete("tournament mission", "scenario", "frostb", user="olga")
    assert [c["value"] for c in choices] == []  # Frostbyte is already round 2's
    choices = await driver.autocomplete("tournament mission", "scenario", "cry", user="olga")
    assert [c["value"] for c in choices] == ["cryogenics"]
