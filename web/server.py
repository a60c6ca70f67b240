"""Serving the web pages: a cap on open connections and deadlines for slow or silent ones.

A visitor who opens connections and sends nothing, or half a request, must not use up the files
the bot's process may open (its database, Discord's gateway and REST calls need them): past the
cap a new connection is closed at once, a connection gets HEADER_TIMEOUT to send a request's
headers and IDLE_TIMEOUT between requests, and refusals are logged as one line a minute at most.
Nor may one address shut everyone else out: each address (an IPv6 /64) holds at most its share
of the cap (:func:`address_cap`).
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import resource
import time
from collections.abc import Callable

from aiohttp import web

from bot.settings import Network
from web.app import KEY_PROXIES

log = logging.getLogger("herald.web")

MAX_CONNECTIONS = 1000
"""Open web connections at most, however many files the process may open; past the cap a new
connection is closed at once (a reverse proxy in front keeps its own few)."""
HEADER_TIMEOUT = 10.0
"""Seconds a connection has to send a request's headers, from its start or its previous request."""
IDLE_TIMEOUT = 15.0
"""Seconds a kept-alive connection may wait for its next request (the page polls every 3 s)."""
REFUSAL_LOG_SECONDS = 60.0
"""Refused connections are logged as one line at most this often."""
MAX_PER_ADDRESS = 64
"""Open web connections one address (an IPv6 /64) may hold at most: a browser opens six, and a
venue's phones behind one router hold about one each while they poll."""


