"""The pages in their visitor's language, over plain HTTP (aiohttp's test client): ``?lang=``, the
event's own language, ``Accept-Language``; the cache, ETag and headers per language; the CSV
files' headings row; the Crusade campaign's page (hostile names) and its link in Discord."""

from __future__ import annotations

import csv
import io
import random
from datetime import UTC, datetime

import aiohttp
from aiohttp.test_utils import TestClient, TestServer

from bot.offline import OfflineDriver
from rules.i18n import force_offer, translator
from rules.tournament import add_player, create_tournament, pair_next_round, record_result
from rules.tournament.model import GameResult
from rules.tournament.public import RoundTimer, public_view
from tests.cogs.test_crusade import army
from tests.web.pages_helpers import HOSTILE, Store, cup, hostile_campaign, served
from web import pages
from web.language import MAX_RANGES, choose, preferred

SPANISH = {"Accept-Language": "es-ES,es;q=0.9,en;q=0.8"}


def _store(language: str | None = None) -> Store:
    store = Store()
    store.put("cup", "tournament", {"tournament": cup(language=language).model_dump(mode="json")})
    store.put("crusade", "crusade", {"campaign": hostile_campaign().model_dump(mode="json")})
    return store


def test_accept_language_is_weighed_and_a_hostile_header_costs_nothing() -> None:
    assert preferred("en;q=0.5, es-ES, de;q=0, fr;q=oops") == ["es", "en"]
    assert preferred("*, xx-YY-ZZ;q=0.3") == ["xx"]
    hostile = ",".join(f"l{i:05d};q=0.{i % 9}" for i in range(20_000)) + ",es"
    assert len(preferred(hostile)) <= MAX_RANGES, "only the first ranges are read"
    with force_offer("es"):
        assert choose(query=None, own=None, header="de-DE, es;q=0.5, en;q=0.4") == "es"
        assert choose(query=None, own=None, header="de-DE, en;q=0.9, es;q=0.5") == "en"
        assert choose(query=None, own=None, header="es;q=0") == "en", "q=0 refuses"
        assert choose(query="en", own="es-ES", header="es") == "en", "the switch wins"
        assert choose(query="xx", own="es-ES", header=None) == "es", "then the event's own language"
        assert choose(query=None, own=None, header="\x00;;;q=,,,=;") == "en"
    assert choose(query="de", own="de-DE", header="de") == "en", "a language not offered: English"


async def test_a_spanish_visitor_reads_the_page_in_spanish_and_switches_to_english() -> None:
    store = _store()
    source, app = served(store)
    with force_offer("es"):
        async with TestClient(TestServer(app)) as client:
            got = await client.get("/t/cup", headers=SPANISH)
            html = await got.text()
            assert got.headers["Content-Language"] == "es" and "Accept-Language" in got.headers["Vary"]
            assert '<html lang="es">' in html
            assert "Ronda 1 de 3: en juego" in html and "Clasificación" in html and "Mesa 1" in html
            assert "Copa &lt;i&gt;Norte&lt;/i&gt;" in html and "<i>Norte" not in html, "typed text escaped"
            # The switch: every offered language in its own name; the choice is kept in the links.
            assert '<a href="cup?lang=en" hreflang="en" lang="en">English</a>' in html
            assert 'hreflang="es" lang="es" aria-current=true>Español</a>' in html
            english = await (await client.get("/t/cup?lang=en", headers=SPANISH)).text()
            assert '<html lang="en">' in english and "Round 1 of 3: playing" in english
            assert 'data-live="cup/live?lang=en"' in english and "cup?screen=1&amp;lang=en" in english
            # The live part: another ETag per language; a 304 only for the tag of its own language.
            es_live = await client.get("/t/cup/live", headers=SPANISH)
            en_live = await client.get("/t/cup/live?lang=en", headers=SPANISH)
            assert es_live.headers["ETag"] != en_live.headers["ETag"]
            assert "Ronda 1 de 3" in await es_live.text()
            tagged = {**SPANISH, "If-None-Match": es_live.headers["ETag"]}
            same = await client.get("/t/cup/live", headers=tagged)
            assert same.status == 304
            crossed = await client.get("/t/cup/live?lang=en", headers=tagged)
            assert crossed.status == 200 and "Round 1 of 3" in await crossed.text()
            # Hostile headers grow no cache: only offered languages are keys.
            for i in range(40):
                header = f"x{i}-ZZ, y{i};q=0.{i % 9}, " + "z" * (i * 50)
                assert (await client.get("/t/cup", headers={"Accept-Language": header})).status == 200
            rendering = next(iter(source._cache.values()))
            languages = {key[-2] for key in rendering.bodies if key[0] == "page"}
            assert languages <= {"en", "es"}, rendering.bodies.keys()
        async with TestClient(TestServer(app)) as client:
            missing = await client.get("/t/nothing", headers=SPANISH)
            assert missing.status == 404 and "Aquí no hay nada" in await missing.text()
            assert missing.headers["Content-Language"] == "es"


