"""Web traffic never slows the bot: each cause of issue 32, observed by structure (queries counted,
connections compared, renders counted), never by a clock."""

from __future__ import annotations

import asyncio
import logging
import os
import socket
import subprocess
import sys
from pathlib import Path

import aiohttp
import pytest
from aiohttp.test_utils import TestClient, TestServer

from bot.offline import OfflineDriver
from bot.settings import Settings, parse_proxies
from bot.storage.pages import SqlPageRepository
from tests.cogs.tournament_helpers import games, name_of, public, refused
from tests.web.conftest import cup, free_port, page_links
from web import app as web_app
from web import server as web_server
from web.app import RateLimiter, TournamentSource, client_key, make_app, opaque_tag

ROOT = Path(__file__).resolve().parents[2]


def _pages(driver: OfflineDriver):  # type: ignore[no-untyped-def]
    pages = driver.bot.get_cog("WebPages").pages
    assert pages is not None
    return pages


async def _result(driver: OfflineDriver, op: int = 7) -> None:
    first = (await games(driver))[0]
    public(
        await driver.command(
            f"/tournament result player:@{name_of(driver, first.a)} opponent:@{name_of(driver, first.b)} "
            f"player_op:{op} player_vp:200 opponent_op:3 opponent_vp:90",
            user="olga",
        )
    )


async def test_an_unchanged_poll_reads_one_row_and_nothing_through_the_bot(
    web_driver: OfflineDriver, http: aiohttp.ClientSession
) -> None:
    driver = web_driver
    url = await cup(driver, players=4)
    pages = _pages(driver)
    tag = (await http.get(f"{url}/live")).headers["ETag"]
    reads, bot_reads, builds = pages.reader.query_count, driver.bot.db.query_count, pages.source.builds
    for _ in range(10):
        got = await http.get(f"{url}/live", headers={"If-None-Match": tag})
        assert got.status == 304
    assert pages.reader.query_count - reads == 10, "one small row per poll (the token's game and version)"
    assert driver.bot.db.query_count == bot_reads, "no poll goes through the bot's own connection"
    assert pages.source.builds == builds, "an unchanged version is never read or parsed again"


async def test_the_pages_read_beside_a_write_the_bot_holds_open(
    web_driver: OfflineDriver, http: aiohttp.ClientSession
) -> None:
    driver = web_driver
    url = await cup(driver, players=4)
    pages = _pages(driver)
    assert pages.reader is not None and pages.reader is not driver.bot.db
    async with driver.bot.db.transaction() as tx:  # the bot in the middle of a write
        await tx.execute("UPDATE games SET updated_at = updated_at")
        fetch = asyncio.ensure_future(http.get(url))
        done, _ = await asyncio.wait({fetch}, timeout=60)  # a bound against hanging, not a speed
        assert done, "the page waited for the bot's write to end"
        assert (await fetch).status == 200


async def test_a_changed_event_is_built_once_for_every_visitor_and_export(
    web_driver: OfflineDriver, http: aiohttp.ClientSession, monkeypatch: pytest.MonkeyPatch
) -> None:
    driver = web_driver
    url = await cup(driver, players=4)
    public(await driver.command("/tournament pair threads:false", user="olga"))
    made: list[str] = []
    for name in ("players_csv", "results_csv"):
        real = getattr(web_app, name)
        monkeypatch.setattr(web_app, name, lambda t, real=real, name=name: made.append(name) or real(t))
    pages = _pages(driver)
    builds = pages.source.builds
    answers = await asyncio.gather(
        *(http.get(url + path) for path in ["", "/results.csv", "/players.csv"] * 8)
    )
    assert {a.status for a in answers} == {200}
    assert pages.source.builds == builds + 1, "24 visitors at once: the new version is read and ranked once"
    assert sorted(made) == ["players_csv", "results_csv"], "each CSV built once per version"
    for _ in range(3):
        await http.get(f"{url}/results.csv")
    assert made.count("results_csv") == 1

    await _result(driver)
    text = await (await http.get(f"{url}/results.csv")).text()
    assert "200" in text and made.count("results_csv") == 2, "a new version, a new CSV"


