"""/games across the server, the daily reminder, and Herald used outside a server that added it."""

from __future__ import annotations

import contextlib
from typing import Any

import pytest

from bot.anywhere import ANYWHERE, works_anywhere
from bot.offline import GUILD_ID, OfflineDriver
from cogs.games import REMIND_JOB, remind_job, remind_key
from tests.cogs.tournament_helpers import games, name_of, pair, refused


async def _boss_fight(driver: OfflineDriver, channel_name: str) -> Any:
    """A Boss Fight with a boss player and a hero, placed and started: someone's turn."""
    channel = driver.add_channel(channel_name)
    for command, user in (("/bf new", "hana"), ("/bf join side:boss preset:bone", "hana"),
                          ("/bf join side:hero preset:mira", "ivo")):
        reply = await driver.command(command, user=user, channel=channel)
        assert "Incident" not in reply.text, reply.text
    return channel


async def _its_sheet(driver: OfflineDriver, channel_name: str) -> Any:
    channel = driver.add_channel(channel_name)
    reply = await driver.command(
        "/its score mission:acquisition tier:300 opponent:@ivo", user="hana", channel=channel
    )
    assert "Incident" not in reply.text, reply.text
    return channel


def _games_text(reply: Any) -> str:
    message = reply.message
    assert message.ephemeral, message.text
    assert "Incident" not in message.text
    return message.text


async def test_games_lists_what_waits_on_whom(driver: OfflineDriver) -> None:
    fight = await _boss_fight(driver, "boss-fight")
    sheet = await _its_sheet(driver, "its-game")
    hana = _games_text(await driver.command("/games", user="hana"))
    assert "2 games" in hana, hana
    assert "Boss Fight" in hana and "ITS match" in hana
    assert f"<#{fight.id}>" in hana and f"<#{sheet.id}>" in hana
    assert "your move" in hana, "the host's lobby waits on them"

    ivo = _games_text(await driver.command("/games", user="ivo"))
    assert "accept or decline the invitation" in ivo and "your move" in ivo
    assert f"<#{sheet.id}>" in ivo

    stranger = _games_text(await driver.command("/games", user="zed"))
    assert "You play no game in this server" in stranger


async def test_a_move_changes_whom_the_game_waits_on(driver: OfflineDriver) -> None:
    await _its_sheet(driver, "sheet")
    channel = driver.channels["sheet"]
    before = _games_text(await driver.command("/games", user="ivo"))
    assert "your move" in before and "invitation" in before
    reply = await driver.command("/its score", user="ivo", channel=channel)
    assert "Incident" not in reply.text
    after = _games_text(await driver.command("/games", user="ivo"))
    assert "invitation" not in after and "confirm your side" in after, after


async def test_an_ended_game_leaves_the_list(driver: OfflineDriver) -> None:
    channel = driver.add_channel("short")
    await driver.command("/bf new", user="hana", channel=channel)
    assert "Boss Fight" in _games_text(await driver.command("/games", user="hana"))
    ended = await driver.command("/bf end", user="hana", channel=channel)
    assert "Incident" not in ended.text
    assert "You play no game" in _games_text(await driver.command("/games", user="hana"))
    async with driver.bot.db.reading() as tx:
        assert await tx.fetchall("SELECT * FROM game_seats") == [], "an ended game keeps no seats"


async def test_games_reads_the_whole_server_in_one_query(driver: OfflineDriver) -> None:
    for i in range(6):
        await _its_sheet(driver, f"table-{i}")
    db = driver.bot.db
    reads = 0
    original = db.reading

    @contextlib.asynccontextmanager
    async def counted() -> Any:
        nonlocal reads
        reads += 1
        async with original() as tx:
            yield tx

    db.reading = counted  # type: ignore[method-assign]
    try:
        text = _games_text(await driver.command("/games", user="hana"))
    finally:
        db.reading = original  # type: ignore[method-assign]
    assert "6 games" in text
    assert reads == 2, reads  # every game in one query, and whether reminders were stopped


async def test_games_stored_before_seats_are_listed_after_a_restart(driver: OfflineDriver) -> None:
    await _its_sheet(driver, "old-game")
    async with driver.bot.db.transaction() as tx:
        await tx.execute("DELETE FROM game_seats")
    assert "You play no game" in _games_text(await driver.command("/games", user="hana"))
    await driver.restart()
    assert "ITS match" in _games_text(await driver.command("/games", user="hana"))


