"""What a new organiser and their players tripped over (issue 38, items 7-11, 17-19), end to end:
who was left out for not checking in, reporting from a game's thread without `opponent:`, a
record that agrees with the score, short events, joining where nothing runs, a settled dispute's
buttons, missing and held lists, and a bye's battle points."""

from __future__ import annotations

from bot.offline import Attachment, OfflineDriver
from tests import rosters
from tests.cogs.tournament_helpers import games, name_of, pngs, public, refused, state, thread_of

PLAYERS = ("ann", "bo", "cy", "di", "ed")


async def open_40k(driver: OfflineDriver, options: str = "", players: tuple[str, ...] = PLAYERS) -> None:
    create = f'/tournament create name:"Spring GT" game:40k points:2000 {options}'
    public(await driver.command(create, user="olga"))
    for name in players:
        public(await driver.command('/tournament join faction:"Adeptus Custodes"', user=name))


# --- 11: no tournament comes first ----------------------------------------------------------------


async def test_joining_where_no_tournament_runs_says_so_and_how_to_start_one(driver: OfflineDriver) -> None:
    text = refused(await driver.command('/tournament join faction:"Adeptus Custodes"', user="ann"))
    assert "no tournament" in text.lower() and "/tournament create" in text, text
    assert "faction" not in text.lower(), text
    for command in (
        "/tournament add player:@bo faction:Nomads",
        "/tournament mission round:1 scenario:nowhere",
        "/tournament swap table:1",
        "/tournament list hold player:@bo",
    ):
        text = refused(await driver.command(command, user="olga"))
        assert "no tournament" in text.lower() and "/tournament create" in text, (command, text)


# --- 10: one or two rounds ------------------------------------------------------------------------


async def test_a_two_round_league_night_is_allowed_and_told_about_swiss(driver: OfflineDriver) -> None:
    created = public(
        await driver.command('/tournament create name:"League Night" game:40k rounds:2', user="olga")
    )
    assert "Swiss pairing needs more rounds to separate players" in created.text, created.text
    assert (await state(driver)).tournament.rounds_requested == 2
    saved = public(await driver.command("/tournament settings rounds:1", user="olga"))
    assert "plays 1 round" in saved.text and "Swiss" in saved.text, saved.text
    for name in PLAYERS[:4]:
        public(await driver.command('/tournament join faction:"Orks"', user=name))
    public(await driver.command("/tournament pair threads:false", user="olga"))
    assert (await state(driver)).tournament.round_count == 1
    quiet = public(await driver.command("/tournament settings rounds:4", user="olga"))
    assert "Swiss" not in quiet.text


# --- 7: left out of round 1 for not checking in ---------------------------------------------------


async def test_a_player_left_out_for_not_checking_in_is_called_that(driver: OfflineDriver) -> None:
    await open_40k(driver)
    public(await driver.command("/tournament checkin open", user="olga"))
    for name in PLAYERS[:4]:
        public(await driver.command(f"/tournament checkin player player:@{name}", user="olga"))
    await driver.command("/tournament pair threads:false absent:leave-out", user="olga")
    text = refused(await driver.command("/tournament report opponent:@ann my_vp:80 their_vp:40", user="ed"))
    assert "you were left out of round 1 (not checked in)" in text, text
    assert "bye" not in text, text
    top = public(await driver.command("/tournament top count:5", user="ann"))
    assert "Ed" in top.text and "not checked in" in top.text and "dropped" not in top.text, top.text
    standings = public(await driver.command("/tournament standings", user="ann"))
    assert "(not checked in): Ed" in standings.text, standings.text
    assert pngs(standings, "standings-")[0].width == 1000


# --- 8: reporting from the game's thread ----------------------------------------------------------


async def test_the_advertised_report_works_in_the_games_thread(driver: OfflineDriver) -> None:
    await open_40k(driver)
    paired = public(await driver.command("/tournament pair", user="olga"))
    assert "/tournament report my_vp:" in paired.text
    first = (await games(driver))[0]
    a, b = name_of(driver, first.a), name_of(driver, first.b)
    thread = thread_of(driver, await state(driver), first, 1)
    reported = public(await driver.command("/tournament report my_vp:80 their_vp:45", user=a, channel=thread))
    assert f"{b.title()} 45 VP" in reported.text and "Confirm" in [x.label for x in reported.buttons]
    confirmed = await driver.press(reported, "Confirm", user=b)
    assert "confirmed" in confirmed.message.text
    assert (await games(driver))[0].result is not None
    # Outside a game's thread the opponent is needed, and the refusal says both ways.
    second = (await games(driver))[1]
    c = name_of(driver, second.a)
    text = refused(await driver.command("/tournament report my_vp:80 their_vp:45", user=c))
    assert "opponent:" in text and "thread" in text, text
    # In someone else's thread, a player is told where their own game is.
    text = refused(await driver.command("/tournament report my_vp:80 their_vp:45", user=c, channel=thread))
    assert "opponent:" in text, text


