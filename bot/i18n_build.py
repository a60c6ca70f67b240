"""`make i18n`: extract every English string, file the new ones into each language's parts, compile.

    python -m bot.i18n_build extract          # locale/herald.pot: marked strings + the command tree
    python -m bot.i18n_build update           # each locale/<lang>/parts/<area>.po gains its new msgids
    python -m bot.i18n_build compile          # locale/<lang>/LC_MESSAGES/herald.{po,mo}, with statistics
    python -m bot.i18n_build init de          # a new language: its parts, every entry still to translate
    python -m bot.i18n_build compile --quiet  # what make run/test/console do (only when a part changed)

Extraction is `pybabel extract` with babel.cfg's mapping and the keywords below, plus every
command, group, option and choice text of the live command tree (read from an offline bot), so a
cog's descriptions need no marking. A msgid goes to the part of the first file that uses it
(rules.i18n_catalogues.AREAS): each area's translators edit only their part, and parallel
branches merge without conflicts in the .po files.
"""

from __future__ import annotations

import asyncio
import inspect
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg

from rules.i18n import DOMAIN, LOCALE_DIR, catalogues

ROOT = Path(__file__).resolve().parent.parent
area_of, merged, mo_bytes = catalogues.area_of, catalogues.merged, catalogues.mo_bytes
parts = catalogues.parts
plural_forms, problems = catalogues.plural_forms, catalogues.problems
read, write = catalogues.read, catalogues.write

#: `pybabel extract -k` for each: `_("...")` and `N_("...")` in rules/, `t("...")` and
#: `t.n("one", "many", n)` at the edge, `ngettext("one", "many", n)`.
KEYWORDS: dict[str, tuple[int, ...] | None] = {
    "_": None,
    "N_": None,
    "t": None,
    "ngettext": (1, 2),
    "n": (1, 2),
}
SOURCES = ("bot", "cogs", "rules", "renderers", "web")
POT = LOCALE_DIR / f"{DOMAIN}.pot"
TREE = "command tree"


def code_messages(root: Path = ROOT) -> Iterator[tuple[str, int, str | tuple[str, str], list[str]]]:
    """(file, line, msgid or (singular, plural), translator comments) of every marked string."""
    with (root / "babel.cfg").open() as handle:
        method_map, options_map = parse_mapping_cfg(handle)
    for folder in SOURCES:
        for filename, lineno, message, comments, _context in extract_from_dir(
            root / folder, method_map, options_map, keywords=KEYWORDS, comment_tags=("TRANSLATORS:",)
        ):
            yield f"{folder}/{filename}", lineno, message, comments


def _source(obj: object) -> tuple[str, int]:
    module = getattr(obj, "module", None) or type(obj).__module__
    target = getattr(obj, "callback", None) or obj
    try:
        path = Path(inspect.getsourcefile(target) or "")  # type: ignore[arg-type]
        line = inspect.getsourcelines(target)[1]
        return str(path.resolve().relative_to(ROOT)), line
    except (TypeError, OSError, ValueError):
        # A group declared as a cog's attribute: the file of the module that declares it.
        loaded = sys.modules.get(module)
        file = getattr(loaded, "__file__", None)
        if file:
            return str(Path(file).resolve().relative_to(ROOT)), 1
        return module.replace(".", "/") + ".py", 1


def tree_texts(tree: object) -> Iterator[tuple[str, int, str, str]]:
    """(file, line, text, where) of every description and choice name of ``tree``'s commands."""
    from discord import app_commands

    def walk(item: object, path: str) -> Iterator[tuple[str, int, str, str]]:
        file, line = _source(item)
        yield file, line, str(item.description), f"{path} (description)"  # type: ignore[attr-defined]
        if isinstance(item, app_commands.Group):
            for child in item.commands:
                yield from walk(child, f"{path} {child.name}")
        elif isinstance(item, app_commands.Command):
            for param in item.parameters:
                yield file, line, str(param.description), f"{path} {param.display_name} (description)"
                for choice in param.choices:
                    yield file, line, str(choice.name), f"{path} {param.display_name} (choice)"

    for command in tree.get_commands():  # type: ignore[attr-defined]
        if isinstance(command, app_commands.Command | app_commands.Group):
            yield from walk(command, f"/{command.name}")


async def _offline_tree_texts() -> list[tuple[str, int, str, str]]:
    from bot.offline import OfflineDriver

    with tempfile.TemporaryDirectory() as folder:
        driver = await OfflineDriver.open(Path(folder) / "extract.sqlite3")
        try:
            return list(tree_texts(driver.bot.tree))
        finally:
            await driver.close()