async def test_games_in_a_dm_lists_every_server_with_links(driver: OfflineDriver) -> None:
    channel = await _its_sheet(driver, "its-dm")
    dm = driver.add_dm("hana-dm")
    text = _games_text(await driver.command("/games", user="hana", channel=dm))
    assert "every server" in text
    assert f"https://discord.com/channels/{GUILD_ID}/{channel.id}" in text


async def test_daily_reminder_sends_a_dm_with_a_stop_button(driver: OfflineDriver) -> None:
    await _its_sheet(driver, "remind-me")
    on = await driver.command("/games remind:on", user="ivo")
    assert on.message.ephemeral and "Daily reminder on" in on.message.text
    ivo = driver.user("ivo")
    jobs = [j for j in await driver.bot.scheduler.pending(REMIND_JOB) if j.key == remind_key(ivo.id)]
    assert len(jobs) == 1
    again = await driver.command("/games remind:on", user="ivo")
    assert "Daily reminder on" in again.message.text
    jobs = [j for j in await driver.bot.scheduler.pending(REMIND_JOB) if j.key == remind_key(ivo.id)]
    assert len(jobs) == 1, "turning it on twice keeps one daily job"

    await remind_job(driver.bot, {"user": ivo.id})
    dm = driver.dms[ivo.id]
    sent = driver.history(dm)
    assert len(sent) == 1 and "invitation" in sent[0].text and "<#" not in sent[0].text
    assert sent[0].allowed_mentions is not None and not sent[0].allowed_mentions.get("users")
    refused(await driver.press(sent[0], "Stop these reminders", user="hana"), "someone else's")
    stop = await driver.press(sent[0], "Stop these reminders", user="ivo")
    assert "off" in stop.message.text
    assert not [j for j in await driver.bot.scheduler.pending(REMIND_JOB) if j.key == remind_key(ivo.id)]


async def test_a_reminder_to_closed_dms_is_not_sent_and_nothing_breaks(driver: OfflineDriver) -> None:
    await _its_sheet(driver, "closed")
    ivo = driver.user("ivo")
    driver.dms_closed.add(ivo.id)
    await remind_job(driver.bot, {"user": ivo.id})
    assert all(not driver.history(c) for c in driver.dms.values())
    jobs = [j for j in await driver.bot.scheduler.pending(REMIND_JOB) if j.key == remind_key(ivo.id)]
    assert len(jobs) == 1, "tomorrow's reminder still comes"


async def test_nothing_waiting_sends_nothing(driver: OfflineDriver) -> None:
    zed = driver.user("zed")
    await remind_job(driver.bot, {"user": zed.id})
    assert zed.id not in driver.dms


@pytest.mark.parametrize("where", ["dm", "private", "elsewhere"])
async def test_stateless_commands_work_anywhere_and_games_say_where_they_work(
    driver: OfflineDriver, where: str
) -> None:
    channel = driver.add_dm(f"out-{where}", where=where)
    rolled = await driver.command("/roll expression:2d6", user="ann", channel=channel)
    assert not rolled.message.ephemeral and "2d6" in rolled.text
    for command in ("/odds expression:2d6", "/40k odds weapon:A2 BS3+ S4 AP0 D1 target:T4 Sv3+ W1",
                    "/its mission name:acquisition", "/help", "/games", "/dice list"):
        reply = await driver.command(command, user="ann", channel=channel)
        assert "Incident" not in reply.text and "does not work" not in reply.text, (command, reply.text)
    games = ("/bf new", "/tournament create name:Cup tier:300", "/its end", "/si boss start boss:hydra")
    for command in games:
        text = refused(await driver.command(command, user="ann", channel=channel), "does not work")
        assert "/roll" in text and "added Herald" in text
    found = await driver.autocomplete("/tournament mission", "scenario", "acq", user="ann", channel=channel)
    assert found == []


async def test_commands_declare_where_they_can_be_installed_and_used(driver: OfflineDriver) -> None:
    tree = driver.bot.tree
    declared = {c.name: c.to_dict(tree) for c in tree.get_commands()}
    for name in ("bf", "si", "tournament", "rating", "crusade"):
        assert declared[name]["integration_types"] == [0] and declared[name]["contexts"] == [0], name
    for name in ("roll", "dice", "odds", "40k", "inf", "its", "ba", "help", "games"):
        assert declared[name]["integration_types"] == [0, 1] and declared[name]["contexts"] == [0, 1, 2], name
    for name in declared:
        anywhere = declared[name]["integration_types"] == [0, 1]
        assert anywhere == any(a.split()[0] == name for a in ANYWHERE), name
    assert works_anywhere("its classified card") and not works_anywhere("its classified draw")


