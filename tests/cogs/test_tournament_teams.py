"""/tournament team ...: a team event from create to team standings, the captains' private
pairing (nothing of one captain's picks reaches the other before both picked), a restart in the
middle of it, the command form for organisers, and hostile team names."""

from __future__ import annotations

from bot.offline import Channel, Message, OfflineDriver
from tests.cogs.tournament_helpers import pngs, public, refused, state

OWLS = ("ann", "bo", "cy")
HOSTILE = "@everyone [x](https://x.example) <@123>"
FOES = ("di", "ed", "flo")


async def _two_teams(driver: OfflineDriver) -> None:
    made = public(
        await driver.command('/tournament create name:"Team Cup" tier:300 team_size:3', user="olga")
    )
    assert "team of 3" in made.text
    # A team event is joined by teams: its post never points players at /tournament join.
    assert "/tournament join" not in made.text and "/tournament team create" in made.text
    public(await driver.command('/tournament team create name:Owls faction:"PanOceania"', user="ann"))
    for name in OWLS[1:]:
        added = public(await driver.command(f"/tournament team add player:@{name}", user="ann"))
        assert "Owls" in added.text and not added.pings
    created = public(await driver.command(f'/tournament team create name:"{HOSTILE}"', user="di"))
    assert not created.pings and "@everyone" not in created.text.replace("@\u200beveryone", "")
    for name in FOES[1:]:
        public(await driver.command(f"/tournament team add player:@{name}", user="di"))
    public(await driver.command("/tournament mission round:1 scenario:acquisition", user="olga"))


async def match_thread(driver: OfflineDriver) -> Channel:
    """The thread of round 1's first team match."""
    s = await state(driver)
    thread_id = next(g.thread_id for g in s.threads if g.round == len(s.tournament.team_rounds))
    return next(c for c in driver.channels.values() if c.id == thread_id)


def last_post(driver: OfflineDriver, thread: Channel) -> Message:
    """The newest public message of ``thread``: where a step of the ritual is revealed."""
    return [m for m in driver.history(thread) if not m.ephemeral][-1]


async def test_teams_are_built_by_captains_and_refuse_what_breaks_the_rules(driver: OfflineDriver) -> None:
    await _two_teams(driver)
    full = refused(await driver.command("/tournament team add player:@gus", user="ann"), "Owls already has 3")
    assert "remove one first" in full
    refused(await driver.command("/tournament team add player:@bo", user="di"), "Bo already plays for Owls")
    refused(await driver.command("/tournament team add player:@gus", user="bo"), "You captain no team")
    refused(
        await driver.command("/tournament team add player:@gus team:Owls", user="bo"),
        "Only the organisers",
    )
    refused(await driver.command('/tournament join faction:"Nomads"', user="gus"), "is a team event")
    shown = public(await driver.command("/tournament team show", user="gus"))
    assert "Owls" in shown.text and "(captain)" in shown.text and not shown.pings
    refused(await driver.command("/tournament team remove player:@ann", user="ann"), "hand the captaincy")
    handed = public(await driver.command("/tournament team captain player:@bo", user="ann"))
    assert "now captains **Owls**" in handed.text
    refused(await driver.command("/tournament team add player:@gus", user="ann"), "You captain no team")
    # A short team is refused by name when the round is paired.
    public(await driver.command("/tournament team remove player:@cy", user="bo"))
    refused(await driver.command("/tournament pair", user="olga"), "exactly 3 players: Owls has 2")