def template(*, with_tree: bool = True) -> Catalog:
    """Every English string Herald shows, as a gettext template (.pot)."""
    pot = Catalog(domain=DOMAIN, project="Herald", fuzzy=False)
    for file, line, message, comments in code_messages():
        pot.add(message, None, [(file, line)], auto_comments=comments)
    if with_tree:
        for file, line, text, where in asyncio.run(_offline_tree_texts()):
            if text and text != "…":
                pot.add(text, None, [(file, line)], auto_comments=[f"{TREE}: {where}"])
    return pot


def update(pot: Catalog, language: str, folder: Path = LOCALE_DIR) -> dict[str, int]:
    """File each msgid of ``pot`` into ``language``'s part for its area, keeping translations;
    msgids no longer in the code leave the parts. Returns the count of new entries per part."""
    existing, _twice = merged(language, folder)
    by_area: dict[str, Catalog] = {}
    added: dict[str, int] = {}
    for message in pot:
        if not message.id:
            continue
        area = area_of(message.locations[0][0]) if message.locations else "core"
        part = by_area.setdefault(area, _new_part(language))
        old = existing.get(message.id)
        string = old.string if old is not None else ("", "") if isinstance(message.id, tuple) else ""
        flags = set(old.flags) - {"python-format"} if old is not None else set()
        if old is not None and old.id != message.id:  # a plural added or removed: check it again
            flags.add("fuzzy")
        part.add(
            message.id,
            string,
            message.locations,
            flags=flags,
            auto_comments=message.auto_comments,
            user_comments=old.user_comments if old is not None else [],
        )
        if old is None:
            added[area] = added.get(area, 0) + 1
    base = folder / language / "parts"
    for area, part in by_area.items():
        write(base / f"{area}.po", part)
    for path in parts(language, folder):
        if path.stem not in by_area:
            write(path, _new_part(language))  # kept, empty: its area has no strings now
    return added


def _new_part(language: str) -> Catalog:
    part = Catalog(locale=language, domain=DOMAIN, project="Herald", fuzzy=False)
    part.mime_headers = [("Plural-Forms", plural_forms(language))]
    return part


def compile_all(folder: Path = LOCALE_DIR, *, quiet: bool = False) -> bool:
    """Merge and compile every language; True when every one is complete."""
    everything = True
    for lang_dir in sorted(p for p in folder.iterdir() if (p / "parts").is_dir()):
        language = lang_dir.name
        sources = parts(language, folder)
        mo = lang_dir / "LC_MESSAGES" / f"{DOMAIN}.mo"
        newest = max((p.stat().st_mtime for p in sources), default=0.0)
        if quiet and mo.is_file() and mo.stat().st_mtime >= newest:
            continue
        catalog, twice = merged(language, folder)
        found = twice + problems(catalog)
        complete = not found
        total = sum(1 for m in catalog if m.id)
        done = sum(1 for m in catalog if m.id and not m.fuzzy and all(_strings(m)))
        write(lang_dir / "LC_MESSAGES" / f"{DOMAIN}.po", catalog)
        mo.write_bytes(mo_bytes(catalog, complete))
        everything &= complete
        if not quiet:
            state = "complete: offered" if complete else f"NOT offered ({len(found)} problems)"
            print(f"{language}: {done} of {total} messages translated; {state}")
    return everything


def _strings(message: object) -> list[str]:
    string = message.string  # type: ignore[attr-defined]
    return list(string) if isinstance(string, tuple | list) else [string]


def main(argv: list[str]) -> int:
    command = argv[0] if argv else "all"
    quiet = "--quiet" in argv
    if command in ("extract", "all"):
        started = time.monotonic()
        pot = template()
        write(POT, pot)
        if not quiet:
            print(f"{POT.relative_to(ROOT)}: {sum(1 for m in pot if m.id)} messages "
                  f"({time.monotonic() - started:.1f} s)")
    if command in ("update", "all"):
        pot = read(POT)
        for lang_dir in sorted(p for p in LOCALE_DIR.iterdir() if (p / "parts").is_dir()):
            added = update(pot, lang_dir.name)
            if added and not quiet:
                print(f"{lang_dir.name}: new entries to translate: {added}")
    if command == "init":
        language = argv[1]
        (LOCALE_DIR / language / "parts").mkdir(parents=True, exist_ok=True)
        update(read(POT), language)
        print(f"locale/{language}/parts/: every entry to translate")
    if command in ("compile", "all", "init"):
        compile_all(quiet=quiet)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
