"""Sealed army lists and check-in, end to end: who sees what, when lists lock, what a check says,
the roster kept for /40k, the Check in button and round 1 leaving out who did not check in."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bot.offline import Attachment, OfflineDriver
from bot.storage.tournament_lists import TournamentListRepository
from tests import rosters
from tests.cogs.tournament_helpers import public, refused, state

PLAYERS = ("ann", "bo", "cy", "di", "ed")
HOSTILE = "@everyone <@123> [x](https://x.example) " + "y" * 3000


async def open_gt(driver: OfflineDriver) -> None:
    public(await driver.command('/tournament create name:"Spring GT" game:40k points:2000', user="olga"))
    for name in PLAYERS:
        public(await driver.command('/tournament join faction:"Cinder Host"', user=name))


async def test_lists_are_sealed_until_revealed_and_locked_at_round_1(driver: OfflineDriver) -> None:
    await open_gt(driver)
    roster = Attachment("gt.json", rosters.as_json(rosters.roster_tree(points=2150)))
    handed = await driver.command("/tournament list submit", user="ann", file=roster)
    text = refused(handed)  # private: only its player sees the reply
    assert "sealed" in text and "2150 points: over the 2000-point limit by 150" in text
    assert "usable in `/40k` as the army **Spring GT**" in text
    assert "Spring GT" in (await driver.command("/40k list show", user="ann")).text
    # Its units are found by name (the list's unit index is written with it).
    fired = await driver.command('/40k odds weapon:"Gravel Hulk" target:"Lantern Seer"', user="ann")
    assert not fired.message.ephemeral and "Lantern Seer" in fired.text, fired.text

    typed = await driver.command("/tournament list submit", user="bo", text=HOSTILE[:3999])
    assert typed.message.ephemeral and typed.message.pings == set()
    refused(await driver.command("/tournament list submit", user="cy", text="x" * 4001), "at most 4,000")
    refused(await driver.command("/tournament list submit", user="cy"), "Hand in one list")

    # Sealed: Bo cannot see Ann's list; Ann and the organiser can, privately.
    refused(await driver.command("/tournament list show player:@ann", user="bo"), "sealed")
    own = await driver.command("/tournament list show", user="ann")
    assert own.message.ephemeral and "Cinder Host Patrol" in own.text and "Ash Wardens" in own.text
    seen = await driver.command("/tournament list show player:@bo", user="olga")
    assert seen.message.ephemeral and seen.message.pings == set()

    check = refused(await driver.command("/tournament list check", user="olga"))
    assert "1 without a problem" in check and "1 to look at" in check and "3 missing" in check
    assert "Ann" in check and "over the 2000-point limit" in check
    refused(await driver.command("/tournament list check", user="bo"), "Only the organisers")

    # Round 1 locks the lists (an organiser may still replace one) and reveals them as asked.
    public(await driver.command("/tournament list reveal when:at-pairing", user="olga"))
    asked = await driver.command("/tournament pair threads:false", user="olga")
    refused(asked, "3 of the 5 players", "Cy, Di, Ed")  # issue 38.18: asked before pairing
    paired = await driver.press(asked.message, "Pair without their lists", user="olga")
    assert any(not m.ephemeral and "round 1" in m.text for m in paired.messages), paired.text
    refused(await driver.command("/tournament list submit", user="bo", text="new list"), "locked")
    replaced = await driver.command("/tournament list submit player:@bo", user="olga", text="Bo's fixed list")
    assert replaced.message.ephemeral and "replaced" in replaced.text
    shown = public(await driver.command("/tournament list show player:@bo", user="cy"))
    assert "Bo's fixed list" in shown.text and shown.pings == set()

    game = await driver.bot.games.find(driver.channel.id, type(await state(driver)), "tournament")
    repo: TournamentListRepository = driver.bot.tournament_lists
    assert set(await repo.summaries(game_id=game.id)) == {
        str(driver.user("ann").id),
        str(driver.user("bo").id),
    }


async def test_a_hostile_text_list_never_pings(driver: OfflineDriver) -> None:
    await open_gt(driver)
    await driver.command("/tournament list submit", user="bo", text=HOSTILE[:3999])
    public(await driver.command("/tournament list reveal", user="olga"))
    shown = public(await driver.command("/tournament list show player:@bo", user="cy"))
    assert (
        shown.pings == set()
        and "<@123>" not in shown.text
        and "@everyone" not in shown.text.replace("@\u200beveryone", "")
    )


async def test_check_in_leaves_out_who_did_not_come(driver: OfflineDriver) -> None:
    await open_gt(driver)
    refused(await driver.command("/tournament checkin open", user="ann"), "Only the organisers")
    opened = public(await driver.command("/tournament checkin open", user="olga"))
    assert [b.label for b in opened.buttons] == ["Check in"]
    for name in ("ann", "bo", "cy", "di"):
        pressed = await driver.press(opened, "Check in", user=name)
        assert pressed.message.ephemeral and "checked in" in pressed.message.text
    again = await driver.press(opened, "Check in", user="ann")
    assert again.message.ephemeral and "already checked in" in again.message.text
    info = public(await driver.command("/tournament info", user="ed"))
    assert "4 of 5 players checked in" in info.text, info.text

    refusal = refused(await driver.command("/tournament pair threads:false", user="olga"), "absent:leave-out")
    assert "Ed" in refusal
    paired = await driver.command("/tournament pair threads:false absent:leave-out", user="olga")
    assert "Left out of round 1 (not checked in): Ed" in paired.text, paired.text
    t = (await state(driver)).tournament
    ed = str(driver.user("ed").id)
    assert all(ed not in g.players for g in t.current.games) and len(t.current.games) == 2

    back = public(await driver.command("/tournament checkin player player:@ed", user="olga"))
    assert "paired again from round 2" in back.text
    assert (await state(driver)).tournament.player(ed).active_in(2)


async def test_help_lists_the_new_tournament_commands(driver: OfflineDriver) -> None:
    overview = await driver.command("/help", user="ann")
    topic = await driver.command("/help topic:tournament", user="ann")
    for name in (
        "list submit",
        "list show",
        "list reveal",
        "list check",
        "checkin open",
        "checkin player",
        "top",
    ):
        assert f"/tournament {name}" in overview.text and f"/tournament {name}" in topic.text, name


async def test_its_pairing_question_keeps_leaving_out_the_absent(driver: OfflineDriver) -> None:
    public(await driver.command('/tournament create name:"Cup" tier:300', user="olga"))
    for name in PLAYERS:
        public(await driver.command("/tournament join faction:Nomads", user=name))
    public(await driver.command("/tournament checkin open", user="olga"))
    for name in PLAYERS[:4]:
        public(await driver.command(f"/tournament checkin player player:@{name}", user="olga"))
    asked = await driver.command("/tournament pair threads:false absent:leave-out", user="olga")
    assert asked.message.ephemeral and "no scenario yet" in asked.text
    paired = await driver.press(asked.message, "Pair without a scenario", user="olga")
    assert "Left out of round 1 (not checked in): Ed" in paired.text, paired.text
    t = (await state(driver)).tournament
    assert len(t.current.games) == 2 and t.player(str(driver.user("ed").id)).dropped_after == 0


async def test_a_roster_over_the_parsers_limits_is_refused_as_in_40k_list_import(
    driver: OfflineDriver,
) -> None:
    from rules.wh40k.roster import MAX_ROSTER_BYTES

    await open_gt(driver)
    big = Attachment("huge.json", b"{" + b" " * MAX_ROSTER_BYTES + b"}")
    refused(await driver.command("/tournament list submit", user="ann", file=big), "at most 2 MiB")
    broken = Attachment("broken.json", b"not a roster at all")
    refused(await driver.command("/tournament list submit", user="ann", file=broken))
    assert await driver.bot.tournament_lists.summaries(game_id=(await _game_id(driver))) == {}


async def _game_id(driver: OfflineDriver) -> int:
    from cogs.tournament.state import TournamentGame

    game = await driver.bot.games.find(driver.channel.id, TournamentGame, "tournament")
    assert game is not None
    return game.id


async def _held_reads(monkeypatch: pytest.MonkeyPatch) -> tuple[asyncio.Event, asyncio.Event]:
    """Holds every read of an uploaded file until ``release`` is set; ``reading`` says one started."""
    from bot import uploads

    reading, release = asyncio.Event(), asyncio.Event()
    real = uploads.run_isolated

    async def held(*args: Any, **kwargs: Any) -> Any:
        reading.set()
        await release.wait()
        return await real(*args, **kwargs)

    monkeypatch.setattr(uploads, "run_isolated", held)
    return reading, release


async def test_a_list_read_while_round_1_is_paired_is_refused_and_not_stored(
    driver: OfflineDriver, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The lock is checked when the list is stored, not only before the file was read (issue 38.32)."""
    await open_gt(driver)
    public(await driver.command("/tournament list reveal when:at-pairing", user="olga"))
    reading, release = await _held_reads(monkeypatch)
    roster = Attachment("gt.json", rosters.as_json(rosters.roster_tree()))
    submitting = asyncio.create_task(driver.command("/tournament list submit", user="ann", file=roster))
    await asyncio.wait_for(reading.wait(), 10)
    public(await driver.command("/tournament pair threads:false", user="olga"))
    release.set()
    text = refused(await asyncio.wait_for(submitting, 30))
    assert "Round 1 of Spring GT was paired while your list was being read" in text, text
    assert "nothing was stored" in text and "sealed" not in text
    assert await driver.bot.tournament_lists.summaries(game_id=await _game_id(driver)) == {}
    assert str(driver.user("ann").id) not in (await state(driver)).tournament.lists_handed_in
    refused(await driver.command("/tournament list show", user="ann"), "handed in no list yet")
    assert "No army lists yet" in (await driver.command("/40k list show", user="ann")).text


async def test_an_organisers_list_read_across_the_reveal_says_it_is_revealed(
    driver: OfflineDriver, monkeypatch: pytest.MonkeyPatch
) -> None:
    await open_gt(driver)
    reading, release = await _held_reads(monkeypatch)
    roster = Attachment("gt.json", rosters.as_json(rosters.roster_tree()))
    submitting = asyncio.create_task(
        driver.command("/tournament list submit player:@ann", user="olga", file=roster)
    )
    await asyncio.wait_for(reading.wait(), 10)
    public(await driver.command("/tournament list reveal", user="olga"))
    release.set()
    text = (await asyncio.wait_for(submitting, 30)).message.text
    assert "is handed in. Lists are revealed: everyone in the event can see it." in text, text
    assert "stays sealed" not in text
