"""/games follows a tournament's results and its end: one line per game, and nothing nags once the
result is in or the event is over (issue 34.2)."""

from __future__ import annotations

from typing import Any

from bot.offline import OfflineDriver
from tests.cogs.test_tournament import _setup
from tests.cogs.tournament_helpers import games, name_of, public, state, thread_of


def _games_text(reply: Any) -> str:
    message = reply.message
    assert message.ephemeral, message.text
    assert "Incident" not in message.text
    return message.text


async def test_games_follows_results_drops_and_the_end_of_a_tournament(driver: OfflineDriver) -> None:
    await _setup(driver)
    public(await driver.command("/tournament pair", user="olga"))
    s = await state(driver)
    first, second, third, fourth = await games(driver)
    a, b = name_of(driver, first.a), name_of(driver, first.b)
    thread = thread_of(driver, s, first, 1)
    # The thread's sheet is opened: still one game, pointing at the thread.
    public(await driver.press(driver.history(thread)[0], "Open the score sheet", user=a))
    mine = _games_text(await driver.command("/games", user=a))
    assert "1 game;" in mine and "1 waiting on you" in mine, mine
    assert "report your round 1 game" in mine and f"<#{thread.id}>" in mine, mine
    assert "score sheet" not in mine.split("report your")[0]

    # A result by /tournament report (confirmed): neither player is nagged to confirm the sheet.
    public(
        await driver.command(
            f"/tournament report opponent:@{b} my_op:5 my_vp:100 their_op:3 their_vp:50", user=a
        )
    )
    reported = driver.history()[-1]
    public(await driver.press(reported, "Confirm", user=b))
    for who in (a, b):
        text = _games_text(await driver.command("/games", user=who))
        assert "your move" not in text and "0 waiting on you" in text, text
        assert "1 game;" in text, text

    # A dropped player whose result an organiser set: nothing waits on them either.
    c, d = name_of(driver, second.a), name_of(driver, second.b)
    public(await driver.command(f"/tournament drop player:@{c}", user="olga"))
    public(
        await driver.command(
            f"/tournament result player:@{c} opponent:@{d} player_op:0 player_vp:0 "
            "opponent_op:10 opponent_vp:150",
            user="olga",
        )
    )
    dropped = _games_text(await driver.command("/games", user=c))
    assert "your move" not in dropped, dropped

    for game in (third, fourth):
        x, y = name_of(driver, game.a), name_of(driver, game.b)
        public(
            await driver.command(
                f"/tournament result player:@{x} opponent:@{y} player_op:5 player_vp:100 "
                "opponent_op:3 opponent_vp:90",
                user="olga",
            )
        )
    public(await driver.command("/tournament finish early:true", user="olga"))
    for who in (a, b, c, d, "olga"):
        text = _games_text(await driver.command("/games", user=who))
        assert "You play no game in this server" in text, (who, text)
