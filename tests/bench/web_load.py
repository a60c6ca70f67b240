"""Load for the web bench, run in a process of its own so that its sockets and its work are not the
bot's: ``python -m tests.bench.web_load hammer URL SECONDS CLIENTS`` (clients fetching the page,
both CSVs and the live part in turn, as fast as they are answered) or ``python -m tests.bench.web_load
halfopen HOST PORT SECONDS COUNT`` (connections that send half a request and then nothing).

Loopback only, and bounded: it stops after SECONDS, and each client after 2,000 requests. It
prints one JSON line: the answers counted by status, and how many connections were held open.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import resource
import signal
import socket
import sys
import time
from collections import Counter
from urllib.parse import urlsplit

import aiohttp

MAX_REQUESTS_PER_CLIENT = 2000


async def hammer(url: str, seconds: float, clients: int) -> dict[str, object]:
    if urlsplit(url).hostname not in ("127.0.0.1", "::1", "localhost"):
        raise SystemExit("web_load only runs against this machine")
    statuses: Counter[str] = Counter()
    paths = ["", "/players.csv", "/results.csv", "/live"]
    deadline = time.monotonic() + seconds

    def stop() -> None:  # terminated: finish the requests under way, then print the figures
        nonlocal deadline
        deadline = 0.0

    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop)
    connector = aiohttp.TCPConnector(limit=clients)
    async with aiohttp.ClientSession(connector=connector) as http:

        async def client(n: int) -> None:
            tag = ""
            for i in range(MAX_REQUESTS_PER_CLIENT):
                if time.monotonic() > deadline:
                    return
                path = paths[(n + i) % len(paths)]
                headers = {"If-None-Match": tag} if path == "/live" and tag else {}
                try:
                    async with http.get(url + path, headers=headers) as got:
                        await got.read()
                        statuses[str(got.status)] += 1
                        if path == "/live" and got.status == 200:
                            tag = got.headers.get("ETag", "")
                except aiohttp.ClientError as error:
                    statuses[type(error).__name__] += 1
                    await asyncio.sleep(0.05)

        await asyncio.gather(*(client(n) for n in range(clients)))
    return {"answers": dict(statuses)}


async def half_open(host: str, port: int, seconds: float, count: int) -> dict[str, object]:
    if host not in ("127.0.0.1", "::1"):
        raise SystemExit("web_load only runs against this machine")
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    with contextlib.suppress(ValueError, OSError):
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    held: list[socket.socket] = []
    failed = 0
    for _ in range(count):
        s = socket.socket()
        s.setblocking(False)
        try:
            s.connect((host, port))
        except BlockingIOError:
            pass
        except OSError:
            failed += 1
            s.close()
            continue
        held.append(s)
    await asyncio.sleep(0.2)
    for s in held:
        with contextlib.suppress(OSError):
            s.send(b"GET /t/x HTTP/1.1\r\nHost: 127.0.0.1\r\n")
    await asyncio.sleep(seconds)
    closed = 0
    for s in held:
        try:
            if s.recv(1) == b"":
                closed += 1
        except BlockingIOError:
            pass
        except OSError:
            closed += 1
        s.close()
    return {"opened": len(held), "failed": failed, "closed_by_server": closed}


def main(argv: list[str]) -> int:
    if argv[0] == "hammer":
        result = asyncio.run(hammer(argv[1], float(argv[2]), int(argv[3])))
    else:
        result = asyncio.run(half_open(argv[1], int(argv[2]), float(argv[3]), int(argv[4])))
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
