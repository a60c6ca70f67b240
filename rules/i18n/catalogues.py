"""The catalogues' sources, merged, checked and compiled (Babel): what `make i18n` and the tests use.

A language's sources are ``locale/<lang>/parts/<area>.po``, one file per area of the code (see
:data:`AREAS`), so that the people translating dice and those translating tournaments never edit
the same file. :func:`merged` joins them into one catalogue; :func:`problems` says why a language
is not complete; :func:`compiled` gives the ``.mo`` bytes, with a header saying whether it was.
Only the tools and a cold start import this module (the bot reads compiled ``.mo`` files).
"""

from __future__ import annotations

import fnmatch
import io
from collections.abc import Iterable
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from rules.i18n.common import COMPLETE_CONTEXT, COMPLETE_MSGID, DOMAIN, placeholders

#: Which part of a catalogue a msgid belongs to, by the first source file that uses it (a glob,
#: first match wins). A command's description counts as its cog's file. Each area's translators
#: edit only their own part; `make i18n` puts every new msgid in the part it belongs to.
AREAS: tuple[tuple[str, str], ...] = (
    ("cogs/crusade/*", "crusade"),
    ("rules/crusade/*", "crusade"),
    ("renderers/crusade.py", "crusade"),
    ("cogs/dice/*", "dice"),
    ("rules/dice.py", "dice"),
    ("cogs/odds.py", "dice"),
    ("rules/dice_odds.py", "dice"),
    ("rules/distribution.py", "dice"),
    ("renderers/odds_chart.py", "pictures"),
    ("cogs/wh40k/*", "40k"),
    ("rules/wh40k/*", "40k"),
    ("cogs/infinity/*", "infinity"),
    ("rules/infinity/*", "infinity"),
    ("cogs/its/*", "infinity"),
    ("rules/its/*", "infinity"),
    ("cogs/boss_fight/*", "boss_fight"),
    ("rules/boss_fight/*", "boss_fight"),
    ("cogs/space_infantry/*", "space_infantry"),
    ("rules/space_infantry/*", "space_infantry"),
    ("cogs/boarding_actions/*", "boarding_actions"),
    ("rules/boarding_actions/*", "boarding_actions"),
    # Tournaments are three parts, so that three people can translate them at once.
    ("cogs/tournament/team*", "teams"),
    ("rules/tournament/team*", "teams"),
    ("rules/tournament/ritual.py", "teams"),
    ("cogs/tournament/awards.py", "results"),
    ("cogs/tournament/season.py", "results"),
    ("cogs/tournament/ratings.py", "results"),
    ("cogs/tournament/sheets.py", "results"),
    ("cogs/tournament/standings.py", "results"),
    ("rules/tournament/ballots.py", "results"),
    ("rules/tournament/season.py", "results"),
    ("rules/tournament/rating.py", "results"),
    ("rules/tournament/standings.py", "results"),
    ("rules/tournament/faction*.py", "results"),
    # What the web page and the CSV files show belongs with the page.
    ("rules/tournament/export.py", "web"),
    ("rules/tournament/public.py", "web"),
    ("cogs/tournament/*", "tournament"),
    ("rules/tournament/*", "tournament"),
    ("cogs/web.py", "web"),
    ("web/*", "web"),
    ("renderers/*", "pictures"),
    # Everything else: the kit, the error handler, /help, /games, /herald, rules' shared pieces.
    ("*", "core"),
)


#: gettext's plural rules where they differ from CLDR's (Babel's). CLDR gives Spanish a third
#: form for round millions ("un millón de dados"), which no count Herald shows reaches; gettext
#: and every Spanish translation tool use two.
PLURAL_FORMS = {"es": "nplurals=2; plural=(n != 1);"}


def plural_forms(language: str) -> str:
    if language in PLURAL_FORMS:
        return PLURAL_FORMS[language]
    return Catalog(locale=language).plural_forms