async def test_an_event_in_spanish_is_served_in_spanish_without_a_preference() -> None:
    _source, app = served(_store(language="es-ES"))
    with force_offer("es"):
        async with TestClient(TestServer(app)) as client:
            html = await (await client.get("/t/cup", skip_auto_headers=["Accept-Language"])).text()
            assert '<html lang="es">' in html and "Ronda 1 de 3: en juego" in html
            english = await (await client.get("/t/cup?lang=en")).text()
            assert "Round 1 of 3: playing" in english
    _source, german = served(_store(language="de-DE"))  # Herald has no German catalogue
    async with TestClient(TestServer(german)) as client:
        html = await (await client.get("/t/cup", skip_auto_headers=["Accept-Language"])).text()
        assert '<html lang="en">' in html, "a language not offered: English, whatever the event says"


async def _csv(client: TestClient, address: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(await (await client.get(address)).text())))


async def test_csv_keys_stay_english_and_a_readers_copy_adds_headings() -> None:
    _source, app = served(_store())
    with force_offer("es"):
        async with TestClient(TestServer(app)) as client:
            plain = await (await client.get("/t/cup/players.csv", headers=SPANISH)).text()
            assert plain.splitlines()[0].startswith("rank,player,faction,tp,op,vp")
            assert "Puesto" not in plain, "a script's file is the same in every language"
            html = await (await client.get("/t/cup", headers=SPANISH)).text()
            assert 'href="cup/players.csv?lang=es"' in html and 'href="cup/results.csv?lang=es"' in html
            rows = await _csv(client, "/t/cup/players.csv?lang=es")
            assert rows[0][:3] == ["rank", "player", "faction"]
            assert rows[1][:3] == ["Puesto", "Jugador", "Facción"]
            assert len(rows[0]) == len(rows[1]) == len(rows[2])
            results = await _csv(client, "/t/cup/results.csv?lang=es")
            assert results[0][:3] == ["round", "table", "player_a"]
            assert results[1][:3] == ["Ronda", "Mesa", "Jugador (jugador A)"]
            english = await (await client.get("/t/cup", headers={"Accept-Language": "en"})).text()
            assert 'href="cup/players.csv"' in english, "an English page links the plain files"


