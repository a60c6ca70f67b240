"""A message pings exactly the people it names by id, never a mention typed into a name
(issue 26, item 1).

The ``driver`` fixture checks, after every test that uses it, that no message allowed more than
users named by id (tests/conftest.py): that covers every flow the suite drives (ITS invitations,
Boss Fight turn prompts and reminders, undo and concede requests, the Boarding Actions tracker,
Space Infantry, tournaments). The tests here type mentions into every name a pinging post shows.
"""

from __future__ import annotations

import re

import pytest

from bot.offline import OfflineDriver
from tests.cogs.hostile import VICTIM, pings_beyond_ids
from tests.cogs.tournament_helpers import state

PLAYERS = ("ann", "bo", "cy", "di", "ed")


def allowed_users(driver: OfflineDriver) -> set[int]:
    found: set[int] = set()
    for message in driver.messages.values():
        found |= {int(u) for u in (message.allowed_mentions or {}).get("users") or []}
    return found


@pytest.mark.parametrize("typed", [f"<@{VICTIM}>", f"<@!{VICTIM}>", "@everyone", "<@&271828182845904523>"])
async def test_mentions_typed_into_tournament_names_and_factions_ping_nobody(
    driver: OfflineDriver, typed: str
) -> None:
    ids = {name: driver.user(name).id for name in PLAYERS}
    await driver.command("tournament create", name=f"Cup {typed}", tier=300, user="olga")
    for name in PLAYERS:
        # Each faction names the victim, and the next player, who must not be pinged by it.
        other = PLAYERS[(PLAYERS.index(name) + 1) % len(PLAYERS)]
        await driver.command(
            "tournament join", faction=f"Ariadna {typed} <@{ids[other]}>", unlisted=True, user=name
        )
    await driver.command("/tournament mission round:1 scenario:acquisition", user="olga")
    paired = await driver.command("/tournament pair", user="olga")
    s = await state(driver)
    t = s.tournament
    assert paired.messages and all(not m.ephemeral for m in paired.messages)
    for message in paired.messages:
        named = {int(u) for u in re.findall(r"<@(\d+)>", message.text)}
        assert message.pings == named - {VICTIM} and VICTIM not in message.pings
    threads = driver.threads(driver.channel)
    assert len(threads) == 2
    for thread in threads:
        (opening,) = driver.history(thread)
        table = next(x.table for x in s.threads if x.thread_id == thread.id)
        game = next(g for g in t.rounds[0].games if g.table == table)
        assert opening.pings == {int(game.a), int(game.b)}
    assert VICTIM not in allowed_users(driver)
    assert allowed_users(driver) <= set(ids.values())
    assert pings_beyond_ids(list(driver.messages.values())) == []


async def test_an_its_invitation_pings_the_invited_player_only(driver: OfflineDriver) -> None:
    host = f"<@{VICTIM}> @everyone"
    scored = await driver.command("/its score mission:Acquisition tier:300 opponent:bob", user=host)
    invitation = next(m for m in scored.messages if not m.ephemeral and "opponent" in m.text)
    assert invitation.pings == {driver.user("bob").id}
    assert allowed_users(driver) == {driver.user("bob").id}
