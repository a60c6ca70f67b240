"""The venue screen at 1920x1080 in a real headless Chromium: 8 to 64 players on one screen
before any paging, no name or faction broken inside a word, the screen's height used; the finished
event's podium and final standings, and a team event while its captains pair. Screenshots go to
``out/web/`` for a person to look at."""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest
from PIL import Image

from bot.offline import OfflineDriver
from tests.cogs.tournament_helpers import games, name_of, public, state
from tests.web import chromium
from tests.web.conftest import page_links
from tests.web.test_lists_page import _gt
from tests.web.test_team_pages import _team_event

OUT = Path(__file__).resolve().parents[2] / "out" / "web"

if chromium.executable() is None:
    if os.environ.get("CI"):
        raise RuntimeError("CI needs Debian's chromium for the web page tests: .ci/run installs it")
    pytest.skip("no chromium on this machine (apt-get install chromium)", allow_module_level=True)

NAMES = (
    "carol",
    "ann",
    "bartholomew",
    "di",
    "ed",
    "flo",
    "gus",
    "hal",
    "ivy",
    "jo",
    "kim",
    "lu",
    "mo",
    "ned",
    "olivia",
    "pat",
    "quin",
    "rosalind",
    "sam",
    "tom",
    "ursula",
    "vic",
    "wes",
    "xavier",
    "yan",
    "zoe",
)
FACTIONS = (
    "Shasvastii Expeditionary Force",
    "Nomads",
    "Combined Army",
    "PanOceania",
    "Yu Jing",
    "Ariadna",
    "Haqqislam",
    "ALEPH",
    "Tohaa",
    "O-12",
    "JSA",
    "Druze Bayram Security",
)


def _player(i: int) -> str:
    return NAMES[i] if i < len(NAMES) else f"{NAMES[i % len(NAMES)]}{i // len(NAMES)}"


async def _event(driver: OfflineDriver, players: int, *, finish: bool = False) -> str:
    public(await driver.command(f'/tournament create name:"Spring Open {players}" tier:300', user="olga"))
    for i in range(players):
        faction = FACTIONS[i % len(FACTIONS)]
        public(await driver.command(f'/tournament add player:@{_player(i)} faction:"{faction}"', user="olga"))
    public(await driver.command("/tournament mission round:1 scenario:acquisition", user="olga"))
    public(await driver.command("/tournament pair threads:false", user="olga"))
    for k, g in enumerate(await games(driver)):
        if k % 3 == 2 and not finish:
            continue  # still playing
        public(
            await driver.command(
                f"/tournament result player:@{name_of(driver, g.a)} opponent:@{name_of(driver, g.b)} "
                f"player_op:{1 + k % 9} player_vp:{150 + k} opponent_op:{k % 4} opponent_vp:{90 + k}",
                user="olga",
            )
        )
    if finish:
        public(await driver.command("/tournament finish early:true", user="olga"))
    return page_links(public(await driver.command("/tournament info", user="olga")))[0]


SCREEN = (1920, 1080)

WRAPPED = """Array.from(document.querySelectorAll(
  '.side .name, .side small, table.standings td.name, td.name small, table.standings td.fac, .place .name,'
  + ' .mhead .teams'
)).filter((el) => el.offsetParent !== null).filter((el) => {
  const range = document.createRange();
  // A name cell's own text (a faction may stand under it, on a line of its own)
  if (el.matches('td.name')) range.selectNodeContents(el.firstChild); else range.selectNodeContents(el);
  const tops = Array.from(range.getClientRects()).filter((r) => r.width > 0).map((r) => Math.round(r.top));
  return new Set(tops).size > 1;
}).map((el) => el.textContent)"""

LAID_OUT = """(() => {
  const live = document.getElementById('live');
  const kids = Array.from(live.querySelectorAll(':scope > *')).filter((e) => e.offsetParent !== null);
  const bottom = Math.max(...kids.map((e) => e.getBoundingClientRect().bottom));
  const parts = Array.from(live.querySelectorAll(':scope > section'))
    .filter((s) => s.querySelector('.pager'));
  return {
    font: Math.min(...parts.map((s) => parseFloat(getComputedStyle(s).fontSize))),
    pages: document.querySelectorAll('.pager-note').length,
    hidden: document.querySelectorAll('.pager > .hidden').length,
    fits: document.documentElement.scrollHeight <= window.innerHeight + 1
      && document.documentElement.scrollWidth <= window.innerWidth + 1,
    bottom: bottom,
  };
})()"""


def _looks_drawn(png: bytes) -> None:
    image = Image.open(io.BytesIO(png)).convert("RGB")
    assert image.size == SCREEN
    assert len(image.getcolors(maxcolors=1 << 20) or []) > 20, "more than a blank page"


@pytest.mark.parametrize("players", [8, 16, 32, 64])
async def test_the_venue_screen_holds_up_to_64_players_on_one_screen(
    web_driver: OfflineDriver, players: int
) -> None:
    url = await _event(web_driver, players)
    async with chromium.chromium() as browser:
        screen = await browser.new_page()
        await screen.size(*SCREEN)
        await screen.open(f"{url}?screen=1")
        await screen.wait_for("document.body.dataset.fitted === '1'")
        laid = await screen.evaluate(LAID_OUT)
        _looks_drawn(await screen.screenshot(OUT / f"screen-{players}.png"))
        assert laid["pages"] == 0 and laid["hidden"] == 0, f"{players} players paged: {laid}"
        assert laid["fits"], laid
        assert await screen.evaluate(WRAPPED) == [], "a name or faction broken across lines"
        assert laid["bottom"] >= 0.8 * SCREEN[1], f"{players} players leave the screen's foot empty: {laid}"
        assert laid["font"] >= (30 if players <= 8 else 18 if players <= 32 else 14), laid
        assert screen.errors == [], screen.errors


