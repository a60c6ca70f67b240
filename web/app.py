"""The tournament web pages: an aiohttp application served from inside the bot process.

Read-only: every route is GET (or HEAD), and the only thing a visitor can name is a page's token.
Routes, for a tournament whose address token is ``T``:

- ``/t/T``: the page (``?screen=1``: the venue-screen view; ``?theme=dark|light`` overrides the
  visitor's colour scheme). Our own stylesheet and script, no external asset.
- ``/t/T/live``: the part of the page that changes, which the script polls every few seconds with
  ``If-None-Match``; an unchanged tournament answers 304 with no body.
- ``/t/T/round/N``: an earlier round's games, which a large event's page fetches when opened.
- ``/t/T.json``, ``/t/T/players.csv``, ``/t/T/results.csv``: the same data for other tools (the CSVs
  are those of ``/tournament export``).
- ``/static/page.css``, ``/static/page.js``.

Anything else, a wrong token or an old one (after ``/tournament link reset``) is a plain 404 page.
Every answer carries a restrictive Content-Security-Policy; one address sending more than the
rate limit allows gets 429.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from aiohttp import web
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from rules.tournament.export import players_csv, results_csv
from rules.tournament.lists import SubmittedList
from rules.tournament.model import Tournament
from rules.tournament.public import PublicTournament, RoundTimer, public_view
from rules.tournament.reports import PendingReport
from web import pages

log = logging.getLogger("herald.web")

STATIC_DIR = Path(__file__).parent / "static"
STATIC_FILES = {"page.css": "text/css", "page.js": "text/javascript", "icon.svg": "image/svg+xml"}

CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "
    "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)
SECURITY_HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
}

RATE_BURST = 600
"""Requests one address may send at once. A venue's players often share one public address."""
RATE_PER_SECOND = 60.0
"""Requests per second one address may keep up: a page polls once every 3 seconds, so this lets
about 150 open pages share one address (a venue's Wi-Fi), and still stops a flood."""
MAX_TRACKED_ADDRESSES = 10_000
CACHE_ENTRIES = 64
"""Rendered pages kept per process, keyed by tournament version: polling costs one query."""


class StoredTournament(BaseModel):
    """What the page reads of a stored tournament (the cog's game state): only public parts."""

    model_config = ConfigDict(extra="ignore")

    tournament: Tournament
    reports: list[PendingReport] = Field(default_factory=list)
    round_timer: RoundTimer | None = None

    def view(
        self, scenario_name: Callable[[str], str], lists: Mapping[str, SubmittedList] | None = None
    ) -> PublicTournament:
        reported = {(r.round, p) for r in self.reports for p in (r.reporter, r.opponent)}
        return public_view(
            self.tournament,
            reported=reported,
            scenario_name=scenario_name,
            timer=self.round_timer,
            lists=lists,
        )


@dataclass(frozen=True)
class Found:
    stored: StoredTournament
    view: PublicTournament
    tag: str
    """Changes whenever anything on the page changes (the game's stored version)."""


class TournamentSource:
    """Finds a tournament by its address token, through the bot's repositories."""

    def __init__(
        self,
        game_of: Callable[[str], Awaitable[int | None]],
        record: Callable[[int], Awaitable[Any]],
        scenario_name: Callable[[str], str],
        lists: Callable[[int], Awaitable[Mapping[str, str]]] | None = None,
    ) -> None:
        self._game_of = game_of
        self._record = record
        self._scenario_name = scenario_name
        self._lists = lists
        """A tournament's army lists (summary JSON by player id), read only once they are revealed."""
        self._cache: OrderedDict[tuple[int, int], Found] = OrderedDict()

    async def find(self, token: str) -> Found | None:
        game_id = await self._game_of(token)
        if game_id is None:
            return None
        record = await self._record(game_id)
        if record is None or record.kind != "tournament":
            return None
        key = (record.id, record.version)
        found = self._cache.get(key)
        if found is None:
            # A 512-player event takes tens of milliseconds to read and rank: off the event loop.
            lists: Mapping[str, str] = {}
            if self._lists is not None and (record.state.get("tournament") or {}).get("lists_revealed"):
                lists = await self._lists(record.id)
            found = await asyncio.to_thread(self._build, record, lists)
            if found is None:
                return None
            self._cache[key] = found
            while len(self._cache) > CACHE_ENTRIES:
                self._cache.popitem(last=False)
        self._cache.move_to_end(key)
        return found

    def _build(self, record: Any, lists: Mapping[str, str]) -> Found | None:
        try:
            stored = StoredTournament.model_validate(record.state)
        except ValidationError:
            log.warning("tournament %s: stored state does not read as a tournament", record.id)
            return None
        entries = {}
        for player_id, entry in lists.items():
            try:
                entries[player_id] = SubmittedList.model_validate_json(entry)
            except ValidationError:
                log.warning("tournament %s: a stored list does not read", record.id)
        view = stored.view(self._scenario_name, entries)
        return Found(stored, view, f'"{record.id}-{record.version}"')


