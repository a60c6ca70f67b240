"""The tournament web pages: an aiohttp application served from inside the bot process.

Read-only: every route is GET (or HEAD), and the only thing a visitor can name is a page's token.
Routes, for a tournament whose address token is ``T``:

- ``/t/T``: the page (``?screen=1``: the venue-screen view; ``?theme=dark|light`` overrides the
  visitor's colour scheme). Our own stylesheet and script, no external asset.
- ``/t/T/live``: the part of the page that changes, which the script polls every few seconds with
  ``If-None-Match``; an unchanged tournament answers 304 with no body.
- ``/t/T/round/N``: an earlier round's games, which a large event's page fetches when opened; so
  is ``/t/T/list/N``, a revealed army list (the N-th on the page; never a sealed one).
- ``/t/T.json``, ``/t/T/players.csv``, ``/t/T/results.csv`` (and a team event's ``/t/T/teams.csv``):
  the same data for other tools (the CSVs are those of ``/tournament export``).
- ``/c/T``: a Crusade campaign's page (read-only: standings, each Order of Battle, the log), for a
  campaign whose address token is ``T`` (``/crusade standings`` gives it).
- ``/static/page.css``, ``/static/page.js``.

Every page speaks its visitor's language (:mod:`web.language`): ``?lang=`` (the page's switch
links), else the tournament's own language, else ``Accept-Language``, else English; only offered
languages count, so each rendering is cached once per offered language at most. Answers say
``Content-Language`` and ``Vary: Accept-Language``; the live part's ETag differs by language.

Anything else, a wrong token or an old one (after ``/tournament link reset``) is a plain 404 page.
Every answer carries a restrictive Content-Security-Policy; one address sending more than the
rate limit allows gets 429.
"""

from __future__ import annotations

import asyncio
import gzip
import hashlib
import ipaddress
import json
import logging
import secrets
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol
from urllib.parse import quote

from aiohttp import web
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from bot.settings import Network
from rules.i18n import Translator
from rules.tournament.ballots import Award
from rules.tournament.export import players_csv, results_csv, with_headings
from rules.tournament.faction_table import RoundCounts
from rules.tournament.lists import ListUnit, SubmittedList, list_units
from rules.tournament.model import Tournament
from rules.tournament.public import Previous, PublicTournament, RoundTimer, public_view
from rules.tournament.reports import PendingReport
from rules.tournament.season import SeasonError, season_table
from rules.tournament.standings import Tally
from rules.tournament.teams import teams_csv
from rules.wh40k.roster import Roster
from web import pages
from web.crusade import StoredCampaign, campaign_page
from web.language import asked, choose, own_name, switch_languages, words

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
REFUSAL_DELAY = 1.0
"""Seconds a refused request (429) waits before its answer."""
COST_UNCHANGED = 1
"""What a request costs from its address's allowance: a poll answered 304 (or a refusal) ..."""
COST_PAGE = 3
"""... a page or its live part sent in full ..."""
COST_EXPORT = 10
"""... and a CSV or JSON export, the largest answers."""
CACHE_GAMES = 32
"""Tournaments whose newest rendering is kept; each keeps only its newest version."""
COMPRESS_OVER = 1024
"""Answers larger than this many bytes are also kept gzipped, for visitors who accept it."""


class StoredTournament(BaseModel):
    """What the page reads of a stored tournament (the cog's game state): only public parts."""

    model_config = ConfigDict(extra="ignore")

    tournament: Tournament
    reports: list[PendingReport] = Field(default_factory=list)
    round_timer: RoundTimer | None = None
    published_awards: list[Award] = Field(default_factory=list)
    """The awards the organisers published (the ballots themselves are never read here)."""

    @property
    def reported(self) -> set[tuple[int, str]]:
        return {(r.round, p) for r in self.reports for p in (r.reporter, r.opponent)}

    def view(
        self,
        scenario_name: Callable[[str], str],
        lists: Mapping[str, SubmittedList] | None = None,
        previous: Previous | None = None,
        keep: list[Tally] | None = None,
        units: Mapping[str, list[ListUnit]] | None = None,
        keep_factions: dict[int, RoundCounts] | None = None,
    ) -> PublicTournament:
        return public_view(
            self.tournament,
            reported=self.reported,
            scenario_name=scenario_name,
            timer=self.round_timer,
            lists=lists,
            previous=previous,
            keep=keep,
            units=units,
            awards=self.published_awards,
            keep_factions=keep_factions,
        )


