"""The tournament page as a visitor sees it, in a real headless Chromium.

A result reported through the offline driver reaches an open page without a reload; the page and
the venue screen are photographed at phone and projector sizes under ``out/web/`` so a person can
look at them. Without Chromium the test is skipped on a developer's machine and fails in CI
(``.ci/run`` installs Debian's package).
"""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest
from PIL import Image

from bot.offline import OfflineDriver
from tests.cogs.tournament_helpers import games, name_of, pair, public
from tests.web import chromium
from tests.web.conftest import cup

OUT = Path(__file__).resolve().parents[2] / "out" / "web"

if chromium.executable() is None:
    if os.environ.get("CI"):
        raise RuntimeError("CI needs Debian's chromium for the web page tests: .ci/run installs it")
    pytest.skip("no chromium on this machine (apt-get install chromium)", allow_module_level=True)


def _looks_drawn(png: bytes, width: int, height: int) -> None:
    image = Image.open(io.BytesIO(png)).convert("RGB")
    assert image.size == (width, height)
    colours = image.getcolors(maxcolors=1 << 20) or []
    assert len(colours) > 20, "more than a blank page"


async def test_a_reported_result_reaches_the_open_page_without_a_reload(web_driver: OfflineDriver) -> None:
    driver = web_driver
    url = await cup(driver, name="Venue <b>Cup</b>")
    public(await pair(driver, threads=False))
    public(await driver.command("/tournament timer minutes:50", user="olga"))
    first, *_ = await games(driver)
    a, b = name_of(driver, first.a), name_of(driver, first.b)

    async with chromium.chromium() as browser:
        page = await browser.new_page()
        await page.size(390, 844, mobile=True)
        await page.open(url)
        assert await page.evaluate("document.title") == "Venue <b>Cup</b> · Herald", "typed markup stays text"
        assert await page.evaluate("document.querySelectorAll('h1 b').length") == 0
        await page.evaluate("window.keptAcrossUpdates = 42")
        await page.wait_for("/left$/.test(document.querySelector('.timer').textContent)")
        _looks_drawn(await page.screenshot(OUT / "phone-before.png"), 390, 844)
        assert "210 VP" not in await page.evaluate("document.body.innerText")

        public(
            await driver.command(
                f"/tournament result player:@{a} opponent:@{b} player_op:8 player_vp:210 "
                "opponent_op:2 opponent_vp:60",
                user="olga",
            )
        )
        await page.wait_for("document.body.innerText.includes('210 VP')")
        assert await page.evaluate("window.keptAcrossUpdates") == 42, "updated in place, not reloaded"
        assert await page.evaluate("document.querySelector('.game.done') !== null")
        _looks_drawn(await page.screenshot(OUT / "phone-after.png"), 390, 844)

        await page.scheme("dark")
        background = await page.evaluate("getComputedStyle(document.body).backgroundColor")
        _looks_drawn(await page.screenshot(OUT / "phone-dark.png"), 390, 844)
        await page.scheme("light")
        assert await page.evaluate("getComputedStyle(document.body).backgroundColor") != background
        assert page.errors == [], page.errors

        screen = await browser.new_page()
        await screen.size(1920, 1080)
        await screen.open(f"{url}?screen=1")
        assert await screen.evaluate("document.body.classList.contains('screen')")
        assert await screen.evaluate("document.documentElement.scrollHeight <= window.innerHeight + 1")
        font = await screen.evaluate("parseFloat(getComputedStyle(document.body).fontSize)")
        assert font >= 24, "large type on the projector"
        _looks_drawn(await screen.screenshot(OUT / "projector.png"), 1920, 1080)
        assert screen.errors == [], screen.errors


async def test_the_venue_screen_pages_through_a_long_standings_list(web_driver: OfflineDriver) -> None:
    """Past what the smallest type holds on one screen (test_venue_screen: 64 players on a 1080p
    one), the standings page by themselves."""
    driver = web_driver
    public(await driver.command('/tournament create name:"Big Open" tier:300', user="olga"))
    for i in range(100):
        public(await driver.command(f'/tournament add player:@p{i:02d} faction:"Nomads"', user="olga"))
    info = public(await driver.command("/tournament info", user="olga"))
    url = next(b.url for b in info.buttons if b.url)
    async with chromium.chromium() as browser:
        screen = await browser.new_page()
        await screen.size(1280, 720)
        await screen.open(f"{url}?screen=1")
        await screen.wait_for("document.querySelector('.pager-note') !== null")
        note = await screen.evaluate("document.querySelector('.pager-note').textContent")
        assert note.startswith("Page 1 of "), note
        shown = await screen.evaluate("document.querySelectorAll('tbody.pager tr:not(.hidden)').length")
        assert 0 < shown < 100
        assert await screen.evaluate("document.documentElement.scrollHeight <= window.innerHeight + 1")
        _looks_drawn(await screen.screenshot(OUT / "projector-long.png"), 1280, 720)
        assert screen.errors == [], screen.errors