async def test_answers_are_sent_gzipped_as_rendered(
    web_driver: OfflineDriver, http: aiohttp.ClientSession
) -> None:
    url = await cup(web_driver, players=8)
    got = await http.get(url, headers={"Accept-Encoding": "gzip"})
    assert got.headers.get("Content-Encoding") == "gzip" and "Store Cup" in await got.text()
    plain = await http.get(url, headers={"Accept-Encoding": "identity"}, auto_decompress=False)
    assert "Content-Encoding" not in plain.headers and b"Store Cup" in await plain.read()


async def test_the_etag_shows_neither_the_game_id_nor_its_version(
    web_driver: OfflineDriver, http: aiohttp.ClientSession
) -> None:
    driver = web_driver
    url = await cup(driver, players=4)
    token = url.rsplit("/t/", 1)[1]
    tag = (await http.get(f"{url}/live")).headers["ETag"]
    record = await driver.bot.games.active_record(driver.channel.id)
    assert record is not None
    assert tag == opaque_tag(token, record.id, record.version)
    assert tag.strip('"').isalnum() and len(tag) == 26 and f"{record.id}-" not in tag
    public(await driver.command("/tournament pair threads:false", user="olga"))
    assert (await http.get(f"{url}/live", headers={"If-None-Match": tag})).status == 200, (
        "a change, a new tag"
    )
    assert opaque_tag("another-token", record.id, record.version) != tag


def test_forwarded_for_is_believed_only_from_a_trusted_proxy() -> None:
    assert client_key("127.0.0.1", ["6.6.6.6"], ()) == "127.0.0.1", "no TRUSTED_PROXIES: the peer counts"
    local = parse_proxies("127.0.0.1,::1")
    assert client_key("127.0.0.1", ["6.6.6.6"], local) == "6.6.6.6"
    assert client_key("203.0.113.5", ["6.6.6.6"], local) == "203.0.113.5", (
        "an untrusted peer's header is ignored"
    )
    # A visitor's own forged entries are on the left: the right-most untrusted address counts.
    assert client_key("127.0.0.1", ["1.1.1.1, 2.2.2.2", "198.51.100.7"], local) == "198.51.100.7"
    chain = parse_proxies("127.0.0.1, 10.0.0.0/8")
    assert client_key("127.0.0.1", ["1.1.1.1, 198.51.100.7, 10.1.2.3"], chain) == "198.51.100.7"
    assert client_key("127.0.0.1", ["not-an-address"], local) == "127.0.0.1"
    assert client_key("2001:db8:1:2:aaaa::1", [], ()) == client_key("2001:db8:1:2:bbbb::9", [], ())
    assert client_key("2001:db8:1:3::1", [], ()) == "2001:db8:1:3::/64"
    assert client_key("::ffff:192.0.2.4", [], ()) == "192.0.2.4"
    with pytest.raises(ValueError, match="'localhost' is not an address"):
        Settings(_env_file=None, trusted_proxies="127.0.0.1, localhost")