class RateLimiter:
    """A token bucket per address; the oldest idle addresses are forgotten past a bound."""

    def __init__(self, burst: int = RATE_BURST, per_second: float = RATE_PER_SECOND) -> None:
        self.burst = burst
        self.per_second = per_second
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()

    def allow(self, address: str, now: float | None = None) -> bool:
        now = time.monotonic() if now is None else now
        tokens, last = self._buckets.pop(address, (float(self.burst), now))
        tokens = min(float(self.burst), tokens + (now - last) * self.per_second)
        allowed = tokens >= 1
        self._buckets[address] = (tokens - 1 if allowed else tokens, now)
        while len(self._buckets) > MAX_TRACKED_ADDRESSES:
            self._buckets.popitem(last=False)
        return allowed


def _address(request: web.Request) -> str:
    """The visitor's address; behind a reverse proxy on this machine, the one it forwards."""
    peer = request.remote or "?"
    forwarded = request.headers.get("X-Forwarded-For", "")
    if forwarded and peer in ("127.0.0.1", "::1"):
        return forwarded.split(",")[-1].strip()[:64] or peer
    return peer


def _html(text: str, status: int = 200) -> web.Response:
    return web.Response(text=text, status=status, content_type="text/html", charset="utf-8")


KEY_SOURCE: web.AppKey[TournamentSource] = web.AppKey("source", TournamentSource)
KEY_LIMITER: web.AppKey[RateLimiter] = web.AppKey("limiter", RateLimiter)


@web.middleware
async def _guard(
    request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
) -> Any:
    if not request.app[KEY_LIMITER].allow(_address(request)):
        response: web.StreamResponse = _html(
            pages.plain("Too many requests", "Slow down a little: this page updates by itself."), 429
        )
        response.headers["Retry-After"] = "5"
    else:
        try:
            response = await handler(request)
        except web.HTTPNotFound:
            response = _html(pages.not_found(), 404)
        except web.HTTPMethodNotAllowed:
            response = _html(pages.plain("Not allowed", "These pages can only be read."), 405)
        except web.HTTPException as refusal:
            response = _html(
                pages.plain(refusal.reason or "Refused", "This address cannot be served."), refusal.status
            )
        except Exception:
            incident = secrets.token_hex(4)
            log.exception("web incident %s on %s", incident, request.path[:80])
            response = _html(
                pages.plain("Something went wrong", f"Incident {incident}; try again soon."), 500
            )
    response.headers.update(SECURITY_HEADERS)
    response.headers["Server"] = "Herald"
    if response.status == 200 and isinstance(response, web.Response) and len(response.body or b"") > 1024:
        response.enable_compression()  # gzip when the visitor accepts it: a big event's page is 200 KB
    response.headers.setdefault("Cache-Control", "no-store")
    return response


async def _found(request: web.Request) -> Found:
    found = await request.app[KEY_SOURCE].find(request.match_info["token"])
    if found is None:
        raise web.HTTPNotFound()
    return found


def _theme(request: web.Request) -> str | None:
    theme = request.query.get("theme")
    return theme if theme in ("dark", "light") else None


