"""The tournament web pages through a real HTTP client: every view, escaping, 404s and limits."""

from __future__ import annotations

import csv
import io
import random
import time

import aiohttp
import pytest
from aiohttp.test_utils import TestClient, TestServer

from bot.offline import OfflineDriver
from bot.storage.pages import SqlPageRepository
from rules.tournament import add_player, create_tournament, pair_next_round, record_result
from rules.tournament.model import GameResult
from rules.tournament.public import public_view
from tests.cogs.tournament_helpers import games, name_of, public, refused
from tests.web.conftest import cup, page_links
from web import app as web_app
from web import pages
from web.app import CSP, RateLimiter, TournamentSource, make_app


async def test_page_current_round_standings_and_downloads(
    web_driver: OfflineDriver, http: aiohttp.ClientSession
) -> None:
    driver = web_driver
    url = await cup(driver)
    before = await http.get(url)
    assert before.status == 200
    text = await before.text()
    assert "Store Cup" in text and "Waiting for round 1 to be paired" in text
    assert before.headers["Content-Security-Policy"] == CSP
    assert before.headers["X-Content-Type-Options"] == "nosniff"
    assert '<script src="../static/page.js' in text and "http" not in text.split("<body")[0].replace(
        'content="width=device-width', ""
    ), "no external asset in the head"

    paired = public(await driver.command("/tournament pair threads:false", user="olga"))
    assert page_links(paired) == [url], "the pairing post carries the page's button"
    first, second, *_ = await games(driver)
    a, b = name_of(driver, first.a), name_of(driver, first.b)
    public(
        await driver.command(
            f"/tournament result player:@{a} opponent:@{b} player_op:7 player_vp:210 "
            "opponent_op:3 opponent_vp:95",
            user="olga",
        )
    )
    c, d = name_of(driver, second.a), name_of(driver, second.b)
    public(
        await driver.command(
            f"/tournament report opponent:@{d} my_op:9 my_vp:300 their_op:1 their_vp:20", user=c
        )
    )

    text = await (await http.get(url)).text()
    assert "Round 1 of 3: playing" in text and "Acquisition" in text
    assert "Table 1" in text and "Standings" in text and "Opp. OP" in text
    assert "210 VP" in text and "5 TP" in text
    assert "reported" in text, "a report waiting for its confirmation shows as reported"
    assert "300 VP" not in text, "never the score of an unconfirmed report"

    data = await (await http.get(f"{url}.json")).json()
    assert data["current"]["number"] == 1 and data["players"] == 8
    statuses = sorted(g["status"] for g in data["current"]["games"])
    assert statuses == ["done", "playing", "playing", "reported"]
    assert "reports" not in data and "organisers" not in data
    assert all(
        side is None or side["op"] is None
        for g in data["current"]["games"]
        if g["status"] == "reported"
        for side in (g["a"], g["b"])
    )

    exported = public(await driver.command("/tournament export", user="ann"))
    for name in ("players.csv", "results.csv"):
        served = await http.get(f"{url}/{name}")
        assert served.status == 200 and served.headers["Content-Type"].startswith("text/csv")
        attached = next(x for x in exported.attachments if x.filename == name)
        assert (await served.text()) == attached.data.decode()

    standings = public(await driver.command("/tournament standings", user="cy"))
    assert page_links(standings) == [url]


async def test_user_typed_names_are_escaped(web_driver: OfflineDriver, http: aiohttp.ClientSession) -> None:
    driver = web_driver
    evil = "<script>alert(1)</script>"
    public(await driver.command(f'/tournament create name:"Cup {evil}" tier:300', user="olga"))
    factions = (("ann", "Ariadna <img src=x onerror=alert(2)>"), ("bo", '\\" onmouseover=\\"alert(3)'))
    for user, faction in factions:
        public(await driver.command(f'/tournament join faction:"{faction}" unlisted:True', user=user))
    url = page_links(public(await driver.command("/tournament info", user="ann")))[0]
    for address in (url, f"{url}/live", f"{url}?screen=1"):
        text = await (await http.get(address)).text()
        assert "<script>alert" not in text and "<img src=x" not in text, address
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in text
        assert "&lt;img src=x onerror=alert(2)&gt;" in text
    data = await (await http.get(f"{url}.json")).json()
    assert evil in data["name"], "JSON keeps the text as typed (JSON is data, not markup)"


