"""/games in the reader's language: a game's waiting line built with numbers (a tournament's
"report your round 1 game") reads in Spanish for a Spanish player and in English for an English
one; a line stored before it was marked still shows as it was (issue 41)."""

from __future__ import annotations

from typing import Any

from bot.offline import OfflineDriver
from rules.i18n import force_offer
from tests.cogs.test_tournament import _setup
from tests.cogs.tournament_helpers import games, name_of, public


def _games_text(reply: Any) -> str:
    message = reply.message
    assert message.ephemeral, message.text
    assert "Incident" not in message.text
    return message.text


async def test_a_tournament_waiting_line_reads_in_the_readers_language(driver: OfflineDriver) -> None:
    with force_offer("es"):
        await _setup(driver)
        public(await driver.command("/tournament pair", user="olga"))
        first = (await games(driver))[0]
        a, b = name_of(driver, first.a), name_of(driver, first.b)
        driver.user(a, locale="es-ES")
        driver.user(b, locale="en-US")
        spanish = _games_text(await driver.command("/games", user=a))
        assert f"informa de tu partida de la ronda 1 (mesa {first.table})" in spanish, spanish
        assert "report your round" not in spanish, spanish
        english = _games_text(await driver.command("/games", user=b))
        assert f"report your round 1 game (table {first.table})" in english, english
        assert "informa de" not in english, english


async def test_an_old_plain_waiting_line_still_shows(driver: OfflineDriver) -> None:
    """A seat written before the lines were marked holds plain English text: it shows as it is."""
    from bot.games import Seat

    with force_offer("es"):
        await _setup(driver)
        public(await driver.command("/tournament pair", user="olga"))
        first = (await games(driver))[0]
        a = name_of(driver, first.a)
        store = driver.bot.games
        record = await store.active_record(driver.channel.id)
        assert record is not None
        old = "report your round 1 game (table 1): `/tournament report`"
        await store._repo.write_seats(record.id, [Seat(driver.user(a).id, old)])
        for locale in ("es-ES", "en-US"):
            driver.user(a, locale=locale)
            text = _games_text(await driver.command("/games", user=a))
            assert old in text, (locale, text)


async def test_old_english_seats_are_written_anew_keeping_their_since(driver: OfflineDriver) -> None:
    """After the upgrade, the next start-up writes every active game's seats as messages: the
    Spanish player reads them in Spanish, and a wait that goes on keeps the time it began."""
    from bot.app import SEATS_VERSION_KEY
    from bot.games import Seat

    with force_offer("es"):
        await _setup(driver)
        public(await driver.command("/tournament pair", user="olga"))
        first = (await games(driver))[0]
        a = name_of(driver, first.a)
        me = driver.user(a, locale="es-ES").id
        store = driver.bot.games
        record = await store.active_record(driver.channel.id)
        assert record is not None
        [line] = [w for u, w, _s in (await store.seats_of(me))[0].seats if u == me]
        old = str(line)  # the English an older Herald stored
        assert old.startswith("report your round 1 game")
        await store._repo.write_seats(record.id, [Seat(me, old)])
        await driver.bot.meta.set(SEATS_VERSION_KEY, "2")
        [began] = [s for u, _w, s in (await store.seats_of(me))[0].seats if u == me]
        await driver.restart()
        store = driver.bot.games
        [(wait, since)] = [(w, s) for u, w, s in (await store.seats_of(me))[0].seats if u == me]
        assert not isinstance(wait, str), "written anew as a message"
        assert since == began, "the same wait goes on"
        text = _games_text(await driver.command("/games", user=a))
        assert "informa de tu partida de la ronda 1" in text, text


async def test_the_daily_reminder_says_a_wait_in_the_players_language(driver: OfflineDriver) -> None:
    from cogs.games import remind_job

    with force_offer("es"):
        await _setup(driver)
        public(await driver.command("/tournament pair", user="olga"))
        first = (await games(driver))[0]
        a = name_of(driver, first.a)
        me = driver.user(a, locale="es-ES").id
        _games_text(await driver.command("/games", user=a))  # Herald learns the player's language
        await remind_job(driver.bot, {"user": me})
        [dm] = driver.history(driver.dms[me])
        assert f"informa de tu partida de la ronda 1 (mesa {first.table})" in dm.text, dm.text
        assert "report your round" not in dm.text, dm.text


async def test_a_long_daily_reminder_goes_on_in_the_players_language(driver: OfflineDriver) -> None:
    """A reminder too long for one card (25 games, long waits) goes on in a card titled in the
    player's language, as the rest of the DM is."""
    from bot.storage.games import SeatedGame
    from cogs.games import remind_job
    from rules.i18n import _

    with force_offer("es"):
        sofia = driver.user("sofia", locale="es-ES")
        wait = _("{name}'s turn: `/bf hand`", name="Ω" * 150)
        found = [
            SeatedGame(i, "boss_fight", 5, 1000 + i, "2026-01-01T00:00:00", [(sofia.id, wait, "2026-01-01")])
            for i in range(1, 26)
        ]

        async def seats_of(user_id: int, guild_id: int | None = None) -> list[SeatedGame]:
            return found

        driver.bot.games.seats_of = seats_of  # type: ignore[method-assign]
        _games_text(await driver.command("/games", user="sofia"))  # Herald learns her language
        await remind_job(driver.bot, {"user": sofia.id})
        dms = driver.history(driver.dms[sofia.id])
        assert len(dms) >= 2, [m.text[:80] for m in dms]
        assert "(continued)" not in "\n".join(m.text for m in dms)


def test_a_waiting_line_is_cut_as_it_was_before_it_became_a_message() -> None:
    """A seat's waits joined (an organiser with many disputed tables) read in one short line, as
    the plain lines were cut to MAX_WAITING_CHARS: one game never fills the whole /games card."""
    from datetime import UTC, datetime

    from bot.games import MAX_WAITING_CHARS, _joined
    from bot.storage.games import SeatedGame
    from cogs.games import game_line
    from rules.i18n import _, translator

    said = "settle the disputed result at table {table}: `/tournament result`"
    joined = _joined([_(said, table=i) for i in range(40)])
    seats = [(7, joined, "2026-01-01"), (8, joined, "2026-01-01")]
    game = SeatedGame(1, "tournament", 5, 9, "2026-01-01T00:00:00", seats)
    now = datetime.now(UTC)
    for me in (7, 9):
        _mine, line = game_line(game, "Tournament", me, now, here=True, t=translator("en"))
        assert "table 0:" in line and "table 39" not in line
        assert len(line) < MAX_WAITING_CHARS + 150, line
