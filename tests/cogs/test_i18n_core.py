"""Herald's core and dice leftovers in Spanish (issue 41): /odds, /help, /games, secret rolls and
the dice notes, for a Spanish client or a Spanish server, and unchanged for an English client."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bot.offline import OfflineDriver
from rules.i18n import force_offer
from tests.cogs.test_wh40k import public_chart


@pytest.fixture
def spanish() -> Iterator[None]:
    with force_offer("es"):
        yield


async def test_odds_in_a_spanish_server_write_decimal_commas(driver: OfflineDriver, spanish: None) -> None:
    driver.guild_locale = "es-ES"
    message = public_chart(await driver.command("/odds expression:1d8 at_least:8"))
    assert "🎲 Probabilidades de 1d8" in message.text
    assert "Total medio: **4,50**, de 1 a 8." in message.text
    assert "Probabilidad de al menos 8: **12,5\u00a0%**" in message.text
    assert "Probabilidad de cada total" in message.text and "resultado" in message.text
    assert "Probabilidades exactas." in message.text
    assert "Mean" not in message.text and "12.5%" not in message.text


async def test_odds_notes_and_pools_in_spanish(driver: OfflineDriver, spanish: None) -> None:
    driver.guild_locale = "es-419"
    message = public_chart(await driver.command('/odds expression:"10wh4+ 1-" at_least:1'))
    assert "Éxitos de media: **3,33**, de -10 a 10." in message.text
    assert (
        "Leído como: los dados que muestran 1 o menos son fallos y se restan de los éxitos." in message.text
    )
    exploding = public_chart(await driver.command("/odds expression:3d6e6"))
    assert "[Aproximación] Las explosiones se siguen hasta" in exploding.text


async def test_an_odds_refusal_is_in_the_players_language(driver: OfflineDriver, spanish: None) -> None:
    driver.user("ana", locale="es-ES")
    refused = (await driver.command("/odds expression:1d6/(1d6-1)", user="ana")).message
    assert refused.ephemeral
    assert "El divisor puede ser 0, y dividir entre cero no da resultado" in refused.text
    english = (await driver.command("/odds expression:1d6/(1d6-1)", user="bob")).message
    assert "The divisor can be 0, and dividing by zero has no result" in english.text


async def test_odds_for_an_english_client_in_an_english_server_are_unchanged(
    driver: OfflineDriver, spanish: None
) -> None:
    message = public_chart(await driver.command("/odds expression:1d8 at_least:8"))
    assert "Mean total: **4.50**, from 1 to 8." in message.text
    assert "Chance of at least 8: **12.5%**" in message.text and "Exact odds." in message.text


async def test_a_spanish_players_help(driver: OfflineDriver, spanish: None) -> None:
    driver.user("ana", locale="es-ES")
    overview = await driver.command("/help", user="ana")  # a long overview takes two cards
    assert all(m.ephemeral for m in overview.messages)
    assert "Dados, wargames por mensajes, consulta de reglas y torneos." in overview.text
    assert "Otros comandos" in overview.text
    # a command's description comes from the same catalogue as Discord's command picker
    assert "Lo que Herald sabe hacer: cada comando, por juego" in overview.text
    topic = (await driver.command("/help topic:roll", user="ana")).message
    assert "Opciones" in topic.text and "Dados y aritmética" in topic.text
    assert "(opcional)" in topic.text
    dice = (await driver.command("/help topic:dice", user="ana")).message
    assert "Tiradas guardadas" in dice.text and "Tiradas secretas" in dice.text
    english = (await driver.command("/help topic:roll", user="bob")).message
    assert "Options" in english.text and "Dice and arithmetic" in english.text


async def test_help_for_an_unknown_topic_is_refused_in_spanish(driver: OfflineDriver, spanish: None) -> None:
    driver.user("ana", locale="es-419")
    refused = (await driver.command("/help topic:chess", user="ana")).message
    assert refused.ephemeral
    assert refused.text.startswith("No hay ningún comando llamado")


async def test_a_spanish_players_games_and_reminder(driver: OfflineDriver, spanish: None) -> None:
    from cogs.games import remind_job
    from tests.cogs.test_games import _its_sheet

    driver.user("ivo", locale="es-ES")
    await _its_sheet(driver, "partida")
    listed = (await driver.command("/games", user="ivo")).message
    assert listed.ephemeral
    assert "Tus partidas en este servidor" in listed.text
    assert "1 partida; pendientes de ti: 1." in listed.text and "**te toca**" in listed.text
    on = (await driver.command("/games remind:on", user="ivo")).message
    assert on.text.startswith("Recordatorio diario activado: desde el <t:")
    # The reminder is a DM sent later: in the language of ivo's last interaction.
    ivo = driver.user("ivo")
    await remind_job(driver.bot, {"user": ivo.id})
    sent = driver.history(driver.dms[ivo.id])
    assert "Herald: partidas que te esperan" in sent[0].text
    assert [b.label for b in sent[0].buttons] == ["Parar estos recordatorios"]
    stop = await driver.press(sent[0], "Parar estos recordatorios", user="ivo")
    assert "Recordatorios diarios desactivados." in stop.message.text
    # An English client in the same server reads English.
    nobody = (await driver.command("/games", user="zed")).message
    assert "You play no game in this server right now." in nobody.text
    driver.user("ana", locale="es-419")
    nada = (await driver.command("/games", user="ana")).message
    assert "Ahora mismo no juegas ninguna partida en este servidor." in nada.text


async def test_a_secret_roll_in_spanish(driver: OfflineDriver, spanish: None) -> None:
    import re

    driver.user("ana", locale="es-ES")
    refused = (await driver.command("/roll expression:1d20 secret:true", user="ana")).message
    assert refused.ephemeral and refused.text.startswith("Una tirada secreta se te muestra a ti")
    driver.user("olga", manage_guild=True, locale="es-419")
    set_up = (await driver.command("/dice gm role:GM", user="olga")).message
    assert set_up.text.startswith("Aquí los directores de juego ven las tiradas secretas")
    driver.give_role("carol", "GM")
    driver.guild_locale = "es-ES"  # the channel reads the server's language
    reply = await driver.command("/roll expression:1d20+3 label:sigilo secret:true", user="ana")
    private = next(m for m in reply.messages if m.ephemeral)
    public = next(m for m in reply.messages if not m.ephemeral)
    assert private.text.startswith("🤫 Tirada secreta: solo la ves tú, y también los directores de juego")
    assert "tirada secreta" in private.text  # the result's footer
    assert "ha hecho una tirada secreta: **sigilo**." in public.text
    assert not re.search(r"\d", public.text)
    assert [b.label for b in public.buttons] == ["Revelar (directores de juego)"]
    nosy = (await driver.press(public, "Revelar (directores de juego)", user="bob")).message
    assert "A secret roll is for its player and the game masters" in nosy.text  # bob: English client
    driver.user("dani", locale="es-ES")
    other = (await driver.press(public, "Revelar (directores de juego)", user="dani")).message
    assert other.text.startswith("Una tirada secreta es para quien la tira y para los directores de juego")


async def test_a_refused_roll_in_spanish_and_its_notes(driver: OfflineDriver, spanish: None) -> None:
    driver.user("ana", locale="es-ES")
    refused = (await driver.command("/roll expression:2d", user="ana")).message
    assert refused.ephemeral and refused.text.startswith("No puedo leer `2d`")
    read = (await driver.command("/roll expression:4d6k3 private:true", user="ana")).message
    assert "`k3` leído como `kh3`: quedarse con los 3 más altos" in read.text
    english = (await driver.command("/roll expression:4d6k3 private:true", user="bob")).message
    assert "`k3` read as `kh3`: keep the highest 3" in english.text


async def test_saved_rolls_in_spanish(driver: OfflineDriver, spanish: None) -> None:
    driver.user("ana", locale="es-ES")
    saved = (await driver.command("/dice save name:bola expression:8d6", user="ana")).message
    assert saved.ephemeral
    assert (
        saved.text
        == "Guardada `bola` = `8d6` para ti, en todos los servidores. Tírala con `/roll expression:bola`."
    )
    listed = (await driver.command("/dice list", user="ana")).message
    assert "Tiradas guardadas" in listed.text and "Tuyas" in listed.text
    refused = (await driver.command("/dice delete name:nada", user="ana")).message
    assert "No tienes ninguna tirada guardada llamada `nada`" in refused.text
    gone = (await driver.command("/dice delete name:bola", user="ana")).message
    assert gone.text == "Tirada guardada `bola` borrada."
    english = (await driver.command("/dice list", user="bob")).message
    assert "No saved rolls yet." in english.text


async def test_a_pools_successes_are_counted_in_spanish(driver: OfflineDriver, spanish: None) -> None:
    driver.user("ana", locale="es-ES")
    pool = (await driver.command("/roll expression:10d6>=4 private:true", user="ana")).message
    assert "éxitos" in pool.text or "éxito" in pool.text
    assert " successes" not in pool.text and " success" not in pool.text
    big = (await driver.command("/roll expression:60d6>=5 private:true", user="ana")).message
    assert "Por cara" in big.text or "éxitos" in big.text
    assert " successes" not in big.text
    english = (await driver.command("/roll expression:10d6>=4 private:true", user="bob")).message
    assert "success" in english.text


async def test_a_game_command_in_a_dm_is_refused_in_spanish(driver: OfflineDriver, spanish: None) -> None:
    driver.user("ana", locale="es-ES")
    dm = driver.add_dm("ana-dm", where="dm")
    refused = (await driver.command("/bf new", user="ana", channel=dm)).message
    assert refused.ephemeral
    assert refused.text.startswith("/bf new lleva una partida que vive en el canal de un servidor")
    assert "no funciona en mensajes directos" in refused.text
    english = (await driver.command("/bf new", user="bob", channel=dm)).message
    assert "does not work in direct messages" in english.text


async def test_a_grouped_odds_table_says_so_in_spanish(driver: OfflineDriver, spanish: None) -> None:
    driver.guild_locale = "es-ES"
    d66 = public_chart(await driver.command("/odds expression:d66"))
    assert "Los resultados imposibles se dejan fuera" in d66.text
    many = public_chart(await driver.command("/odds expression:10d6"))
    assert "los resultados vecinos comparten fila" in many.text.lower()
    assert "prob." in many.text  # the grouped table's column