def _same(new: list[Any], old: list[Any], parsed: Sequence[Any]) -> list[Any]:
    """``new`` (a list of JSON objects) with each item that is as in ``old`` replaced by the object
    ``parsed`` from it (``old`` and ``parsed`` one for one)."""
    if len(old) != len(parsed):
        return new
    return [parsed[i] if i < len(old) and item == old[i] else item for i, item in enumerate(new)]


def _reusing(new: dict[str, Any], old: dict[str, Any], parsed: Tournament) -> dict[str, Any]:
    """A tournament's JSON ``new`` to validate, with the players, rounds and games that are as in
    ``old`` (the JSON ``parsed`` was read from) already read: ``parsed``'s own objects.

    Validation takes a model's instance as it is, so those parts are neither validated nor built
    again, and the view finds them unchanged by identity."""
    found = dict(new)
    if isinstance(new.get("players"), list) and isinstance(old.get("players"), list):
        found["players"] = _same(new["players"], old["players"], parsed.players)
    rounds, old_rounds = new.get("rounds"), old.get("rounds")
    if isinstance(rounds, list) and isinstance(old_rounds, list) and len(old_rounds) == len(parsed.rounds):
        made: list[Any] = []
        for i, rnd in enumerate(rounds):
            if i >= len(old_rounds):
                made.append(rnd)
            elif rnd == old_rounds[i]:
                made.append(parsed.rounds[i])
            elif isinstance(rnd, dict) and isinstance(rnd.get("games"), list):
                was = old_rounds[i].get("games") if isinstance(old_rounds[i], dict) else None
                was = was if isinstance(was, list) else None
                games = rnd["games"]
                made.append({**rnd, "games": _same(games, was, parsed.rounds[i].games) if was else games})
            else:
                made.append(rnd)
        found["rounds"] = made
    return found


class ListRow(Protocol):
    """One stored list as the page reads it (``bot.storage.tournament_lists.ListSummary``)."""

    @property
    def entry(self) -> str: ...
    @property
    def submitted_at(self) -> str: ...
    @property
    def has_roster(self) -> bool: ...


class ListStore(Protocol):
    """What the page reads of a tournament's army lists, only once they are revealed
    (``bot.storage.tournament_lists.TournamentListRepository`` on the pages' own connection)."""

    async def stamped(self, *, game_id: int) -> Mapping[str, ListRow]:
        """Every list's summary JSON and stamp, by player id."""
        ...

    async def rosters(self, *, game_id: int, player_ids: Collection[str]) -> Mapping[str, str]:
        """The roster JSON of these players' lists, by player id."""
        ...


UNITS_KEPT = 8192
"""Lists whose units the pages keep (16 tournaments of 512 players); each is a few KB."""


class PageStore(Protocol):
    """What the pages read (``bot.storage.pages.SqlPageRepository`` on the pages' own connection)."""

    async def version(self, token: str) -> Any:
        """``game_id``, ``kind`` and ``version`` of the token's game, or None."""
        ...

    async def state(self, game_id: int) -> Any:
        """``game_id``, ``kind``, ``version`` and ``state_json`` of the game, or None."""
        ...

    async def season(self, token: str) -> Any:
        """``name``, ``best`` and the ``states`` (JSON) of a season's events, or None."""
        ...


@dataclass(frozen=True)
class Body:
    """One rendered answer, kept as bytes and (when large) gzipped too."""

    data: bytes
    gzipped: bytes | None
    content_type: str
    cost: int


def _body(text: str, content_type: str, cost: int) -> Body:
    data = text.encode("utf-8")
    packed = gzip.compress(data, compresslevel=5, mtime=0) if len(data) > COMPRESS_OVER else None
    return Body(data, packed, content_type, cost)


@dataclass
class Rendering:
    """One version of one tournament: its public view, and each answer made from it once."""

    game_id: int
    version: int
    stored: StoredTournament
    view: PublicTournament
    tally: Tally | None = None
    """The standings' totals of every round but the last, for the next version to start from."""
    lists: dict[str, tuple[str, SubmittedList]] = field(default_factory=dict)
    """Each revealed list's summary JSON and what it reads as, for the next version to reuse."""
    raw: Any = None
    """The stored state's JSON read as plain data, which the next version compares with its own."""
    factions: dict[int, RoundCounts] = field(default_factory=dict)
    """Each round's games per faction, for the next version's faction table."""
    bodies: dict[tuple[object, ...], Body] = field(default_factory=dict)
    making: dict[tuple[object, ...], asyncio.Future[Body | None]] = field(default_factory=dict)


