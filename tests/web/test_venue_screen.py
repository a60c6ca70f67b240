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
from tests.cogs.tournament_helpers import games, name_of, public
from tests.web import chromium
from tests.web.conftest import page_links

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
