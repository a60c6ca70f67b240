"""Loading the Boss Fight catalog: the packs read from data, then every preset built once.

It sits above :mod:`rules.boss_fight.content` (the schema and the packs) and
:mod:`rules.boss_fight.building` (which builds from the schema), so neither imports the other's
caller.

>>> catalog = load_catalog()
>>> catalog.errors, "bone_colossus" in catalog.boss_presets
([], True)
"""

from __future__ import annotations

from pathlib import Path

from rules.boss_fight.building import build_boss, build_hero
from rules.boss_fight.content import Catalog, read_catalog
from rules.errors import RuleError


def load_catalog(directory: Path | None = None) -> Catalog:
    """Load every pack under ``directory`` (the shipped data by default).

    Files load in name order; a file that does not validate, or that reuses an id an earlier file
    defined, is skipped and its problem recorded in ``catalog.errors``; so is a preset that does
    not build.

    >>> c = load_catalog()
    >>> len(c.pieces) >= 20, len(c.heroes) >= 8, len(c.maps) >= 4
    (True, True, True)
    """
    catalog = read_catalog(directory)
    _drop_broken_presets(catalog)
    return catalog


def _drop_broken_presets(catalog: Catalog) -> None:
    """Presets that do not build under no points limit are reported and removed."""
    for pid, bp in list(catalog.boss_presets.items()):
        try:
            build_boss(catalog, bp.build)
        except RuleError as exc:
            catalog.errors.append(f"boss preset {pid}: {exc.message}")
            del catalog.boss_presets[pid]
    for pid, hp in list(catalog.hero_presets.items()):
        try:
            build_hero(catalog, hp.build)
        except RuleError as exc:
            catalog.errors.append(f"hero preset {pid}: {exc.message}")
            del catalog.hero_presets[pid]