async def page(request: web.Request) -> web.StreamResponse:
    found = await _found(request)
    screen = request.query.get("screen") == "1"
    token = request.match_info["token"]
    return _html(pages.page(found.view, token=token, screen=screen, etag=found.tag, theme=_theme(request)))


async def live(request: web.Request) -> web.StreamResponse:
    found = await _found(request)
    if request.headers.get("If-None-Match") == found.tag:
        return web.Response(status=304, headers={"ETag": found.tag})
    response = _html(pages.live(found.view, screen=request.query.get("screen") == "1"))
    response.headers["ETag"] = found.tag
    return response


async def earlier_round(request: web.Request) -> web.StreamResponse:
    found = await _found(request)
    text = pages.round_games(found.view, int(request.match_info["number"]))
    if text is None:
        raise web.HTTPNotFound()
    return _html(text)


async def as_json(request: web.Request) -> web.StreamResponse:
    found = await _found(request)
    return web.Response(text=found.view.model_dump_json(), content_type="application/json", charset="utf-8")


def _csv(name: str, text: str) -> web.Response:
    response = web.Response(text=text, content_type="text/csv", charset="utf-8")
    response.headers["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


async def players(request: web.Request) -> web.StreamResponse:
    return _csv("players.csv", players_csv((await _found(request)).stored.tournament))


async def results(request: web.Request) -> web.StreamResponse:
    return _csv("results.csv", results_csv((await _found(request)).stored.tournament))


async def static(request: web.Request) -> web.StreamResponse:
    return await static_named(request, request.match_info["name"])


async def static_named(request: web.Request, name: str) -> web.StreamResponse:
    kind = STATIC_FILES.get(name)
    if kind is None:
        raise web.HTTPNotFound()
    response = web.Response(body=(STATIC_DIR / name).read_bytes(), content_type=kind)
    response.headers["Cache-Control"] = "public, max-age=3600"
    return response


async def favicon(request: web.Request) -> web.StreamResponse:
    return await static_named(request, "icon.svg")


async def home(request: web.Request) -> web.StreamResponse:
    return _html(
        pages.plain(
            "Herald",
            "Tournament pages live at the address their organisers share: /tournament info in Discord.",
        )
    )


def make_app(source: TournamentSource, *, limiter: RateLimiter | None = None) -> web.Application:
    """The read-only application; ``source`` finds tournaments by token."""
    app = web.Application(middlewares=[_guard], client_max_size=1024)
    app[KEY_SOURCE] = source
    app[KEY_LIMITER] = limiter or RateLimiter()
    app.router.add_get("/", home)
    app.router.add_get("/t/{token:[A-Za-z0-9_-]{1,64}}.json", as_json)
    app.router.add_get("/t/{token:[A-Za-z0-9_-]{1,64}}", page)
    app.router.add_get("/t/{token:[A-Za-z0-9_-]{1,64}}/live", live)
    app.router.add_get("/t/{token:[A-Za-z0-9_-]{1,64}}/round/{number:[0-9]{1,2}}", earlier_round)
    app.router.add_get("/t/{token:[A-Za-z0-9_-]{1,64}}/players.csv", players)
    app.router.add_get("/t/{token:[A-Za-z0-9_-]{1,64}}/results.csv", results)
    app.router.add_get("/static/{name}", static)
    app.router.add_get("/favicon.ico", favicon)
    return app


class WebServer:
    """Runs the application on a host and port; ``port`` 0 asks the system for a free one."""

    def __init__(self, app: web.Application, host: str, port: int) -> None:
        self.app = app
        self.host = host
        self.port = port
        self._runner: web.AppRunner | None = None

    async def start(self) -> int:
        """Start listening; returns the port actually bound."""
        self._runner = web.AppRunner(self.app, access_log=None, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, self.port, reuse_address=True)
        await site.start()
        server = site._server
        sockets = getattr(server, "sockets", None) or []
        if sockets:
            self.port = int(sockets[0].getsockname()[1])
        return self.port

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
