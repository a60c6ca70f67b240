"""Spanish as a Spanish player and organiser reads it (issue 41's QA pass): the English that was
still left in dice, tournaments and their posts, each found by walking the console in Spanish.

Spanish is complete and offered, so no ``force_offer`` here: what these tests read is what a
Spanish server reads today.
"""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from bot.offline import OfflineDriver
from tests.cogs.tournament_helpers import games, name_of, public, state, thread_of
from tests.conftest import migrated_sqlite

PLAYERS = ("ana", "bo", "cy", "di")


@pytest.fixture
async def linked(tmp_path: Path) -> AsyncIterator[OfflineDriver]:
    """The bot with PUBLIC_URL set, so tournament posts carry their live page's button."""
    database = await migrated_sqlite(tmp_path / "herald.sqlite3")
    d = await OfflineDriver.open(
        database, rng_seed=1234, out_dir=tmp_path / "out", public_url="https://herald.example"
    )
    try:
        yield d
    finally:
        await d.close()


async def test_every_tournament_posts_live_page_button_is_in_the_servers_language(
    linked: OfflineDriver,
) -> None:
    driver = linked
    driver.guild_locale = "es-ES"
    public(await driver.command('/tournament create name:"Copa" game:40k points:2000', user="olga"))
    for name in PLAYERS:
        public(await driver.command('/tournament join faction:"Orks"', user=name))
    created = public(await driver.command("/tournament info", user="olga"))
    assert [b.label for b in created.buttons] == ["Página en directo"]
    posts = {
        "standings": public(await driver.command("/tournament standings", user="ana")),
        "top": public(await driver.command("/tournament top", user="ana")),
        "factions": public(await driver.command("/tournament factions", user="ana")),
    }
    for command, post in posts.items():
        assert [b.label for b in post.buttons] == ["Página en directo"], command


async def test_a_huge_roll_cut_short_says_so_in_spanish(driver: OfflineDriver) -> None:
    driver.user("ana", locale="es-ES")
    message = (await driver.command("/roll expression:1000d1000 private:true", user="ana")).message
    assert "… (demasiados dados para mostrarlos todos)" in message.text
    assert "too many dice" not in message.text
    # An English client in the same server reads it in English.
    english = (await driver.command("/roll expression:1000d1000 private:true", user="bob")).message
    assert "… (too many dice to show them all)" in english.text


async def test_dropped_dice_counted_by_face_are_said_in_spanish(driver: OfflineDriver) -> None:
    driver.guild_locale = "es-ES"
    message = (await driver.command("/roll expression:500d6kh499", user="ana")).message
    assert not message.ephemeral
    assert "(dados conservados; 1 descartado) = `" in message.text
    assert "kept dice" not in message.text
    several = (await driver.command("/roll expression:500d6kh490", user="ana")).message
    assert "(dados conservados; 10 descartados) = `" in several.text


async def test_a_submitted_lists_unit_lines_are_in_the_players_language(driver: OfflineDriver) -> None:
    driver.user("ana", locale="es-ES")
    public(await driver.command('/tournament create name:"Copa" game:40k points:2000', user="olga"))
    public(await driver.command('/tournament join faction:"Cinder Host"', user="ana"))
    reply = await driver.command(
        "/tournament list submit file:tests/data/rosters/cinder_host.ros", user="ana"
    )
    text = reply.message.text
    assert "• Ash Wardens · 10 miniaturas · 180 ptos. — " in text
    assert "• Lantern Seer · 1 miniatura — " in text
    assert " models" not in text and " pts" not in text
    # An English organiser reads the same list in English.
    shown = (await driver.command("/tournament list show player:@ana", user="olga")).message
    assert "• Ash Wardens · 10 models · 180 pts — " in shown.text


async def test_the_faction_table_writes_battle_points_as_pb_in_spanish(driver: OfflineDriver) -> None:
    driver.guild_locale = "es-ES"
    public(await driver.command('/tournament create name:"Copa" game:40k points:2000', user="olga"))
    for name in PLAYERS:
        public(await driver.command('/tournament join faction:"Orks"', user=name))
    post = public(await driver.command("/tournament factions", user="ana"))
    assert "PB de media" in post.text and "BP" not in post.text


def test_a_list_units_enhancements_are_said_in_the_readers_language() -> None:
    from rules.i18n import translator
    from rules.tournament.lists import ListUnit

    seer = ListUnit(name="Seer", models=1, points=75, enhancements=["Ember Crown", "Ash Veil"])
    assert seer.line(t=translator("es")) == "Seer · 1 miniatura · 75 ptos. · Mejoras: Ember Crown, Ash Veil"
    assert seer.line() == "Seer · 1 model · 75 pts · Enhancements: Ember Crown, Ash Veil"


async def test_help_names_organisers_one_way_in_spanish(driver: OfflineDriver) -> None:
    driver.user("ana", locale="es-ES")
    replies = await driver.command("/help topic:tournament", user="ana")
    text = "\n".join(m.text for m in replies.messages)
    assert "`/tournament finish` Organizadores: clasificación final" in text
    assert "`/tournament pair` Organizadores: emparejar" in text
    assert "Organización:" not in text