# --- 17: a settled dispute loses its Confirm button -----------------------------------------------


async def test_a_dispute_settled_by_the_organiser_loses_its_confirm_button(driver: OfflineDriver) -> None:
    await open_40k(driver)
    public(await driver.command("/tournament pair threads:false", user="olga"))
    first, second = await games(driver)
    a, b = name_of(driver, first.a), name_of(driver, first.b)
    reported = public(await driver.command(f"/tournament report opponent:@{b} my_vp:80 their_vp:45", user=a))
    await driver.press(reported, "Dispute", user=b)
    assert [x.label for x in reported.buttons] == ["Confirm"]
    public(
        await driver.command(
            f"/tournament result player:@{a} opponent:@{b} player_vp:70 opponent_vp:45", user="olga"
        )
    )
    assert reported.buttons == [], reported.buttons
    assert "settled" in reported.text and "70 VP" in reported.text, reported.text
    # A disputed report replaced by a new one loses its button too.
    c, d = name_of(driver, second.a), name_of(driver, second.b)
    old = public(await driver.command(f"/tournament report opponent:@{d} my_vp:60 their_vp:50", user=c))
    await driver.press(old, "Dispute", user=d)
    new = public(await driver.command(f"/tournament report opponent:@{c} my_vp:55 their_vp:60", user=d))
    assert old.buttons == [] and "replaced" in old.text, old.text
    assert [x.label for x in new.buttons] == ["Confirm", "Dispute"]


# --- 9: one W-D-L; 19: a bye's battle points ------------------------------------------------------


async def test_a_wtc_draw_on_match_points_is_a_draw_everywhere(driver: OfflineDriver) -> None:
    await open_40k(driver, "scoring:wtc")
    public(await driver.command("/tournament pair threads:false", user="olga"))
    first, _ = await games(driver)
    a, b = name_of(driver, first.a), name_of(driver, first.b)
    reported = public(await driver.command(f"/tournament report opponent:@{b} my_vp:75 their_vp:70", user=a))
    assert "75 VP (10 MP)" in reported.text and "70 VP (10 MP)" in reported.text
    await driver.press(reported, "Confirm", user=b)
    top = public(await driver.command("/tournament top count:5", user="cy"))
    assert "W-D-L: more match points wins, 10-10 is a draw; a bye is a win: 20 MP and 0 VP" in top.text
    lines = {line.split(" (")[0].split(" ", 1)[1]: line for line in top.text.splitlines()[2:]}
    assert "W-D-L 0-1-0" in lines[a.title()] and "W-D-L 0-1-0" in lines[b.title()], top.text
    bye = next(name for name, line in lines.items() if "MP 20" in line)
    assert "W-D-L 1-0-0" in lines[bye], top.text  # the bye is a win, as its 20 MP say
    exported = public(await driver.command("/tournament export", user="cy"))
    players_csv = exported.attachments[0].data.decode().splitlines()
    head = players_csv[0].split(",")
    row = next(line.split(",") for line in players_csv if line.split(",")[1] == a.title())
    assert [row[head.index(k)] for k in ("wins", "ties", "losses")] == ["0", "1", "0"]


async def test_a_bye_worth_battle_points_as_the_organiser_sets(driver: OfflineDriver) -> None:
    create = '/tournament create name:"Spring GT" game:40k bye_points:20'
    created = public(await driver.command(create, user="olga"))
    assert "a bye is a win: 10 RP and 20 BP" in created.text, created.text
    refused(await driver.command("/tournament settings bye_points:lots", user="olga"), "or `average`")
    refused(
        await driver.command("/tournament settings bye_points:average", user="ann"), "Only the organisers"
    )
    saved = public(await driver.command("/tournament settings bye_points:average", user="olga"))
    assert "a bye is a win: 10 RP and their average BP" in saved.text, saved.text
    public(await driver.command("/tournament settings bye_points:20", user="olga"))
    for name in PLAYERS:
        public(await driver.command('/tournament join faction:"Adeptus Custodes"', user=name))
    paired = public(await driver.command("/tournament pair threads:false", user="olga"))
    assert "(a win: 10 RP and 20 BP)" in paired.text, paired.text
    top = public(await driver.command("/tournament top count:5", user="cy"))
    assert "RP 10 · BP 20" in top.text, top.text
    default = driver.add_channel("default")
    created = public(
        await driver.command('/tournament create name:"Plain" game:40k', user="olga", channel=default)
    )
    assert "a bye is a win: 10 RP and 0 BP" in created.text, created.text
    text = refused(
        await driver.command(
            '/tournament create name:"Cup" tier:300 bye_points:10',
            user="olga",
            channel=driver.add_channel("its"),
        )
    )
    assert "ITS bye is worth 3 TP" in text, text


# --- 18: missing and held lists -------------------------------------------------------------------


