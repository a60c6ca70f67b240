"""Army lists on the web page: a revealed roster shows its units (as ``/tournament list show``
does), a sealed list is never served by any address, and everything a player typed is escaped."""

from __future__ import annotations

import aiohttp

from bot.offline import Attachment, OfflineDriver
from tests import rosters
from tests.cogs.tournament_helpers import public
from tests.web.conftest import page_links
from web import pages as page_module

HOSTILE = '<img src=x onerror=alert(1)> & "Patrol"'
SECRET = "Sealed-secret-Nomad-list"


def _hostile_unit() -> dict:  # type: ignore[type-arg]
    unit = rosters.lantern_seer()
    unit["name"] = "<script>alert(2)</script> Seer"
    return unit


async def _gt(driver: OfflineDriver) -> str:
    public(await driver.command('/tournament create name:"Spring GT" game:40k points:2000', user="olga"))
    for name in ("ann", "bo", "cy", "di"):
        public(await driver.command('/tournament join faction:"Cinder Host"', user=name))
    tree = rosters.roster_tree(
        [rosters.ash_wardens(), rosters.gravel_hulk(), _hostile_unit()], name=HOSTILE, points=2150
    )
    handed = await driver.command(
        "/tournament list submit", user="ann", file=Attachment("gt.json", rosters.as_json(tree))
    )
    assert handed.message.ephemeral and "Incident" not in handed.text, handed.text
    await driver.command("/tournament list submit", user="bo", text=SECRET)
    return page_links(public(await driver.command("/tournament info", user="olga")))[0]


async def _everything(http: aiohttp.ClientSession, url: str) -> str:
    """Every address of the page a visitor could ask for, answers joined."""
    answers = []
    for suffix in ("", "?screen=1", "/live", ".json", "/players.csv", "/results.csv", "/list/1", "/list/2"):
        async with http.get(url + suffix) as got:
            answers.append(await got.text())
    return "\n".join(answers)


async def test_a_revealed_roster_shows_its_units_and_a_sealed_list_is_never_served(
    web_driver: OfflineDriver, http: aiohttp.ClientSession
) -> None:
    driver = web_driver
    url = await _gt(driver)
    sealed = await _everything(http, url)
    for secret in ("Ash Wardens", "Gravel Hulk", "Ember carbine", "Patrol", "img src", SECRET):
        assert secret not in sealed, f"{secret!r} of a sealed list is served"
    assert (await http.get(f"{url}/list/1")).status == 404

    public(await driver.command("/tournament list reveal", user="olga"))
    html = await (await http.get(url)).text()
    assert "Army lists" in html
    # What /tournament list show shows: the roster's name, each unit with its models (and here
    # its wargear), and the checks.
    shown = (await driver.command("/tournament list show player:@ann", user="cy")).text
    for said in ("Ash Wardens", "10 models", "Gravel Hulk", "1 model", "Ember carbine x9"):
        assert said in shown.replace("\\", ""), shown
    assert '<span class="unit">Ash Wardens</span> <span class="models">10 models</span>' in html
    assert '<span class="unit">Gravel Hulk</span> <span class="models">1 model</span>' in html
    assert "Ember carbine x9" in html and "Quake cannon" in html
    assert "2150 points: over the 2000-point limit by 150." in html
    assert SECRET in html, "a typed list shows as written once revealed"
    # Escaped: the roster's name and a unit's name are text, never markup.
    assert "<img src=x" not in html and "<script>alert(2)" not in html
    assert "&lt;img src=x onerror=alert(1)&gt; &amp; &quot;Patrol&quot;" in html
    assert "&lt;script&gt;alert(2)&lt;/script&gt; Seer" in html

    data = await (await http.get(f"{url}.json")).json()
    ann = next(x for x in data["lists"] if x["player"] == "Ann")
    assert [u["name"] for u in ann["roster_units"]][:2] == ["Ash Wardens", "Gravel Hulk"]
    assert ann["roster_units"][0]["models"] == 10 and "Ember carbine x9" in ann["roster_units"][0]["wargear"]

    # An organiser replaces the roster: the page shows the new units, not the old ones kept.
    smaller = rosters.roster_tree([rosters.ash_wardens(4)], name="Fixed list", points=1990)
    await driver.command(
        "/tournament list submit player:@ann",
        user="olga",
        file=Attachment("fixed.json", rosters.as_json(smaller)),
    )
    html = await (await http.get(url)).text()
    assert "Fixed list" in html and "Gravel Hulk" not in html and "5 models" in html


async def test_a_large_events_lists_open_one_at_a_time(
    web_driver: OfflineDriver, http: aiohttp.ClientSession, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(page_module, "INLINE_LIST_CHARS", 10)
    driver = web_driver
    url = await _gt(driver)
    public(await driver.command("/tournament list reveal", user="olga"))
    html = await (await http.get(url)).text()
    assert '<details data-list="1">' in html and "Ash Wardens" not in html
    one = await (await http.get(f"{url}/list/1")).text()
    assert '<span class="unit">Ash Wardens</span>' in one and "<script>alert(2)" not in one
    assert SECRET in await (await http.get(f"{url}/list/2")).text()
    assert (await http.get(f"{url}/list/3")).status == 404


async def test_a_revealed_lists_checks_are_said_in_the_visitors_language(
    web_driver: OfflineDriver, http: aiohttp.ClientSession
) -> None:
    driver = web_driver
    url = await _gt(driver)
    public(await driver.command("/tournament list reveal", user="olga"))
    html = await (await http.get(url, headers={"Accept-Language": "es-ES,es;q=0.9"})).text()
    assert "2150 puntos: supera en 150 el límite de 2000 puntos." in html
    assert "over the 2000-point limit" not in html
    data = await (await http.get(f"{url}.json")).json()
    ann = next(x for x in data["lists"] if x["player"] == "Ann")
    assert "2150 points: over the 2000-point limit by 150." in ann["checks"]