async def test_every_game_kind_says_whom_it_waits_on(driver: OfflineDriver) -> None:
    cup = driver.add_channel("cup")
    await driver.command('/tournament create name:"Cup" tier:300', user="olga", channel=cup)
    for name in ("ann", "bo", "cy", "di"):
        await driver.command("/tournament join faction:Nomads", user=name, channel=cup)
    await pair(driver, channel=cup, threads=False)
    assert "report your round 1 game" in _games_text(await driver.command("/games", user="ann"))

    battle = driver.add_channel("battle")
    started = await driver.command(
        "/ba battle start mission:control-centre attacker:@ann defender:@bo", user="ann", channel=battle
    )
    assert "Incident" not in started.text, started.text
    text = _games_text(await driver.command("/games", user="bo"))
    assert "Boarding Actions battle" in text

    fight = driver.add_channel("leviathan")
    begun = await driver.command("/si boss start boss:elder_leviathan", user="cy", channel=fight)
    assert "Incident" not in begun.text, begun.text
    text = _games_text(await driver.command("/games", user="cy"))
    assert "Space Infantry boss fight" in text and "Add units to the squad" in text


async def test_a_waiting_line_names_only_the_players_it_waits_on_for_that(driver: OfflineDriver) -> None:
    """In a tournament one player waits to confirm and two others to report their own table: the
    line never says that the confirming player has to report another table's game."""
    await driver.command('/tournament create name:"Cup" tier:300', user="olga")
    for name in ("ann", "bo", "cy", "di"):
        await driver.command("/tournament join faction:Nomads", user=name)
    await pair(driver, threads=False)
    first, second = await games(driver)
    reporter, confirmer = name_of(driver, first.a), name_of(driver, first.b)
    reported = await driver.command(
        f"/tournament report opponent:@{confirmer} my_op:5 my_vp:100 their_op:3 their_vp:50", user=reporter
    )
    assert not reported.message.ephemeral, reported.text
    line = _games_text(await driver.command("/games", user=reporter)).splitlines()[-1]
    confirmer_id = driver.user(confirmer).id
    if f"<@{confirmer_id}>" in line:
        assert "confirm" in line and "report your" not in line, line
    for player in (second.a, second.b):
        if f"<@{player}>" in line:
            assert f"table {second.table}" in line, line


async def test_a_tournament_waits_on_its_organisers_when_they_must_act(driver: OfflineDriver) -> None:
    await driver.command('/tournament create name:"Cup" tier:300', user="olga")
    for name in ("ann", "bo", "cy", "di"):
        await driver.command("/tournament join faction:Nomads", user=name)
    assert "pair round 1" in _games_text(await driver.command("/games", user="olga"))
    await pair(driver, threads=False)
    organiser = _games_text(await driver.command("/games", user="olga"))
    assert "pair round 1" not in organiser and "your move" not in organiser
    from tests.cogs.tournament_helpers import games, name_of

    for game in await games(driver):
        a, b = name_of(driver, game.a), name_of(driver, game.b)
        await driver.command(
            f"/tournament result player:@{a} opponent:@{b} player_op:5 player_vp:100 "
            "opponent_op:3 opponent_vp:90",
            user="olga",
        )
    assert "`/tournament pair` for round 2" in _games_text(await driver.command("/games", user="olga"))


async def test_a_boss_fight_lobby_waits_on_the_player_still_building(driver: OfflineDriver) -> None:
    channel = driver.add_channel("lobby")
    await driver.command("/bf new", user="hana", channel=channel)
    await driver.command("/bf join side:boss preset:bone", user="hana", channel=channel)
    await driver.command("/bf join side:hero preset:card:mira", user="ivo", channel=channel)
    ivo = _games_text(await driver.command("/games", user="ivo"))
    assert "your move" in ivo and "finish your build (deck 0/30)" in ivo
    hana = _games_text(await driver.command("/games", user="hana"))
    assert "waiting on" in hana and "/bf place" not in hana