async def test_the_captains_pair_privately_and_it_survives_a_restart(driver: OfflineDriver) -> None:
    await _two_teams(driver)
    paired = public(await driver.command("/tournament pair", user="olga"))
    assert "Tables 1-3" in paired.text and paired.pings == {driver.user("ann").id, driver.user("di").id}
    button = paired

    di_before = (await driver.press(button, "Open my pairing (captains)", user="di")).message
    assert di_before.ephemeral and "pick your **defender**" in di_before.text
    ann_panel = (await driver.press(button, "Open my pairing (captains)", user="ann")).message
    assert ann_panel.ephemeral and [label for label, _ in ann_panel.selects[0].options] == ["Ann", "Bo", "Cy"]
    picked = await driver.choose(ann_panel, "Bo", user="ann")
    assert picked.message.ephemeral and "Your defender: Bo" in picked.text
    assert all(m.ephemeral for m in picked.messages)  # nothing public until both picked
    # Di's view after Ann's pick is exactly what it was before: nothing of it shows.
    di_after = (await driver.press(button, "Open my pairing (captains)", user="di")).message
    assert di_after.text == di_before.text
    refused(await driver.press(button, "Open my pairing (captains)", user="gus"), "Only the teams' captains")
    # /games: the pairing waits on Di (who has not picked), not on Ann (who has).
    assert "1 waiting on you" in (await driver.command("/games", user="di")).text
    ann_games = (await driver.command("/games", user="ann")).text
    assert "0 waiting on you" in ann_games and f"waiting on {driver.user('di').mention}: pick" in ann_games

    await driver.restart()
    di_panel = (await driver.press(button, "Open my pairing (captains)", user="di")).message
    revealed = await driver.choose(di_panel, "Ed", user="di")
    # Issue 38, item 16: each step is revealed in the match's thread, as its first message says.
    thread = await match_thread(driver)
    assert not [m for m in revealed.messages if not m.ephemeral]
    reveal = last_post(driver, thread)
    assert "defenders revealed:" in reveal.text and "Owls: Bo" in reveal.text and ": Ed" in reveal.text
    assert "@everyone" not in reveal.text.replace("@\u200beveryone", "") and not reveal.pings
    # Di's panel moved straight on to the attackers (two of them).
    di_panel = revealed.edited[0] if revealed.edited else revealed.messages[0]
    assert di_panel.selects[0].min_values == 2
    await driver.choose(di_panel, ["Di", "Flo"], user="di")
    # Ann's old panel (made for the defender step) is refused, not applied to the next step.
    refused(await driver.choose(picked.message, "Cy", user="ann"), "step of the pairing that is over")
    ann_panel = (await driver.press(reveal, "Open my pairing (captains)", user="ann")).message
    assert "Their defender: Ed" in ann_panel.text and "They send" not in ann_panel.text
    revealed = await driver.choose(ann_panel, ["Ann", "Cy"], user="ann")
    shown = last_post(driver, thread)
    assert "Owls sends Ann, Cy" in shown.text and "sends Di, Flo" in shown.text
    # Refusals: Ann refuses Flo (Di plays Bo); Di refuses Cy (Ann plays Ed); Cy and Flo meet.
    ann_panel = revealed.edited[0] if revealed.edited else revealed.messages[0]
    await driver.choose(ann_panel, "Flo", user="ann")
    di_panel = (await driver.press(shown, "Open my pairing (captains)", user="di")).message
    await driver.choose(di_panel, "Cy", user="di")
    final = last_post(driver, thread)
    assert "The pairing is complete" in final.text
    assert "Table 1:" in final.text and final.pings == {driver.user(n).id for n in (*OWLS, *FOES)}
    t = (await state(driver)).tournament
    games = {frozenset((t.name_of(g.a), t.name_of(g.b))) for g in t.current.games}
    assert games == {frozenset(("Bo", "Di")), frozenset(("Ann", "Ed")), frozenset(("Cy", "Flo"))}
    assert sorted(g.table for g in t.current.games) == [1, 2, 3]


