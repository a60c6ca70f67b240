"""The tournament web pages: serving a 512-player event's page, and a result reaching the page.

Both go over real HTTP on this machine's loopback. Each request checks that it got the page it
names (status 200 and the event's content), never a 404 or a refusal.
"""

from __future__ import annotations

import socket
import statistics
import time
from dataclasses import dataclass

import aiohttp

from bot.offline import OfflineDriver
from tests.bench import FigureCase
from tests.bench.cases_tournament import _EVENTS
from tests.cogs.tournament_helpers import pair
from web.app import RateLimiter, TournamentSource, make_app
from web.server import WebServer

POLL_SECONDS = 3.0
"""page.js asks for the live part this often (POLL_MS)."""


def _p(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, max(0, round(q / 100 * len(ordered)) - 1))]


@dataclass
class _Record:
    game_id: int
    version: int
    state_json: str
    kind: str = "tournament"


async def _page_512(driver: OfflineDriver) -> list[tuple[str, str]]:
    import json

    from rules.tournament import GameResult

    t = _EVENTS[512]
    record = _Record(1, 1, json.dumps({"tournament": t.model_dump(mode="json")}))
    # Each change is a new result at one table of the current round, as a Discord command makes it.
    changed = []
    last = t.rounds[-1]
    for i in range(200):
        games = list(last.games)
        g = games[i % (len(games) - 1)]
        games[i % (len(games) - 1)] = g.model_copy(
            update={"result": GameResult(op_a=i % 11, op_b=(i * 7) % 11)}
        )
        state = t.model_copy(update={"rounds": [*t.rounds[:-1], last.model_copy(update={"games": games})]})
        changed.append(json.dumps({"tournament": state.model_dump(mode="json")}))

    class Store:  # the bench's stand-in for the pages' repository (bot.storage.pages)
        async def version(self, token: str) -> _Record | None:
            return record if token == "bench" else None

        async def state(self, game_id: int) -> _Record:
            return record

    server = WebServer(
        make_app(TournamentSource(Store(), str), limiter=RateLimiter(10**9, 10**9)), "127.0.0.1", 0
    )
    port = await server.start()
    lines: list[tuple[str, str]] = []
    try:
        async with aiohttp.ClientSession() as http:
            for label, changes in (("cached", False), ("after each change (rendered)", True)):
                samples, size = [], 0
                for i in range(200):
                    if changes:
                        record = _Record(1, 2 + i, changed[i])
                    started = time.perf_counter()
                    async with http.get(f"http://127.0.0.1:{port}/t/bench") as got:
                        body = await got.read()
                    samples.append((time.perf_counter() - started) * 1000)
                    if got.status != 200 or b"Player 511" not in body:
                        raise AssertionError(f"the 512-player page was not served: {got.status}")
                    size = len(body)
                lines.append(
                    (
                        f"512-player page, {label}",
                        f"p50 {_p(samples, 50):7.2f} ms  p99 {_p(samples, 99):7.2f} ms (target < 50: "
                        f"{'ok' if _p(samples, 99) < 50 else 'MISSED'})  "
                        f"size {size / 1024:.0f} KB (target < 500)",
                    )
                )
    finally:
        await server.stop()
    return lines


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def _result_to_page(_: OfflineDriver) -> list[tuple[str, str]]:
    import tempfile
    from pathlib import Path

    folder = Path(tempfile.mkdtemp(prefix="herald-bench-web-"))
    driver = await OfflineDriver.open(folder / "web.sqlite3", rng_seed=3, web_port=_free_port())
    try:
        await driver.command('/tournament create name:"Bench Cup" tier:300', user="olga")
        names = ("ann", "bo", "cy", "di")
        for name in names:
            await driver.command("/tournament join faction:Nomads", user=name)
        info = (await driver.command("/tournament info", user="olga")).message
        url = next(b.url for b in info.buttons if b.url)  # a card's link button
        await pair(driver, threads=False)
        samples = []
        async with aiohttp.ClientSession() as http:
            async with http.get(f"{url}/live") as got:
                tag = got.headers["ETag"]
            for i in range(30):
                vp = 100 + i
                started = time.perf_counter()
                reply = await driver.command(
                    f"/tournament result player:@ann opponent:@{await _opponent(driver, 'ann')} "
                    f"player_op:5 player_vp:{vp} opponent_op:4 opponent_vp:50",
                    user="olga",
                )
                if reply.message.ephemeral:
                    raise AssertionError(f"the result was refused: {reply.text}")
                async with http.get(f"{url}/live", headers={"If-None-Match": tag}) as got:
                    body = await got.text()
                    if got.status != 200 or f"{vp} VP" not in body:
                        raise AssertionError(f"the page did not show the new result: {got.status}")
                    tag = got.headers["ETag"]
                samples.append((time.perf_counter() - started) * 1000)
    finally:
        await driver.close()
    median = statistics.median(samples)
    return [
        (
            "result → live part shows it",
            f"median {median:.1f} ms, max {max(samples):.1f} ms (command and one poll); "
            "an open page polls every "
            f"{POLL_SECONDS:g} s, so it shows a result within {POLL_SECONDS + max(samples) / 1000:.1f} s",
        )
    ]


