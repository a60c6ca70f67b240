"""The results side of a tournament in Spanish (issue 41), end to end: standings, the faction table
and rating changes posted in a Spanish server; a Spanish voter's private ballot; an English
client's private reply unchanged in the same server; a refusal in the reader's language.

Spanish is offered on purpose (``force_offer``) until every area's part is complete.
"""

from __future__ import annotations

from collections.abc import Iterator

import discord
import pytest

from bot.offline import OfflineDriver
from rules.i18n import force_offer, translator
from rules.tournament.faction_table import ordinal, percent
from tests.cogs.tournament_helpers import games, name_of, public, refused

FACTIONS = {"ann": "Orks", "bo": "Eldar", "cy": "Necrons", "di": "Tau Empire"}


@pytest.fixture
def spanish() -> Iterator[None]:
    with force_offer("es"):
        yield


async def _round_of_draws(driver: OfflineDriver) -> None:
    """A 40k event of four players, round 1 played: every game a 50-50 draw."""
    public(await driver.command('/tournament create name:"Copa Sur" game:40k rounds:3', user="olga"))
    for name, faction in FACTIONS.items():
        public(await driver.command(f'/tournament join faction:"{faction}"', user=name))
    public(await driver.command("/tournament pair threads:false", user="olga"))
    for game in await games(driver):
        a, b = name_of(driver, game.a), name_of(driver, game.b)
        public(
            await driver.command(
                f"/tournament result player:@{a} opponent:@{b} player_vp:50 opponent_vp:50", user="olga"
            )
        )


def test_ordinals_and_win_rates_are_written_the_readers_way(spanish: None) -> None:
    es, en = translator("es-ES"), translator("en-GB")
    assert [es(ordinal(n)) for n in (1, 2, 3, 11, 22)] == ["1.º", "2.º", "3.º", "11.º", "22.º"]
    assert [en(ordinal(n)) for n in (1, 2, 3, 11, 22)] == ["1st", "2nd", "3rd", "11th", "22nd"]
    assert percent(0.5, es) == "50,0\xa0%" and percent(0.5, en) == "50.0%" and percent(None, es) == "–"


async def test_a_spanish_servers_standings_and_faction_table(driver: OfflineDriver, spanish: None) -> None:
    driver.guild_locale = "es-ES"
    await _round_of_draws(driver)
    # bo reads English in his own client; what the channel sees is in the server's language.
    standings = public(await driver.command("/tournament standings", user="bo"))
    assert "**Copa Sur: Clasificación tras la ronda 1 de 3** · 4 jugadores" in standings.text, standings.text
    assert "Standings" not in standings.text and "players" not in standings.text
    top = public(await driver.command("/tournament top count:2", user="bo"))
    assert "**Copa Sur: los 2 mejores**" in top.text, top.text
    table = public(await driver.command("/tournament factions", user="bo"))
    assert "Copa Sur: facciones (tras 1 ronda)" in table.text, table.text
    for faction in FACTIONS.values():
        line = f"**{faction}** · 1 jugador · 1 partida · 0-1-0 · 50,0\xa0% · PB de media 50,0 · mejor: "
        assert line in table.text, table.text
    assert "(1.º)" in table.text and "1st" not in table.text
    assert "un empate cuenta como media victoria" in table.text
    # An English client's private refusal in the same server stays English...
    english = refused(await driver.command("/tournament standings page:9", user="bo"))
    assert english.startswith("The standings have 1 page of 32 players; page 9 is not one of them."), english
    # ...and a Spanish client's is in Spanish.
    driver.user("ana", locale="es-ES")
    spanish_refusal = refused(await driver.command("/tournament standings page:9", user="ana"))
    assert spanish_refusal.startswith("La clasificación tiene 1 página de 32 jugadores; la página 9 no es"), (
        spanish_refusal
    )


