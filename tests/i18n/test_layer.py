"""rules.i18n: lazy messages, plurals, numbers, what is offered, catalogues read once."""

from __future__ import annotations

import gettext
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog

import rules.i18n as i18n
from rules.errors import RuleError
from rules.i18n import _, catalogues_from, force_offer, language_of, ngettext, offered, translator
from rules.i18n.catalogues import compiled, plural_forms, problems, write


def _part(folder: Path, language: str, entries: dict, *, fuzzy: tuple = ()) -> None:
    part = Catalog(locale=language, domain="herald")
    part.mime_headers = [("Plural-Forms", plural_forms(language))]
    for msgid, string in entries.items():
        part.add(msgid, string, flags=("fuzzy",) if msgid in fuzzy else ())
    write(folder / language / "parts" / "test.po", part)


COMPLETE = {
    "Rolled {total}": "Sacaste {total}",
    ("{n} die", "{n} dice"): ("{n} dado", "{n} dados"),
    "Refused: {why}": "Rechazado: {why}",
    "too big": "demasiado grande",
}


def test_a_message_is_english_until_rendered_in_a_language(tmp_path: Path) -> None:
    _part(tmp_path, "es", COMPLETE)
    message = _("Rolled {total}", total=7)
    with catalogues_from(tmp_path):
        assert str(message) == "Rolled 7"
        assert message.render("es-ES") == "Sacaste 7"
        assert message.render("es-419") == "Sacaste 7"
        assert message.render("en-US") == "Rolled 7"
        assert message.render("de") == "Rolled 7"  # no German catalogue: English
        dice = [ngettext("{n} die", "{n} dice", n, n=n).render("es-ES") for n in (1, 2, 0)]
        assert dice == ["1 dado", "2 dados", "0 dados"]
        # A message inside a message is rendered in the same language.
        nested = _("Refused: {why}", why=_("too big"))
        assert nested.render("es-ES") == "Rechazado: demasiado grande"
        assert str(nested) == "Refused: too big"


def test_a_rule_error_carries_a_message_rendered_where_it_is_shown(tmp_path: Path) -> None:
    _part(tmp_path, "es", COMPLETE)
    error = RuleError(_("Refused: {why}", why=_("too big")))
    with catalogues_from(tmp_path):
        assert str(error) == error.message == "Refused: too big"
        assert error.render("es-ES") == "Rechazado: demasiado grande"
        assert RuleError("plain text").render("es-ES") == "plain text"


def test_the_translator_writes_numbers_the_readers_way(tmp_path: Path) -> None:
    _part(tmp_path, "es", COMPLETE)
    with catalogues_from(tmp_path):
        t = translator("es-ES")
        assert t("Rolled {total}", total=3) == "Sacaste 3"
        assert t.n("{n} die", "{n} dice", 1, n=1) == "1 dado"
        assert t.number(3.333, 2) == "3,33"
        assert t.percent(0.125) == "12,5\xa0%"
        en = translator("en-GB")
        assert (en.number(3.333, 2), en.percent(0.125), en.number(1234.5, 1)) == ("3.33", "12.5%", "1,234.5")


def test_an_incomplete_language_is_present_but_not_offered(tmp_path: Path) -> None:
    for problem in (
        {"entries": {**COMPLETE, "too big": ""}},  # missing
        {"entries": COMPLETE, "fuzzy": ("too big",)},  # fuzzy
        {"entries": {**COMPLETE, "Rolled {total}": "Sacaste {suma}"}},  # another placeholder
        {"entries": {**COMPLETE, ("{n} die", "{n} dice"): ("{n} dado", "")}},  # a plural form missing
    ):
        folder = tmp_path / str(len(list(tmp_path.iterdir())))
        _part(folder, "es", problem["entries"], fuzzy=problem.get("fuzzy", ()))
        with catalogues_from(folder):
            assert i18n.languages() == ["es"]
            assert offered() == {"en"}
            assert language_of("es-ES") == "en"
            assert _("Rolled {total}", total=1).render("es-ES") == "Rolled 1"
            with force_offer("es"):  # what the tests and a translator previewing their work do
                assert language_of("es-ES") == "es"
            assert language_of("es-ES") == "en"
    complete = tmp_path / "complete"
    _part(complete, "es", COMPLETE)
    with catalogues_from(complete):
        assert offered() == {"en", "es"}


def test_problems_name_each_entry_and_why() -> None:
    catalog = Catalog(locale="es", domain="herald")
    catalog.mime_headers = [("Plural-Forms", plural_forms("es"))]
    catalog.add("a {x}", "una {y}")
    catalog.add("b", "")
    catalog.add("c", "ce", flags=("fuzzy",))
    catalog.add(("{n} x", "{n} xs"), ("una x", "{n} xs"))  # a singular form may leave the count out
    found = problems(catalog)
    assert len(found) == 3
    assert any("placeholders differ" in f and "'a {x}'" in f for f in found)
    assert any(f.startswith("untranslated: 'b'") for f in found)
    assert any(f.startswith("fuzzy: 'c'") for f in found)


def test_a_catalogue_is_read_once_per_process_and_compiled_in_memory_without_make(tmp_path: Path) -> None:
    _part(tmp_path, "es", COMPLETE)  # parts only: no .mo, as in a clean clone run without make
    with catalogues_from(tmp_path):
        before = i18n.loads
        for _round in range(50):
            assert translator("es-ES")("Rolled {total}", total=1) == "Sacaste 1"
            assert _("too big").render("es-419") == "demasiado grande"
        assert i18n.loads == before + 1
    data, complete = compiled("es", tmp_path)
    assert complete
    mo = tmp_path / "es" / "LC_MESSAGES" / "herald.mo"
    mo.parent.mkdir(parents=True)
    mo.write_bytes(data)
    with catalogues_from(tmp_path):
        assert gettext.GNUTranslations(mo.open("rb")).gettext("too big") == "demasiado grande"
        assert translator("es-ES")("too big") == "demasiado grande"


@pytest.mark.parametrize("locale", ["es-ES", "es-419"])
def test_spanish_serves_both_spanish_locales_of_discord(locale: str, tmp_path: Path) -> None:
    _part(tmp_path, "es", COMPLETE)
    with catalogues_from(tmp_path):
        assert language_of(locale) == "es"