def opaque_tag(token: str, game_id: int, version: int, language: str = "en") -> str:
    """The ETag of a version of a page in a language: a hash keyed by the page's token, so it
    shows neither the game's row id nor its version, and is the same in every process serving
    the page.

    >>> opaque_tag("abc", 3, 7) == opaque_tag("abc", 3, 7) != opaque_tag("abc", 3, 8)
    True
    >>> opaque_tag("abc", 3, 7) != opaque_tag("abc", 3, 7, "es")
    True
    """
    said = f"{game_id}:{version}" if language == "en" else f"{game_id}:{version}:{language}"
    digest = hashlib.blake2b(said.encode(), key=token.encode()[:64], digest_size=12)
    return f'"{digest.hexdigest()}"'


@dataclass(frozen=True)
class Found:
    token: str
    rendering: Rendering
    tag: str
    """Changes whenever anything on the page changes (an opaque hash of the stored version)."""

    @property
    def view(self) -> PublicTournament:
        return self.rendering.view

    @property
    def stored(self) -> StoredTournament:
        return self.rendering.stored


class TournamentSource:
    """Finds a tournament by its address token and serves answers rendered once per version.

    A request reads one small row (the token's game and version). Only a version not rendered yet
    reads the stored state, and parsing, ranking and rendering it run on a worker thread, once
    however many visitors ask at the same moment.
    """

    def __init__(
        self, store: PageStore, scenario_name: Callable[[str], str], lists: ListStore | None = None
    ) -> None:
        self._store = store
        self._scenario_name = scenario_name
        self._lists = lists
        """A tournament's army lists, read only once they are revealed."""
        self._units: OrderedDict[tuple[int, str], tuple[tuple[str, str], list[ListUnit]]] = OrderedDict()
        """(game, player) -> (the list's stamp and summary, its roster's units): a roster is read and
        parsed once per submission, not once per version of the page."""
        self._cache: OrderedDict[int, Rendering] = OrderedDict()
        self._campaigns: OrderedDict[int, tuple[int, StoredCampaign | None, dict[str, Body]]] = OrderedDict()
        """game -> (version, its campaign, its page by language): each version read once."""
        self._loading: dict[tuple[int, int], asyncio.Future[Rendering | None]] = {}
        #: Versions parsed and ranked, and answers rendered (tests bound the work with them).
        self.builds = 0
        self.renders = 0

    async def season(self, token: str, t: Translator = pages.ENGLISH) -> str | None:
        """A season's page as HTML (None for a wrong token). Read and ranked on each request, off
        the event loop: a season is a few finished events, and its page is not polled."""
        found = await self._store.season(token)
        if found is None:
            return None

        def build() -> str:
            events = [
                s.tournament for i, raw in enumerate(found.states) if (s := self._parse(i, raw)) is not None
            ]
            try:
                rows = season_table(events, best=found.best)
            except SeasonError as error:
                return pages.plain(found.name, t(error.text), t)
            finished = sum(1 for event in events if event.finished)
            waiting = [event.name for event in events if not event.finished]
            return pages.season(
                found.name,
                found.best,
                finished,
                waiting,
                rows,
                t=t,
                address=quote(token, safe=""),
                languages=languages(),
            )

        return await asyncio.to_thread(build)

    async def campaign(self, token: str, language: str) -> Body | None:
        """A Crusade campaign's page in ``language`` (gzipped too when large), None for a wrong
        token. Like a tournament's: one small row per request; the stored state is read and parsed
        once per version, and each language's page made once per version (off the event loop)."""
        at = await self._store.version(token)
        if at is None or at.kind != "crusade":
            return None
        held = self._campaigns.get(at.game_id)
        if held is None or held[0] != at.version:
            row = await self._store.state(at.game_id)
            if row is None or row.kind != "crusade":
                return None
            parsed = await asyncio.to_thread(self._parse_campaign, row.game_id, row.state_json)
            held = (row.version, parsed, {})
            self._campaigns[at.game_id] = held
            while len(self._campaigns) > CACHE_GAMES:
                self._campaigns.popitem(last=False)
        self._campaigns.move_to_end(at.game_id)
        _version, stored, bodies = held
        if stored is None:
            return None
        body = bodies.get(language)
        if body is None:
            address = quote(token, safe="")
            campaign = stored.campaign

            def make() -> Body:
                text = campaign_page(campaign, t=words(language), address=address, languages=languages())
                return _body(text, HTML, COST_PAGE)

            body = bodies[language] = await asyncio.to_thread(make)
            self.renders += 1
        return body

    @staticmethod
    def _parse_campaign(game_id: int, state_json: str) -> StoredCampaign | None:
        try:
            return StoredCampaign.model_validate_json(state_json)
        except ValidationError:
            log.warning("campaign %s: stored state does not read as a Crusade campaign", game_id)
            return None

    async def find(self, token: str) -> Found | None:
        at = await self._store.version(token)
        if at is None or at.kind != "tournament":
            return None
        cached = self._cache.get(at.game_id)
        if cached is not None and cached.version == at.version:
            self._cache.move_to_end(at.game_id)
            return Found(token, cached, opaque_tag(token, cached.game_id, cached.version))
        rendering = await self._once(self._loading, (at.game_id, at.version), lambda: self._load(at.game_id))
        if rendering is None:
            return None
        return Found(token, rendering, opaque_tag(token, rendering.game_id, rendering.version))

    async def _load(self, game_id: int) -> Rendering | None:
        row = await self._store.state(game_id)
        if row is None or row.kind != "tournament":
            return None
        cached = self._cache.get(game_id)
        if cached is not None and cached.version == row.version:
            return cached
        # One trip to a worker thread: parse, and build the view unless revealed lists must be read
        # first (then a second trip, after reading them).
        stored, raw, rendering = await asyncio.to_thread(
            self._parse_and_build, row.game_id, row.version, row.state_json, cached
        )
        if stored is None:
            return None
        if rendering is None:
            lists, units = await self._revealed(game_id)
            rendering = await asyncio.to_thread(
                self._build, row.game_id, row.version, stored, raw, lists, cached, units
            )
        held = self._cache.get(game_id)
        if held is None or held.version <= rendering.version:
            self._cache[game_id] = rendering
            self._cache.move_to_end(game_id)
            while len(self._cache) > CACHE_GAMES:
                self._cache.popitem(last=False)
        return rendering

    async def _revealed(self, game_id: int) -> tuple[dict[str, str], dict[str, list[ListUnit]]]:
        """A revealed tournament's lists (summary JSON by player id) and each roster's units; only
        the rosters handed in since the last read are read and parsed (on a worker thread)."""
        if self._lists is None:
            return {}, {}
        rows = await self._lists.stamped(game_id=game_id)
        units: dict[str, list[ListUnit]] = {}
        stale = []
        for player_id, row in rows.items():
            held = self._units.get((game_id, player_id))
            if held is not None and held[0] == (row.submitted_at, row.entry):
                units[player_id] = held[1]
                self._units.move_to_end((game_id, player_id))
            elif row.has_roster:
                stale.append(player_id)
        if stale:
            texts = await self._lists.rosters(game_id=game_id, player_ids=stale)
            read = await asyncio.to_thread(self._read_rosters, game_id, texts)
            for player_id, found in read.items():
                units[player_id] = found
                self._units[(game_id, player_id)] = (
                    (rows[player_id].submitted_at, rows[player_id].entry),
                    found,
                )
            while len(self._units) > UNITS_KEPT:
                self._units.popitem(last=False)
        return {player_id: row.entry for player_id, row in rows.items()}, units

    @staticmethod
    def _read_rosters(game_id: int, texts: Mapping[str, str]) -> dict[str, list[ListUnit]]:
        found = {}
        for player_id, text in texts.items():
            try:
                found[player_id] = list_units(Roster.model_validate_json(text))
            except ValidationError:
                log.warning("tournament %s: a stored roster does not read", game_id)
                found[player_id] = []
        return found

    @staticmethod
    def _parse(game_id: int, state_json: str) -> StoredTournament | None:
        try:
            return StoredTournament.model_validate_json(state_json)
        except ValidationError:
            log.warning("tournament %s: stored state does not read as a tournament", game_id)
            return None

    def _parse_and_build(
        self, game_id: int, version: int, state_json: str, before: Rendering | None
    ) -> tuple[StoredTournament | None, Any, Rendering | None]:
        stored, raw = self._parse_reusing(game_id, state_json, before)
        if stored is None or (self._lists is not None and stored.tournament.lists_revealed):
            return stored, raw, None
        return stored, raw, self._build(game_id, version, stored, raw, {}, before)

    @classmethod
    def _parse_reusing(
        cls, game_id: int, state_json: str, before: Rendering | None
    ) -> tuple[StoredTournament | None, Any]:
        """The stored state, and its JSON read as plain data (kept for the next version). Each
        player, round and game whose JSON is the same as the version before's is that version's
        object, not validated again: a result changes one game, and the view then knows the rest
        unchanged by identity (``rules.tournament.public``) instead of comparing them."""
        try:
            raw = json.loads(state_json)
        except ValueError:
            raw = None
        if not isinstance(raw, dict) or not isinstance(raw.get("tournament"), dict):
            return cls._parse(game_id, state_json), None
        if before is None or before.raw is None:
            return cls._parse(game_id, state_json), raw
        try:
            tournament = _reusing(raw["tournament"], before.raw["tournament"], before.stored.tournament)
            return StoredTournament.model_validate({**raw, "tournament": tournament}), raw
        except (ValidationError, KeyError, TypeError, IndexError):
            return cls._parse(game_id, state_json), raw  # read the plain way (which says what is wrong)

    def _build(
        self,
        game_id: int,
        version: int,
        stored: StoredTournament,
        raw: Any,
        lists: Mapping[str, str],
        before: Rendering | None,
        units: Mapping[str, list[ListUnit]] | None = None,
    ) -> Rendering:
        entries = {}
        read = before.lists if before is not None else {}
        for player_id, entry in lists.items():
            held = read.get(player_id)
            if held is not None and held[0] == entry:
                entries[player_id] = held[1]  # the same summary as the version before: read once
                continue
            try:
                entries[player_id] = SubmittedList.model_validate_json(entry)
            except ValidationError:
                log.warning("tournament %s: a stored list does not read", game_id)
        self.builds += 1
        # The version before is reused round by round: a result rebuilds one round, not all, and
        # the standings add up only the rounds after those the version before had added up.
        previous = (
            None
            if before is None
            else Previous(
                before.stored.tournament, before.stored.reported, before.view, before.tally, before.factions
            )
        )
        keep: list[Tally] = []
        factions: dict[int, RoundCounts] = {}
        view = stored.view(self._scenario_name, entries, previous, keep, units, factions)
        kept = {player_id: (lists[player_id], entry) for player_id, entry in entries.items()}
        return Rendering(
            game_id, version, stored, view, keep[0] if keep else None, lists=kept, raw=raw, factions=factions
        )

    async def body(
        self, found: Found, key: tuple[object, ...], make: Callable[[], Body | None]
    ) -> Body | None:
        """The answer ``key`` of this version, made by ``make`` on a worker thread the first time."""
        rendering = found.rendering
        body = rendering.bodies.get(key)
        if body is not None:
            return body

        async def render() -> Body | None:
            made = await asyncio.to_thread(make)
            if made is not None:
                self.renders += 1
                rendering.bodies[key] = made
            return made

        return await self._once(rendering.making, key, render)

    @staticmethod
    async def _once(
        pending: dict[Any, asyncio.Future[Any]], key: Any, make: Callable[[], Awaitable[Any]]
    ) -> Any:
        """``make()``, shared by every caller that asks for ``key`` while it runs."""
        future = pending.get(key)
        if future is None:
            future = asyncio.get_running_loop().create_task(make(), name=f"herald-web {key!r}"[:80])
            pending[key] = future
            future.add_done_callback(lambda _: pending.pop(key, None))
        return await asyncio.shield(future)


