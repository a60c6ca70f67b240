"""Space Infantry in Spanish (issue 41): a fight's post is public, so its frame (field names,
hints, footer) speaks the server's language; a refusal speaks the player's; an English client in
the same server is unchanged. The rules' event lines (what a step did) are still English."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bot.offline import OfflineDriver
from rules.i18n import force_offer


@pytest.fixture
def spanish() -> Iterator[None]:
    with force_offer("es"):
        yield


async def test_a_boss_fight_in_a_spanish_server(driver: OfflineDriver, spanish: None) -> None:
    driver.guild_locale = "es-ES"
    start = (await driver.command('/si boss start boss:"Elder Leviathan"', user="alice")).message
    assert not start.ephemeral
    assert "Despliegue: este mensaje muestra la escuadra" in start.text
    assert "Empezado por" in start.text and "cualquiera de aquí puede jugar." in start.text
    assert "[A continuación]" in start.text and "`/si squad add` para añadir unidades." in start.text
    assert "Combate n.º" in start.text
    assert "Set-up: this message" not in start.text
    assert "Elder Leviathan - antes del primer turno" in start.text
    assert "Añade unidades a la escuadra." in start.text
    await driver.command("/si squad add name:Kai wounds:2", user="alice")
    status = (await driver.command("/si status", user="bob")).message
    assert "Empezado por" in status.text and "A continuación" in status.text
    assert "Kai: le quedan 2/2 heridas" in status.text
    assert "determinad el alcance para empezar el turno 1." in status.text
    assert [b.label for b in status.buttons] == ["Determinar el alcance"]
    ranged = (await driver.press(status, "Determinar el alcance", user="bob")).message
    assert "Elder Leviathan - turno 1, alcance" in ranged.text


async def test_a_spanish_player_is_refused_in_spanish(driver: OfflineDriver, spanish: None) -> None:
    driver.user("ana", locale="es-ES")
    await driver.command('/si boss start boss:"Elder Leviathan"', user="bob")
    await driver.command("/si squad add name:Kai wounds:2", user="bob")
    refused = (await driver.command("/si end", user="ana")).message
    assert refused.ephemeral
    assert "Solo quien empezó este combate" in refused.text
    english = (await driver.command("/si end", user="carol")).message
    assert english.ephemeral
    assert "Only the one who started this fight" in english.text


async def test_an_unknown_boss_offers_spanish_buttons(driver: OfflineDriver, spanish: None) -> None:
    driver.user("ana", locale="es-419")
    offered = (await driver.command("/si boss start boss:zzzz", user="ana")).message
    assert offered.ephemeral
    assert "Elige uno para empezar" in offered.text
    assert all(b.label.startswith("Luchar contra ") for b in offered.buttons)


async def test_a_one_off_av_attack_in_a_spanish_server(driver: OfflineDriver, spanish: None) -> None:
    driver.guild_locale = "es-ES"
    attack = (await driver.command("/si av sl:3 pen:1 dmg:4 sp:2", user="bob")).message
    assert "Ataque A-V" in attack.text
    assert "Probabilidades antes de los RN" in attack.text
    assert "Hace falta el reglamento básico" in attack.text


async def test_a_rules_refusal_in_spanish(driver: OfflineDriver, spanish: None) -> None:
    driver.user("ana", locale="es-ES")
    await driver.command('/si boss start boss:"Elder Leviathan"', user="ana")
    await driver.command("/si squad add name:Kai wounds:2", user="ana")
    again = (await driver.command("/si squad add name:Kai wounds:2", user="ana")).message
    assert again.ephemeral
    assert "Ya hay una unidad llamada Kai: elige otro nombre." in again.text
    english = (await driver.command("/si squad add name:Kai wounds:2", user="bob")).message
    assert "There is already a unit called Kai: pick another name." in english.text
