"""The catalogues as CI sees them: a language is complete or not offered, and the command tree's
Spanish payload stays within Discord's limits (checked with a catalogue translating everything)."""

from __future__ import annotations

import re
from pathlib import Path

import discord
import pytest
from babel.messages.catalog import Catalog
from discord import app_commands

from bot.i18n import HeraldTranslator
from bot.i18n_build import code_messages, tree_texts
from bot.offline import OfflineDriver
from rules.i18n import LOCALE_DIR, SOURCE, catalogues_from, force_offer, languages, offered
from rules.i18n.catalogues import area_of, merged, msgids, plural_forms, problems, read, write

#: Areas whose translation is finished, marked by a file ``locale/<lang>/finished/<area>`` (one
#: file per area, so parallel branches never edit the same line): CI holds them complete even
#: while the language as a whole is not offered (docs/i18n.md).
FINISHED_AREAS: dict[str, set[str]] = {
    lang: {p.name for p in (LOCALE_DIR / lang / "finished").glob("*")} for lang in languages()
}
NAME = re.compile(r"^[-_\w]{1,32}$")


def _source_msgids(driver: OfflineDriver) -> dict[str, str]:
    """Every English string Herald shows (marked in the code, or in the command tree), by area."""
    found: dict[str, str] = {}
    for file, _line, message, _comments in code_messages():
        key = message[0] if isinstance(message, tuple) else message
        found.setdefault(key, area_of(file))
    for file, _line, text, _where in tree_texts(driver.bot.tree):
        if text and text != "…":  # discord.py's stand-in for no description, as `make i18n` skips it
            found.setdefault(text, area_of(file))
    return found


@pytest.mark.parametrize("language", languages())
def test_an_offered_language_has_every_entry_translated(language: str) -> None:
    catalog, twice = merged(language, LOCALE_DIR)
    assert not twice
    if language in offered():
        assert problems(catalog) == []
    for area in FINISHED_AREAS.get(language, ()):
        part = read(LOCALE_DIR / language / "parts" / f"{area}.po")
        assert problems(part) == [], f"{language}/{area}.po"


async def test_no_english_string_is_missing_from_a_catalogue_that_must_be_complete(
    driver: OfflineDriver,
) -> None:
    """A new English string without its translation is red CI, for an offered language, and for
    an area already finished: run `make i18n` and translate it."""
    source = _source_msgids(driver)
    for language in languages():
        catalog, _twice = merged(language, LOCALE_DIR)
        translated = {m for m in msgids(catalog) if catalog[m].string and all(_strings(catalog[m]))}
        wanted = {
            msgid
            for msgid, area in source.items()
            if language in offered() or area in FINISHED_AREAS.get(language, ())
        }
        missing = sorted(wanted - translated)
        assert missing == [], f"{language}: {len(missing)} to translate (make i18n), first {missing[:3]}"
    # The check reads the pilot's strings (the roll card's and the error handler's), finished.
    assert {"dice", "core"} <= FINISHED_AREAS["es"]
    assert source["{n} die"] == "dice" and source["You can't use that command here."] == "core"


def _strings(message) -> list[str]:
    return list(message.string) if isinstance(message.string, tuple | list) else [message.string]


def _pseudo(text: str) -> str:
    """A translation of the same length, visibly not English: what every entry becomes here."""
    return text.translate(str.maketrans("aeiouAEIOU", "áéíóúÁÉÍÓÚ"))


async def test_every_command_and_option_has_a_description(driver: OfflineDriver) -> None:
    # Without one, Discord's picker shows discord.py's stand-in "…" (in every language).
    missing = [where for _file, _line, text, where in tree_texts(driver.bot.tree) if text in ("", "…")]
    assert missing == [], missing


async def test_every_description_and_choice_of_the_tree_is_translated_within_discords_limits(
    driver: OfflineDriver, tmp_path: Path
) -> None:
    part = Catalog(locale="es", domain="herald")
    part.mime_headers = [("Plural-Forms", plural_forms("es"))]
    texts = {text for _file, _line, text, _where in tree_texts(driver.bot.tree) if text}
    for text in texts:
        part.add(text, _pseudo(text))
    write(tmp_path / "es" / "parts" / "tree.po", part)
    with catalogues_from(tmp_path), force_offer("es"):
        translator = HeraldTranslator()
        payloads = [
            await command.get_translated_payload(driver.bot.tree, translator)
            for command in driver.bot.tree.get_commands()
            if isinstance(command, app_commands.Command | app_commands.Group)
        ]
    counted = 0

    def check(item: dict, path: str) -> None:
        nonlocal counted
        names = item.get("name_localizations") or {}
        for locale, name in names.items():  # none today: names stay English (docs/i18n.md)
            assert NAME.match(name) and name == name.lower(), f"{path}: {locale} name {name!r}"
        descriptions = item.get("description_localizations") or {}
        if "description" in item:
            assert set(descriptions) == {"es-ES", "es-419"}, path
            for text in descriptions.values():
                assert 1 <= len(text) <= 100, f"{path}: {text!r}"
                counted += 1
        for choice in item.get("choices") or []:
            localised = choice.get("name_localizations") or {}
            assert set(localised) == {"es-ES", "es-419"}, f"{path} choice {choice['name']}"
            assert all(1 <= len(v) <= 100 for v in localised.values())
        siblings = [o["name"] for o in item.get("options") or []]
        assert len(siblings) == len(set(siblings)), path
        for locale in ("es-ES", "es-419"):
            options = item.get("options") or []
            shown = [(o.get("name_localizations") or {}).get(locale, o["name"]) for o in options]
            assert len(shown) == len(set(shown)), f"{path}: two options share a name in {locale}"
        for option in item.get("options") or []:
            check(option, f"{path} {option['name']}")

    for payload in payloads:
        check(payload, "/" + payload["name"])
    assert counted >= len(texts) // 2  # every command, group and option was walked
    # Not offered, Spanish gives Discord nothing: no half-translated command picker.
    translator = HeraldTranslator()
    plain = await driver.bot.tree.get_command("roll").get_translated_payload(driver.bot.tree, translator)
    if "es" not in offered():
        assert plain["description_localizations"] == {}
    assert SOURCE in offered()


async def test_the_synced_tree_hash_changes_with_the_translations(
    driver: OfflineDriver, tmp_path: Path
) -> None:
    # Whatever the state of the real catalogue: a Spanish one with a gap is not synced, a complete
    # one is, and offering it changes the hash (so the next start-up syncs again).
    part = Catalog(locale="es", domain="herald")
    part.mime_headers = [("Plural-Forms", plural_forms("es"))]
    roll = "Roll dice: 2d6+3, 4d6kh3, 10d6 4+, 6 4d6kh3, 1d20 adv, 4dF, d66, or a saved roll's name"
    part.add(roll, "Tira dados")
    part.add("A sentence nobody has translated", "")
    write(tmp_path / "es" / "parts" / "dice.po", part)
    with catalogues_from(tmp_path):
        before = driver.bot.command_tree_hash()
        with force_offer("es"):
            assert driver.bot.command_tree_hash() != before
        assert driver.bot.command_tree_hash() == before
    assert discord.Locale.spain_spanish.value == "es-ES"