class RateLimiter:
    """A token bucket per address; the oldest idle addresses are forgotten past a bound.

    A request needs one token to be let in; what its answer cost beyond that (:meth:`charge`) is
    taken after, so a CSV weighs ten polls and a flood of exports runs dry sooner."""

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

    def charge(self, address: str, cost: float) -> None:
        """Take ``cost`` more tokens from the address's bucket (it may go below zero: it then
        waits that much longer)."""
        held = self._buckets.get(address)
        if held is not None and cost > 0:
            self._buckets[address] = (held[0] - cost, held[1])


Address = ipaddress.IPv4Address | ipaddress.IPv6Address


def _ip(text: str) -> Address | None:
    try:
        ip = ipaddress.ip_address(text.strip().strip("[]"))
    except ValueError:
        return None
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        return ip.ipv4_mapped
    return ip


def client_key(peer: str | None, forwarded: Iterable[str], trusted: tuple[Network, ...]) -> str:
    """The address a request is counted against. ``X-Forwarded-For`` is believed only when the
    peer is a trusted proxy; then the right-most address that is not a trusted proxy is the
    visitor. IPv6 visitors are counted by their /64 (one household or phone holds a whole /64).

    >>> client_key("203.0.113.9", ["198.51.100.1"], ())
    '203.0.113.9'
    >>> from bot.settings import parse_proxies
    >>> client_key("127.0.0.1", ["6.6.6.6, 198.51.100.1"], parse_proxies("127.0.0.1"))
    '198.51.100.1'
    >>> client_key("2001:db8::1", [], ())
    '2001:db8::/64'
    """
    ip = _ip(peer or "")
    if ip is None:
        return (peer or "?")[:64]

    def is_trusted(address: Address) -> bool:
        return any(address in network for network in trusted if address.version == network.version)

    if trusted and is_trusted(ip):
        hops = [h for line in forwarded for h in line.split(",")]
        for hop in reversed(hops):
            address = _ip(hop)
            if address is None:  # not an address: believe nothing further left
                break
            ip = address
            if not is_trusted(address):
                break
    if isinstance(ip, ipaddress.IPv6Address):
        return str(ipaddress.IPv6Network((int(ip) >> 64 << 64, 64)))
    return str(ip)


