"""/tournament with 70 players: standings in pages, pairings text split under Discord's limit."""

from __future__ import annotations

import random
import re

from bot.cards import MAX_CARD_TEXT
from bot.offline import OfflineDriver
from cogs.tournament.posts import player_fields
from cogs.tournament.state import TournamentGame
from rules.tournament import GameResult, add_player, create_tournament, pair_next_round, record_result
from tests.cogs.tournament_helpers import pair, pngs, public, refused


async def _seventy(driver: OfflineDriver) -> set[int]:
    """A 70-player event with two rounds played, stored in #general; the players' user ids."""
    rng = random.Random(5)
    t = create_tournament("Big Open", 300, rounds=4)
    users = [driver.user(f"p{i:02d}") for i in range(70)]
    for user in users:
        t = add_player(t, str(user.id), user.name, "Nomads", user_id=user.id)
    for _ in range(2):
        t = pair_next_round(t, rng)
        for g in t.current.games:
            if g.b is not None:
                result = GameResult(op_a=rng.randint(0, 10), op_b=rng.randint(0, 10), vp_a=100, vp_b=90)
                t = record_result(t, g.a, g.b, result)
    organiser = driver.user("olga")
    await driver.bot.games.start(
        channel_id=driver.channel.id,
        guild_id=None,
        kind="tournament",
        state=TournamentGame(tournament=t, organisers=[organiser.id]),
        actor_id=organiser.id,
    )
    return {u.id for u in users}


async def test_standings_come_in_pages_and_pairings_in_several_messages(driver: OfflineDriver) -> None:
    users = await _seventy(driver)
    standing = public(await driver.command("/tournament standings", user="p01"))
    assert len(pngs(standing, "standings")) == 3 and "Pages 1-3 of 3" in standing.text
    last = public(await driver.command("/tournament standings page:3", user="p01"))
    assert [a.filename for a in last.attachments] == ["standings-3.png"]
    refused(await driver.command("/tournament standings page:4", user="p01"), "3 pages of 32")

    paired = await pair(driver, threads=False)
    messages = [m for m in paired.messages if not m.ephemeral]
    assert len(messages) >= 2 and all(len(m.text) <= MAX_CARD_TEXT for m in messages)
    assert len(pngs(messages[0], "pairings-round3")) == 2
    mentioned = {int(u) for m in messages for u in re.findall(r"<@(\d+)>", m.text)}
    assert mentioned == users


async def test_info_lists_the_players_within_discords_limits(driver: OfflineDriver) -> None:
    """Issue 25.12: /tournament info names the players, not just their number, and still fits."""
    users = await _seventy(driver)
    info = public(await driver.command("/tournament info", user="p01"))
    fields = info.card.data["fields"]
    players = [f for f in fields if f["name"].startswith("Players (70)")]
    assert 1 < len(players) <= 4 and all(len(f["value"]) <= 1024 for f in players)
    listed = {int(u) for f in players for u in re.findall(r"<@(\d+)>", f["value"])}
    assert listed == users and "Nomads" in players[0]["value"] and "more" not in players[-1]["value"]
    assert not info.pings


def test_a_full_tournament_lists_as_many_players_as_fit_and_counts_the_rest() -> None:
    t = create_tournament("Huge", 300)
    for i in range(512):
        t = add_player(t, f"id{i}", f"Player {i}", "Shock Army of Acontecimento", user_id=10**17 + i)
    fields = player_fields(t)
    assert len(fields) == 4 and all(len(value) <= 1024 for _, value in fields)
    assert fields[0][0] == "Players (512)" and fields[1][0] == "Players (512), continued"
    listed = sum(len(re.findall(r"<@\d+>", value)) for _, value in fields)
    more = re.search(r"… and (\d+) more", fields[-1][1])
    assert more is not None and listed + int(more.group(1)) == 512
    assert sum(len(name) + len(value) for name, value in fields) < 6000 - 1000
