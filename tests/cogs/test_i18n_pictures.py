"""Pictures in Spanish end to end (issue 41, items 3 and 7): a picture is posted to the channel, so
the cog draws it in the channel's language (the event's own, when it has one); an English server
still gets English pictures. The canvas kit's recorder reads the words each picture drew."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bot.offline import OfflineDriver
from cogs.tournament.state import TournamentGame
from renderers.canvas import recording
from rules.i18n import force_offer
from tests.cogs.tournament_helpers import FACTIONS, PLAYERS, pngs, public


@pytest.fixture
def spanish() -> Iterator[None]:
    with force_offer("es"):
        yield


async def _event(driver: OfflineDriver, players: int = 4) -> None:
    public(await driver.command('/tournament create name:"Copa" tier:300', user="olga"))
    for name, faction in list(zip(PLAYERS, FACTIONS, strict=True))[:players]:
        public(await driver.command(f'/tournament join faction:"{faction}"', user=name))
    public(await driver.command("/tournament mission round:1 scenario:acquisition", user="olga"))


async def test_a_spanish_servers_pairings_and_standings_pictures_are_spanish(
    driver: OfflineDriver, spanish: None
) -> None:
    driver.guild_locale = "es-ES"
    await _event(driver)
    with recording() as drawn:
        paired = public(await driver.command("/tournament pair", user="olga"))
    assert pngs(paired, "pairings-round1")
    assert {"Mesa", "Jugador", "Rival"} <= set(drawn)
    assert any(text.startswith("Ronda 1 de ") for text in drawn)
    with recording() as drawn:
        shown = public(await driver.command("/tournament standings", user="ann"))
    assert pngs(shown, "standings")
    assert any(text.startswith("Clasificación durante la ronda 1") for text in drawn)
    assert {"Jugador", "PO", "PV"} <= set(drawn)


async def test_an_english_servers_standings_picture_stays_english(
    driver: OfflineDriver, spanish: None
) -> None:
    await _event(driver)
    # A Spanish client asks; the picture is the channel's, and the channel reads English.
    driver.user("ana", locale="es-ES")
    with recording() as drawn:
        shown = public(await driver.command("/tournament standings", user="ana"))
    assert pngs(shown, "standings")
    assert "Player" in drawn and "OP" in drawn
    assert not {"Jugador", "PO"} & set(drawn)


async def test_the_events_own_language_wins_for_its_pictures(driver: OfflineDriver, spanish: None) -> None:
    """An event created with its own language (Tournament.language) posts Spanish pictures in an
    English server."""
    await _event(driver)
    games = driver.bot.games
    async with games.update(
        driver.channel.id, TournamentGame, kind="tournament", actor_id=0, action="language"
    ) as handle:
        tournament = handle.state.tournament.model_copy(update={"language": "es-ES"})
        handle.state = handle.state.update(tournament=tournament)
    with recording() as drawn:
        public(await driver.command("/tournament standings", user="ann"))
    assert "Jugador" in drawn


async def test_odds_charts_follow_the_channel(driver: OfflineDriver, spanish: None) -> None:
    driver.guild_locale = "es-ES"
    with recording() as drawn:
        public(await driver.command("/odds expression:3d6", user="ann"))
    assert "probabilidad de sacar exactamente" in drawn
    assert "media 10,5" in drawn


async def test_a_boarding_actions_scoreboard_follows_a_spanish_server(
    driver: OfflineDriver, spanish: None
) -> None:
    driver.guild_locale = "es-ES"
    command = "/ba battle start mission:deck-sweepers attacker:alice defender:bob"
    with recording() as drawn:
        public(await driver.command(command, user="alice"))
    assert {"Atacante", "Defensor", "Objetivo", "PV"} <= set(drawn)


async def test_a_face_to_face_chart_follows_a_spanish_server(driver: OfflineDriver, spanish: None) -> None:
    driver.guild_locale = "es-ES"
    with recording() as drawn:
        public(await driver.command('/inf odds active:"SV16 B3 PS4 DA" reactive:"SV13 ARM2"', user="bob"))
    assert any(text.startswith("Tirada Enfrentada · ") for text in drawn)
    assert any("gana el bando activo" in text for text in drawn)
