"""Issue 38, items 6 and 16: what the captains' pairing ritual says, for teams of 3, 4 and 5.

The last reveal dropped the refusal of the captain who picked last ("Red Dice refused Ben; . The
pairing is complete"); the reveals went where the last captain acted (the event's channel) while
the match's thread says each step is shown there; a reset told nobody.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.console import Console
from bot.offline import Channel, Message, OfflineDriver
from rules.tournament.ritual import Side, legal_actions
from rules.tournament.teams import current_match
from tests.cogs.tournament_helpers import name_of, public, refused, state

TEAM = "(Red Dice|Blue Shells)"
#: A clause left empty: "; .", ": ;", "refused ;", "refused .", ", ," and the like.
EMPTY = re.compile(r"[;:,]\s*[;:,.]|refused\s*[;:,.]|\bsends?\s*[;:,.]|\(\s*\)")


async def _teams(driver: OfflineDriver, size: int) -> tuple[list[str], list[str]]:
    public(await driver.command(f'/tournament create name:"Team Cup" tier:300 team_size:{size}', user="olga"))
    reds = [f"red{i}" for i in range(size)]
    blues = [f"blue{i}" for i in range(size)]
    for team, players in (("Red Dice", reds), ("Blue Shells", blues)):
        public(await driver.command(f'/tournament team create name:"{team}" faction:Nomads', user=players[0]))
        for name in players[1:]:
            line = f"/tournament team add player:@{name} faction:Ariadna"
            public(await driver.command(line, user=players[0]))
    public(await driver.command("/tournament mission round:1 scenario:acquisition", user="olga"))
    return reds, blues


async def _thread(driver: OfflineDriver) -> Channel:
    s = await state(driver)
    thread_id = next(g.thread_id for g in s.threads if g.round == 1)
    return next(c for c in driver.channels.values() if c.id == thread_id)


async def _run_ritual(driver: OfflineDriver, captains: dict[Side, str]) -> None:
    """Both captains pick (the first legal pick each time) until every player has an opponent,
    each from the event's channel (as a captain in #general would)."""
    commands = {"defender": "defender player:@{}", "attackers": "attackers first:@{} second:@{}",
                "refuse": "refuse player:@{}"}
    for _ in range(40):
        t = (await state(driver)).tournament
        match = t.team_rounds[0].matches[0]
        ritual = match.ritual
        assert ritual is not None
        if ritual.done:
            return
        side = ritual.waiting_for()[0]
        action = legal_actions(ritual, side)[0]
        line = commands[action.kind.value].format(*(name_of(driver, p) for p in action.players))
        reply = await driver.command(f"/tournament team {line}", user=captains[side])
        assert all(m.ephemeral for m in reply.messages), reply.text
    raise AssertionError("the ritual did not end")


@pytest.mark.parametrize("size", [3, 4, 5])
async def test_every_reveal_is_whole_and_shown_in_the_match_thread(driver: OfflineDriver, size: int) -> None:
    reds, blues = await _teams(driver, size)
    public(await driver.command("/tournament pair", user="olga"))
    thread = await _thread(driver)
    channel_before = len(driver.history(driver.channel))
    t = (await state(driver)).tournament
    match, _ = current_match(t, t.teams[0].id)
    captains = {Side.A: reds[0], Side.B: blues[0]}
    if match.a != t.teams[0].id:
        captains = {Side.A: blues[0], Side.B: reds[0]}
    await _run_ritual(driver, captains)

    reveals: list[Message] = [m for m in driver.history(thread) if "pass " in m.text]
    # Each pass reveals defenders, attackers and refusals: 3 posts a pass.
    passes = (size - 1) // 2
    assert len(reveals) == 3 * passes, [m.text for m in reveals]
    for message in reveals:
        assert not EMPTY.search(message.text), message.text
    refusals = [m.text for m in reveals if "refused" in m.text]
    assert len(refusals) == passes
    for text in refusals:
        said = re.search(rf"pass \d: {TEAM} refused \w+; {TEAM} refused \w+\.", text)
        assert said is not None and said[1] != said[2], text
    assert "The pairing is complete" in refusals[-1]
    # Nothing of it in the event's channel, where the captains typed their picks.
    assert len(driver.history(driver.channel)) == channel_before


async def test_a_reset_tells_the_captains_in_the_match_thread_pinging_only_them(
    driver: OfflineDriver,
) -> None:
    reds, blues = await _teams(driver, 3)
    public(await driver.command("/tournament pair", user="olga"))
    thread = await _thread(driver)
    await driver.command(f"/tournament team defender player:@{reds[1]}", user=reds[0])
    reset = public(await driver.command('/tournament team reset team:"Red Dice"', user="olga"))
    assert "starts over" in reset.text and not reset.pings
    told = driver.history(thread)[-1]
    assert "Olga reset the pairing" in told.text and "starts over" in told.text
    assert told.pings == {driver.user(reds[0]).id, driver.user(blues[0]).id}
    assert told.button("Open my pairing (captains)")
    again = await driver.command('/tournament team reset team:"Red Dice"', user=reds[0])
    refused(again, "Only the organisers")


async def test_panel_texts_say_whose_captain_and_how_many_to_pick(
    driver: OfflineDriver, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """"Blue Shells's captain" read wrong, and the console offered "up to 2" attackers where the
    menu takes exactly two."""
    reds, blues = await _teams(driver, 3)
    paired = public(await driver.command("/tournament pair", user="olga"))
    red_panel = (await driver.press(paired, "Open my pairing (captains)", user=reds[0])).message
    picked = await driver.choose(red_panel, "Red1", user=reds[0])
    assert "Waiting for the captain of Blue Shells" in picked.text and "Shells's" not in picked.text
    blue_panel = (await driver.press(paired, "Open my pairing (captains)", user=blues[0])).message
    attackers = (await driver.choose(blue_panel, "Blue1", user=blues[0])).edited[0]
    assert attackers.selects[0].min_values == attackers.selects[0].max_values == 2
    capsys.readouterr()
    Console(driver, tmp_path, echo=False).print_message(attackers)
    out = capsys.readouterr().out
    assert "Two attackers…, pick 2]" in out and "up to" not in out
