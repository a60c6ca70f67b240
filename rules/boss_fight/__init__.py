"""Boss Fight: one player builds a boss from body parts, the others a party of heroes, on a hex board.

A whole game, as a play-by-post front end drives it (store ``state.model_dump_json()`` between
steps; ``GameState.model_validate_json`` reads it back):

>>> import random
>>> from rules.boss_fight import (Attack, GameSettings, apply, legal_actions, load_catalog, new_game,
...                               private_view, status_lines)
>>> catalog = load_catalog()                       # cards, maps, presets (+ catalog.errors)
>>> rng = random.Random(7)
>>> state = new_game(catalog, boss=catalog.boss_presets["bone_colossus"].build,
...                  heroes=[catalog.hero_presets[h].build for h in ("mira_the_warden", "vex_the_knife")],
...                  map_id="crossroads", settings=GameSettings(points_limit=None), rng=rng)
>>> while not state.is_over() and state.step < 3000:
...     options = legal_actions(state)             # for state.active (placements during set-up)
...     attacks = [a for a in options if isinstance(a, Attack)]   # players who fight: it ends sooner
...     result = apply(state, rng.choice(attacks or options), rng)
...     state = result.state                       # result.log: text lines; result.rolls: every die
>>> state.is_over(), state.outcome in ("heroes", "boss", "draw")
(True, True)

Other helpers for a front end: :func:`parse_tile` (``"C4"`` -> :class:`Hex`), :func:`private_view`
(a hand, for its owner only), :func:`public_view`, :func:`status_lines`,
:func:`reachable_tiles`, :func:`targets_in_sight`, :func:`preview_attack` (damage for each
defence roll and on average), :func:`attack_options`. Every illegal input raises a
:class:`~rules.errors.RuleError` whose message says what to change.

Modules: ``hexgrid`` (hex math and tile labels), ``sight`` (line of sight), ``movement``,
``combat``, ``content`` (the YAML schema and packs), ``building``, ``loading`` (the catalog),
``state``, ``engine``, ``views``.
"""

from __future__ import annotations

import random

from rules.boss_fight.building import DECK_SIZE, MAX_HEROES, MAX_PLAYERS, BuildError, build_boss, build_hero
from rules.boss_fight.combat import compare_damage, expected_damage, resolve_hit
from rules.boss_fight.content import (
    BossBuild,
    Catalog,
    HeroBuild,
    Side,
    Stat,
    Status,
)
from rules.boss_fight.engine import (
    IllegalAction,
    StepResult,
    all_placed,
    apply,
    can_see,
    hand,
    initiative,
    legal_actions,
    new_game,
)
from rules.boss_fight.hexgrid import MAX_BOARD_SIDE, Hex, TileLabelError, parse_label
from rules.boss_fight.loading import load_catalog
from rules.boss_fight.state import (
    Action,
    Attack,
    Character,
    GameSettings,
    GameState,
    HeroicFeat,
    Move,
    Outcome,
    Phase,
    PlaceBoss,
    PlaceHero,
    Sacrifice,
    SetDefence,
    StartFight,
    UseAbility,
    UseItem,
    Withdraw,
)
from rules.boss_fight.views import (
    attack_options,
    parse_tile,
    piece_poses,
    preview_attack,
    private_view,
    public_view,
    reachable_tiles,
    status_lines,
    targets_in_sight,
)

_CATALOG: Catalog | None = None


def _catalog() -> Catalog:
    global _CATALOG
    if _CATALOG is None:
        _CATALOG = load_catalog()
    return _CATALOG


def place_all(state: GameState, rng: random.Random) -> GameState:
    """Finish set-up with random legal placements (for quick games, tests and benchmarks).

    >>> s = place_all(new_game(_catalog(), boss=_catalog().boss_presets["venom_wyrm"].build,
    ...               heroes=[_catalog().hero_presets["vex_the_knife"].build], map_id="crossroads",
    ...               rng=random.Random(0)), random.Random(0))
    >>> s.phase
    <Phase.PLAYING: 'playing'>
    """
    while state.phase is Phase.SETUP:
        state = apply(state, rng.choice(legal_actions(state)), rng).state
    return state


def quick_game(*, seed: int = 0, boss: str = "bone_colossus",
               heroes: tuple[str, ...] = ("mira_the_warden", "kestrel_the_archer", "orrin_the_sage"),
               map_id: str = "crossroads", settings: GameSettings | None = None) -> GameState:
    """A game from the shipped presets, placed at random and at its first turn.

    >>> quick_game(seed=1).round
    1
    """
    cat = _catalog()
    rng = random.Random(seed)
    party = [cat.hero_presets[h].build for h in heroes]
    state = new_game(cat, boss=cat.boss_presets[boss].build, heroes=party, map_id=map_id, settings=settings,
                     rng=rng)
    return place_all(state, rng)


__all__ = [
    "DECK_SIZE",
    "MAX_BOARD_SIDE",
    "MAX_HEROES",
    "MAX_PLAYERS",
    "Action",
    "Attack",
    "BossBuild",
    "BuildError",
    "Catalog",
    "Character",
    "GameSettings",
    "GameState",
    "HeroBuild",
    "HeroicFeat",
    "Hex",
    "IllegalAction",
    "Move",
    "Outcome",
    "Phase",
    "PlaceBoss",
    "PlaceHero",
    "Sacrifice",
    "SetDefence",
    "Side",
    "StartFight",
    "Stat",
    "Status",
    "StepResult",
    "TileLabelError",
    "UseAbility",
    "UseItem",
    "Withdraw",
    "all_placed",
    "apply",
    "attack_options",
    "build_boss",
    "build_hero",
    "can_see",
    "compare_damage",
    "expected_damage",
    "hand",
    "initiative",
    "legal_actions",
    "load_catalog",
    "new_game",
    "parse_label",
    "parse_tile",
    "piece_poses",
    "place_all",
    "preview_attack",
    "private_view",
    "public_view",
    "quick_game",
    "reachable_tiles",
    "resolve_hit",
    "status_lines",
    "targets_in_sight",
]