async def test_pairing_round_1_with_lists_missing_asks_the_organiser_first(driver: OfflineDriver) -> None:
    await open_40k(driver, players=PLAYERS[:4])
    refused(await driver.command("/tournament list submit", user="ann", text="Ann's Custodes"), "handed in")
    asked = await driver.command("/tournament pair threads:false", user="olga")
    text = refused(asked, "3 of the 4 players", "no army list", "Bo", "Cy", "Di")
    assert "Ann" not in text.split("list:")[1].split(".")[0], text
    assert [b.label for b in asked.message.buttons] == ["Pair without their lists"]
    assert (await state(driver)).tournament.rounds == []
    paired = await driver.press(asked.message, "Pair without their lists", user="olga")
    assert any(not m.ephemeral and "round 1" in m.text for m in paired.messages), paired.text
    assert "without their lists" in asked.message.text and not asked.message.buttons
    # No list handed in by anyone: lists are not in use, nothing is asked.
    other = driver.add_channel("other")
    public(await driver.command('/tournament create name:"Casual" game:40k', user="olga", channel=other))
    for name in PLAYERS[:4]:
        public(await driver.command('/tournament join faction:"Orks"', user=name, channel=other))
    public(await driver.command("/tournament pair threads:false", user="olga", channel=other))


async def test_an_organiser_holds_a_list_until_it_is_fixed(driver: OfflineDriver) -> None:
    await open_40k(driver, players=PLAYERS[:4])
    for name in PLAYERS[:4]:
        handed = await driver.command("/tournament list submit", user=name, text=f"{name}'s list")
        refused(handed, "handed in")
    refused(await driver.command("/tournament list hold player:@bo reason:x", user="cy"), "Only the")
    refused(await driver.command("/tournament list hold player:@bo", user="olga"), "reason:")
    held = await driver.command('/tournament list hold player:@bo reason:"Two Warlords"', user="olga")
    assert held.message.ephemeral and "Two Warlords" in held.message.text
    told = held.messages[-1]
    assert not told.ephemeral and told.pings == {driver.user("bo").id}
    assert "hold your army list" in told.text and "Two Warlords" not in told.text  # the reason is private
    own = refused(await driver.command("/tournament list show", user="bo"), "Held by the organisers")
    assert "Two Warlords" in own and "held until fixed" in own
    check = refused(await driver.command("/tournament list check", user="olga"))
    assert "Held until fixed: Two Warlords" in check, check
    # Round 1 asks about the held list; after the lock, Bo may still fix a held list.
    asked = await driver.command("/tournament pair threads:false", user="olga")
    assert "Lists you hold until fixed: Bo" in refused(asked)
    await driver.press(asked.message, "Pair without their lists", user="olga")
    refused(await driver.command("/tournament list submit", user="cy", text="new"), "locked")
    fixed = await driver.command("/tournament list submit", user="bo", text="Bo's fixed list")
    assert fixed.message.ephemeral and "replaced" in fixed.text, fixed.text
    released = public(await driver.command("/tournament list hold player:@bo release:true", user="olga"))
    assert "released" in released.text
    refused(await driver.command("/tournament list submit", user="bo", text="again"), "locked")
    assert "Held" not in (await driver.command("/tournament list show", user="bo")).text


async def test_list_show_gives_each_units_points_wargear_and_enhancements(driver: OfflineDriver) -> None:
    await open_40k(driver)
    tree = rosters.roster_tree(points=1995)
    seer = tree["roster"]["forces"][0]["selections"][3]
    seer["costs"] = [{"name": "pts", "value": 60}]
    crown = {"name": "Ember Crown", "type": "upgrade", "number": 1, "group": "Enhancements"}
    seer["selections"][0]["selections"].append({**crown, "costs": [{"name": "pts", "value": 15}]})
    files = {
        "ann": Attachment("gt.json", rosters.as_json(tree)),
        "bo": Attachment("gt.ros", rosters.as_ros(tree)),
    }
    for name, file in files.items():
        refused(await driver.command("/tournament list submit", user=name, file=file), "handed in")
        shown = refused(await driver.command("/tournament list show", user=name))
        assert "Ash Wardens · 10 models · 180 pts" in shown, shown
        assert "Ember carbine x9" in shown and "Ash blade x10" in shown, shown
        assert "Lantern Seer · 1 model · 75 pts · Enhancement: Ember Crown — Glimmer staff" in shown, shown
        assert "Gravel Hulk · 1 model · 210 pts" in shown, shown


async def test_a_long_roster_stays_within_discords_limits(driver: OfflineDriver) -> None:
    await open_40k(driver)
    big = rosters.strike_force(points=2000)
    file = Attachment("big.json", rosters.as_json(big))
    refused(await driver.command("/tournament list submit", user="ann", file=file), "handed in")
    shown = refused(await driver.command("/tournament list show", user="ann"))
    units = [line for line in shown.splitlines() if line.startswith("• ")]
    assert len(units) == 20 and all(" — " in line and len(line) <= 300 for line in units), shown
    assert sum(" pts — " in line for line in units) == 14  # the seers give no points in this file
    assert len(shown) < 4096, len(shown)