async def test_the_crusade_page_shows_standings_forces_and_log_with_names_escaped() -> None:
    source, app = served(_store())
    async with TestClient(TestServer(app)) as client:
        got = await client.get("/c/crusade")
        html = await got.text()
        assert got.status == 200 and got.headers["Content-Security-Policy"].startswith("default-src 'none'")
        assert "<script>alert" not in html and "<b>bold" not in html and "<i>Ultramarines" not in html
        assert "&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Q&quot;" in html
        assert "Standings" in html and "Orders of Battle" in html and "Campaign log" in html
        assert "Supply 170/1000 · RP 6 · Battles 1 · Victories 1" in html
        assert "1 battle waits for its confirmation." in html, "counted, never shown as final"
        assert "Iron Tide" in html and "Battles 0 · Victories 0" in html, "Bea's battle is not confirmed"
        assert html.index("Host &lt;script&gt;") < html.index("Iron Tide"), "the organiser's order"
        assert (await client.get("/c/cup")).status == 404, "a tournament's token is not a campaign"
        assert (await client.get("/t/crusade")).status == 404
        renders = source.renders
        await client.get("/c/crusade")
        assert source.renders == renders, "one rendering per version and language"
    with force_offer("es"):
        async with TestClient(TestServer(app)) as client:
            html = await (await client.get("/c/crusade", headers=SPANISH)).text()
            assert '<html lang="es">' in html and "Clasificación" in html and "Crónica de la campaña" in html
            assert "Supply 170/1000 · RP 6 · Batallas 1 · Victorias 1" in html
            assert "<script>alert" not in html


async def test_crusade_standings_link_the_campaign_page(
    web_driver: OfflineDriver, http: aiohttp.ClientSession
) -> None:
    driver = web_driver
    await driver.command(f"/crusade create name:{HOSTILE[:60]}", user="olga")
    await driver.command("/crusade join", file=army(), user="alice")
    shown = (await driver.command("/crusade standings", user="alice")).message
    links = [b.url for b in shown.buttons if b.style == 5 and b.url]
    assert len(links) == 1 and "/c/" in links[0], shown.components
    got = await http.get(links[0])
    html = await got.text()
    assert got.status == 200 and "Ember Host" in html and "<script>alert" not in html
    assert "alice" in html.lower()


def test_numbers_times_and_seasons_are_written_the_readers_way() -> None:
    t = create_tournament("Cup", game="40k", scoring="record", points=2000)
    for pid, faction in zip("1234", ("Orks", "Orks", "<i>Eldar</i>", "Necrons"), strict=True):
        t = add_player(t, pid, f"P{pid}", faction)
    t = pair_next_round(t, random.Random(4))
    for g in t.current.games:
        t = record_result(t, g.a, g.b, GameResult(vp_a=60, vp_b=60))
    timer = RoundTimer(round=1, ends=datetime(2026, 5, 2, 14, 5, tzinfo=UTC))
    view = public_view(t, reported=(), timer=timer)
    with force_offer("es"):
        es = translator("es")
        html = pages.live(view, screen=False, t=es)
        assert "<td>50,0\xa0%*</td><td>60,0</td>" in html, "a decimal comma, Spanish's percent sign"
        assert "Reloj de ronda: termina a las 14:05 UTC" in html and "Facciones" in html
        assert "&lt;i&gt;Eldar" in html and "<i>Eldar" not in html
        both = [("en", "English"), ("es", "Español")]
        season = pages.season("<b>Liga</b>", 2, 1, ["Copa"], [], t=es, address="s1", languages=both)
        assert "Temporada · los mejores 2 resultados de 1 eventos terminados" in season
        assert "Sin terminar todavía: Copa." in season and "<b>Liga" not in season
        assert '<a href="s1?lang=en" hreflang="en" lang="en">English</a>' in season
    english = pages.live(view, screen=False)
    assert "<td>50.0%*</td><td>60.0</td>" in english and "ends at 14:05 UTC" in english


async def test_a_lang_spelled_as_a_locale_keeps_the_live_part_in_that_language() -> None:
    # ?lang=es-ES (or ES) picks Spanish: the live part the page polls must stay Spanish for an
    # English browser, not turn English at the first poll.
    store = _store()
    _source, app = served(store)
    english = {"Accept-Language": "en-GB,en;q=0.9"}
    with force_offer("es"):
        async with TestClient(TestServer(app)) as client:
            for asked in ("es-ES", "ES"):
                html = await (await client.get(f"/t/cup?lang={asked}", headers=english)).text()
                assert '<html lang="es">' in html
                assert 'data-live="cup/live?lang=es"' in html, asked