def _html(text: str, status: int = 200) -> web.Response:
    return web.Response(text=text, status=status, content_type="text/html", charset="utf-8")


def languages() -> list[tuple[str, str]]:
    """(code, own name) of every offered language, for a page's switch."""
    return [(code, own_name(code)) for code in switch_languages()]


_TOO_MANY: dict[str, bytes] = {}
"""The refusal page (429), made once per offered language."""


def _too_many(language: str) -> bytes:
    body = _TOO_MANY.get(language)
    if body is None:
        t = words(language)
        body = _TOO_MANY[language] = pages.plain(
            t("Too many requests"), t("Slow down a little: this page updates by itself."), t
        ).encode()
    return body


KEY_SOURCE: web.AppKey[TournamentSource] = web.AppKey("source", TournamentSource)
KEY_LIMITER: web.AppKey[RateLimiter] = web.AppKey("limiter", RateLimiter)
KEY_PROXIES: web.AppKey[tuple[Network, ...]] = web.AppKey("proxies", tuple)
LANGUAGE: web.RequestKey[str] = web.RequestKey("language", str)
"""The language the answer is in (:func:`_language`), for the Content-Language header."""
COST: web.RequestKey[int] = web.RequestKey("cost", int)
"""Where a handler notes what its answer costs the visitor's allowance (:class:`RateLimiter`)."""


