"""Herald in Spanish, end to end (issue 41's pilot): /roll, its refusals, the error handler and
/herald language, through real interactions whose ``locale`` and ``guild_locale`` are set.

The ``spanish`` fixture offers Spanish whether or not every area has finished it (as a translator
previewing their work would); ``incomplete_spanish`` puts a catalogue with a gap in its place.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog

from bot.i18n import dm_locale
from bot.offline import OfflineDriver
from rules.i18n import catalogues_from, force_offer
from rules.i18n.catalogues import plural_forms, write


@pytest.fixture
def spanish() -> Iterator[None]:
    with force_offer("es"):
        yield


@pytest.mark.parametrize("locale", ["es-ES", "es-419"])
async def test_a_spanish_players_private_roll_is_in_spanish(
    driver: OfflineDriver, spanish: None, locale: str
) -> None:
    driver.user("alice", locale=locale)
    message = (await driver.command("/roll expression:2d6 private:true", user="alice")).message
    assert message.ephemeral
    assert "🎲 Tirada" in message.text
    assert "Total" in message.text and "2 dados" in message.text
    assert "dice" not in message.text


async def test_a_refused_roll_is_explained_in_the_players_language(
    driver: OfflineDriver, spanish: None
) -> None:
    driver.user("alice", locale="es-ES")
    message = (await driver.command("/roll expression:2d", user="alice")).message
    assert message.ephemeral
    assert message.text.startswith("No puedo leer `2d`: se acaba demasiado pronto en la columna 2.")
    assert "Se esperaba un número de caras. Ejemplos: `2d6+3`" in message.text
    # The same refusal for an English client in the same server: unchanged.
    english = (await driver.command("/roll expression:2d", user="bob")).message
    assert english.text.startswith("I can't read `2d`: it stops too early at column 2.")
    assert "Expected a die size." in english.text


async def test_a_spaced_roll_is_refused_with_spanish_suggestions(
    driver: OfflineDriver, spanish: None
) -> None:
    driver.user("alice", locale="es-419")
    message = (await driver.command("/roll expression:4d6 d1", user="alice")).message
    assert "un espacio separa `4d6` y `d1`" in message.text
    assert "¿Querías decir `4d6d1` (descarta los 1 más bajos), `4d6+d1` o dos tiradas:" in message.text


async def test_an_english_client_is_unchanged(driver: OfflineDriver, spanish: None) -> None:
    message = (await driver.command("/roll expression:3d6 private:true", user="bob")).message
    assert "🎲 Roll" in message.text and "Total" in message.text and "3 dice" in message.text


@pytest.fixture
def incomplete_spanish(tmp_path: Path) -> Iterator[None]:
    """A Spanish catalogue with one entry left untranslated: present, not offered (whatever the
    state of the real one, which is complete once every area is)."""
    part = Catalog(locale="es", domain="herald")
    part.mime_headers = [("Plural-Forms", plural_forms("es"))]
    part.add(("{n} die", "{n} dice"), ("{n} dado", "{n} dados"))
    part.add("Roll again", "")
    write(tmp_path / "es" / "parts" / "dice.po", part)
    with catalogues_from(tmp_path):
        yield


async def test_spanish_is_not_shown_while_it_is_incomplete(
    driver: OfflineDriver, incomplete_spanish: None
) -> None:
    driver.user("alice", locale="es-ES")
    message = (await driver.command("/roll expression:2d6 private:true", user="alice")).message
    assert "2 dice" in message.text
    refused = (await driver.command("/roll expression:2d", user="alice")).message
    assert refused.text.startswith("I can't read `2d`")


async def test_a_public_roll_follows_the_servers_language_not_the_players(
    driver: OfflineDriver, spanish: None
) -> None:
    driver.guild_locale = "es-ES"  # a Community server whose language is Spanish
    message = (await driver.command("/roll expression:2d6", user="bob")).message  # bob: English client
    assert not message.ephemeral
    assert "2 dados" in message.text
    assert [b.label for b in message.buttons] == ["Tirar otra vez"]
    # bob's own mistakes are still explained to him in English.
    refused = (await driver.command("/roll expression:2d", user="bob")).message
    assert refused.text.startswith("I can't read `2d`")
    # A server Discord reports as en-US (no language chosen) gets English.
    driver.guild_locale = "en-US"
    again = (await driver.command("/roll expression:2d6", user="alice")).message
    assert "2 dice" in again.text


async def test_herald_language_sets_the_servers_language(driver: OfflineDriver, spanish: None) -> None:
    driver.guild_locale = "en-US"
    refused = (await driver.command("/herald language language:es", user="bob")).message
    assert refused.ephemeral and "Only members with Manage Server" in refused.text
    driver.user("mia", manage_guild=True, locale="es-ES")
    done = (await driver.command("/herald language language:es", user="mia")).message
    assert done.ephemeral
    assert done.text.startswith("Herald publica ahora en Español en este servidor.")
    public = (await driver.command("/roll expression:2d6", user="bob")).message
    assert "2 dados" in public.text
    assert "2 dice" in (await driver.command("/roll expression:2d6 private:true", user="bob")).message.text
    back = (await driver.command("/herald language language:discord", user="mia")).message
    assert "English" in back.text
    assert "2 dice" in (await driver.command("/roll expression:2d6", user="bob")).message.text


async def test_an_incomplete_language_cannot_be_chosen(
    driver: OfflineDriver, incomplete_spanish: None
) -> None:
    driver.user("mia", manage_guild=True)
    refused = (await driver.command("/herald language language:es", user="mia")).message
    assert refused.ephemeral
    assert "Español is not complete yet" in refused.text
    assert "2 dice" in (await driver.command("/roll expression:2d6", user="bob")).message.text


async def test_a_dm_uses_the_language_of_the_players_last_interaction(driver: OfflineDriver) -> None:
    alice = driver.user("alice", locale="es-ES")
    assert await dm_locale(driver.bot, alice.id) == "en"  # never seen
    await driver.command("/roll expression:1d6 private:true", user="alice")
    assert await dm_locale(driver.bot, alice.id) == "es-ES"
    alice.locale = "en-GB"
    await driver.command("/roll expression:1d6 private:true", user="alice")
    assert await dm_locale(driver.bot, alice.id) == "en-GB"
    await driver.restart()  # written at shutdown (and every few minutes): read back after a restart
    assert await dm_locale(driver.bot, alice.id) == "en-GB"


async def test_german_dice_notation_rolls_in_any_language(driver: OfflineDriver) -> None:
    driver.user("klaus", locale="de")
    message = (await driver.command("/roll expression:2W6+1", user="klaus")).message
    assert not message.ephemeral, message.text  # a roll, not a refusal
    assert "2d6+1" in message.text