async def test_organisers_pick_for_a_captain_reset_and_see_team_standings(driver: OfflineDriver) -> None:
    await _two_teams(driver)
    public(await driver.command("/tournament pair", user="olga"))
    picked = (await driver.command("/tournament team defender player:@bo team:Owls", user="olga")).message
    assert picked.ephemeral and "Your defender: Bo" in picked.text
    refused(
        await driver.command("/tournament team defender player:@di team:Owls", user="olga"),
        "Di is not in your pool",
    )
    reset = public(await driver.command("/tournament team reset team:Owls", user="olga"))
    assert "starts over" in reset.text
    refused(await driver.command("/tournament team reset team:Owls", user="ann"), "Only the organisers")
    swapped = await driver.command("/tournament swap player:@bo other:@cy", user="olga")
    refused(swapped, "/tournament team reset")
    steps = [
        ("ann", "defender player:@bo"),
        ("di", "defender player:@ed"),
        ("ann", "attackers first:@ann second:@cy"),
        ("di", "attackers first:@di second:@flo"),
        ("ann", "refuse player:@flo"),
        ("di", "refuse player:@cy"),
    ]
    for user, command in steps:
        reply = await driver.command(f"/tournament team {command}", user=user)
        assert reply.messages[0].ephemeral, reply.text
    for a, b, op in (("bo", "di", (6, 2)), ("ann", "ed", (3, 4)), ("cy", "flo", (5, 5))):
        public(
            await driver.command(
                f"/tournament result player:@{a} opponent:@{b} player_op:{op[0]} player_vp:100 "
                f"opponent_op:{op[1]} opponent_vp:100",
                user="olga",
            )
        )
    standings = public(await driver.command("/tournament standings", user="gus"))
    field = standings.card.data["fields"][0]["value"]
    # Owls 5 + 1 + 3 = 9 TP beat the other team's 0 + 4 + 3 = 7.
    assert field.splitlines()[0].startswith("🥇 **Owls**: 2 pts · 1-0-0 · 9 TP · 14 OP")
    assert "@everyone" not in field.replace("@\u200beveryone", "") and not standings.pings
    (picture,) = pngs(standings, "team-standings-")
    assert picture.width == 1000
    players = public(await driver.command("/tournament standings players:true", user="gus"))
    assert players.attachments
    exported = public(await driver.command("/tournament export", user="gus"))
    teams_csv = next(a for a in exported.attachments if a.filename == "teams.csv").data.decode()
    lines = teams_csv.splitlines()
    assert lines[1].startswith("1,Owls,Ann,Ann / Bo / Cy,2,1,0,0,0,9,14,")
    assert lines[2].startswith(f"2,'{HOSTILE},Di,")  # a formula-like name is made safe to open


async def test_help_lists_the_team_commands(driver: OfflineDriver) -> None:
    shown = (await driver.command("/help topic:tournament")).message
    for name in (
        "create",
        "add",
        "remove",
        "show",
        "defender",
        "attackers",
        "refuse",
        "reset",
        "sub",
        "drop",
    ):
        assert f"/tournament team {name}" in shown.text


def _option_chars(option: dict) -> int:
    chars = len(option.get("name", "")) + len(option.get("description", ""))
    chars += sum(len(str(c["name"])) + len(str(c["value"])) for c in option.get("choices") or [])
    return chars + sum(_option_chars(o) for o in option.get("options") or [])


async def test_the_tournament_command_stays_inside_discords_limits(driver: OfflineDriver) -> None:
    """At most 25 subcommands (or groups) per level and 8,000 characters of names, descriptions
    and choices in the whole command: the team commands live in their own group."""
    data = driver.bot.tree.get_command("tournament").to_dict(driver.bot.tree)

    def check(option: dict) -> None:
        assert len(option.get("options") or []) <= 25, option["name"]
        for child in option.get("options") or []:
            check(child)

    check(data)
    assert _option_chars(data) <= 8000
    team = next(o for o in data["options"] if o["name"] == "team")
    assert len(team["options"]) == 12