async def test_a_tournament_is_named_in_spanish_by_games_and_by_a_busy_channels_refusal(
    driver: OfflineDriver,
) -> None:
    driver.user("ana", locale="es-ES")
    public(await driver.command('/tournament create name:"Copa" tier:300', user="olga"))
    public(await driver.command('/tournament join faction:"PanOceania"', user="ana"))
    mine = (await driver.command("/games", user="ana")).message
    assert "**Torneo** en <#" in mine.text and "tournament" not in mine.text.lower()
    busy = (await driver.command('/crusade create name:"Norte"', user="ana")).message
    assert busy.ephemeral
    assert busy.text.startswith("Este canal ya tiene en curso un torneo (una partida por canal). Usa ")
    assert "a tournament" not in busy.text


async def test_a_reported_score_reads_vs_in_spanish(driver: OfflineDriver) -> None:
    driver.guild_locale = "es-ES"
    public(await driver.command('/tournament create name:"Copa" game:40k points:2000', user="olga"))
    for name in PLAYERS:
        public(await driver.command('/tournament join faction:"Orks"', user=name))
    public(await driver.command("/tournament pair", user="olga"))
    game = (await games(driver))[0]
    a, b = name_of(driver, game.a), name_of(driver, game.b or "")
    thread = thread_of(driver, await state(driver), game, 1)
    reported = public(await driver.command("/tournament report my_vp:70 their_vp:40", user=a, channel=thread))
    assert f"{a.title()} 70 PV (10 PC) vs {b.title()} 40 PV (0 PC)" in reported.text


# Spanish for Spain and Latin America alike: players are addressed as "tú" one by one, and a
# group is spoken of in the third person, never as "vosotros" (pulsad, veis, habéis), which Latin
# American readers do not use.
VOSOTROS = re.compile(
    r"\b(veis|habéis|estáis|estéis|confirméis|queráis|pulsad|corregidlo|revisadlas?|puntuad|parad|"
    r"terminad|fijad|vuestr[oa]s?|os|vosotros|\w+[áé]is|empezad|jugad|corregid|tirad|escribid|trabad|"
    r"determinad|liberad|activad|atacad|usad|anotad|elegid|mirad)\b",
    re.IGNORECASE,
)


@pytest.mark.parametrize("part", sorted(path.stem for path in Path("locale/es/parts").glob("*.po")))
def test_no_vosotros_in_this_areas_spanish(part: str) -> None:
    catalog = read_po((Path("locale/es/parts") / f"{part}.po").open(encoding="utf-8"))
    found = []
    for message in catalog:
        strings = message.string if isinstance(message.string, tuple | list) else (message.string,)
        for text in strings:
            plain = re.sub(r"`[^`]*`|\{[^}]*\}", "", text or "")
            found += [f"{match.group(0)}: {plain[:80]}" for match in VOSOTROS.finditer(plain)]
    assert found == []


async def test_a_spanish_check_in_post_speaks_to_each_player(driver: OfflineDriver) -> None:
    driver.guild_locale = "es-ES"
    driver.user("ana", locale="es-ES")
    public(await driver.command('/tournament create name:"Copa" tier:300', user="olga"))
    public(await driver.command('/tournament join faction:"PanOceania"', user="ana"))
    opened = public(await driver.command("/tournament checkin open", user="olga"))
    assert "cada jugador pulsa **Acreditarme** al llegar" in opened.text
    secret = (await driver.command("/help topic:roll", user="ana")).message
    assert "`secret` (opcional) Resultado solo para ti y los directores de juego" in secret.text


async def test_no_tournament_here_is_said_without_a_wrong_gender(driver: OfflineDriver) -> None:
    driver.user("ana", locale="es-ES")
    refusal = (await driver.command("/tournament info", user="ana")).message
    assert refusal.ephemeral
    assert refusal.text == "En este canal no hay torneo. Para empezar, usa /tournament create."


async def test_big_numbers_in_a_refusal_are_grouped_the_spanish_way(driver: OfflineDriver) -> None:
    driver.user("ana", locale="es-ES")
    refusal = (await driver.command("/roll expression:2000d6", user="ana")).message
    assert refusal.ephemeral
    assert "1.000" in refusal.text and "1,000" not in refusal.text
    english = (await driver.command("/roll expression:2000d6", user="bob")).message
    assert "1,000" in english.text


async def test_a_lists_unreadable_parts_are_said_in_the_readers_language(driver: OfflineDriver) -> None:
    driver.user("ana", locale="es-ES")
    public(await driver.command('/tournament create name:"Copa" game:40k points:2000', user="olga"))
    public(await driver.command('/tournament join faction:"Cinder Host"', user="ana"))
    submit = "/tournament list submit file:tests/data/rosters/cinder_host.ros"
    reply = await driver.command(submit, user="ana")
    assert "No se pudo leer 1 parte: Lantern Seer: Whisper hex" in reply.message.text
    assert "can't be read" not in reply.message.text
    # Read again later (stored and loaded), by an English organiser: English.
    shown = (await driver.command("/tournament list show player:@ana", user="olga")).message
    assert "1 part could not be read: Lantern Seer: Whisper hex" in shown.text
    assert "can't be read." in shown.text
