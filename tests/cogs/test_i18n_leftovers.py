"""Issue 41's leftovers in finished areas (infinity, 40k, core): sentences a Spanish player read in
English although their area's part was complete, because the code never marked them.

Each test reads what a Spanish player reads, end to end through the offline driver, and checks
that an English client in the same server is unchanged.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bot.offline import Attachment, Message, OfflineDriver, Reply
from rules.i18n import force_offer
from rules.wh40k.roster import MAX_ROSTER_BYTES
from tests import rosters
from tests.cogs.test_wh40k_lists import _file, roster_file


@pytest.fixture
def spanish() -> Iterator[None]:
    with force_offer("es"):
        yield


def _field(message: Message, name: str) -> str:
    embed = message.card.data
    return next(f["value"] for f in embed["fields"] if f["name"].startswith(name))


async def _sheet(driver: OfflineDriver) -> Message:
    """Ana (Spanish client) starts an Acquisition sheet naming Bob (English client), who accepts."""
    driver.user("ana", locale="es-ES")
    reply = await driver.command("/its score mission:Acquisition tier:300 opponent:bob", user="ana")
    invitation = next(m for m in reply.messages if "named you as their opponent" in m.text)
    await driver.press(invitation, "Accept: play Ana", user="bob")
    return reply.message


async def _open(driver: OfflineDriver, sheet: Message, entry: str, *, side: int, user: str) -> Reply:
    opened = await driver.choose(sheet, entry, user=user, select=side)
    assert opened.modal is not None, opened.text
    return opened


# -- Infinity / ITS -----------------------------------------------------------------------------


async def test_the_score_form_asks_a_spanish_player_in_spanish_and_reads_si(
    driver: OfflineDriver, spanish: None
) -> None:
    sheet = await _sheet(driver)
    form = await _open(driver, sheet, "tech_coffin", side=1, user="ana")
    field = form.modal.fields[0]
    assert field["value"] == "no"
    assert field["placeholder"].startswith("sí o no")
    await driver.submit(form.modal, {"f0": "sí"})
    # Bob's client is English: his form is in English, and a "sí" he types is understood as well.
    english = await _open(driver, sheet, "tech_coffin", side=2, user="bob")
    assert english.modal.fields[0]["placeholder"].startswith("yes or no")
    await driver.submit(english.modal, {"f0": "Sí"})
    points = _field(sheet, "Objective Points")
    assert points.startswith("Ana: **") and points.split("\n")[0][5:] == points.split("\n")[1][5:]
    assert points != "Ana: **0**\nBob: **0**"
    # ... and "no" in either language takes it back.
    again = await _open(driver, sheet, "tech_coffin", side=1, user="ana")
    assert again.modal.fields[0]["value"] == "sí"
    await driver.submit(again.modal, {"f0": "No"})
    assert _field(sheet, "Objective Points").startswith("Ana: **0**")


async def test_a_bad_score_entry_is_explained_in_spanish(driver: OfflineDriver, spanish: None) -> None:
    sheet = await _sheet(driver)
    form = await _open(driver, sheet, "tech_coffin", side=1, user="ana")
    refused = (await driver.submit(form.modal, {"f0": "quizá"})).message
    assert refused.ephemeral
    assert "No se ha guardado" in refused.text and "escribe sí o no, no 'quizá'" in refused.text
    assert [b.label for b in refused.buttons] == ["Corregir"]
    number = await _open(driver, sheet, "antennas_activated", side=1, user="ana")
    words = (await driver.submit(number.modal, {"f0": "dos"})).message
    assert "necesita un número entero de 0 a 2, no 'dos'" in words.text
    english = await _open(driver, sheet, "tech_coffin", side=2, user="bob")
    said = (await driver.submit(english.modal, {"f0": "maybe"})).message
    assert "type yes or no, not 'maybe'" in said.text and "Not saved" in said.text


async def test_a_spanish_server_hears_the_classified_draw_in_spanish(
    driver: OfflineDriver, spanish: None
) -> None:
    """The draw's public news follows the server's language; Ana's English client keeps her
    private hand in English."""
    driver.guild_locale = "es-ES"
    start = await driver.command("/its classified draw mission:Frontline opponent:bob", user="alice")
    private, public = start.messages[0], start.messages[1]
    assert private.ephemeral and "Your classified objectives" in private.text
    assert any(b.label.startswith("Keep ") for b in private.buttons)
    assert not public.ephemeral
    assert "empezó a robar Objetivos Clasificados para **Línea de Frente**" in public.text
    assert "Objetivos Clasificados · Línea de Frente" in public.text and "started drawing" not in public.text
    invitation = next(m for m in start.messages if "te ha nombrado su oponente" in m.text)
    assert [b.label for b in invitation.buttons] == ["Aceptar: jugar contra Alice", "Rechazar"]
    accepted = await driver.press(invitation, "Aceptar: jugar contra Alice", user="bob")
    assert "aceptó: la partida ITS de este canal es" in invitation.text
    news = [m for m in accepted.messages if not m.ephemeral and m is not invitation]
    assert any("se unió al robo de clasificados para **Línea de Frente**" in m.text for m in news)


async def test_ending_a_match_asks_and_reports_in_spanish(driver: OfflineDriver, spanish: None) -> None:
    driver.user("ana", locale="es-ES")
    for user in ("ana", "bob"):
        hand = (await driver.command("/its classified draw mission:Acquisition", user=user)).messages[0]
        if user == "ana":  # what to do next, in her words
            assert "Ana: quédate una de las dos cartas que te repartieron (1 de " in hand.text
        while any(b.label.startswith(("Keep ", "Quedarse con ")) for b in hand.buttons):
            await driver.press(hand, 1, user=user)
    # Ana's own refusal and the request's buttons: the request is public (English server).
    request = (await driver.command("/its end", user="ana")).message
    assert "do you agree?" in request.text
    own = await driver.press(request, "end the match", user="ana")
    assert own.message.ephemeral and own.message.text.startswith(
        "Tú pediste terminar la partida: responde Bob"
    )
    stranger = await driver.press(request, "end the match", user="carol")
    assert stranger.message.text.startswith("Only the players (")
    driver.guild_locale = "es-ES"
    done = await driver.press(request, "Bob: end the match", user="bob")
    assert "ambas partes estuvieron de acuerdo" in request.text
    note = next(m for m in done.messages if not m.ephemeral)
    assert "terminó la partida ITS de este canal (Adquisición) entre Ana y Bob" in note.text
    assert "a petición de" in note.text and "no se revelaron y siguen en secreto" in note.text


async def test_its_refusals_are_in_the_players_language(driver: OfflineDriver, spanish: None) -> None:
    driver.user("ana", locale="es-ES")
    self_game = (
        await driver.command("/its score mission:Acquisition tier:300 opponent:ana", user="ana")
    ).message
    assert self_game.ephemeral and self_game.text.startswith("Elige a tu oponente, no a ti.")
    mine = (await driver.command("/its classified mine", user="ana")).message
    assert mine.text.startswith("En este canal no hay partida ITS, así que no hay Objetivos Clasificados.")
    unknown = (await driver.command("/its score mission:Nowhere tier:300 opponent:bob", user="ana")).message
    assert "No hay ningún escenario ITS llamado 'Nowhere'" in unknown.text
    english = (await driver.command("/its classified mine", user="bob")).message
    assert english.text.startswith("There is no ITS match in this channel, so no classified objectives.")


# -- 40k ----------------------------------------------------------------------------------------


async def test_a_roster_import_says_what_it_decided_in_spanish(driver: OfflineDriver, spanish: None) -> None:
    driver.user("ana", locale="es-ES")
    files = _file(rosters.boyz(), rosters.trukk(), rosters.hive_tyrant())
    reply = (await driver.command("/40k list import name:Orkos", file=files, user="ana")).message
    assert reply.ephemeral
    assert "Invulnerable Save (6+): inv6+ aplicado a todas las miniaturas" in reply.text
    assert "applied to every model" not in reply.text
    # The notes are kept with the list: shown again later, they are still in the reader's language.
    shown = (await driver.command("/40k list show name:Orkos", user="ana")).message
    assert "Invulnerable Save (6+): inv6+ aplicado a todas las miniaturas" in shown.text
    driver.user("ana", locale="en-US")
    english = (await driver.command("/40k list show name:Orkos", user="ana")).message
    assert "Invulnerable Save (6+): inv6+ applied to every model" in english.text


async def test_what_could_not_be_read_is_said_in_spanish(driver: OfflineDriver, spanish: None) -> None:
    driver.user("ana", locale="es-ES")
    reply = (await driver.command("/40k list import", file=roster_file(), user="ana")).message
    assert "Lantern Seer: Whisper hex (A `*`) no se puede leer." in reply.text
    big = Attachment("huge.json", b"{" + b" " * MAX_ROSTER_BYTES + b"}")
    refused = (await driver.command("/40k list import", file=big, user="ana")).message
    assert refused.ephemeral
    assert refused.text.startswith(
        "`huge.json` ocupa 2,0 MiB; una lista de ejército puede ocupar como mucho 2 MiB."
    )
    assert "Envía una exportación JSON de New Recruit (.json)" in refused.text


async def test_the_40k_help_grammar_is_in_spanish(driver: OfflineDriver, spanish: None) -> None:
    driver.user("ana", locale="es-ES")
    helped = await driver.command("/help topic:40k", user="ana")
    assert "Línea del arma" in helped.text and "Línea del objetivo" in helped.text
    assert "Weapon line" not in helped.text
    assert "Varios tipos de miniatura, Líderes" in helped.text and "Situación y edición" in helped.text


# -- core ---------------------------------------------------------------------------------------


async def test_no_game_here_is_said_in_spanish(driver: OfflineDriver, spanish: None) -> None:
    driver.user("ana", locale="es-ES")
    refused = (await driver.command("/its end", user="ana")).message
    assert refused.ephemeral
    assert refused.text.startswith("En este canal no hay partida ITS. Para empezar, usa `/its score` o ")
    english = (await driver.command("/its end", user="bob")).message
    assert english.text.startswith("There is no ITS match in this channel. Start one with `/its score` or ")