async def _opponent(driver: OfflineDriver, name: str) -> str:
    from cogs.tournament.state import TournamentGame

    game = await driver.bot.games.find(driver.channel.id, TournamentGame, "tournament")
    assert game is not None and game.state.tournament.current is not None
    me = str(driver.user(name).id)
    match = game.state.tournament.current.game_of(me)
    assert match is not None and match.b is not None
    other = match.b if match.a == me else match.a
    return next(n for n, u in driver.users.items() if str(u.id) == other)


async def _crusade_page(_: OfflineDriver) -> list[tuple[str, str]]:
    """The largest campaign a channel may hold (40 forces of 120 units): its page's first rendering
    after a change, then served from the cache."""
    import json

    from rules.crusade import engine
    from rules.crusade.engine import UnitSpec

    c = engine.create("Bench Crusade", organiser_id=1)
    for p in range(40):
        units = [UnitSpec(f"Unit {i} of force {p}", 100) for i in range(120)]
        c = engine.join(c, player_id=p + 2, player_name=f"Player {p}", name=f"Force {p}", units=units)
    record = _Record(1, 1, json.dumps({"campaign": c.model_dump(mode="json")}), kind="crusade")

    class Store:
        async def version(self, token: str) -> _Record | None:
            return record if token == "bench" else None

        async def state(self, game_id: int) -> _Record:
            return record

    server = WebServer(
        make_app(TournamentSource(Store(), str), limiter=RateLimiter(10**9, 10**9)), "127.0.0.1", 0
    )
    port = await server.start()
    try:
        async with aiohttp.ClientSession() as http:
            samples, first = [], 0.0
            for i in range(101):
                started = time.perf_counter()
                async with http.get(f"http://127.0.0.1:{port}/c/bench") as got:
                    body = await got.read()
                took = (time.perf_counter() - started) * 1000
                if got.status != 200 or b"Unit 119 of force 39" not in body:
                    raise AssertionError(f"the campaign page was not served: {got.status}")
                if i == 0:
                    first = took
                else:
                    samples.append(took)
    finally:
        await server.stop()
    return [
        (
            "40 forces x 120 units, after a change (rendered)",
            f"{first:.1f} ms (target < 1000: {'ok' if first < 1000 else 'MISSED'})",
        ),
        (
            "40 forces x 120 units, cached",
            f"p50 {_p(samples, 50):7.2f} ms  p99 {_p(samples, 99):7.2f} ms (target < 50: "
            f"{'ok' if _p(samples, 99) < 50 else 'MISSED'})",
        ),
    ]


CASES = [
    FigureCase("web: tournament page", _page_512),
    FigureCase("web: crusade page", _crusade_page),
    FigureCase("web: live update", _result_to_page),
]