async def test_wrong_old_and_odd_addresses_get_a_plain_404(
    web_driver: OfflineDriver, http: aiohttp.ClientSession
) -> None:
    driver = web_driver
    url = await cup(driver, players=4)
    base = url.rsplit("/t/", 1)[0]
    for address in (
        f"{base}/t/not-a-real-token",
        f"{base}/t/{'x' * 65}",
        f"{base}/t/../../etc/passwd",
        f"{base}/nothing",
        f"{base}/static/../app.py",
        f"{url}/nothing",
    ):
        got = await http.get(address)
        text = await got.text()
        assert got.status == 404, address
        assert "Traceback" not in text and "Nothing here" in text
        assert got.headers["Content-Security-Policy"] == CSP

    refused(await driver.command("/tournament link reset", user="ann"), "Only the organisers")
    reset = public(await driver.command("/tournament link reset", user="olga"))
    new = page_links(reset)[0]
    assert new != url
    assert (await http.get(url)).status == 404, "the old address stops working"
    assert (await http.get(new)).status == 200
    assert page_links(public(await driver.command("/tournament info", user="ann"))) == [new]

    posted = await http.post(new, data=b"x")
    assert posted.status == 405, "the pages are read-only"


async def test_live_part_answers_304_until_something_changes(
    web_driver: OfflineDriver, http: aiohttp.ClientSession
) -> None:
    driver = web_driver
    url = await cup(driver, players=4)
    first = await http.get(f"{url}/live")
    tag = first.headers["ETag"]
    same = await http.get(f"{url}/live", headers={"If-None-Match": tag})
    assert same.status == 304 and (await same.read()) == b""
    public(await driver.command("/tournament pair threads:false", user="olga"))
    changed = await http.get(f"{url}/live", headers={"If-None-Match": tag})
    assert changed.status == 200 and changed.headers["ETag"] != tag
    assert "Round 1 of 3: playing" in await changed.text()

    public(await driver.command("/tournament timer minutes:45", user="olga"))
    timed = await http.get(f"{url}/live", headers={"If-None-Match": changed.headers["ETag"]})
    assert timed.status == 200 and 'data-ends="' in await timed.text()


async def test_static_files_and_the_venue_view(
    web_driver: OfflineDriver, http: aiohttp.ClientSession
) -> None:
    url = await cup(web_driver, players=4)
    base = url.rsplit("/t/", 1)[0]
    for name, kind in (("page.css", "text/css"), ("page.js", "text/javascript")):
        got = await http.get(f"{base}/static/{name}")
        assert got.status == 200 and got.headers["Content-Type"].startswith(kind)
        assert "http://" not in await got.text() and "https://" not in await got.text(), "no external asset"
    screen = await (await http.get(f"{url}?screen=1")).text()
    assert 'class="screen"' in screen and "/live?screen=1" in screen
    dark = await (await http.get(f"{url}?theme=dark")).text()
    assert "theme-dark" in dark
    odd = await (await http.get(f"{url}?theme=<b>")).text()
    assert "<b>" not in odd.split("<body")[1].split(">")[0]


