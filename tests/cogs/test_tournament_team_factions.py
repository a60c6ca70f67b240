"""Issue 38, item 15: captains picked without factions ("Your pool: Ann, Al, Amy"). The panel,
`/tournament team show` and the players' standings of a team event say each player's faction,
list (once revealed) and team."""

from __future__ import annotations

from bot.offline import OfflineDriver
from cogs.tournament.team_posts import panel_text
from rules.tournament import create_tournament
from rules.tournament.ritual import Side, start
from rules.tournament.team_model import TeamMatch
from rules.tournament.teams import add_team_player, create_team
from tests.cogs.test_tournament_ritual_texts import _run_ritual, _teams
from tests.cogs.tournament_helpers import name_of, pngs, public, state


async def test_captains_see_factions_and_lists_and_standings_name_teams(driver: OfflineDriver) -> None:
    reds, blues = await _teams(driver, 3)  # captains: Nomads; the others: Ariadna
    handed = await driver.command('/tournament list submit text:"Corregidor Bakunin"', user=reds[1])
    assert handed.message.ephemeral and "handed in" in handed.text
    sealed = public(await driver.command("/tournament team show", user="gus"))
    assert "Red1 (Ariadna)" in sealed.text and "Red0 (captain · Nomads)" in sealed.text
    assert "Corregidor" not in sealed.text  # a sealed list is nobody else's business

    # Only one list is in: the organiser is asked first (#38 item 18) and pairs without the rest.
    question = (await driver.command("/tournament pair", user="olga")).message
    assert question.ephemeral and "have handed in no army list" in question.text
    paired = public(await driver.press(question, "Pair without their lists", user="olga"))
    public(await driver.command("/tournament list reveal", user="olga"))
    panel = (await driver.press(paired, "Open my pairing (captains)", user=blues[0])).message
    assert "Your pool: Blue0 (Nomads), Blue1 (Ariadna), Blue2 (Ariadna)" in panel.text, panel.text
    assert "Red1 (Ariadna · Corregidor Bakunin)" in panel.text, panel.text

    shown = public(await driver.command("/tournament team show", user="gus"))
    assert "Red1 (Ariadna · Corregidor Bakunin)" in shown.text
    one = public(await driver.command('/tournament team show team:"Red Dice"', user="gus"))
    assert "(Ariadna) · list: Corregidor Bakunin" in one.text

    t = (await state(driver)).tournament
    red_first = t.team_rounds[0].matches[0].a == t.teams[0].id
    first, second = (reds[0], blues[0]) if red_first else (blues[0], reds[0])
    await _run_ritual(driver, {Side.A: first, Side.B: second})
    for game in (await state(driver)).tournament.current.games:
        a, b = name_of(driver, game.a), name_of(driver, game.b or "")
        score = "player_op:6 player_vp:200 opponent_op:2 opponent_vp:100"
        line = f"/tournament result player:@{a} opponent:@{b} {score}"
        public(await driver.command(line, user="olga"))
    standings = public(await driver.command("/tournament standings players:true", user="gus"))
    assert "(Red Dice)" in standings.text or "(Blue Shells)" in standings.text, standings.text
    assert pngs(standings, "standings-")[0].width == 1000


def test_a_panel_of_two_full_pools_with_long_names_fits_one_message() -> None:
    """Eight a side, every name, faction and list as long as Herald keeps them: the panel still
    ends with what to do now (it is one message of at most 2,000 characters)."""
    t = create_tournament("Team Cup " + "x" * 60, 300).model_copy(update={"team_size": 8})
    long = "W" * 60
    for side in "ab":
        ids = [f"{side}{i}" for i in range(8)]
        t = create_team(t, f"{side} {long}", ids[0], f"{ids[0]}{long}", long)
        for pid in ids[1:]:
            t = add_team_player(t, t.teams[-1].id, pid, f"{pid}{long}", long)
    a, b = t.teams
    match = TeamMatch(a=a.id, b=b.id, first_table=1, ritual=start(list(a.players), list(b.players)))
    lists = {p: long for team in t.teams for p in team.players}
    text = panel_text(t, match, Side.A, 1, lists)
    assert len(text) <= 2000 and text.endswith("secret until both captains have picked).")
