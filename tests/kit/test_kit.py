"""The play-by-post kit, tested through its smallest game (tests/kit/counter.py)."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import discord
import pytest

import bot.app
from bot.games import ChannelBusy, GameState
from bot.limits import MAX_CHOICE_CHARS
from bot.offline import OfflineDriver
from bot.scheduler import STALE_AFTER, Scheduler
from bot.send import ACK_AFTER, fit_embed, fit_embeds
from bot.storage import Database, SqlGameRepository, SqlJobRepository, connect
from bot.storage.games import NewEvent


@pytest.fixture
async def kit_driver(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[OfflineDriver]:
    monkeypatch.setattr(bot.app, "COGS", (*bot.app.COGS, "tests.kit.counter"))
    d = await OfflineDriver.open(tmp_path / "herald.sqlite3", rng_seed=1, out_dir=tmp_path / "out")
    try:
        yield d
    finally:
        await d.close()


async def test_a_game_starts_steps_and_its_button_survives_a_restart(kit_driver: OfflineDriver) -> None:
    started = await kit_driver.command("/counter start", user="alice")
    assert "Count: 0" in started.message.text
    added = await kit_driver.command("/counter add by:2", user="bob")
    assert "Count: 2" in added.message.text
    await kit_driver.restart()
    pressed = await kit_driver.press(added.message, "+1", user="carol")
    assert "Count: 3" in pressed.message.text
    assert pressed.message is added.message  # the button edits its own message


async def test_a_button_on_an_old_message_has_moved_on(kit_driver: OfflineDriver) -> None:
    started = await kit_driver.command("/counter start")
    await kit_driver.command("/counter add by:1")
    stale = await kit_driver.press(started.message, "+1")
    assert stale.message.ephemeral
    assert "moved on" in stale.message.text
    status = await kit_driver.command("/counter add by:0")
    assert "Count: 1" in status.message.text


async def test_a_refused_step_writes_nothing_and_tells_only_the_player(kit_driver: OfflineDriver) -> None:
    await kit_driver.command("/counter start")
    refused = await kit_driver.command("/counter add by:2000", user="bob")
    assert refused.message.ephemeral
    assert "stops at 1000" in refused.message.text
    after = await kit_driver.command("/counter add by:1")
    assert "Count: 1" in after.message.text


async def test_no_game_here_names_the_start_command(kit_driver: OfflineDriver) -> None:
    reply = await kit_driver.command("/counter add by:1")
    assert reply.message.ephemeral
    assert "There is no counter in this channel" in reply.message.text
    assert "/counter start" in reply.message.text


async def test_the_button_of_an_ended_or_replaced_game_has_moved_on(kit_driver: OfflineDriver) -> None:
    started = await kit_driver.command("/counter start")
    model = sys.modules["tests.kit.counter"].Counter
    async with kit_driver.bot.games.update(
        kit_driver.channel.id, model, kind="counter", actor_id=1, action="end"
    ) as handle:
        handle.end = True
    await kit_driver.command("/counter start")
    pressed = await kit_driver.press(started.message, "+1")
    assert "has finished or been replaced" in pressed.message.text


async def test_autocomplete_is_clipped_capped_and_never_raises(kit_driver: OfflineDriver) -> None:
    found = await kit_driver.autocomplete("/counter pick", "name", "a")
    assert len(found) == 25
    assert all(len(c["name"]) <= MAX_CHOICE_CHARS and len(c["value"]) <= MAX_CHOICE_CHARS for c in found)
    assert await kit_driver.autocomplete("/counter pick", "name", "boom") == []


async def test_did_you_mean_offers_buttons_privately_that_work_after_a_restart(
    kit_driver: OfflineDriver,
) -> None:
    reply = await kit_driver.command("/counter find name:alphx", user="bob")
    assert reply.message.ephemeral
    assert "No name is called 'alphx'" in reply.message.text
    assert [b.label for b in reply.message.buttons] == ["Alpha", "Alphabet"]
    await kit_driver.restart()
    found = await kit_driver.press(reply.message, "Alphabet", user="bob")
    assert found.message.text == "Found Alphabet" and not found.message.ephemeral
    nothing = await kit_driver.command("/counter find name:" + "z" * 3000)
    assert nothing.message.ephemeral and len(nothing.message.text) < 200
    assert "No name is called" in nothing.message.text


async def test_a_slow_answer_is_acknowledged_in_time_then_replaces_the_placeholder(
    kit_driver: OfflineDriver,
) -> None:
    reply = await kit_driver.command(f"/counter slow seconds:{ACK_AFTER * 3}")
    assert reply.deferred
    assert reply.acknowledged_after is not None and reply.acknowledged_after < ACK_AFTER * 3
    assert len(reply.messages) == 1
    assert reply.message.text == "Done at last." and not reply.message.ephemeral


async def test_an_error_after_a_public_deferral_stays_private(kit_driver: OfflineDriver) -> None:
    reply = await kit_driver.command(f"/counter slow seconds:{ACK_AFTER * 3} fail:true", user="bob")
    assert reply.deferred
    public = [m for m in kit_driver.history() if not m.ephemeral]
    assert all("went wrong" not in m.text for m in public)
    mine = [m for m in kit_driver.history(user=kit_driver.user("bob")) if m.ephemeral]
    assert any("only you should see it" in m.text for m in mine)


async def test_a_fast_answer_is_not_deferred(kit_driver: OfflineDriver) -> None:
    reply = await kit_driver.command("/counter start")
    assert not reply.deferred


def test_fit_embed_keeps_every_part_within_discords_limits() -> None:
    embed = discord.Embed(title="t" * 1000, description="d" * 9000)
    for i in range(40):
        embed.add_field(name="n" * 400, value="v" * 3000 + str(i))
    embed.set_footer(text="f" * 5000)
    fitted = fit_embed(embed)
    assert len(fitted) <= 6000
    assert len(fitted.title or "") <= 256 and len(fitted.description or "") <= 4096
    assert len(fitted.fields) <= 25
    assert all(len(f.name or "") <= 256 and len(f.value or "") <= 1024 for f in fitted.fields)
    many = fit_embeds([discord.Embed(description="x" * 4000) for _ in range(12)])
    assert len(many) <= 10 and sum(len(e) for e in many) <= 6000


# -- storage: one step per interaction -------------------------------------------------------------


class Plain(GameState):
    n: int = 0


async def test_the_same_interaction_never_writes_twice(database_url: str) -> None:
    from bot.games import GameStore

    db = await connect(database_url)
    store = GameStore(SqlGameRepository(db))
    await store.start(channel_id=1, guild_id=None, kind="plain", state=Plain(), actor_id=1)
    async with store.update(1, Plain, kind="plain", actor_id=1, action="inc", interaction_id=99) as h:
        h.state = Plain(n=1)
    with pytest.raises(ChannelBusy, match="already done"):
        async with store.update(1, Plain, kind="plain", actor_id=1, action="inc", interaction_id=99) as h:
            h.state = Plain(n=h.state.n + 1)
    game = await store.get(1, Plain, "plain")
    assert game.state.n == 1
    await db.close()


# -- the scheduler ------------------------------------------------------------------------------


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 1, 1, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


async def _scheduler(db: Database, clock: Clock, ran: list[dict[str, object]]) -> Scheduler:
    scheduler = Scheduler(SqlJobRepository(db), clock=clock)

    async def handler(context: object, payload: dict[str, object]) -> None:
        ran.append(payload)

    scheduler.register("nudge", handler)
    return scheduler


async def test_a_job_runs_once_when_due_even_with_two_processes(database_url: str) -> None:
    first_db, second_db = await connect(database_url), await connect(database_url)
    clock, ran = Clock(), []
    first, second = await _scheduler(first_db, clock, ran), await _scheduler(second_db, clock, ran)
    await first.schedule("nudge", in_=timedelta(minutes=5), payload={"game": 1}, key="nudge:1")
    await first.schedule("nudge", in_=timedelta(minutes=10), payload={"game": 1}, key="nudge:1")  # moved
    assert len(await first.pending()) == 1
    clock.now += timedelta(minutes=6)
    assert await first.run_due() == 0 and ran == []
    clock.now += timedelta(minutes=5)
    counts = await asyncio.gather(first.run_due(), second.run_due())
    assert sorted(counts) == [0, 1] and ran == [{"game": 1}]
    assert await first.run_due() == 0 and await second.run_due() == 0
    await first_db.close()
    await second_db.close()


async def test_a_job_survives_a_restart_and_a_stopped_claim_is_taken_over(database_url: str) -> None:
    path = database_url
    db = await connect(path)
    clock, ran = Clock(), []
    scheduler = await _scheduler(db, clock, ran)
    await scheduler.schedule("nudge", in_=timedelta(minutes=1), payload={"game": 2})
    await scheduler.schedule("nudge", in_=timedelta(minutes=1), payload={"game": 3})
    await db.close()

    db = await connect(path)  # a restart: the jobs are still there
    jobs = SqlJobRepository(db)
    clock.now += timedelta(minutes=2)
    claimed = await jobs.claim_due(now=clock.now, owner="dead", stale_before=clock.now - STALE_AFTER, limit=1)
    assert len(claimed) == 1  # claimed by a process that then stopped before running it
    scheduler = await _scheduler(db, clock, ran)
    assert await scheduler.run_due() == 1  # the other job
    clock.now += STALE_AFTER + timedelta(seconds=1)
    assert await scheduler.run_due() == 1  # the stopped claim, taken over
    assert sorted(p["game"] for p in ran) == [2, 3]
    await db.close()


async def test_the_bot_runs_a_scheduled_job(kit_driver: OfflineDriver) -> None:
    loaded = sys.modules["tests.kit.counter"]  # discord.py loads an extension as a fresh module
    await kit_driver.command("/counter start")
    reply = await kit_driver.command("/counter remind seconds:0")
    assert reply.message.ephemeral and "Reminder set" in reply.message.text
    for _ in range(100):
        if loaded.NUDGES:
            break
        await asyncio.sleep(0.02)
    assert len(loaded.NUDGES) == 1


async def test_a_failing_job_is_marked_failed_and_others_still_run(database_url: str) -> None:
    db = await connect(database_url)
    clock, ran = Clock(), []
    scheduler = await _scheduler(db, clock, ran)

    async def broken(context: object, payload: dict[str, object]) -> None:
        raise ValueError("no")

    scheduler.register("broken", broken)
    bad = await scheduler.schedule("broken")
    await scheduler.schedule("nudge", payload={"ok": True})
    assert await scheduler.run_due() == 2
    assert ran == [{"ok": True}]
    record = await SqlJobRepository(db).get(bad)
    assert record is not None and record.status == "failed"
    await db.close()


async def test_new_events_carry_their_interaction(database_url: str) -> None:
    db = await connect(database_url)
    repo = SqlGameRepository(db)
    record = await repo.create(
        guild_id=None, channel_id=5, kind="plain", state={}, schema_version=1,
        event=NewEvent(1, "start", interaction_id=7),
    )
    async with db.reading() as tx:
        row = await tx.fetchone("SELECT interaction_id FROM game_events WHERE game_id = ?", (record.id,))
    assert row is not None and row["interaction_id"] == 7
    await db.close()


async def test_the_driver_waits_for_an_interactions_own_tasks_not_for_another_ones() -> None:
    """Two commands at once: each is settled with the tasks it (and its tasks) started, so a fast
    /roll is not timed as long as another player's slow import."""
    from bot.offline import _TaskLog

    log = _TaskLog.of_running_loop()
    release = asyncio.Event()
    made: dict[str, list[asyncio.Task[None]]] = {}

    async def child() -> None:
        await asyncio.create_task(release.wait())  # a grandchild, made later, is filed too

    async def interaction(name: str) -> list[asyncio.Task[None]]:
        mark, owner = log.begin()
        try:
            made[name] = [asyncio.create_task(child())]
            await asyncio.sleep(0.01)
            return log.since(mark)
        finally:
            log.end(mark, owner)

    slow, fast = await asyncio.gather(interaction("slow"), interaction("fast"))
    unattended = asyncio.create_task(release.wait())  # made outside any interaction
    assert len(slow) == len(fast) == 2
    assert made["slow"][0] in slow and made["fast"][0] in fast
    assert not set(slow) & set(fast) and unattended not in slow + fast
    release.set()
    await asyncio.gather(*slow, *fast, unattended)
