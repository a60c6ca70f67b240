"""A team event's web page and JSON: the team standings first (names escaped), the players' own
on request."""

from __future__ import annotations

import json
import random
import re

import aiohttp

from bot.offline import OfflineDriver
from rules.tournament.public import public_view
from rules.tournament.teams import add_team_player, create_team, new_team_event, pair_team_round
from tests.cogs.tournament_helpers import name_of, public, state
from tests.web.conftest import cup, page_links
from web import pages

HOSTILE = '<script>alert(1)</script> & "Owls"'


def _event():
    t = new_team_event("Team Cup", 300, 3)
    for k, name in enumerate((HOSTILE, "Ravens")):
        t = create_team(t, name, f"{k}a", f"Cap {k}")
        for j in "bc":
            t = add_team_player(t, f"t{k + 1}", f"{k}{j}", f"Player {k}{j}")
    return pair_team_round(t, random.Random(1))


def test_the_page_shows_the_teams_first_and_escapes_their_names() -> None:
    view = public_view(_event(), reported=())
    html = pages.live(view, screen=False)
    assert html.index("Team standings") < html.index("Players' standings")
    assert "<script>alert" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Owls&quot;" in html
    assert "Cap 0, Player 0b, Player 0c" in html


def test_the_json_holds_the_team_standings() -> None:
    data = json.loads(public_view(_event(), reported=()).model_dump_json())
    assert data["team_size"] == 3 and data["team_columns"] == ["TP", "OP"]
    assert [t["name"] for t in data["teams"]] == [HOSTILE, "Ravens"]
    assert data["teams"][0]["players"] == ["Cap 0", "Player 0b", "Player 0c"]


# --- a team event's page through the bot, while the captains pair -------------------------------

TEAMS = {  # captain -> (team name, other players)
    "ann": ("Owls", ("bo", "cy")),
    "di": (HOSTILE, ("ed", "flo")),
    "gus": ("Ravens", ("hal", "ivy")),
    "jo": ("Wolves", ("kim", "lu")),
}


async def _team_event(driver: OfflineDriver) -> str:
    public(await driver.command('/tournament create name:"Team Cup" tier:300 team_size:3', user="olga"))
    for captain, (name, others) in TEAMS.items():
        public(await driver.command(f'/tournament team create name:"{name}" faction:"Nomads"', user=captain))
        for other in others:
            public(await driver.command(f"/tournament team add player:@{other}", user=captain))
    for number, scenario in ((1, "acquisition"), (2, "frostbyte"), (3, "supremacy")):
        public(await driver.command(f"/tournament mission round:{number} scenario:{scenario}", user="olga"))
    return page_links(public(await driver.command("/tournament info", user="ann")))[0]


EXPORTS = ("/players.csv", "/results.csv", "/teams.csv", "?screen=1")


def _captain(driver: OfflineDriver, t, team_id: str) -> str:  # type: ignore[no-untyped-def]
    return name_of(driver, next(team.captain for team in t.teams if team.id == team_id))


