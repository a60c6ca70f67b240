"""/inf in Spanish (issue 41), end to end: the Face to Face Roll, the odds and a refusal, in the
server's language for a public post and in the player's language for a refusal."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bot.offline import OfflineDriver
from rules.i18n import force_offer


@pytest.fixture
def spanish() -> Iterator[None]:
    with force_offer("es"):
        yield


async def test_a_face_to_face_roll_in_a_spanish_server_is_in_spanish(
    driver: OfflineDriver, spanish: None
) -> None:
    driver.guild_locale = "es-ES"
    # B0 does not roll, and SV20 always succeeds: the active side always wins
    message = (await driver.command('/inf f2f active:"SV20 PS10" reactive:"SV0 B0 ARM2"', user="bob")).message
    assert not message.ephemeral
    text = message.text
    assert "⚔️ Tirada Enfrentada · N5" in text
    assert "Gana el **Activo** con 1 impacto" in text
    assert "Activo · SV20 PS10" in text  # the side as typed stays in its notation
    assert "VE 20: un dado de 20 o menos es un éxito; un 20 es un Crítico" in text
    assert "no tira (R0)" in text
    assert "Tiradas de Salvación · reactivo contra N" in text
    assert "BLI" in text and "ARM:" not in text
    assert "Face to Face" not in text and "wins" not in text


async def test_the_odds_write_decimal_commas_in_spanish(driver: OfflineDriver, spanish: None) -> None:
    driver.guild_locale = "es-419"
    message = (await driver.command('/inf odds active:"SV20 PS10" reactive:"SV0 B0"', user="bob")).message
    text = message.text
    assert "📊 Probabilidades de la Tirada Enfrentada · N5" in text
    assert "Gana el activo **100,0 %** · nadie **0,0 %** · gana el reactivo **0,0 %**" in text
    assert "activo 2      1,250 %" in text
    assert "sin heridas" in text and "48,750 %" in text
    assert "exactas, a partir de todas las tiradas posibles" in text


async def test_a_wrong_side_is_refused_in_the_players_language(driver: OfflineDriver, spanish: None) -> None:
    driver.user("ana", locale="es-ES")
    message = (await driver.command('/inf f2f active:"SV13 B9" reactive:"SV13"', user="ana")).message
    assert message.ephemeral
    assert message.text.startswith(
        "**activo**: `B9` en `SV13 B9`: Ráfaga 9 fuera de rango: usa de 1 a 6 dados (0: este bando no tira)."
    )
    assert "Un bando se escribe así:" in message.text
    # An English client in the same server reads the same refusal in English.
    english = (await driver.command('/inf f2f active:"SV13 B9" reactive:"SV13"', user="bob")).message
    assert english.text.startswith("**active**: `B9` in `SV13 B9`: Burst 9 is out of range")


async def test_an_english_client_in_a_spanish_server_sees_a_spanish_post_but_english_without_it(
    driver: OfflineDriver, spanish: None
) -> None:
    message = (await driver.command('/inf f2f active:"SV20 PS10" reactive:"SV0 B0"', user="bob")).message
    assert "⚔️ Face to Face Roll · N5" in message.text
    assert "**Active** wins with 1 hit" in message.text
    driver.guild_locale = "es-ES"
    roll = (await driver.command("/inf roll sv:13 burst:2", user="bob")).message
    assert "🎲 Tirada Normal · VE 13" in roll.text and "Críticos" in roll.text


async def test_an_its_mission_in_a_spanish_server_uses_the_publishers_spanish_names(
    driver: OfflineDriver, spanish: None
) -> None:
    driver.guild_locale = "es-ES"
    message = (await driver.command("/its mission name:Acquisition tier:300", user="bob")).message
    text = message.text
    assert not message.ephemeral
    assert "Adquisición (escenario ITS) · 300 ptos." in text
    assert "**Objetivos principales** (como máximo 10 PO en total)" in text
    assert "**Fuerzas y despliegue**" in text and "zona de despliegue" in text
    english = (await driver.command("/its mission name:Acquisition tier:300", user="bob"))
    assert english.message.text == text  # a public post follows the server, not the player


async def test_an_unknown_mission_is_refused_in_the_players_language(
    driver: OfflineDriver, spanish: None
) -> None:
    driver.user("ana", locale="es-419")
    message = (await driver.command("/its mission name:zzzzqqq", user="ana")).message
    assert message.ephemeral
    assert message.text.startswith("Ningún escenario ITS se llama 'zzzzqqq'.")
    english = (await driver.command("/its mission name:zzzzqqq", user="bob")).message
    assert english.text.startswith("No ITS scenario is called 'zzzzqqq'.")


async def test_the_score_sheet_in_a_spanish_server_speaks_spanish(
    driver: OfflineDriver, spanish: None
) -> None:
    driver.guild_locale = "es-ES"
    reply = await driver.command("/its score mission:Acquisition tier:300 opponent:bob", user="alice")
    sheet = next(m for m in reply.messages if "Hoja de puntuación" in m.text)
    text = sheet.text
    assert "Hoja de puntuación · Adquisición · 300 ptos." in text
    assert "Puntos de Objetivo (máx. 10)" in text and "Puntos de Victoria" in text
    assert "Cualquier cambio borra las confirmaciones." in text
    assert "⏳ aún no" in text and "→ **0 PO**" in text
    assert "Score sheet" not in text and "Objective Points" not in text


async def test_a_scenario_rule_names_its_scenarios_in_spanish(driver: OfflineDriver, spanish: None) -> None:
    driver.guild_locale = "es-ES"
    text = (await driver.command("/its rule topic:Master Breacher", user="bob")).message.text
    assert "Master Breacher (regla de escenario)" in text  # the rule's own name stays English
    assert "Una regla especial de escenario, en:" in text and "Altamente Clasificado" in text


async def test_a_private_classified_hand_is_in_the_players_language(
    driver: OfflineDriver, spanish: None
) -> None:
    driver.user("ana", locale="es-ES")
    start = await driver.command("/its classified draw mission:Frontline", user="ana")
    hand = next(m for m in start.messages if m.ephemeral and "Tus Objetivos Clasificados" in m.text)
    assert "Tus Objetivos Clasificados · Línea de Frente" in hand.text
    assert "Solo tú puedes ver este mensaje." in hand.text and "Elige uno para quedártelo" in hand.text
    # bob's client is English: his own hand stays English in the same server
    bob = await driver.command("/its classified draw mission:Frontline", user="bob")
    own = next(m for m in bob.messages if m.ephemeral and "classified objectives" in m.text)
    assert "Your classified objectives · Frontline" in own.text


async def test_a_score_sheet_without_an_opponent_is_refused_in_spanish(
    driver: OfflineDriver, spanish: None
) -> None:
    driver.user("ana", locale="es-419")
    refused = (await driver.command("/its score mission:Acquisition tier:300", user="ana")).message
    assert refused.ephemeral
    assert refused.text.startswith("Indica contra quién juegas: añade `opponent:@rival`.")