BROKEN_CELLS = """Array.from(document.querySelectorAll(
    'table.standings th, table.standings td:not(.name):not(.fac)'
)).filter((cell) => {
  const range = document.createRange();
  range.selectNodeContents(cell);
  const tops = Array.from(range.getClientRects()).filter((r) => r.width > 0).map((r) => Math.round(r.top));
  return new Set(tops).size > 1;
}).map((cell) => cell.textContent)"""


async def test_standings_numbers_and_headings_stay_on_one_line(web_driver: OfflineDriver) -> None:
    """A phone or the venue screen never breaks "250" into three lines or "TP" into two: only
    names and factions wrap."""
    driver = web_driver
    public(await driver.command('/tournament create name:"Narrow Cup" tier:300', user="olga"))
    long = "averyveryveryverylongnamethatgoesonandon"
    for name in ("ann", "bo", "cy", long):
        public(await driver.command(f'/tournament add player:@{name} faction:"Combined Army"', user="olga"))
    public(await pair(driver, threads=False))
    for g in await games(driver):
        public(
            await driver.command(
                f"/tournament result player:@{name_of(driver, g.a)} opponent:@{name_of(driver, g.b)} "
                "player_op:8 player_vp:250 opponent_op:2 opponent_vp:150",
                user="olga",
            )
        )
    info = public(await driver.command("/tournament info", user="olga"))
    url = next(b.url for b in info.buttons if b.url)
    async with chromium.chromium() as browser:
        for width, height, query in ((390, 844, ""), (1920, 1080, "?screen=1")):
            page = await browser.new_page()
            await page.size(width, height, mobile=width < 640)
            await page.open(url + query)
            assert "250" in await page.evaluate("document.querySelector('table.standings').innerText")
            assert await page.evaluate(BROKEN_CELLS) == [], f"cells broken across lines at {width}px"
            assert page.errors == [], page.errors


async def _finished_cup(driver: OfflineDriver) -> str:
    url = await cup(driver, name="Final Cup")
    public(await driver.command("/tournament pair threads:false", user="olga"))
    for i, g in enumerate(await games(driver)):
        public(
            await driver.command(
                f"/tournament result player:@{name_of(driver, g.a)} opponent:@{name_of(driver, g.b)} "
                f"player_op:{9 - i} player_vp:{250 - i} opponent_op:{i} opponent_vp:{100 + i}",
                user="olga",
            )
        )
    public(await driver.command("/tournament finish early:true", user="olga"))
    return url


FIRST_SECTIONS = "Array.from(document.querySelectorAll('#live > section h2'), (h) => h.textContent)"


async def test_a_finished_event_shows_its_podium_and_final_standings_first(web_driver: OfflineDriver) -> None:
    driver = web_driver
    url = await _finished_cup(driver)
    async with chromium.chromium() as browser:
        phone = await browser.new_page()
        await phone.size(390, 844, mobile=True)
        await phone.open(url)
        headings = await phone.evaluate(FIRST_SECTIONS)
        assert headings[:3] == ["Podium", "Final standings", "Rounds"], headings
        places = await phone.evaluate(
            "Array.from(document.querySelectorAll('.place .rank'), (r) => r.textContent)"
        )
        assert sorted(places) == ["1st", "2nd", "3rd"]
        first = await phone.evaluate("document.querySelector('.place.p1 .name').textContent")
        top = await phone.evaluate("document.querySelector('table.standings td.name').textContent.trim()")
        assert first == top
        _looks_drawn(await phone.screenshot(OUT / "phone-finished.png"), 390, 844)
        assert phone.errors == [], phone.errors

        screen = await browser.new_page()
        await screen.size(1920, 1080)
        await screen.open(f"{url}?screen=1")
        assert (await screen.evaluate(FIRST_SECTIONS))[:2] == ["Podium", "Final standings"]
        assert await screen.evaluate("document.documentElement.scrollHeight <= window.innerHeight + 1")
        _looks_drawn(await screen.screenshot(OUT / "projector-finished.png"), 1920, 1080)
        assert screen.errors == [], screen.errors


