"""Boarding Actions in Spanish (issue 41): the tracker is a public post, so it speaks the server's
language; a refusal speaks the language of the player who caused it; an English client in a
Spanish server still reads its own refusals in English."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bot.offline import OfflineDriver
from rules.boarding_actions.battle import Advance, BattleError, Player, apply, new_battle
from rules.boarding_actions.content import load_missions_strict
from rules.i18n import force_offer


@pytest.fixture
def spanish() -> Iterator[None]:
    with force_offer("es"):
        yield


async def test_the_tracker_follows_a_spanish_server(driver: OfflineDriver, spanish: None) -> None:
    driver.guild_locale = "es-ES"
    command = "/ba battle start mission:deck-sweepers attacker:alice defender:bob"
    started = (await driver.command(command, user="alice")).message
    assert not started.ephemeral
    assert "Empieza Deck Sweepers: Alice ataca, Bob defiende." in started.text
    assert "¿quién juega el primer turno?" in started.text
    assert "Tirada enfrentada" in started.text
    assert "Puntuación" in started.text and "Alice (Atacante): **0** PV" in started.text
    assert "Batalla n.º" in started.text
    labels = [b.label for b in started.buttons]
    assert "Tirada enfrentada" in labels and "Alice empieza" in labels
    playing = (await driver.press(started, "Alice empieza", user="bob")).message
    assert "Ronda de batalla 2, Alice (Atacante), final de la fase de mando" in playing.text
    assert "te toca puntuar" in playing.text
    assert "Hecho ▶" in [b.label for b in playing.buttons]
    assert "Press a button" not in playing.text


async def test_a_refusal_speaks_the_players_language(driver: OfflineDriver, spanish: None) -> None:
    driver.user("ana", locale="es-ES")
    refused = (
        await driver.command("/ba battle start mission:deck-sweepers attacker:ana defender:ana", user="ana")
    ).message
    assert refused.ephemeral
    assert "El Atacante y el Defensor deben ser dos miembros distintos." in refused.text
    # The same mistake from an English client in the same (Spanish) server: English.
    driver.guild_locale = "es-ES"
    english = (
        await driver.command("/ba battle start mission:deck-sweepers attacker:bob defender:bob", user="bob")
    ).message
    assert "The Attacker and the Defender must be two different members." in english.text


async def test_ending_early_in_a_spanish_server(driver: OfflineDriver, spanish: None) -> None:
    driver.guild_locale = "es-419"
    command = "/ba battle start mission:deck-sweepers attacker:alice defender:bob"
    started = (await driver.command(command, user="alice")).message
    await driver.press(started, "Alice empieza", user="bob")
    ended = (await driver.command("/ba end", user="alice")).message
    assert not ended.ephemeral
    assert "Deck Sweepers: la batalla se cerró antes de terminar" in ended.text
    assert "cerró la batalla; aquí puede empezar una nueva." in ended.text


def test_a_rules_refusal_renders_in_spanish() -> None:
    mission = load_missions_strict().get("deck-sweepers")
    state = new_battle(mission, attacker=Player(name="Ann"), defender=Player(name="Bo"))
    with force_offer("es"):
        with pytest.raises(BattleError) as raised:
            apply(state, Advance())
        spanish = "Di quién ganó la tirada enfrentada por el primer turno antes de seguir."
        assert raised.value.render("es-ES") == spanish
    assert str(raised.value) == "Say who won the roll-off for the first turn before going on."


async def test_a_mission_page_and_its_buttons_in_a_spanish_server(
    driver: OfflineDriver, spanish: None
) -> None:
    driver.guild_locale = "es-ES"
    page = (await driver.command("/ba mission name:deck-sweepers", user="alice")).message
    assert not page.ephemeral
    assert "**Primer turno:**" in page.text and "Bonificación de Underdog" in page.text
    labels = [b.label for b in page.buttons]
    assert labels == ["Empezar una batalla como Atacante", "Empezar una batalla como Defensor"]
    taken = (await driver.press(page, "Empezar una batalla como Atacante", user="alice")).message
    assert "toma el bando del Atacante en **Deck Sweepers**" in taken.text
    assert [b.label for b in taken.buttons] == ["Unirse como Defensor"]
    driver.user("ana", locale="es-ES")
    rolled = (await driver.command("/ba roll kind:symmetric", user="ana")).message
    assert "🎲 D33:" in rolled.text and "**Primer turno:**" in rolled.text


async def test_an_unknown_roll_is_refused_in_spanish(driver: OfflineDriver, spanish: None) -> None:
    driver.user("ana", locale="es-ES")
    refused = (await driver.command("/ba mission name:41", user="ana")).message
    assert refused.ephemeral
    assert "Ninguna misión simétrica tiene el resultado 41 en el D33; usa 11-13" in refused.text
    english = (await driver.command("/ba mission name:41", user="bob")).message
    assert "No symmetric mission has the D33 result 41" in english.text


async def test_a_steps_summary_is_shown_and_taken_back_in_the_servers_language(
    driver: OfflineDriver, spanish: None
) -> None:
    # A step's summary ("Alice (Attacker) takes the first turn") is kept with the step and shown
    # on the tracker, and named again by /ba undo: before, both read it in English in a Spanish server.
    driver.guild_locale = "es-ES"
    command = "/ba battle start mission:deck-sweepers attacker:alice defender:bob"
    started = (await driver.command(command, user="alice")).message
    playing = (await driver.press(started, "Alice empieza", user="bob")).message
    assert "✔ Alice (Atacante) juega el primer turno" in playing.text, playing.text
    assert "takes the first turn" not in playing.text
    undone = (await driver.command("/ba undo", user="bob")).message
    assert "ha deshecho: Alice (Atacante) juega el primer turno." in undone.text, undone.text


def test_a_summary_stored_before_it_was_a_message_reads_as_it_was() -> None:
    from types import SimpleNamespace

    from cogs.boarding_actions.game import said_of
    from rules.i18n import _, translator

    with force_offer("es"):
        es = translator("es-ES")
        old = SimpleNamespace(summary="Alice (Attacker) takes the first turn", detail={"action": {}})
        assert said_of(old, es) == "Alice (Attacker) takes the first turn"
        new = SimpleNamespace(summary="x", detail={"said": _("the battle is over").to_json()})
        assert said_of(new, es) == "la batalla ha terminado"


async def test_a_rule_page_names_its_section_in_spanish(driver: OfflineDriver, spanish: None) -> None:
    driver.guild_locale = "es-ES"
    page = (await driver.command('/ba rule topic:"Set Overwatch"', user="alice")).message
    assert "Boarding Actions · Maniobras tácticas" in page.text
    driver.user("ana", locale="es-ES")
    found = await driver.autocomplete("ba rule", "topic", "overwatch", user="ana")
    assert found[0]["name"] == "Set Overwatch (Maniobras tácticas)"
    english = await driver.autocomplete("ba rule", "topic", "overwatch", user="carol")
    assert english[0]["name"] == "Set Overwatch (Tactical Manoeuvres)"


def test_a_counted_choice_is_said_in_the_log_s_language(spanish: None) -> None:
    from cogs.boarding_actions.reading import choice_said
    from rules.boarding_actions.battle import ScoringOption
    from rules.boarding_actions.content import default_library
    from rules.boarding_actions.missions import Role
    from rules.i18n import translator

    library = default_library()
    objective = next(
        o for m in library.ids() for o in library.get(m).objectives
        if o.count is None and o.bands is None and o.outcome is None
    )
    said = choice_said(ScoringOption(role=Role.ATTACKER, objective=objective), "value", "2")
    assert translator("es")(said) == "2 × contados"
    assert translator("en")(said) == "2 × counted"
