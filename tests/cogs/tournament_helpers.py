"""Helpers for the /tournament end-to-end tests: players, the stored state, sheets, pairings."""

from __future__ import annotations

import asyncio
import io

from PIL import Image

from bot.offline import GUILD_ID, Channel, Message, OfflineDriver, Reply
from cogs.tournament.state import TournamentGame
from rules.its.content import load_scenarios
from rules.its.scoring import apply, new_sheet, score_sheet
from rules.tournament import Game

PNG = b"\x89PNG\r\n\x1a\n"
PLAYERS = ("ann", "bo", "cy", "di", "ed", "flo", "gus", "hal")
FACTIONS = ("PanOceania", "Yu Jing", "Ariadna", "Haqqislam", "Nomads", "Combined Army", "ALEPH", "Tohaa")


async def state(driver: OfflineDriver, channel: Channel | None = None) -> TournamentGame:
    game = await driver.bot.games.find((channel or driver.channel).id, TournamentGame, "tournament")
    assert game is not None
    return game.state


def name_of(driver: OfflineDriver, player_id: str) -> str:
    return next(n for n, u in driver.users.items() if str(u.id) == player_id)


async def games(driver: OfflineDriver) -> list[Game]:
    """The current round's games with two players."""
    t = (await state(driver)).tournament
    assert t.current is not None
    return [g for g in t.current.games if g.b is not None]


def thread_of(driver: OfflineDriver, s: TournamentGame, game: Game, round_number: int) -> Channel:
    thread_id = next(t.thread_id for t in s.threads if t.round == round_number and t.table == game.table)
    return next(c for c in driver.channels.values() if c.id == thread_id)


def refused(reply: Reply, *fragments: str) -> str:
    message = reply.message
    assert message.ephemeral, message.text
    # A card holds 4,000 characters of text (the driver refuses more); the flattened text adds
    # a few marks (`## `, `-- `) to it.
    assert len(message.text) <= 4100
    for fragment in fragments:
        assert fragment in message.text, message.text
    return message.text


def public(reply: Reply) -> Message:
    message = reply.message
    assert not message.ephemeral, message.text
    assert "Incident" not in reply.text, reply.text
    return message


def pngs(message: Message, prefix: str) -> list[Image.Image]:
    found = [a for a in message.attachments if a.filename.startswith(prefix)]
    assert found, [a.filename for a in message.attachments]
    images = []
    for a in found:
        assert a.data.startswith(PNG) and len(a.data) < 1_000_000
        images.append(Image.open(io.BytesIO(a.data)))
    return images


def sheet_payload(scenario_id: str, tier: int, users: tuple[int, int], a_scores: bool) -> dict[str, object]:
    """What the ITS cog dispatches when both players confirmed their Acquisition sheet; side A
    (``users[0]``) scored the Tech-Coffin objective (3 OP) when ``a_scores``."""
    scenario = load_scenarios().get(scenario_id)
    sheet = new_sheet(scenario, tier)
    if a_scores:
        sheet = apply(scenario, sheet, "a", "tech_coffin", True)
    result = score_sheet(scenario, sheet)
    return {
        "scenario": scenario_id,
        "tier": tier,
        "players": list(users),
        "result": result.model_dump(mode="json"),
    }


async def dispatch_sheet(driver: OfflineDriver, channel: Channel, payload: dict[str, object]) -> Message:
    """Dispatch ``its_sheet_final`` as the ITS cog would and wait for the tournament's answer."""
    before = len(driver.history(channel))
    driver.bot.dispatch("its_sheet_final", channel.id, GUILD_ID, payload)
    for _ in range(200):
        await asyncio.sleep(0.01)
        found = driver.history(channel)
        if len(found) > before:
            return found[-1]
    raise AssertionError("the tournament did not answer the sheet")


async def pair(
    driver: OfflineDriver, *, user: str = "olga", channel: Channel | None = None, threads: bool = True
) -> Reply:
    """``/tournament pair``, answering its question with "Pair without a scenario" when the round
    has none; the reply that paired (or refused)."""
    reply = await driver.command(
        f"/tournament pair threads:{str(threads).lower()}", user=user, channel=channel
    )
    asked = reply.message
    if asked.ephemeral and any(b.label == "Pair without a scenario" for b in asked.buttons):
        reply = await driver.press(asked, "Pair without a scenario", user=user)
    return reply
