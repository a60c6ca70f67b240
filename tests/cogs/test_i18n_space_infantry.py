"""Space Infantry in Spanish (issue 41): a fight's post is public, so its frame (field names,
hints, footer) speaks the server's language; a refusal speaks the player's; an English client in
the same server is unchanged. The rules' event lines (what a step did) and the proposal of a zone's
attack speak the server's language too."""

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
    assert "se determina el alcance para empezar el turno 1." in status.text
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


async def test_a_spanish_server_reads_the_steps_and_the_proposal_in_spanish(
    driver: OfflineDriver, spanish: None
) -> None:
    # Before the rules' events were messages, a Spanish server read "Turn 1: range RN 5 in the Set
    # column -> Charge." and "Herald proposes **Alpha 1 success = 2 wounds**." in English.
    from tests.cogs.test_space_infantry_fight import script, shows_map

    driver.guild_locale = "es-ES"
    driver.user("bob", locale="es-ES")
    shows_map(await driver.command("/si boss start boss:Elder Leviathan", user="alice"))
    for name in ("Alpha", "Bravo"):
        added = (await driver.command(f"/si squad add name:{name} kind:basic wounds:3", user="bob")).message
        assert added.ephemeral
        assert f"{name} se une a la escuadra (básica, 3 heridas)." in added.text, added.text
        await driver.command(f"/si engage unit:{name} zone:Mouth", user="bob")
    script(driver, 5, 3)
    turned = shows_map(await driver.command("/si turn", user="alice"))
    said = "Turno 1: RN de alcance 5 en la columna Set -> Charge. Elder Leviathan carga"
    assert said in turned.text, turned.text
    activated = shows_map(await driver.command("/si turn", user="alice"))
    assert "Mouth (RN 3): habilidad de Melee" in activated.text
    assert "Las zonas atacan primero" in activated.text
    assert "The zones attack first" not in activated.text
    opened = await driver.press(activated, "Mouth: escribir éxitos", user="bob")
    assert opened.modal is not None and opened.modal.title == "Ataque de Mouth"
    proposal = (await driver.submit(opened.modal, {"Éxitos": "1"})).message
    assert not proposal.ephemeral
    assert "Ataque de Mouth: ¿quién recibe sus éxitos?" in proposal.text, proposal.text
    assert "Mouth saca 1 éxito (Deadly: 2 heridas cada uno): 2 heridas." in proposal.text
    assert "Herald propone **Alpha 1 éxito = 2 heridas**." in proposal.text
    accepted = shows_map(await driver.press(proposal, "Aceptar", user="carol"))
    assert "Alpha recibe 1 éxito = 2 heridas (quedan 1/3)." in accepted.text, accepted.text
    # A refusal from the rules reaches the Spanish player in Spanish, an English client in English.
    spanish_refusal = (await driver.command("/si engage unit:Alpha zone:Mouth", user="bob")).message
    assert spanish_refusal.ephemeral
    assert "Las unidades solo traban después de determinar" in spanish_refusal.text
    english = (await driver.command("/si engage unit:Alpha zone:Mouth", user="carol")).message
    assert english.ephemeral and "Units engage only after the range is determined" in english.text


def test_a_step_logged_before_events_were_messages_still_reads_as_it_was(spanish: None) -> None:
    # An event log written by an older Herald kept each step's events as English strings; they load
    # and show as they were, while a step logged now is read in the reader's language.
    from cogs.space_infantry.game import stored_events
    from rules.i18n import _, translator

    old = {"action": {"kind": "engage"}, "events": ["Kai engages Mouth (1/2)."], "draws": []}
    new = {"events": [_("{unit} engages {zone} ({count}).", unit="Kai", zone="Mouth", count="1/2").to_json()]}
    es = translator("es-ES")
    assert stored_events(old, es) == "Kai engages Mouth (1/2)."
    assert stored_events(new, es) == "Kai traba Mouth (1/2)."
    assert stored_events(new, translator("en")) == "Kai engages Mouth (1/2)."
    assert stored_events({}, es) == ""


async def test_undo_names_the_undone_step_in_the_servers_language(
    driver: OfflineDriver, spanish: None
) -> None:
    driver.guild_locale = "es-ES"
    await driver.command("/si boss start boss:Elder Leviathan", user="alice")
    await driver.command("/si squad add name:Kai wounds:2", user="alice")
    await driver.command("/si engage unit:Kai zone:Mouth", user="alice")
    undone = (await driver.command("/si undo", user="alice")).message
    assert "Kai traba Mouth (1/2)." in undone.text and "Kai engages" not in undone.text, undone.text


async def test_autocomplete_and_av_odds_speak_spanish(driver: OfflineDriver, spanish: None) -> None:
    driver.user("ana", locale="es-ES")
    await driver.command("/si boss start boss:brood_queen", user="ana")
    await driver.command("/si squad add name:Kai", user="ana")
    units = await driver.autocomplete("si engage", "unit", "", user="ana")
    assert units[0]["name"].startswith("Kai · básica · le quedan 1/1 heridas · libre")
    zones = await driver.autocomplete("si engage", "zone", "", user="ana", unit="Kai")
    assert any("no puede trabarse ahora" in c["name"] for c in zones)
    heart = "Heart · interna · 6/6 HP · cerrada hasta que caiga Left Claw o Right Claw"
    assert any(c["name"].startswith(heart) for c in zones)
    english = await driver.autocomplete("si engage", "unit", "", user="carol")
    assert english[0]["name"].startswith("Kai · basic · 1/1 wounds left · free")
    driver.guild_locale = "es-ES"
    av = (await driver.command("/si av sl:2 pen:1 dmg:4", user="ana")).message
    assert "Con 2 SL y PEN 1" in av.text and "al menos un impacto" in av.text


async def test_the_vehicles_autocomplete_speaks_the_typers_language(
    driver: OfflineDriver, spanish: None
) -> None:
    driver.user("ana", locale="es-ES")
    await driver.command("/si boss start boss:brood_queen", user="ana")
    await driver.command("/si vehicle add name:Titan dmg:4 sp:2", user="ana")
    spanish_labels = await driver.autocomplete("si vehicle attack", "target", "", user="ana")
    assert spanish_labels[0]["name"] == "Titan · DMG 4+, Heavy Armor · quedan 2/2 SP"
    english = await driver.autocomplete("si vehicle attack", "target", "", user="carol")
    assert english[0]["name"] == "Titan · DMG 4+, Heavy Armor · 2/2 SP left"