@web.middleware
async def _guard(
    request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
) -> Any:
    limiter = request.app[KEY_LIMITER]
    address = client_key(
        request.remote, request.headers.getall("X-Forwarded-For", []), request.app[KEY_PROXIES]
    )
    if not limiter.allow(address):
        # Answered late: a client that floods waits for each refusal instead of sending the next
        # request at once, so a flood costs the event loop (which Discord commands share) little.
        await asyncio.sleep(REFUSAL_DELAY)
        language = _language(request)
        response: web.StreamResponse = web.Response(
            body=_too_many(language), status=429, content_type="text/html"
        )
        response.headers["Retry-After"] = "5"
    else:
        try:
            response = await handler(request)
        except web.HTTPNotFound:
            response = _html(pages.not_found(words(_language(request))), 404)
        except web.HTTPMethodNotAllowed:
            t = words(_language(request))
            response = _html(pages.plain(t("Not allowed"), t("These pages can only be read."), t), 405)
        except web.HTTPException as refusal:
            t = words(_language(request))
            response = _html(
                pages.plain(t("Refused"), t("This address cannot be served."), t), refusal.status
            )
        except Exception:
            incident = secrets.token_hex(4)
            log.exception("web incident %s on %s", incident, request.path[:80])
            t = words(_language(request))
            response = _html(
                pages.plain(
                    t("Something went wrong"), t("Incident {incident}; try again soon.", incident=incident), t
                ),
                500,
            )
        limiter.charge(address, request.get(COST, COST_UNCHANGED) - 1)
    if request.path.startswith(("/t/", "/s/", "/c/")) or LANGUAGE in request or response.status >= 400:
        response.headers["Content-Language"] = request.get(LANGUAGE) or _language(request)
        vary = response.headers.get("Vary")
        response.headers["Vary"] = f"{vary}, Accept-Language" if vary else "Accept-Language"
    response.headers.update(SECURITY_HEADERS)
    response.headers["Server"] = "Herald"
    response.headers.setdefault("Cache-Control", "no-store")
    return response


async def _found(request: web.Request) -> Found:
    found = await request.app[KEY_SOURCE].find(request.match_info["token"])
    if found is None:
        raise web.HTTPNotFound()
    return found


def _language(request: web.Request, own: str | None = None) -> str:
    """The offered language this request is answered in (see :mod:`web.language`), noted for the
    Content-Language header; ``own``: the tournament's own language."""
    language = choose(query=request.query.get("lang"), own=own, header=request.headers.get("Accept-Language"))
    request[LANGUAGE] = language
    return language