@pytest.mark.parametrize("players", [8, 32])
async def test_a_finished_event_fills_the_screen_with_its_podium_and_final_standings(
    web_driver: OfflineDriver, players: int
) -> None:
    url = await _event(web_driver, players, finish=True)
    async with chromium.chromium() as browser:
        screen = await browser.new_page()
        await screen.size(*SCREEN)
        await screen.open(f"{url}?screen=1")
        await screen.wait_for("document.body.dataset.fitted === '1'")
        laid = await screen.evaluate(LAID_OUT)
        _looks_drawn(await screen.screenshot(OUT / f"screen-finished-{players}.png"))
        headings = await screen.evaluate(
            "Array.from(document.querySelectorAll('#live > section h2'), (h) => h.textContent)"
        )
        assert headings[:2] == ["Podium", "Final standings"], headings
        assert laid["pages"] == 0 and laid["fits"], laid
        assert await screen.evaluate(WRAPPED) == []
        assert laid["bottom"] >= 0.9 * SCREEN[1], f"the finished screen leaves its foot empty: {laid}"
        # No quarter left empty: the final standings use the screen's whole width.
        width = await screen.evaluate(
            "document.querySelector('#live > section.table-wrap').getBoundingClientRect().width"
        )
        assert width >= 0.9 * SCREEN[0], width
        assert screen.errors == [], screen.errors


PHONE = (390, 844)
NO_SIDEWAYS = "document.documentElement.scrollWidth <= window.innerWidth"


async def test_a_team_round_while_its_captains_pair_on_the_screen_and_a_phone(
    web_driver: OfflineDriver,
) -> None:
    driver = web_driver
    url = await _team_event(driver)
    public(await driver.command("/tournament pair threads:false", user="olga"))
    t = (await state(driver)).tournament
    match = t.team_rounds[-1].matches[0]
    captain = name_of(driver, next(team.captain for team in t.teams if team.id == match.a))
    other = name_of(driver, next(team.captain for team in t.teams if team.id == match.b))
    await driver.command(
        f"/tournament team defender player:@{name_of(driver, match.ritual.roster_a[0])}", user=captain
    )
    await driver.command(
        f"/tournament team defender player:@{name_of(driver, match.ritual.roster_b[0])}", user=other
    )
    async with chromium.chromium() as browser:
        screen = await browser.new_page()
        await screen.size(*SCREEN)
        await screen.open(f"{url}?screen=1")
        await screen.wait_for("document.body.dataset.fitted === '1'")
        laid = await screen.evaluate(LAID_OUT)
        _looks_drawn(await screen.screenshot(OUT / "screen-team-pairing.png"))
        assert laid["pages"] == 0 and laid["fits"], laid
        assert await screen.evaluate("document.querySelectorAll('section.round .match').length") == 2
        steps = await screen.evaluate(
            "Array.from(document.querySelectorAll('.match .state'), (s) => s.textContent)"
        )
        assert steps == ["pairing: step 2 of 3, attackers", "pairing: step 1 of 3, defenders"], steps
        assert await screen.evaluate(WRAPPED) == []
        assert screen.errors == [], screen.errors

        phone = await browser.new_page()
        await phone.size(*PHONE, mobile=True)
        await phone.open(url)
        assert await phone.evaluate(NO_SIDEWAYS), "nothing runs off a phone's side"
        assert "Defenders:" in await phone.evaluate("document.querySelector('section.round').innerText")
        _looks_drawn_at(await phone.screenshot(OUT / "phone-team-pairing.png"), PHONE)
        assert phone.errors == [], phone.errors


async def test_revealed_lists_on_a_phone(web_driver: OfflineDriver) -> None:
    driver = web_driver
    url = await _gt(driver)
    public(await driver.command("/tournament list reveal", user="olga"))
    async with chromium.chromium() as browser:
        phone = await browser.new_page()
        await phone.size(*PHONE, mobile=True)
        await phone.open(url)
        await phone.evaluate("document.querySelector('section.lists details').open = true")
        await phone.evaluate("document.querySelector('section.lists').scrollIntoView()")
        units = await phone.evaluate(
            "Array.from(document.querySelectorAll('ul.units .unit'), (u) => u.textContent)"
        )
        assert units[:2] == ["Ash Wardens", "Gravel Hulk"], units
        assert await phone.evaluate("document.querySelectorAll('script').length") == 1, (
            "a unit's name stays text"
        )
        assert await phone.evaluate(NO_SIDEWAYS)
        _looks_drawn_at(await phone.screenshot(OUT / "phone-lists.png"), PHONE)
        assert phone.errors == [], phone.errors


def _looks_drawn_at(png: bytes, size: tuple[int, int]) -> None:
    image = Image.open(io.BytesIO(png)).convert("RGB")
    assert image.size == size
    assert len(image.getcolors(maxcolors=1 << 20) or []) > 20, "more than a blank page"