def connection_cap(file_limit: int | None = None) -> int:
    """How many web connections may be open at once: a quarter of the open-file limit (the bot
    needs the rest: its database, Discord's gateway and REST calls), at most MAX_CONNECTIONS.

    >>> connection_cap(1024), connection_cap(1_048_576)
    (256, 1000)
    """
    if file_limit is None:
        file_limit = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
        if file_limit == resource.RLIM_INFINITY:
            file_limit = 4 * MAX_CONNECTIONS
    return max(16, min(MAX_CONNECTIONS, file_limit // 4))


def address_cap(cap: int) -> int:
    """How many of the ``cap`` connections one address may hold: a quarter of them, at least 4
    and at most MAX_PER_ADDRESS.

    >>> address_cap(1000), address_cap(256), address_cap(20)
    (64, 64, 5)
    """
    return max(4, min(MAX_PER_ADDRESS, cap // 4))


def address_group(peer: str | None, trusted: tuple[Network, ...] = ()) -> str | None:
    """What a connection from ``peer`` is counted under: its IPv4 address, or its IPv6 /64 (one
    household or phone holds a whole /64). None for a trusted proxy (TRUSTED_PROXIES): its
    visitors' addresses come with each request's headers, after the connection is taken, so its
    connections count against the whole cap only.

    >>> address_group("2001:db8::1"), address_group("::ffff:192.0.2.7"), address_group("192.0.2.7")
    ('2001:db8::/64', '192.0.2.7', '192.0.2.7')
    """
    try:
        ip = ipaddress.ip_address((peer or "").split("%", 1)[0])
    except ValueError:
        return (peer or "?")[:64]
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    if any(ip in network for network in trusted if ip.version == network.version):
        return None
    if isinstance(ip, ipaddress.IPv6Address):
        return str(ipaddress.IPv6Network((int(ip) >> 64 << 64, 64)))
    return str(ip)


class ConnectionGate:
    """Counts open connections against the cap, and each address's against its share
    (``per_address``, default :func:`address_cap`); logs refusals, one line a minute at most."""

    def __init__(
        self,
        cap: int,
        *,
        per_address: int | None = None,
        trusted: tuple[Network, ...] = (),
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.cap = cap
        self.per_address = per_address or address_cap(cap)
        self.trusted = trusted
        self.open = 0
        self.by_address: dict[str, int] = {}
        """Open connections of each address that holds some."""
        self.refused = 0
        """Refused since start."""
        self._unlogged = 0
        self._unlogged_address: dict[str, int] = {}
        self._logged_at: float | None = None
        self._clock = clock

    def admit(self, peer: str | None = None) -> bool:
        """Whether a new connection from ``peer`` may open (then it counts until :meth:`release`)."""
        group = address_group(peer, self.trusted)
        held = self.by_address.get(group, 0) if group is not None else 0
        if self.open < self.cap and held < self.per_address:
            self.open += 1
            if group is not None:
                self.by_address[group] = held + 1
            return True
        self.refused += 1
        self._unlogged += 1
        if self.open < self.cap and group is not None:
            self._unlogged_address[group] = self._unlogged_address.get(group, 0) + 1
        self._log()
        return False

    def release(self, peer: str | None = None) -> None:
        self.open -= 1
        group = address_group(peer, self.trusted)
        if group is not None and group in self.by_address:
            left = self.by_address[group] - 1
            if left > 0:
                self.by_address[group] = left
            else:
                del self.by_address[group]

    def _log(self) -> None:
        now = self._clock()
        if self._logged_at is not None and now - self._logged_at < REFUSAL_LOG_SECONDS:
            return
        busiest = max(self._unlogged_address.items(), key=lambda kv: kv[1], default=None)
        log.warning(
            "web pages: %d connection(s) refused since the last note: %d are open (the cap, a "
            "quarter of the open-file limit, is %d; an address may hold %d)%s; a flood of slow "
            "connections?",
            self._unlogged,
            self.open,
            self.cap,
            self.per_address,
            f", most past their share from {busiest[0]} ({busiest[1]})" if busiest else "",
        )
        self._logged_at, self._unlogged, self._unlogged_address = now, 0, {}


class _Guarded(asyncio.Protocol):
    """One connection in front of aiohttp's handler: refused past the cap, and closed when it
    does not finish a request's headers within HEADER_TIMEOUT (from its start, or from the first
    byte of its next request). Everything else is passed through as it comes."""

    __slots__ = ("_admitted", "_gate", "_inner", "_peer", "_tail", "_timer", "_transport", "_waiting")

    def __init__(self, inner: asyncio.Protocol, gate: ConnectionGate) -> None:
        self._inner = inner
        self._gate = gate
        self._admitted = False
        self._peer: str | None = None
        self._transport: asyncio.BaseTransport | None = None
        self._timer: asyncio.TimerHandle | None = None
        self._waiting = True
        self._tail = b""

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self._transport = transport
        peer = transport.get_extra_info("peername")
        self._peer = str(peer[0]) if isinstance(peer, tuple) and peer else None
        if not self._gate.admit(self._peer):
            transport.abort()  # type: ignore[attr-defined]
            return
        self._admitted = True
        self._arm()
        self._inner.connection_made(transport)

    def _arm(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
        self._timer = asyncio.get_running_loop().call_later(HEADER_TIMEOUT, self._expire)

    def _expire(self) -> None:
        self._timer = None
        if self._waiting and self._transport is not None:
            self._transport.abort()  # type: ignore[attr-defined]

    def data_received(self, data: bytes) -> None:
        if not self._admitted:
            return
        buffer = self._tail + data
        while buffer:
            if not self._waiting:  # a byte after a complete request starts the next one
                self._waiting = True
                self._arm()
            end = buffer.find(b"\r\n\r\n")
            if end < 0:
                break
            self._waiting = False
            if self._timer is not None:
                self._timer.cancel()
                self._timer = None
            buffer = buffer[end + 4 :]
        self._tail = buffer[-3:] if self._waiting else b""
        self._inner.data_received(data)

    def eof_received(self) -> bool | None:
        return self._inner.eof_received() if self._admitted else None

    def pause_writing(self) -> None:
        if self._admitted:
            self._inner.pause_writing()

    def resume_writing(self) -> None:
        if self._admitted:
            self._inner.resume_writing()

    def connection_lost(self, exc: Exception | None) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if self._admitted:
            self._admitted = False
            self._gate.release(self._peer)
            self._inner.connection_lost(exc)


class _GuardedSite(web.BaseSite):
    """A TCP site whose connections pass through :class:`_Guarded`."""

    def __init__(self, runner: web.BaseRunner, host: str, port: int, gate: ConnectionGate) -> None:
        super().__init__(runner)
        self._host = host
        self._port = port
        self._gate = gate
        self.bound_port = port

    @property
    def name(self) -> str:
        return f"http://{self._host}:{self.bound_port}"

    async def start(self) -> None:
        await super().start()
        server = self._runner.server
        assert server is not None
        gate = self._gate
        self._server = await asyncio.get_running_loop().create_server(
            lambda: _Guarded(server(), gate), self._host, self._port, reuse_address=True
        )
        sockets = self._server.sockets or []
        if sockets:
            self.bound_port = int(sockets[0].getsockname()[1])


class WebServer:
    """Runs the application on a host and port; ``port`` 0 asks the system for a free one.

    At most ``max_connections`` (default: :func:`connection_cap`) connections are open at once,
    at most :func:`address_cap` of them from one address (the app's trusted proxies excepted); a
    connection must send its request's headers within HEADER_TIMEOUT and is closed after
    IDLE_TIMEOUT without a request."""

    def __init__(
        self, app: web.Application, host: str, port: int, *, max_connections: int | None = None
    ) -> None:
        self.app = app
        self.host = host
        self.port = port
        self.gate = ConnectionGate(max_connections or connection_cap(), trusted=app.get(KEY_PROXIES, ()))
        self._runner: web.AppRunner | None = None

    async def start(self) -> int:
        """Start listening; returns the port actually bound."""
        self._runner = web.AppRunner(
            self.app, access_log=None, handle_signals=False, keepalive_timeout=IDLE_TIMEOUT
        )
        await self._runner.setup()
        site = _GuardedSite(self._runner, self.host, self.port, self.gate)
        try:
            await site.start()
        except BaseException:
            await self._runner.cleanup()
            self._runner = None
            raise
        self.port = site.bound_port
        return self.port

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
