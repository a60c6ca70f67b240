"""The web page of a 40k event: the format's columns and scores, escaped like every value."""

from __future__ import annotations

import random

from rules.tournament import add_player, create_tournament, pair_next_round, record_result
from rules.tournament.model import GameResult
from rules.tournament.public import public_view
from tests.cogs.tournament_helpers import public
from tests.web.conftest import page_links
from web import pages

HOSTILE = "<b>@everyone</b> [x](https://x.example)"


def test_a_40k_page_shows_its_own_columns_and_escapes_names() -> None:
    t = create_tournament(HOSTILE, game="40k", scoring="record", points=2000)
    for pid in "12345":
        t = add_player(t, pid, f"{HOSTILE}{pid}", "<i>Orks</i>")
    t = pair_next_round(t, random.Random(4))
    g = t.current.games[0]
    t = record_result(t, g.a, g.b, GameResult(vp_a=85, vp_b=40))
    html = pages.live(public_view(t, reported=()), screen=False)
    assert "<b>@everyone" not in html and "<i>Orks" not in html
    assert "&lt;b&gt;@everyone&lt;/b&gt;" in html
    heads = ["W-D-L", "RP", "BP", "SoS", "VP±"]
    assert all(f">{h}</th>" in html for h in heads) and "Opp. OP" not in html
    assert "40k · record (W/D/L 10/5/0) · 2000 points" in html
    assert '<b class="op">85</b><span class="vp">VP</span><span class="tp">10 RP</span>' in html
    assert "<td>1-0-0</td><td>10</td><td>85</td><td>40</td><td>+45</td>" in html
    assert "10 RP</span>" in html  # the bye: a win


async def test_revealed_lists_and_check_in_reach_the_page(web_driver, http) -> None:  # type: ignore[no-untyped-def]
    driver = web_driver
    public(await driver.command('/tournament create name:"Spring GT" game:40k', user="olga"))
    for name in ("ann", "bo", "cy", "di"):
        public(await driver.command('/tournament join faction:"Orks"', user=name))
    info = public(await driver.command("/tournament info", user="olga"))
    url = page_links(info)[0]
    public(await driver.command("/tournament checkin open", user="olga"))
    public(await driver.command("/tournament checkin player player:@ann", user="olga"))
    page = await (await http.get(url)).text()
    assert "Check-in open: 1 of 4" in page and "Not checked in: Bo, Cy, Di" in page

    await driver.command("/tournament list submit", user="bo", text=f"{HOSTILE} 1,000 points of boyz")
    sealed = await (await http.get(url)).text()
    assert "boyz" not in sealed, "a sealed list is never on the page"
    public(await driver.command("/tournament list reveal", user="olga"))
    shown = await (await http.get(url)).text()
    assert "Army lists" in shown and "1,000 points of boyz" in shown
    assert "<b>@everyone" not in shown and "&lt;b&gt;@everyone&lt;/b&gt;" in shown
    replaced = await driver.command("/tournament list submit player:@bo", user="olga", text="Bo's new list")
    assert replaced.message.ephemeral
    assert "Bo&#x27;s new list" in await (await http.get(url)).text()


def test_the_page_has_a_faction_table_once_a_game_is_played() -> None:
    t = create_tournament("Cup", game="40k", scoring="record", points=2000)
    for pid, faction in zip("1234", ("Orks", "Orks", "<i>Eldar</i>", "Necrons"), strict=True):
        t = add_player(t, pid, f"P{pid}", faction)
    t = pair_next_round(t, random.Random(4))
    assert "Factions" not in pages.live(public_view(t, reported=()), screen=False)
    for g in t.current.games:
        t = record_result(t, g.a, g.b, GameResult(vp_a=60, vp_b=60))
    html = pages.live(public_view(t, reported=()), screen=False)
    assert "<summary>Factions</summary>" in html and "<i>Eldar" not in html
    assert (
        "<td>&lt;i&gt;Eldar&lt;/i&gt;</td><td>1</td><td>1</td><td>0-1-0</td><td>50.0%*</td><td>60.0</td>"
        in html
    )
    assert "Mirror matches left out" in html
    assert "Factions" not in pages.live(public_view(t, reported=()), screen=True), "not on the venue screen"


async def test_a_season_has_its_own_page(web_driver, http) -> None:  # type: ignore[no-untyped-def]
    from tests.cogs.test_season import _finished_event

    driver = web_driver
    await _finished_event(driver, "Autumn", {"ann"})
    await _finished_event(driver, "Winter", {"bo"})
    public(
        await driver.command(
            '/season create name:"<b>League</b>" best:1 events:"Autumn, Winter"', user="olga"
        )
    )
    table = public(await driver.command('/season table season:"<b>League</b>"', user="di"))
    links = page_links(table)
    assert len(links) == 1 and "/s/" in links[0]
    html = await (await http.get(links[0])).text()
    assert "&lt;b&gt;League&lt;/b&gt;" in html and "<b>League" not in html
    assert "Season · best 1 result of 2 finished events" in html
    # Ann and Bo each won one event (10), Cy and Di at most drew (5 or 0).
    assert "<td>1</td><td>Ann</td><td>10</td><td>2</td>" in html
    assert "<td>1</td><td>Bo</td><td>10</td><td>2</td>" in html
    assert (await http.get(links[0][:-3] + "xyz")).status == 404