async def test_a_forged_forwarded_for_gets_no_fresh_allowance(
    web_driver: OfflineDriver, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(web_app, "REFUSAL_DELAY", 0.0)
    url = await cup(web_driver, players=4)
    token = url.rsplit("/t/", 1)[1]
    source = TournamentSource(SqlPageRepository(web_driver.bot.db), str)
    app = make_app(source, limiter=RateLimiter(burst=4, per_second=0.001))
    async with TestClient(TestServer(app)) as client:
        codes = [
            (await client.get(f"/t/{token}/nothing-{i}", headers={"X-Forwarded-For": f"10.9.{i}.1"})).status
            for i in range(6)
        ]
    assert codes == [404] * 4 + [429] * 2, "every forged address shares the loopback peer's bucket"


async def test_half_open_connections_past_the_cap_leave_the_bot_working(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(web_server, "MAX_CONNECTIONS", 20)
    monkeypatch.setattr(web_server, "HEADER_TIMEOUT", 0.5)
    port = free_port()
    driver = await OfflineDriver.open(tmp_path / "herald.sqlite3", rng_seed=3, web_port=port)
    held: list[socket.socket] = []
    try:
        url = await cup(driver, players=4)
        gate = _pages(driver).server.gate
        assert gate.cap == 20
        caplog.set_level(logging.WARNING, logger="herald.web")
        for _ in range(60):
            s = socket.create_connection(("127.0.0.1", port))
            s.sendall(b"GET /t/x HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # and never the rest
            held.append(s)
        for _ in range(200):  # let the server take them in
            if gate.open + gate.refused >= 60:
                break
            await asyncio.sleep(0.01)
        assert gate.open <= 20 and gate.refused >= 40
        info = public(await driver.command("/tournament info", user="ann"))
        assert page_links(info) == [url], "the bot's own work goes on"
        refusals = [r for r in caplog.records if "refused" in r.getMessage()]
        assert len(refusals) == 1, "40 refusals, one log line"

        # The held ones never finish their headers: the server closes each (the loop keeps
        # running meanwhile: the sockets are only looked at once the server let go of them all).
        for _ in range(1200):  # a bound against hanging, not a speed
            if gate.open == 0:
                break
            await asyncio.sleep(0.05)
        assert gate.open == 0
        closed = 0
        for s in held:
            s.setblocking(False)
            try:
                closed += s.recv(1) == b""
            except BlockingIOError:
                pass
            except OSError:
                closed += 1
        assert closed == 60
        async with aiohttp.ClientSession() as http:
            assert (await http.get(url)).status == 200, "a visitor gets in once the flood is gone"
    finally:
        for s in held:
            s.close()
        await driver.close()


async def test_one_address_holding_connections_leaves_room_for_everyone_else(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 38.34: 1,005 half-open sockets from one address used to fill the whole cap. One
    address (an IPv6 /64) now holds at most its share; another address still gets the page."""
    monkeypatch.setattr(web_server, "MAX_CONNECTIONS", 20)
    port = free_port()
    driver = await OfflineDriver.open(tmp_path / "herald.sqlite3", rng_seed=3, web_port=port)
    held: list[socket.socket] = []
    try:
        url = await cup(driver, players=4)
        gate = _pages(driver).server.gate
        assert gate.cap == 20 and gate.per_address < gate.cap
        for _ in range(30):  # more than the whole cap, all from 127.0.0.1
            s = socket.create_connection(("127.0.0.1", port), source_address=("127.0.0.1", 0))
            s.sendall(b"GET /t/x HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # and never the rest
            held.append(s)
        for _ in range(200):  # let the server take them in
            if gate.open + gate.refused >= 30:
                break
            await asyncio.sleep(0.01)
        assert gate.open == gate.per_address and gate.refused == 30 - gate.per_address
        # Another visitor (127.0.0.2, which is this machine too) reads the page meanwhile.
        connector = aiohttp.TCPConnector(local_addr=("127.0.0.2", 0))
        async with aiohttp.ClientSession(connector=connector) as http:
            got = await http.get(url)
            assert got.status == 200 and "Store Cup" in await got.text()
    finally:
        for s in held:
            s.close()
        await driver.close()


def test_connections_are_counted_per_address_and_per_ipv6_64() -> None:
    gate = web_server.ConnectionGate(100, per_address=2, trusted=parse_proxies("10.0.0.1"))
    assert [gate.admit("2001:db8::1"), gate.admit("2001:db8::ffff"), gate.admit("2001:db8::7")] == [
        True,
        True,
        False,
    ], "one /64 is one address"
    assert gate.admit("2001:db8:0:1::1"), "the next /64 is another"
    assert gate.admit("::ffff:198.51.100.7") and gate.admit("198.51.100.7")
    assert not gate.admit("198.51.100.7"), "an IPv4-mapped address is the IPv4 address"
    gate.release("198.51.100.7")
    assert gate.admit("198.51.100.7"), "a closed connection frees its place"
    # A trusted proxy carries many visitors, whose addresses come only with each request's
    # headers: its connections count against the whole cap only.
    assert all(gate.admit("10.0.0.1") for _ in range(10))
    assert gate.open == 2 + 1 + 2 + 10 and gate.refused == 2


def test_the_connection_cap_is_well_below_the_file_limit() -> None:
    assert web_server.connection_cap(1024) == 256
    assert web_server.connection_cap(20_000) == web_server.MAX_CONNECTIONS
    assert web_server.connection_cap(40) == 16


async def test_python_m_bot_web_serves_the_bots_database_from_its_own_process(
    tmp_path: Path, web_driver: OfflineDriver
) -> None:
    driver = web_driver
    url = await cup(driver, players=4, name="Separate Cup")
    token = url.rsplit("/t/", 1)[1]
    port = free_port()
    env = {
        **{
            k: v
            for k, v in os.environ.items()
            if not k.startswith(("DISCORD_", "DATABASE_", "WEB_", "PUBLIC_"))
        },
        "DATABASE_PATH": str(driver.database_path),
        "PUBLIC_URL": "https://herald.example.org",
        "PYTHONPATH": str(ROOT),
    }
    process = subprocess.Popen(
        [sys.executable, "-m", "bot", "web", "--host", "127.0.0.1", "--port", str(port)],
        cwd=tmp_path,  # no .env there
        env=env,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        async with aiohttp.ClientSession() as http:
            page = None
            for _ in range(600):  # until it listens (or it stopped)
                if process.poll() is not None:
                    break
                try:
                    page = await http.get(f"http://127.0.0.1:{port}/t/{token}")
                    break
                except aiohttp.ClientConnectionError:
                    await asyncio.sleep(0.05)
            assert page is not None, process.stderr.read() if process.stderr else ""
            assert page.status == 200 and "Separate Cup" in await page.text()
            # The bot goes on writing; the other process shows it.
            public(await driver.command("/tournament pair threads:false", user="olga"))
            await _result(driver)
            live = await (await http.get(f"http://127.0.0.1:{port}/t/{token}/live")).text()
            assert "200 VP" in live
            missing = await http.get(f"http://127.0.0.1:{port}/t/wrong")
            assert missing.status == 404
    finally:
        process.terminate()
        _, err = process.communicate(timeout=60)
    assert process.returncode == 0, err
    assert "tournament web pages at https://herald.example.org" in err


def test_python_m_bot_web_refuses_a_wrong_port(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "bot", "web", "--port", "70000"],
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(ROOT), "DATABASE_PATH": str(tmp_path / "x.sqlite3")},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 2 and "--port" in done.stderr


# -- 34.7: no PUBLIC_URL, no button that opens nowhere --------------------------------------------------


async def test_without_public_url_no_live_page_button_and_info_says_how(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="herald.web")
    driver = await OfflineDriver.open(tmp_path / "h.sqlite3", web_port=free_port(), public_url=False)
    try:
        assert driver.bot.web_url is None
        said = [r.getMessage() for r in caplog.records if "PUBLIC_URL" in r.getMessage()]
        assert len(said) == 1 and "this machine only" in said[0]
        created = public(await driver.command('/tournament create name:"Cup" tier:300', user="olga"))
        assert page_links(created) == [] and "127.0.0.1" not in created.text
        reply = await driver.command("/tournament info", user="olga")
        info = public(reply)
        assert page_links(info) == [] and "PUBLIC_URL" not in info.text  # the channel needs no such note
        (note,) = [m for m in reply.messages if m.ephemeral]  # the organiser does
        assert "PUBLIC_URL" in note.text
        refused(await driver.command("/tournament link reset", user="olga"), "PUBLIC_URL")
    finally:
        await driver.close()


def test_a_public_url_too_long_for_a_link_button_is_refused_at_start_up(tmp_path: Path) -> None:
    long = "https://herald.example.org/" + "a" * 470
    with pytest.raises(ValueError, match="512"):
        Settings(_env_file=None, public_url=long)
    fits = "https://herald.example.org/" + "a" * (487 - 27)
    assert Settings(_env_file=None, public_url=fits).public_url == fits
    done = subprocess.run(
        [sys.executable, "-m", "bot", "web"],
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(ROOT), "PUBLIC_URL": long},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 2 and "Setting PUBLIC_URL" in done.stderr and "512" in done.stderr
    with pytest.raises(ValueError, match="web address"):
        Settings(_env_file=None, public_url="https://exa mple.org")
