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