def _tag(found: Found, language: str) -> str:
    """The live part's ETag in ``language``: a page in another language is another answer."""
    if language == "en":
        return found.tag
    return opaque_tag(found.token, found.rendering.game_id, found.rendering.version, language)


def _theme(request: web.Request) -> str | None:
    theme = request.query.get("theme")
    return theme if theme in ("dark", "light") else None


def _send(request: web.Request, body: Body | None, *, filename: str | None = None) -> web.Response:
    """A rendered answer, gzipped when the visitor accepts it (compressed once, when rendered)."""
    if body is None:
        raise web.HTTPNotFound()
    request[COST] = body.cost
    gzipped = body.gzipped is not None and "gzip" in request.headers.get("Accept-Encoding", "")
    response = web.Response(body=body.gzipped if gzipped else body.data)
    response.headers["Content-Type"] = body.content_type
    if body.gzipped is not None:
        response.headers["Vary"] = "Accept-Encoding"
    if gzipped:
        response.headers["Content-Encoding"] = "gzip"
    if filename is not None:
        response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


HTML = "text/html; charset=utf-8"


async def page(request: web.Request) -> web.StreamResponse:
    found = await _found(request)
    screen = request.query.get("screen") == "1"
    theme = _theme(request)
    language = _language(request, found.stored.tournament.language)
    # Chosen with the switch (any spelling of an offered language): the links and the live part
    # the page polls keep it, whatever the browser's Accept-Language says.
    chosen = asked(request.query.get("lang")) == language
    view, token, tag = found.view, found.token, _tag(found, language)
    return _send(
        request,
        await request.app[KEY_SOURCE].body(
            found,
            ("page", token, screen, theme, language, chosen),
            lambda: _body(
                pages.page(
                    view,
                    token=token,
                    screen=screen,
                    etag=tag,
                    theme=theme,
                    t=words(language),
                    languages=languages(),
                    chosen=chosen,
                ),
                HTML,
                COST_PAGE,
            ),
        ),
    )


async def live(request: web.Request) -> web.StreamResponse:
    found = await _found(request)
    language = _language(request, found.stored.tournament.language)
    tag = _tag(found, language)
    if request.headers.get("If-None-Match") == tag:
        return web.Response(status=304, headers={"ETag": tag})
    screen = request.query.get("screen") == "1"
    view = found.view
    response = _send(
        request,
        await request.app[KEY_SOURCE].body(
            found,
            ("live", screen, language),
            lambda: _body(pages.live(view, screen=screen, t=words(language)), HTML, COST_PAGE),
        ),
    )
    response.headers["ETag"] = tag
    return response


async def earlier_round(request: web.Request) -> web.StreamResponse:
    found = await _found(request)
    number = int(request.match_info["number"])
    view = found.view
    language = _language(request, found.stored.tournament.language)

    def make() -> Body | None:
        text = pages.round_games(view, number, words(language))
        return None if text is None else _body(text, HTML, COST_PAGE)

    return _send(request, await request.app[KEY_SOURCE].body(found, ("round", number, language), make))


async def one_list(request: web.Request) -> web.StreamResponse:
    """One revealed army list, which a large event's page fetches when opened (404 while sealed)."""
    found = await _found(request)
    number = int(request.match_info["number"])
    view = found.view
    if not 1 <= number <= len(view.lists):
        raise web.HTTPNotFound()
    language = _language(request, found.stored.tournament.language)

    def make() -> Body | None:
        text = pages.one_list(view, number, words(language))
        return None if text is None else _body(text, HTML, COST_PAGE)

    return _send(request, await request.app[KEY_SOURCE].body(found, ("list", number, language), make))


async def as_json(request: web.Request) -> web.StreamResponse:
    found = await _found(request)
    view = found.view
    return _send(
        request,
        await request.app[KEY_SOURCE].body(
            found,
            ("json",),
            lambda: _body(view.model_dump_json(), "application/json; charset=utf-8", COST_EXPORT),
        ),
    )


def _csv_language(request: web.Request) -> str | None:
    """A CSV's reader: only an explicit ``?lang=`` other than English adds the headings row (a
    script that fetches the plain address gets the same file in every language)."""
    if "lang" not in request.query:
        request[LANGUAGE] = "en"
        return None
    language = _language(request)
    return None if language == "en" else language


def _csv(make: Callable[[], str], language: str | None) -> Callable[[], Body]:
    def build() -> Body:
        text = make()
        if language is not None:
            text = with_headings(text, words(language))
        return _body(text, CSV, COST_EXPORT)

    return build


