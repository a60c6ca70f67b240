"""Tournaments in Spanish (issue 41), end to end: a Spanish player's join and refusals, a Spanish
server's pairing, threads, reports and round posts, an English player beside them, and a
tournament created in its own language (``/tournament create language:``) in an English server.

Spanish is offered on purpose here (``force_offer``), as a translator previewing their work would.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bot.offline import OfflineDriver
from rules.i18n import force_offer
from tests.cogs.tournament_helpers import (
    dispatch_sheet,
    games,
    name_of,
    public,
    refused,
    sheet_payload,
    state,
    thread_of,
)

PLAYERS = ("ana", "bo", "cy", "di")


@pytest.fixture
def spanish() -> Iterator[None]:
    with force_offer("es"):
        yield


async def test_a_spanish_player_joins_and_is_refused_in_spanish(driver: OfflineDriver, spanish: None) -> None:
    driver.user("ana", locale="es-ES")
    public(await driver.command('/tournament create name:"Copa" tier:300', user="olga"))
    # The join is a public post: the server's language (English here), whoever joins.
    joined = public(await driver.command('/tournament join faction:"PanOceania"', user="ana"))
    assert joined.text == f"{driver.user('ana').mention} joined (PanOceania). Copa: 1 player."
    # Her refusal is hers alone: in her client's language.
    again = refused(await driver.command('/tournament join faction:"PanOceania"', user="ana"))
    assert again == "Ana ya está en Copa."
    unknown = refused(await driver.command("/tournament pair", user="ana"))
    assert unknown.startswith("Solo los organizadores de Copa (<@")
    assert "pueden emparejar rondas." in unknown
    # The same refusals for an English client in the same server: unchanged.
    public(await driver.command('/tournament join faction:"Yu Jing"', user="bo"))
    again = refused(await driver.command('/tournament join faction:"Yu Jing"', user="bo"))
    assert again == "Bo is already in Copa."
    assert "can pair rounds." in refused(await driver.command("/tournament pair", user="bo"))


async def test_a_spanish_servers_pairing_report_and_round_posts(driver: OfflineDriver, spanish: None) -> None:
    driver.guild_locale = "es-ES"  # a Community server whose language is Spanish
    driver.user("ana", locale="es-ES")
    created = public(await driver.command('/tournament create name:"Liga" game:40k points:2000', user="olga"))
    assert "ha abierto **Liga**" in created.text and "`/tournament join faction:...`" in created.text
    for name in PLAYERS:
        joined = public(await driver.command('/tournament join faction:"Custodes"', user=name))
        assert "se ha unido (Custodes)" in joined.text, joined.text
    assert joined.text.endswith("Liga: 4 jugadores.")
    # An English client's private reply stays English in the Spanish server.
    again = refused(await driver.command('/tournament join faction:"Custodes"', user="bo"))
    assert again == "Bo is already in Liga."

    paired = public(await driver.command("/tournament pair", user="olga"))
    assert "**Liga: ronda 1 de 3** · 40k · 2000 puntos" in paired.text, paired.text
    assert "Mesa 1: " in paired.text and "Table" not in paired.text
    assert "tu rival lo confirma" in paired.text
    s = await state(driver)
    first = (await games(driver))[0]
    thread = thread_of(driver, s, first, 1)
    a, b = name_of(driver, first.a), name_of(driver, first.b)
    assert thread.name.startswith("R1 M1: ")  # the thread's name is public: the event's language
    opening = driver.history(thread)[0].text
    assert "**Liga**, ronda 1, mesa 1:" in opening and "/tournament report" in opening, opening

    reported = public(await driver.command("/tournament report my_vp:80 their_vp:45", user=a, channel=thread))
    assert "informa de la ronda 1" in reported.text and "80 PV (10 PC)" in reported.text, reported.text
    assert [x.label for x in reported.buttons] == ["Confirmar", "Impugnar"]
    confirmed = (await driver.press(reported, "Confirmar", user=b)).message
    assert confirmed.text.startswith("✅ Resultado de la ronda 1 confirmado por "), confirmed.text

    timer = public(await driver.command("/tournament timer minutes:90", user="olga"))
    assert timer.text.startswith("⏱ La ronda 1 termina a las <t:"), timer.text
    missing = public(await driver.command("/tournament missing", user="bo"))
    assert "1 partida todavía sin resultado confirmado" in missing.text, missing.text


async def test_a_tournament_in_its_own_language_in_an_english_server(
    driver: OfflineDriver, spanish: None
) -> None:
    created = public(await driver.command('/tournament create name:"Copa" tier:300 language:es', user="olga"))
    assert "ha abierto **Copa**: para apuntarse, `/tournament join faction:...`." in created.text
    assert (await state(driver)).tournament.language == "es"
    joined = public(await driver.command('/tournament join faction:"PanOceania"', user="bo"))
    assert joined.text == f"{driver.user('bo').mention} se ha unido (PanOceania). Copa: 1 jugador."
    # Bo's client is English: what only he reads stays English.
    assert refused(await driver.command('/tournament join faction:"PanOceania"', user="bo")) == (
        "Bo is already in Copa."
    )
    # The organisers can hand the posts back to the server's language.
    back = public(await driver.command("/tournament settings language:server", user="olga"))
    assert "Its posts follow the server's language from now on." in back.text, back.text
    assert (await state(driver)).tournament.language is None
    joined = public(await driver.command('/tournament join faction:"Yu Jing"', user="cy"))
    assert "joined (Yu Jing)" in joined.text


async def test_check_in_and_the_summary_in_a_spanish_server(driver: OfflineDriver, spanish: None) -> None:
    driver.guild_locale = "es-ES"
    driver.user("ana", locale="es-ES")
    public(await driver.command('/tournament create name:"Liga" tier:300', user="olga"))
    for name in ("ana", "bo"):
        public(await driver.command('/tournament join faction:"PanOceania"', user=name))
    opened = public(await driver.command("/tournament checkin open", user="olga"))
    assert opened.text.startswith("📋 La acreditación de **Liga** está abierta"), opened.text
    assert [b.label for b in opened.buttons] == ["Acreditarme"]
    # The button's answer is the presser's alone: each in their own language.
    mine = (await driver.press(opened, "Acreditarme", user="ana")).message
    assert mine.ephemeral and mine.text.startswith("✅ Te has acreditado en Liga."), mine.text
    assert "1 de 2 jugadores acreditados" in mine.text
    his = (await driver.press(opened, "Acreditarme", user="bo")).message
    assert his.ephemeral and his.text.startswith("✅ You are checked in for Liga."), his.text
    info = public(await driver.command("/tournament info", user="bo"))
    names = [f["name"] for f in info.card.data["fields"]]
    assert "Rondas" in names and "Organizadores" in names and "Jugadores (2)" in names, names
    assert "300 puntos · torneo" in info.text, info.text


async def test_a_round_timers_reminder_speaks_the_spanish_servers_language(
    driver: OfflineDriver, spanish: None
) -> None:
    """The reminder has no interaction: it reads the server's language from the cached server, as
    every other post of the event (no /herald language, no language: of the event)."""
    import discord

    from cogs.tournament.timer import TIMER_JOB, timer_job

    driver.guild_locale = "es-ES"  # a Community server whose language is Spanish
    driver.guild.preferred_locale = discord.Locale("es-ES")  # the same server, as the bot caches it
    public(await driver.command('/tournament create name:"Liga" game:40k points:2000', user="olga"))
    for name in PLAYERS:
        public(await driver.command('/tournament join faction:"Custodes"', user=name))
    paired = public(await driver.command("/tournament pair", user="olga"))
    assert "ronda 1 de 3" in paired.text, paired.text
    timer = public(await driver.command("/tournament timer minutes:90", user="olga"))
    assert timer.text.startswith("⏱ La ronda 1 termina"), timer.text
    end = next(j for j in await driver.bot.scheduler.pending(TIMER_JOB) if j.payload["stage"] == "end")
    await timer_job(driver.bot, end.payload)
    said = driver.history()[-1].text
    assert said.startswith("⏱ Ronda 1: ¡tiempo!") and "partidas" in said, said


async def test_a_settled_dispute_is_rewritten_in_the_spanish_events_language(
    driver: OfflineDriver, spanish: None
) -> None:
    """The disputed report was posted in Spanish: once an organiser sets the result, the same
    message says how it ended in Spanish too (not in English)."""
    driver.guild_locale = "es-ES"
    public(await driver.command('/tournament create name:"Liga" game:40k points:2000', user="olga"))
    for name in PLAYERS:
        public(await driver.command('/tournament join faction:"Custodes"', user=name))
    public(await driver.command("/tournament pair", user="olga"))
    first = (await games(driver))[0]
    a, b = name_of(driver, first.a), name_of(driver, first.b)
    reported = public(await driver.command(f"/tournament report opponent:@{b} my_vp:80 their_vp:45", user=a))
    await driver.press(reported, "Impugnar", user=b)
    public(
        await driver.command(
            f"/tournament result player:@{a} opponent:@{b} player_vp:70 opponent_vp:60", user="olga"
        )
    )
    assert reported.buttons == [], reported.text
    assert reported.text.startswith("⚖ Ronda 1: el informe impugnado"), reported.text
    assert " vs " in reported.text and "PV" in reported.text, reported.text


async def test_a_score_sheets_result_is_posted_whole_in_the_events_language(
    driver: OfflineDriver, spanish: None
) -> None:
    """The thread reads the recorded sheet in Spanish, its score too (PO, PV, "vs"): not a Spanish
    sentence around an English score."""
    public(await driver.command('/tournament create name:"Copa" tier:300 language:es', user="olga"))
    for name, faction in zip(PLAYERS, ("PanOceania", "Yu Jing", "Haqqislam", "Nomads"), strict=True):
        public(await driver.command(f'/tournament join faction:"{faction}"', user=name))
    public(await driver.command("/tournament mission round:1 scenario:acquisition", user="olga"))
    public(await driver.command("/tournament pair", user="olga"))
    s = await state(driver)
    first = (await games(driver))[0]
    thread = thread_of(driver, s, first, 1)
    answer = await dispatch_sheet(
        driver, thread, sheet_payload("acquisition", 300, (int(first.a), int(first.b)), True)
    )
    assert answer.text.startswith("🏆 Registrado en Copa, ronda 1: "), answer.text
    assert "3 PO" in answer.text and " vs " in answer.text, answer.text
    assert " OP" not in answer.text and " v " not in answer.text, answer.text


async def test_the_extras_are_named_in_the_events_words(driver: OfflineDriver, spanish: None) -> None:
    driver.guild_locale = "es-ES"
    public(await driver.command('/tournament create name:"Copa" tier:300 extras:direct_action', user="olga"))
    info = await driver.command("/tournament info", user="olga")
    text = info.message.text
    # ITS keeps its extras' English names in Spanish ("ITS Escalation Leagues"), around Spanish words.
    assert "Direct Action" in text and "Rondas" in text
    assert "Direct_Action" not in text