async def test_a_40k_wtc_team_event_sums_match_points(driver: OfflineDriver) -> None:
    public(
        await driver.command(
            '/tournament create name:"GT Teams" game:40k scoring:wtc team_size:3', user="olga"
        )
    )
    public(await driver.command("/tournament team create name:Owls", user="ann"))
    for name in OWLS[1:]:
        public(await driver.command(f"/tournament team add player:@{name}", user="ann"))
    public(await driver.command("/tournament team create name:Ravens", user="di"))
    for name in FOES[1:]:
        public(await driver.command(f"/tournament team add player:@{name}", user="di"))
    public(await driver.command("/tournament pair threads:false", user="olga"))  # no scenario asked
    for user, command in (
        ("ann", "defender player:@bo"),
        ("di", "defender player:@ed"),
        ("ann", "attackers first:@ann second:@cy"),
        ("di", "attackers first:@di second:@flo"),
        ("ann", "refuse player:@flo"),
        ("di", "refuse player:@cy"),
    ):
        assert (await driver.command(f"/tournament team {command}", user=user)).messages[0].ephemeral
    # Bo beats Di 80-40 (17-3), Ann and Ed draw 50-50 (10-10), Cy loses to Flo 30-90 (0-20).
    for a, b, vp in (("bo", "di", (80, 40)), ("ann", "ed", (50, 50)), ("cy", "flo", (30, 90))):
        public(
            await driver.command(
                f"/tournament result player:@{a} opponent:@{b} player_vp:{vp[0]} opponent_vp:{vp[1]}",
                user="olga",
            )
        )
    standings = public(await driver.command("/tournament standings", user="gus"))
    lines = standings.card.data["fields"][0]["value"].splitlines()
    assert lines[0].startswith("🥇 **Ravens**: 2 pts · 1-0-0 · 33 MP · 180 VP"), lines
    assert lines[1].startswith("🥈 **Owls**: 0 pts · 0-0-1 · 27 MP · 160 VP"), lines


async def test_info_lists_the_teams_with_their_players(driver: OfflineDriver) -> None:
    await _two_teams(driver)
    info = public(await driver.command("/tournament info", user="gus"))
    assert "Teams (2)" in info.text and "Players (" not in info.text
    assert "**Owls** (3/3): Ann (captain), Bo, Cy" in info.text
    assert "(3/3): Di (captain), Ed, Flo" in info.text and not info.pings


async def test_a_team_format_is_picked_at_creation_and_plays_its_ritual(driver: OfflineDriver) -> None:
    refused(
        await driver.command('/tournament create name:"Solo" game:40k team_format:margin', user="olga"),
        "add `team_size:`",
    )
    refused(
        await driver.command(
            '/tournament create name:"T" game:40k team_size:3 team_format:wtc team_margin:2', user="olga"
        ),
        "belongs to `team_format:margin`",
    )
    made = public(
        await driver.command(
            '/tournament create name:"Quick Teams" game:40k scoring:wtc team_size:3 '
            "team_format:refused-play team_points:3-2-1",
            user="olga",
        )
    )
    assert "refused attackers play · team points 3/2/1" in made.text
    public(await driver.command("/tournament team create name:Owls", user="ann"))
    for name in OWLS[1:]:
        public(await driver.command(f"/tournament team add player:@{name}", user="ann"))
    public(await driver.command("/tournament team create name:Ravens", user="di"))
    for name in FOES[1:]:
        public(await driver.command(f"/tournament team add player:@{name}", user="di"))
    public(await driver.command("/tournament pair threads:false", user="olga"))
    for user, command in (
        ("ann", "defender player:@bo"),
        ("di", "defender player:@ed"),
        ("ann", "attackers first:@ann second:@cy"),
        ("di", "attackers first:@di second:@flo"),
        ("ann", "refuse player:@flo"),
        ("di", "refuse player:@cy"),
    ):
        assert (await driver.command(f"/tournament team {command}", user=user)).messages[0].ephemeral
    t = (await state(driver)).tournament
    assert t.team_format.variant.value == "refused-play"
    # The refused Flo and Cy meet at once: 3 games from one pass.
    ids = {name: str(driver.user(name).id) for name in (*OWLS, *FOES)}
    games = {frozenset(g.players) for g in t.current.games if g.b}
    assert frozenset((ids["cy"], ids["flo"])) in games and len(games) == 3
    for a, b in (("bo", "di"), ("ann", "ed"), ("cy", "flo")):
        public(
            await driver.command(
                f"/tournament result player:@{a} opponent:@{b} player_vp:80 opponent_vp:40", user="olga"
            )
        )
    standings = public(await driver.command("/tournament standings", user="gus"))
    assert "**Owls**: 3 pts · 1-0-0" in standings.text, standings.text
    assert "**Ravens**: 1 pts · 0-0-1" in standings.text, standings.text
