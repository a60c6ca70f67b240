"""Team events in Spanish (issue 41, the teams part): the team pairing post, its threads and the
ritual's reveals in the event's language; each captain's private panel in that captain's own
client language (a Spanish captain reads Spanish while the English one, in the same match, reads
English); a refusal in the reader's language.

Spanish is offered on purpose (``force_offer``), as a translator previewing their part would.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bot.offline import Channel, Message, OfflineDriver
from rules.i18n import force_offer
from tests.cogs.tournament_helpers import public, refused, state

ES_BUTTON = "Abrir mi emparejamiento (capitanes)"
EN_BUTTON = "Open my pairing (captains)"


@pytest.fixture
def spanish() -> Iterator[None]:
    with force_offer("es"):
        yield


async def _teams(driver: OfflineDriver) -> None:
    """Owls (Ana, a Spanish client, captains) and Foxes (Di, an English client, captains)."""
    driver.user("ana", locale="es-ES")
    public(await driver.command('/tournament create name:"Copa" tier:300 team_size:3', user="olga"))
    public(await driver.command('/tournament team create name:Owls faction:"PanOceania"', user="ana"))
    for name in ("bo", "cy"):
        public(await driver.command(f"/tournament team add player:@{name}", user="ana"))
    public(await driver.command("/tournament team create name:Foxes", user="di"))
    for name in ("ed", "flo"):
        public(await driver.command(f"/tournament team add player:@{name}", user="di"))
    public(await driver.command("/tournament mission round:1 scenario:acquisition", user="olga"))


async def _thread(driver: OfflineDriver) -> Channel:
    s = await state(driver)
    thread_id = next(g.thread_id for g in s.threads if g.round == len(s.tournament.team_rounds))
    return next(c for c in driver.channels.values() if c.id == thread_id)


def _last_post(driver: OfflineDriver, thread: Channel) -> Message:
    return [m for m in driver.history(thread) if not m.ephemeral][-1]


async def test_a_spanish_servers_team_pairing_and_ritual_are_posted_in_spanish(
    driver: OfflineDriver, spanish: None
) -> None:
    driver.guild_locale = "es-ES"
    await _teams(driver)
    paired = public(await driver.command("/tournament pair", user="olga"))  # olga: English client
    assert "ronda 1 de" in paired.text and "enfrentamientos por equipos" in paired.text
    assert "Mesas 1-3:" in paired.text and " vs " in paired.text
    assert "cada uno elige en privado su defensor" in paired.text
    assert [b.label for b in paired.buttons] == [ES_BUTTON]
    assert "Tables" not in paired.text and "team matches" not in paired.text
    thread = await _thread(driver)
    opening = driver.history(thread)[0]
    assert "ronda 1" in opening.text and "cada paso se muestra aquí" in opening.text
    assert thread.name.startswith("R1 M1-3:") and " vs " in thread.name

    # Both defenders picked: the reveal, in the thread, in the server's language.
    ana = (await driver.press(paired, ES_BUTTON, user="ana")).message
    await driver.choose(ana, "Bo", user="ana")
    di = (await driver.press(paired, ES_BUTTON, user="di")).message
    await driver.choose(di, "Ed", user="di")
    reveal = _last_post(driver, thread)
    assert "tanda 1: defensores revelados:" in reveal.text and "Owls: Bo" in reveal.text
    assert "Ahora cada capitán envía a dos atacantes." in reveal.text
    assert "revealed" not in reveal.text
    assert [b.label for b in reveal.buttons] == [ES_BUTTON]


async def test_each_captain_reads_their_own_panel_in_their_own_language(
    driver: OfflineDriver, spanish: None
) -> None:
    await _teams(driver)  # an English server: the public posts stay English
    paired = public(await driver.command("/tournament pair", user="olga"))
    assert "Tables 1-3" in paired.text and [b.label for b in paired.buttons] == [EN_BUTTON]

    ana = (await driver.press(paired, EN_BUTTON, user="ana")).message
    assert ana.ephemeral
    assert "Tus jugadores libres:" in ana.text and "elige a tu **defensor**" in ana.text
    assert "emparejamiento de la ronda 1 · eliges por Owls · tanda 1" in ana.text
    assert ana.selects[0].placeholder == "Tu defensor…"
    assert "Your pool" not in ana.text

    di = (await driver.press(paired, EN_BUTTON, user="di")).message
    assert di.ephemeral and "Your pool:" in di.text and "pick your **defender**" in di.text
    assert di.selects[0].placeholder == "Your defender…"

    # Ana's pick stays hers: her panel says what she picked, in Spanish; Di's shows nothing of it.
    picked = await driver.choose(ana, "Cy", user="ana")
    panel = picked.edited[0] if picked.edited else picked.messages[0]
    assert "Tu defensor: Cy" in panel.text
    assert "Esperando al capitán de Foxes, que aún no ha elegido" in panel.text
    again = (await driver.press(paired, EN_BUTTON, user="di")).message
    assert again.text == di.text and "Cy" not in again.text.split("Their pool")[0].split("Your pool")[0]


async def test_a_refusal_is_in_the_readers_language(driver: OfflineDriver, spanish: None) -> None:
    await _teams(driver)
    driver.user("gus", locale="es-419")
    # A rule of the team (rules/): the team is full.
    full = refused(
        await driver.command("/tournament team add player:@gus", user="ana"), "Owls ya tiene 3 jugadores"
    )
    assert "quita uno antes" in full
    public(await driver.command("/tournament pair", user="olga"))
    # A rule of the ritual (rules/): refusing before the defenders are revealed.
    early = refused(
        await driver.command("/tournament team refuse player:@ed", user="ana"),
        "Ahora toca elegir el defensor (tanda 1), no el rechazo.",
    )
    assert "refusal" not in early
    # The cog's own refusal: only captains open a panel.
    s = await state(driver)
    assert s.tournament.team_rounds
    thread = await _thread(driver)
    opening = driver.history(thread)[0]
    refused(await driver.press(opening, EN_BUTTON, user="gus"), "Solo los capitanes de los equipos")
    # The same refusal for an English client is unchanged.
    refused(
        await driver.command("/tournament team refuse player:@bo", user="di"),
        "It is time to pick the defender (pass 1), not the refusal.",
    )


async def test_a_spanish_servers_team_standings_are_in_spanish(driver: OfflineDriver, spanish: None) -> None:
    driver.guild_locale = "es-ES"
    await _teams(driver)
    shown = public(await driver.command("/tournament standings", user="olga"))  # olga: English client
    assert "Copa: clasificación por equipos" in shown.text, shown.text
    assert "team standings" not in shown.text