def area_of(path: str) -> str:
    """The part a msgid first used in ``path`` belongs to.

    >>> area_of("rules/dice.py"), area_of("cogs/its/score.py"), area_of("bot/errors.py")
    ('dice', 'infinity', 'core')
    """
    path = path.replace("\\", "/")
    return next(area for pattern, area in AREAS if fnmatch.fnmatch(path, pattern))


def read(path: Path) -> Catalog:
    with path.open("rb") as handle:
        return read_po(handle, domain=DOMAIN)


#: Every catalogue file carries this date: a real one would change every file at every run, and
#: parallel branches would then conflict on a header line.
FIXED_DATE = datetime(2026, 1, 1, tzinfo=UTC)


def write(path: Path, catalog: Catalog) -> None:
    """Write ``catalog`` as a .po file, stable from run to run: no line numbers (they move with
    every edit of the code) and no dates; a file whose text is unchanged is not touched."""
    catalog.creation_date = catalog.revision_date = FIXED_DATE
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=100, omit_header=False, sort_output=False, include_lineno=False)
    data = buffer.getvalue()
    if not path.is_file() or path.read_bytes() != data:  # untouched files keep their time stamp
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)


def parts(language: str, folder: Path) -> list[Path]:
    return sorted((folder / language / "parts").glob("*.po"))


def merged(language: str, folder: Path) -> tuple[Catalog, list[str]]:
    """Every part of ``language`` in one catalogue, and the msgids found in two parts."""
    catalog = Catalog(locale=language, domain=DOMAIN, project="Herald", fuzzy=False)
    catalog.mime_headers = [("Plural-Forms", plural_forms(language))]
    twice: list[str] = []
    for path in parts(language, folder):
        for message in read(path):
            if not message.id:
                continue
            if message.id in catalog:
                twice.append(f"{path.name}: {_key(message)!r} is also in another part")
                continue
            catalog[message.id] = message
    return catalog, twice


def _key(message: Message) -> str:
    return message.id[0] if isinstance(message.id, tuple | list) else message.id


def problems(catalog: Catalog) -> list[str]:
    """Why ``catalog`` is not complete: entries untranslated, fuzzy, or with other placeholders.

    An empty list means every entry may be shown to a reader as it is.
    """
    found: list[str] = []
    for message in catalog:
        if not message.id:
            continue
        ids = list(message.id) if isinstance(message.id, tuple | list) else [message.id]
        strings = list(message.string) if isinstance(message.string, tuple | list) else [message.string]
        key = ids[0]
        if message.fuzzy:
            found.append(f"fuzzy: {key!r}")
        if not all(strings) or (len(ids) > 1 and len(strings) < catalog.num_plurals):
            found.append(f"untranslated: {key!r}")
            continue
        wanted = placeholders(ids[0]) | (placeholders(ids[1]) if len(ids) > 1 else frozenset())
        for text in strings:
            got = placeholders(text)
            # A plural form may leave the count out ("un dado"); it may never add or rename one.
            if got - wanted or (len(ids) == 1 and got != wanted):
                found.append(f"placeholders differ: {key!r} has {sorted(wanted)}, {text!r} has {sorted(got)}")
    return found


def compiled(language: str, folder: Path) -> tuple[bytes, bool]:
    """The ``.mo`` bytes of ``language``'s merged parts, and whether it is complete."""
    catalog, twice = merged(language, folder)
    complete = not twice and not problems(catalog)
    return mo_bytes(catalog, complete), complete


def mo_bytes(catalog: Catalog, complete: bool) -> bytes:
    # Whether the language was complete travels in the .mo as an entry no source uses (gettext
    # drops headers it does not know), so the bot never reads a .po to decide what it offers.
    catalog.add(COMPLETE_MSGID, "yes" if complete else "no", context=COMPLETE_CONTEXT)
    buffer = io.BytesIO()
    # Fuzzy entries are left out of the .mo (gettext's rule): an unchecked guess is never shown.
    write_mo(buffer, catalog, use_fuzzy=False)
    return buffer.getvalue()


def msgids(catalog: Iterable[Message]) -> set[str]:
    return {_key(m) for m in catalog if m.id}