async def test_the_venue_screen_fills_its_height_with_large_type(web_driver: OfflineDriver) -> None:
    driver = web_driver
    url = await cup(driver)
    public(await driver.command("/tournament pair threads:false", user="olga"))
    async with chromium.chromium() as browser:
        screen = await browser.new_page()
        await screen.size(1920, 1080)
        await screen.open(f"{url}?screen=1")
        font = await screen.evaluate("parseFloat(getComputedStyle(document.body).fontSize)")
        assert font >= 36, f"{font}px on a 1080p projector"
        bottom = await screen.evaluate(
            "Math.max(...Array.from(document.querySelectorAll('#live > *'),"
            " (e) => e.getBoundingClientRect().bottom))"
        )
        assert bottom >= 0.75 * 1080, f"8 players use {bottom:.0f} of 1080 px"
        assert await screen.evaluate("document.documentElement.scrollHeight <= window.innerHeight + 1")
        assert screen.errors == [], screen.errors


ONE_LINE = """((el) => {
  const range = document.createRange();
  range.selectNodeContents(el);
  const tops = Array.from(range.getClientRects()).filter((r) => r.width > 0).map((r) => Math.round(r.top));
  return new Set(tops).size;
})"""


async def test_factions_keep_one_line_while_the_other_column_has_room(web_driver: OfflineDriver) -> None:
    driver = web_driver
    public(await driver.command('/tournament create name:"Wide Cup" tier:300', user="olga"))
    entrants = (("ann", "Shasvastii Expeditionary Force"), ("bo", "Nomads"), ("cy", "ALEPH"), ("di", "Tohaa"))
    for name, faction in entrants:
        public(await driver.command(f'/tournament add player:@{name} faction:"{faction}"', user="olga"))
    public(await pair(driver, threads=False))
    info = public(await driver.command("/tournament info", user="olga"))
    url = next(b.url for b in info.buttons if b.url)
    async with chromium.chromium() as browser:
        for width, height, query in ((800, 800, ""), (1280, 800, "")):
            page = await browser.new_page()
            await page.size(width, height)
            await page.open(url + query)
            for selector in (".side small", "table.standings td.fac"):
                lines = await page.evaluate(
                    f"Array.from(document.querySelectorAll('{selector}')).filter((e) => e.textContent"
                    f".startsWith('Shasvastii')).map({ONE_LINE})"
                )
                assert lines and set(lines) == {1}, f"{selector} wraps at {width}px: {lines}"
            assert page.errors == [], page.errors
        screen = await browser.new_page()
        await screen.size(1920, 1080)
        await screen.open(url + "?screen=1")
        wrap = "document.querySelector('.table-wrap')"
        assert await screen.evaluate(f"{wrap}.scrollWidth <= {wrap}.clientWidth"), "every column shows"
        _looks_drawn(await screen.screenshot(OUT / "projector-long-faction.png"), 1920, 1080)


async def test_find_my_table_on_a_phone(web_driver: OfflineDriver) -> None:
    driver = web_driver
    url = await cup(driver)
    public(await driver.command("/tournament pair threads:false", user="olga"))
    first, *_ = await games(driver)
    async with chromium.chromium() as browser:
        phone = await browser.new_page()
        await phone.size(390, 844, mobile=True)
        await phone.open(url)
        texts = await phone.evaluate(
            "Array.from(document.querySelectorAll('section.round .game'), (g) => g.innerText)"
        )
        names = await phone.evaluate(
            "Array.from(document.querySelectorAll('section.round .name'), (n) => n.textContent)"
        )
        # A name found in one game only (a faction such as Combined Army holds "ed").
        who = next(n for n in names if sum(n.lower() in t.lower() for t in texts) == 1)
        await phone.evaluate("document.getElementById('find').focus()")
        await phone.send("Input.insertText", text=who.lower())
        await phone.wait_for("document.getElementById('found').textContent !== ''")
        shown = await phone.evaluate(
            "Array.from(document.querySelectorAll('section.round .game:not(.filtered)'), (g) => g.innerText)"
        )
        assert len(shown) == 1 and who in shown[0], shown
        assert await phone.evaluate("document.getElementById('found').textContent") == "1 table"
        _looks_drawn(await phone.screenshot(OUT / "phone-find.png"), 390, 844)

        # A result arrives: the page updates, and the filter still holds.
        public(
            await driver.command(
                f"/tournament result player:@{name_of(driver, first.a)} opponent:@{name_of(driver, first.b)} "
                "player_op:8 player_vp:222 opponent_op:2 opponent_vp:60",
                user="olga",
            )
        )
        # The player comes back to the page: it asks at once (the 3 s poll would get it too).
        await phone.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
        await phone.wait_for("document.body.innerText.includes('222 VP')")
        still = "document.querySelectorAll('section.round .game:not(.filtered)').length"
        assert await phone.evaluate(still) == 1
        await phone.evaluate("document.getElementById('find').value = 'nobody-here'")
        await phone.evaluate("document.getElementById('find').dispatchEvent(new Event('input'))")
        assert await phone.evaluate("document.getElementById('found').textContent") == "Nobody by that name"
        assert phone.errors == [], phone.errors  # the strict CSP let the filter run
