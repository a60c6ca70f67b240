"""/games remind stops after a week of refused DMs and says so at the next /games (issue 34.9)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from bot.offline import OfflineDriver
from cogs.games import REMIND_JOB, remind_job, remind_key


async def _job(driver: OfflineDriver, user_id: int):  # type: ignore[no-untyped-def]
    jobs = [j for j in await driver.bot.scheduler.pending(REMIND_JOB) if j.key == remind_key(user_id)]
    return jobs[0] if jobs else None


async def test_reminders_stop_after_a_week_of_refused_dms_and_games_says_so(driver: OfflineDriver) -> None:
    channel = driver.add_channel("closed")
    await driver.command(
        "/its score mission:acquisition tier:300 opponent:@ivo", user="hana", channel=channel
    )
    ivo = driver.user("ivo")
    on = await driver.command("/games remind:on", user="ivo")
    assert "for a week" in on.message.text
    driver.dms_closed.add(ivo.id)

    await remind_job(driver.bot, {"user": ivo.id})
    job = await _job(driver, ivo.id)
    assert job is not None and "refused_since" in job.payload, "tomorrow's reminder still comes, counting"
    first = datetime.fromisoformat(job.payload["refused_since"])
    await remind_job(driver.bot, job.payload)  # refused again the next day: the first refusal is kept
    job = await _job(driver, ivo.id)
    assert job is not None and datetime.fromisoformat(job.payload["refused_since"]) == first

    # A week on (the payload as the seventh day's job carries it), refused again: stopped.
    week_ago = (datetime.now(UTC) - timedelta(days=7, minutes=1)).isoformat()
    await remind_job(driver.bot, {"user": ivo.id, "refused_since": week_ago})
    assert await _job(driver, ivo.id) is None
    told = (await driver.command("/games", user="ivo")).message
    assert told.ephemeral and "daily reminders stopped" in told.text and "/games remind:on" in told.text
    again = (await driver.command("/games", user="ivo")).message
    assert "reminders stopped" not in again.text  # said once


async def test_a_delivered_reminder_starts_the_count_again(driver: OfflineDriver) -> None:
    channel = driver.add_channel("open")
    await driver.command(
        "/its score mission:acquisition tier:300 opponent:@ivo", user="hana", channel=channel
    )
    ivo = driver.user("ivo")
    await remind_job(driver.bot, {"user": ivo.id, "refused_since": datetime.now(UTC).isoformat()})
    job = await _job(driver, ivo.id)
    assert job is not None and "refused_since" not in job.payload
    assert len(driver.history(driver.dms[ivo.id])) == 1