async def test_a_flood_from_one_address_is_limited(
    web_driver: OfflineDriver, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(web_app, "REFUSAL_DELAY", 0.0)  # the wait itself is the next test's
    driver = web_driver
    url = await cup(driver, players=4)
    token = url.rsplit("/t/", 1)[1]
    source = TournamentSource(SqlPageRepository(driver.bot.db), str)
    app = make_app(source, limiter=RateLimiter(burst=9, per_second=0.001))
    async with TestClient(TestServer(app)) as client:
        codes = [(await client.get(f"/t/{token}")).status for _ in range(5)]
    assert codes == [200, 200, 200, 429, 429], "a whole page weighs three requests"

    app = make_app(TournamentSource(SqlPageRepository(driver.bot.db), str), limiter=RateLimiter(9, 0.001))
    async with TestClient(TestServer(app)) as client:
        tag = (await client.get(f"/t/{token}/live")).headers["ETag"]
        polls = [
            (await client.get(f"/t/{token}/live", headers={"If-None-Match": tag})).status for _ in range(8)
        ]
        assert polls == [304] * 6 + [429] * 2, "an unchanged poll weighs one, the first answer three"

    app = make_app(TournamentSource(SqlPageRepository(driver.bot.db), str), limiter=RateLimiter(25, 0.001))
    async with TestClient(TestServer(app)) as client:
        exports = [(await client.get(f"/t/{token}/results.csv")).status for _ in range(4)]
    assert exports == [200, 200, 200, 429], "an export weighs ten"


async def test_a_refusal_is_answered_late(web_driver: OfflineDriver, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(web_app, "REFUSAL_DELAY", 0.3)
    url = await cup(web_driver, players=4)
    token = url.rsplit("/t/", 1)[1]
    app = make_app(TournamentSource(SqlPageRepository(web_driver.bot.db), str), limiter=RateLimiter(1, 0.001))
    async with TestClient(TestServer(app)) as client:
        assert (await client.get(f"/t/{token}/nothing")).status == 404  # the one request allowed
        started = time.monotonic()
        refused = await client.get(f"/t/{token}/nothing")
        waited = time.monotonic() - started
    assert refused.status == 429 and refused.headers["Retry-After"] == "5"
    assert waited >= 0.3, "a flooding client waits for each refusal"


def test_rate_limiter_refills_and_forgets() -> None:
    limiter = RateLimiter(burst=2, per_second=1)
    assert [limiter.allow("a", now=0) for _ in range(3)] == [True, True, False]
    assert limiter.allow("b", now=0), "another address has its own bucket"
    assert limiter.allow("a", now=1.0) and not limiter.allow("a", now=1.0)


def _big_event(players: int, rounds: int) -> object:
    rng = random.Random(5)
    t = create_tournament("Big Open " + "W" * 60, 300, rounds=rounds)
    for i in range(players):
        t = add_player(t, f"p{i}", f"Player {i:03d} " + "N" * 40, faction="Shasvastii Expeditionary Force")
    for _ in range(rounds):
        t = pair_next_round(t, rng)
        for g in t.current.games:
            if g.b is not None:
                t = record_result(
                    t,
                    g.a,
                    g.b,
                    GameResult(
                        op_a=rng.randint(0, 10),
                        op_b=rng.randint(0, 10),
                        vp_a=rng.randint(0, 300),
                        vp_b=rng.randint(0, 300),
                    ),
                )
    return t


@pytest.mark.parametrize("screen", [False, True])
def test_a_512_player_page_stays_under_500_kb(screen: bool) -> None:
    t = _big_event(512, 4)
    view = public_view(t, reported=())
    html = pages.page(view, token="t" * 22, screen=screen, etag='"1-1"', theme=None)
    assert len(view.standings) == 512 and len(view.earlier) == 3
    assert len(html.encode()) < 500_000, len(html.encode())
    # The standings' head and 512 rows, and (not on the venue screen) the faction table's.
    assert html.count("<tr") == 513 + (0 if screen else 1 + len(view.factions))
    if not screen:
        assert html.count('<details data-round="') == 3, "earlier rounds open on demand"
        earlier = pages.round_games(view, 1)
        assert earlier is not None and earlier.count('<li class="game') == 256


def test_web_settings() -> None:
    from bot.settings import Settings

    default = Settings(_env_file=None, web_port=8080)
    assert default.local_web_url == "http://127.0.0.1:8080" and default.public_url is None
    assert (
        Settings(_env_file=None, web_host="0.0.0.0", web_port=9000).local_web_url == "http://127.0.0.1:9000"
    )
    proxied = Settings(_env_file=None, public_url="https://herald.example.org/ ", web_port=8080)
    assert proxied.public_url == "https://herald.example.org"
    assert Settings(_env_file=None, web_port=0, public_url="https://x.example").local_web_url is None
    with pytest.raises(ValueError, match="http"):
        Settings(_env_file=None, public_url="herald.example.org")


async def test_a_taken_port_leaves_the_bot_running_without_pages(tmp_path, web_driver: OfflineDriver) -> None:
    port = int(web_driver.bot.web_url.rsplit(":", 1)[1])
    second = await OfflineDriver.open(tmp_path / "second.sqlite3", web_port=port)
    try:
        assert second.bot.web_url is None
        public(await second.command('/tournament create name:"Cup" tier:300', user="olga"))
        info = public(await second.command("/tournament info", user="olga"))
        assert page_links(info) == [] and "/t/" not in info.text
        refused(await second.command("/tournament link reset", user="olga"), "PUBLIC_URL")
    finally:
        await second.close()


async def test_the_page_of_an_event_finished_early_shows_it_finished(
    web_driver: OfflineDriver, http: aiohttp.ClientSession
) -> None:
    driver = web_driver
    url = await cup(driver, players=4)
    for _ in range(2):
        public(await driver.command("/tournament pair threads:false", user="olga"))
        for g in await games(driver):
            public(
                await driver.command(
                    f"/tournament result player:@{name_of(driver, g.a)} opponent:@{name_of(driver, g.b)} "
                    "player_op:6 player_vp:150 opponent_op:4 opponent_vp:100",
                    user="olga",
                )
            )
    public(await driver.command("/tournament finish early:true", user="olga"))
    async with http.get(url) as got:
        assert got.status == 200
        assert '<p class="status">Finished</p>' in await got.text()
    info = public(await driver.command("/tournament info", user="ann"))
    assert url in info.text


async def test_big_answers_are_compressed_and_addresses_are_relative(
    web_driver: OfflineDriver, http: aiohttp.ClientSession
) -> None:
    url = await cup(web_driver)
    got = await http.get(url, headers={"Accept-Encoding": "gzip"})
    assert got.headers.get("Content-Encoding") == "gzip" and got.headers["Server"] == "Herald"
    text = await got.text()
    # behind a proxy that serves Herald under a path, every address still resolves from the page
    assert 'href="/' not in text and 'src="/' not in text and 'data-live="/' not in text


async def test_the_csvs_mark_organiser_set_and_disputed_results_and_carry_discord_ids(
    web_driver: OfflineDriver, http: aiohttp.ClientSession
) -> None:
    driver = web_driver
    url = await cup(driver, players=6)
    assert (
        await driver.command("/tournament list submit", user="ann", text="Sealed-list-text-abc")
    ).message.ephemeral
    # One list is in: round 1 asks the organiser first (#38 item 18), who pairs without the rest.
    question = (await driver.command("/tournament pair threads:false", user="olga")).message
    public(await driver.press(question, "Pair without their lists", user="olga"))
    first, second, third = await games(driver)
    names = [(name_of(driver, g.a), name_of(driver, g.b)) for g in (first, second, third)]
    (a1, b1), (a2, b2), (a3, b3) = names
    # Table 1: reported, confirmed by the opponent.
    reported = public(
        await driver.command(
            f"/tournament report opponent:@{b1} my_op:7 my_vp:210 their_op:3 their_vp:95", user=a1
        )
    )
    await driver.press(reported, "Confirm", user=b1)
    # Table 2: reported, disputed, then set by an organiser.
    reported = public(
        await driver.command(
            f"/tournament report opponent:@{b2} my_op:9 my_vp:250 their_op:0 their_vp:0", user=a2
        )
    )
    await driver.press(reported, "Dispute", user=b2)
    public(
        await driver.command(
            f"/tournament result player:@{a2} opponent:@{b2} player_op:6 player_vp:200 "
            "opponent_op:4 opponent_vp:150",
            user="olga",
        )
    )
    # Table 3: a report still waiting for its confirmation (never in an export).
    public(
        await driver.command(
            f"/tournament report opponent:@{b3} my_op:8 my_vp:277 their_op:1 their_vp:33", user=a3
        )
    )

    exported = public(await driver.command("/tournament export", user="cy"))
    files = {x.filename: x.data.decode() for x in exported.attachments}
    for name in ("players.csv", "results.csv"):
        assert await (await http.get(f"{url}/{name}")).text() == files[name], "the page serves the export"
    rows = list(csv.DictReader(io.StringIO(files["results.csv"])))
    by_table = {int(r["table"]): r for r in rows if r["table"]}
    assert by_table[first.table]["result_by"] == "players" and by_table[first.table]["disputed"] == ""
    assert by_table[second.table]["result_by"] == "organiser" and by_table[second.table]["disputed"] == "yes"
    assert by_table[third.table]["result_by"] == "" and by_table[third.table]["op_a"] == ""
    for table, (a, b) in zip((first.table, second.table, third.table), names, strict=True):
        row = by_table[table]
        assert (row["discord_a"], row["discord_b"]) == (str(driver.user(a).id), str(driver.user(b).id))
    players = list(csv.DictReader(io.StringIO(files["players.csv"])))
    assert {p["player"]: p["discord_id"] for p in players}["Ann"] == str(driver.user("ann").id)
    # Nothing private: no sealed list, no score still waiting for its confirmation.
    # (The score is looked for as a cell: a Discord id may hold the same digits by chance.)
    everything = "".join(files.values())
    cells = {cell for text in files.values() for row in csv.reader(io.StringIO(text)) for cell in row}
    assert "Sealed-list-text-abc" not in everything and "277" not in cells