async def players(request: web.Request) -> web.StreamResponse:
    found = await _found(request)
    tournament = found.stored.tournament
    language = _csv_language(request)
    return _send(
        request,
        await request.app[KEY_SOURCE].body(
            found, ("players.csv", language), _csv(lambda: players_csv(tournament), language)
        ),
        filename="players.csv",
    )


async def results(request: web.Request) -> web.StreamResponse:
    found = await _found(request)
    tournament = found.stored.tournament
    language = _csv_language(request)
    return _send(
        request,
        await request.app[KEY_SOURCE].body(
            found, ("results.csv", language), _csv(lambda: results_csv(tournament), language)
        ),
        filename="results.csv",
    )


async def teams(request: web.Request) -> web.StreamResponse:
    """A team event's ``teams.csv`` (that of ``/tournament export``); 404 for a singles event."""
    found = await _found(request)
    tournament = found.stored.tournament
    if tournament.team_size is None:
        raise web.HTTPNotFound()
    language = _csv_language(request)
    return _send(
        request,
        await request.app[KEY_SOURCE].body(
            found, ("teams.csv", language), _csv(lambda: teams_csv(tournament), language)
        ),
        filename="teams.csv",
    )


CSV = "text/csv; charset=utf-8"


async def static(request: web.Request) -> web.StreamResponse:
    return await static_named(request, request.match_info["name"])


_STATIC: dict[str, bytes] = {}


async def static_named(request: web.Request, name: str) -> web.StreamResponse:
    kind = STATIC_FILES.get(name)
    if kind is None:
        raise web.HTTPNotFound()
    data = _STATIC.get(name)
    if data is None:
        data = _STATIC[name] = (STATIC_DIR / name).read_bytes()
    response = web.Response(body=data, content_type=kind)
    response.headers["Cache-Control"] = "public, max-age=3600"
    return response


async def favicon(request: web.Request) -> web.StreamResponse:
    return await static_named(request, "icon.svg")


async def season(request: web.Request) -> web.StreamResponse:
    html = await request.app[KEY_SOURCE].season(request.match_info["token"], words(_language(request)))
    if html is None:
        raise web.HTTPNotFound()
    request[COST] = COST_EXPORT
    return _html(html)


async def crusade(request: web.Request) -> web.StreamResponse:
    """A Crusade campaign's page (``/c/TOKEN``): read-only, like a tournament's."""
    body = await request.app[KEY_SOURCE].campaign(request.match_info["token"], _language(request))
    return _send(request, body)


async def home(request: web.Request) -> web.StreamResponse:
    t = words(_language(request))
    return _html(
        pages.plain(
            "Herald",
            t(
                "Tournament and Crusade campaign pages live at the address their organisers share: "
                "/tournament info or /crusade standings in Discord."
            ),
            t,
        )
    )


def make_app(
    source: TournamentSource,
    *,
    limiter: RateLimiter | None = None,
    trusted_proxies: tuple[Network, ...] = (),
) -> web.Application:
    """The read-only application; ``source`` finds tournaments by token. ``X-Forwarded-For`` is
    believed only from ``trusted_proxies`` (TRUSTED_PROXIES)."""
    app = web.Application(middlewares=[_guard], client_max_size=1024)
    app[KEY_SOURCE] = source
    app[KEY_LIMITER] = limiter or RateLimiter()
    app[KEY_PROXIES] = trusted_proxies
    app.router.add_get("/", home)
    app.router.add_get("/t/{token:[A-Za-z0-9_-]{1,64}}.json", as_json)
    app.router.add_get("/t/{token:[A-Za-z0-9_-]{1,64}}", page)
    app.router.add_get("/t/{token:[A-Za-z0-9_-]{1,64}}/live", live)
    app.router.add_get("/t/{token:[A-Za-z0-9_-]{1,64}}/round/{number:[0-9]{1,2}}", earlier_round)
    app.router.add_get("/t/{token:[A-Za-z0-9_-]{1,64}}/list/{number:[0-9]{1,3}}", one_list)
    app.router.add_get("/t/{token:[A-Za-z0-9_-]{1,64}}/players.csv", players)
    app.router.add_get("/t/{token:[A-Za-z0-9_-]{1,64}}/results.csv", results)
    app.router.add_get("/t/{token:[A-Za-z0-9_-]{1,64}}/teams.csv", teams)
    app.router.add_get("/s/{token:[A-Za-z0-9_-]{1,64}}", season)
    app.router.add_get("/c/{token:[A-Za-z0-9_-]{1,64}}", crusade)
    app.router.add_get("/static/{name}", static)
    app.router.add_get("/favicon.ico", favicon)
    return app
