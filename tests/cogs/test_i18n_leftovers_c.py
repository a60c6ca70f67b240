"""Issue 41's last leftovers (list C): places where a Spanish reader still read English in areas
whose parts were complete (ITS, Crusade, 40k, core). End to end through the offline driver; an
English client in the same server reads what it did before.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bot.offline import Attachment, OfflineDriver
from rules.i18n import force_offer
from rules.wh40k.roster import MAX_ROSTER_BYTES


@pytest.fixture
def spanish() -> Iterator[None]:
    with force_offer("es"):
        yield


# -- Crusade: the upload refusal and the kind's name ----------------------------------------------


async def test_a_crusade_roster_too_big_is_refused_in_spanish(driver: OfflineDriver, spanish: None) -> None:
    driver.user("ana", locale="es-ES")
    await driver.command("/crusade create name:Ashes")
    big = Attachment("huge.json", b"{" + b" " * MAX_ROSTER_BYTES + b"}")
    refused = (await driver.command("/crusade join", file=big, user="ana")).message
    assert refused.ephemeral
    assert refused.text.startswith("`huge.json` ocupa 2,0 MiB; una lista de ejército puede ocupar")
    assert "Envía un archivo de New Recruit (.json) o de BattleScribe" in refused.text
    assert "Send " not in refused.text
    english = (await driver.command("/crusade join", file=big, user="bob")).message
    assert "a roster may be at most 2 MiB. Send a New Recruit export (.json)" in english.text


async def test_no_crusade_campaign_here_is_said_in_spanish(driver: OfflineDriver, spanish: None) -> None:
    driver.user("ana", locale="es-ES")
    refused = (await driver.command("/crusade standings", user="ana")).message
    assert refused.ephemeral
    assert refused.text.startswith(
        "En este canal no hay campaña de Cruzada. Para empezar, usa /crusade create"
    )
    english = (await driver.command("/crusade standings", user="bob")).message
    assert english.text.startswith(
        "There is no Crusade campaign in this channel. Start one with /crusade create"
    )
    # A campaign here: another kind of game is refused naming it in the reader's language.
    await driver.command("/crusade create name:Ashes", user="bob")
    busy = (await driver.command("/its score mission:Acquisition tier:300 opponent:bob", user="ana")).message
    assert "Este canal ya tiene en curso una campaña de Cruzada" in busy.text


async def test_no_tournament_here_is_said_in_spanish(driver: OfflineDriver, spanish: None) -> None:
    driver.user("ana", locale="es-ES")
    refused = (await driver.command("/tournament standings", user="ana")).message
    assert refused.ephemeral
    assert refused.text.startswith("En este canal no hay torneo. Para empezar, usa /tournament create.")
    assert "tournament in this channel" not in refused.text


# -- 40k: numbers inside refusals the reader's way ------------------------------------------------


async def test_a_40k_odds_too_costly_writes_its_numbers_the_spanish_way(
    driver: OfflineDriver, spanish: None
) -> None:
    driver.user("ana", locale="es-ES")
    weapon, target = "A200 BS2+ S10 AP-4 DD6+3, sustained hits 3", "T4 Sv3+ W50 x20"
    refused = (await driver.command("/40k odds", weapon=weapon, target=target, user="ana")).message
    assert refused.ephemeral
    assert "Calcular esa unidad con exactitud llevaría demasiado: unos 12.008.800 pasos" in refused.text
    assert "un cálculo puede llevar 6.000.000." in refused.text
    english = (await driver.command("/40k odds", weapon=weapon, target=target, user="bob")).message
    assert "about 12,008,800 steps, and one calculation may take 6,000,000." in english.text


# -- ITS look-ups: where a rule is written, and its autocomplete label ----------------------------


async def test_a_rule_named_inside_other_rules_says_where_in_spanish(
    driver: OfflineDriver, spanish: None
) -> None:
    driver.guild_locale = "es-ES"  # /its rule posts publicly: the server's language
    baggage = (await driver.command("/its rule topic:Baggage")).message
    assert "En Dominate ZO:" in baggage.text and "Under Dominate ZO:" not in baggage.text
    zone = (await driver.command("/its rule topic:Exclusion Zone")).message
    assert "Despliegue:" in zone.text and "Deployment:" not in zone.text.replace("Airborne Deployment", "")
    driver.user("ana", locale="es-ES")
    choices = await driver.autocomplete("its rule", "topic", "exclusion", user="ana")
    label = next(c["name"] for c in choices if c["name"].startswith("Exclusion Zone"))
    assert "(regla de escenario" in label and "scenario rule" not in label
    english = await driver.autocomplete("its rule", "topic", "exclusion", user="bob")
    assert any(c["name"].startswith("Exclusion Zone (scenario rule") for c in english)


def test_an_empty_page_says_so_in_the_readers_language(spanish: None) -> None:
    from cogs.its.pages import split_pages
    from rules.i18n import translator

    assert split_pages("Rules", [], t=translator("es-ES")) == [("Rules", "(aquí no hay nada)")]
    assert split_pages("Rules", []) == [("Rules", "(nothing here)")]


# -- /help topic:40k reaches the player whole -----------------------------------------------------


@pytest.mark.parametrize("user, locale", [("bob", "en-US"), ("ana", "es-ES")])
async def test_help_topic_40k_gives_every_field_whole(
    driver: OfflineDriver, spanish: None, user: str, locale: str
) -> None:
    from cogs.wh40k.commands import HELP_FIELDS
    from rules.i18n import translator

    driver.user(user, locale=locale)
    t = translator(locale)
    reply = await driver.command("/help topic:40k", user=user)
    assert all(m.ephemeral for m in reply.messages)
    for title, body in HELP_FIELDS:
        # Each field is read whole, under its own title, in one card: none is cut mid-text.
        text = t(body)
        whole = [m for m in reply.messages if text[:80] in m.text and text[-80:] in m.text]
        assert whole and t(title) in whole[0].text
    assert t(HELP_FIELDS[-1][1])[-80:] in reply.text


# -- a listener (no interaction) finds the server's language --------------------------------------


async def test_a_listener_finds_the_servers_language(driver: OfflineDriver, spanish: None) -> None:
    from bot.i18n import guild_locale
    from bot.offline import GUILD_ID
    from cogs.its.threads import OPEN_SHEET, OpenSheetButton
    from rules.i18n import translator

    assert await guild_locale(driver.bot, GUILD_ID) == "en"
    assert await guild_locale(driver.bot, None) == "en"
    driver.user("mia", manage_guild=True, locale="es-ES")
    await driver.command("/herald language language:es", user="mia")
    language = await guild_locale(driver.bot, GUILD_ID)
    assert language == "es"
    button = OpenSheetButton(translator(language)(OPEN_SHEET))
    assert button.item.label == "Abrir la hoja de puntuación"
    # What the channel reads after an interaction agrees with it, and a Spanish-speaking Discord
    # server is Spanish for a listener too until /herald language says otherwise.
    await driver.command("/herald language language:discord", user="mia")
    assert await guild_locale(driver.bot, GUILD_ID, "es-ES") == "es-ES"
    assert await guild_locale(driver.bot, GUILD_ID, "en-US") == "en"


# -- ITS summaries: the log lines no player reads ---------------------------------------------------


@pytest.mark.parametrize("command", ["/si undo", "/ba undo"])
async def test_an_undo_in_an_its_channel_never_shows_an_its_log_line(
    driver: OfflineDriver, spanish: None, command: str
) -> None:
    """ITS has no undo, and another game's undo refuses a channel that holds an ITS match before it
    reads any step: the match's stored log lines (English) never reach a player."""
    driver.user("ana", locale="es-ES")
    await driver.command("/its score mission:Acquisition tier:300 opponent:bob", user="ana")
    refused = (await driver.command(command, user="ana")).message
    assert refused.ephemeral
    assert refused.text.startswith("Este canal ya tiene en curso una partida ITS"), refused.text
    assert "score sheet" not in refused.text and "Acquisition" not in refused.text