async def test_rating_changes_use_a_decimal_comma_in_spanish(driver: OfflineDriver, spanish: None) -> None:
    driver.guild_locale = "es-ES"
    public(await driver.command('/tournament create name:"Copa ITS" tier:300 rounds:1', user="olga"))
    for name in FACTIONS:
        public(await driver.command('/tournament join faction:"PanOceania"', user=name))
    public(await driver.command("/tournament mission round:1 scenario:acquisition", user="olga"))
    public(await driver.command("/tournament pair threads:false", user="olga"))
    for game in await games(driver):
        a, b = name_of(driver, game.a), name_of(driver, game.b)
        public(
            await driver.command(
                f"/tournament result player:@{a} opponent:@{b} player_op:6 player_vp:200 opponent_op:4 "
                "opponent_vp:150",
                user="olga",
            )
        )
    finished = await driver.command("/tournament finish", user="olga")
    assert "**Copa ITS: Clasificación final** · 4 jugadores" in finished.text, finished.text
    assert "**Cambios de rating** (ITS Rating, este servidor)" in finished.text, finished.text
    assert "1000 → 1016 (+16,0)" in finished.text and "1000 → 984 (-16,0)" in finished.text, finished.text
    top = public(await driver.command("/rating top", user="bo"))
    assert "(1 partida, 1 evento)" in top.text, top.text
    nobody = public(await driver.command("/rating show player:@zed", user="bo"))
    assert "aún no tiene partidas puntuadas aquí: todo el mundo empieza con 1000." in nobody.text


async def test_a_spanish_voters_ballot_is_private_and_in_spanish(
    driver: OfflineDriver, spanish: None
) -> None:
    driver.guild_locale = "es-ES"
    driver.user("ann", locale="es-ES")
    await _round_of_draws(driver)
    opened = await driver.command("/awards ballot", user="ann")
    form = opened.modal
    assert form is not None and form.title == "Papeleta de la ronda 1"
    labels = [field.get("label") for field in form.fields]
    assert any("marca lo que fue cierto" in str(label) for label in labels), labels
    assert "¿Fue una mala partida?" in labels and "Si fue una mala partida: ¿por qué?" in labels, labels
    ticks = next(f for f in form.fields if f.get("custom_id") == "ticks")
    assert next(o["label"] for o in ticks["options"]) == "Llegó a tiempo, con todo lo necesario para jugar"
    sent = await driver.submit(form, {"ticks": ["0", "3"], "bad": "no"}, user="ann")
    assert sent.message.ephemeral
    assert sent.text.startswith("Tu papeleta de la ronda 1 está contada. Solo la organización ve los totales")
    # Sent twice: refused in her language (a lazy refusal from rules/).
    again = refused(await driver.submit(form, {"ticks": [], "bad": "no"}, user="ann"))
    assert again.startswith("Ya enviaste tu papeleta de la ronda 1: cuenta una vez"), again
    # bo (English client) opens his ballot in the same Spanish server: English, as his client.
    theirs = (await driver.command("/awards ballot", user="bo")).modal
    assert theirs is not None and theirs.title == "Round 1 ballot"
    done = await driver.submit(theirs, {"ticks": ["1"], "bad": "no"}, user="bo")
    assert done.message.ephemeral and done.text.startswith("Your round 1 ballot is counted."), done.text
    # The organiser's totals are private and in the organiser's language.
    driver.user("olga", locale="es-ES")
    totals = await driver.command("/awards totals", user="olga")
    assert totals.message.ephemeral
    head = "**Copa Sur: papeletas** (2 papeletas de deportividad, 0 votos de favorito)"
    assert head in totals.text, totals.text


def test_a_long_opponent_name_gives_way_to_the_spanish_ballot_question(spanish: None) -> None:
    from cogs.tournament.awards import ballot_form

    form = ballot_form(1, 2, "Bartholomew-Maximilian the Unbowed", translator("es-ES"))
    label = form.children[0]
    assert isinstance(label, discord.ui.Label)
    assert len(label.text) <= 45 and label.text.endswith(": marca lo que fue cierto"), label.text
    assert label.text.startswith("Bartholomew") and form.title == "Papeleta de la ronda 2"


async def test_a_season_in_a_spanish_server(driver: OfflineDriver, spanish: None) -> None:
    driver.guild_locale = "es-ES"
    await _round_of_draws(driver)
    made = public(await driver.command('/season create name:Liga best:2 events:"Copa Sur"', user="olga"))
    assert made.text.startswith("Temporada **Liga** creada: cuentan los 2 mejores resultados"), made.text
    table = public(await driver.command("/season table season:Liga", user="bo"))
    assert "Temporada Liga · los 2 mejores resultados de 0 eventos terminados" in table.text, table.text
    assert "Aún sin terminar (cuentan cuando terminen): Copa Sur." in table.text
    driver.user("ana", locale="es-ES")
    missing = refused(await driver.command("/season table season:Otoño", user="ana"))
    assert missing.startswith("Este servidor no tiene ninguna temporada llamada Otoño"), missing