async def test_the_page_follows_a_team_round_while_its_captains_pair(
    web_driver: OfflineDriver, http: aiohttp.ClientSession
) -> None:
    driver = web_driver
    url = await _team_event(driver)
    public(await driver.command("/tournament team sub player:@lu substitute:@mo", user="olga"))
    head = await (await http.get(url)).text()
    assert "4 teams of 3 · 12 players" in head and "13 players" not in head

    public(await driver.command("/tournament pair threads:false", user="olga"))
    t = (await state(driver)).tournament
    first, second = t.team_rounds[-1].matches
    names = {team.id: team.name for team in t.teams}
    cap_a, cap_b = _captain(driver, t, first.a), _captain(driver, t, first.b)
    a, b = first.ritual.roster_a, first.ritual.roster_b

    # The secret: team A's captain picks a defender; the page and JSON are the same whichever
    # player it was, and say only that team B is to pick.
    pages_seen, json_seen = [], []
    for defender in (a[0], a[1]):
        public(await driver.command(f"/tournament team reset team:{names[first.a]}", user="olga"))
        made = await driver.command(
            f"/tournament team defender player:@{name_of(driver, defender)}", user=cap_a
        )
        assert f"Your defender: {t.name_of(defender)}" in made.text, made.text
        seen = [
            re.sub(r'data-etag="[^"]*"', "", await (await http.get(f"{url}{path}")).text())
            for path in ("/live", *EXPORTS)
        ]
        pages_seen.append(seen)
        json_seen.append((await (await http.get(f"{url}.json")).json())["current"])
    assert pages_seen[0] == pages_seen[1] and json_seen[0] == json_seen[1], "the page and exports"
    pages_seen = [seen[0] for seen in pages_seen]
    assert "waiting for " in pages_seen[0] and "every result is in" not in pages_seen[0]
    assert json_seen[0]["matches"][0]["defenders"] is None
    assert json_seen[0]["matches"][0]["waiting"] == [names[first.b]]

    # Both defenders picked: revealed; then team A's attackers are picked but not revealed.
    await driver.command(f"/tournament team defender player:@{name_of(driver, b[0])}", user=cap_b)
    await driver.command(
        f"/tournament team attackers first:@{name_of(driver, a[0])} second:@{name_of(driver, a[2])}",
        user=cap_a,
    )
    html = await (await http.get(url)).text()
    data = await (await http.get(f"{url}.json")).json()
    assert "every result is in" not in html and "captains pairing (0 of 2 team matches paired)" in html
    assert data["current"]["expected"] == 6 and len(data["current"]["matches"]) == 2
    busy, idle = data["current"]["matches"]
    assert busy["a"] == names[first.a] and busy["state"] == idle["state"] == "pairing"
    assert busy["step"] == "attackers" and busy["waiting"] == [names[first.b]]
    assert busy["defenders"] == [t.name_of(a[1]), t.name_of(b[0])]
    assert busy["attackers"] is None, "team A's attackers are picked but not revealed"
    assert idle["step"] == "defender" and set(idle["waiting"]) == {names[second.a], names[second.b]}
    assert "pairing: step 2 of 3, attackers" in html and "Tables 1–3" in html and "Tables 4–6" in html
    assert "<script>alert" not in html and "&lt;script&gt;alert(1)&lt;/script&gt;" in html

    # Team B sends theirs: both revealed, the refusals begin; then the match is paired.
    await driver.command(
        f"/tournament team attackers first:@{name_of(driver, b[1])} second:@{name_of(driver, b[2])}",
        user=cap_b,
    )
    data = await (await http.get(f"{url}.json")).json()
    busy = data["current"]["matches"][0]
    assert busy["step"] == "refuse" and busy["attackers"] is not None
    await driver.command(f"/tournament team refuse player:@{name_of(driver, b[1])}", user=cap_a)
    await driver.command(f"/tournament team refuse player:@{name_of(driver, a[2])}", user=cap_b)
    data = await (await http.get(f"{url}.json")).json()
    busy = data["current"]["matches"][0]
    assert busy["state"] == "playing" and len(busy["games"]) == 3
    assert [g["table"] for g in busy["games"]] == [1, 2, 3]
    assert "captains pairing (1 of 2 team matches paired)" in data["status"]
    html = await (await http.get(url)).text()
    assert html.count('class="game playing"') == 3


async def test_teams_csv_is_served_and_linked_like_the_other_exports(
    web_driver: OfflineDriver, http: aiohttp.ClientSession
) -> None:
    driver = web_driver
    url = await _team_event(driver)
    html = await (await http.get(url)).text()
    token = url.rsplit("/", 1)[1]
    assert f'<a href="{token}/teams.csv">teams.csv</a>' in html
    exported = public(await driver.command("/tournament export", user="ann"))
    attached = next(x for x in exported.attachments if x.filename == "teams.csv").data.decode()
    served = await http.get(f"{url}/teams.csv")
    assert served.status == 200 and served.headers["Content-Type"].startswith("text/csv")
    assert served.headers["Content-Disposition"] == 'attachment; filename="teams.csv"'
    assert await served.text() == attached and "Owls" in attached
    assert "'&lt;script" not in attached and "<script>alert(1)</script>" in attached  # CSV is data


async def test_a_singles_event_has_no_teams_csv(
    web_driver: OfflineDriver, http: aiohttp.ClientSession
) -> None:
    url = await cup(web_driver, players=4)
    assert "teams.csv" not in await (await http.get(url)).text()
    assert (await http.get(f"{url}/teams.csv")).status == 404
