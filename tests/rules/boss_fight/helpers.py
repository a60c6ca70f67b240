"""Shared helpers for the Boss Fight tests: scripted dice and small arranged boards."""

from __future__ import annotations

import random
from collections.abc import Iterable

from rules.boss_fight import GameSettings, GameState, Hex, apply, load_catalog, new_game
from rules.boss_fight.content import Catalog, MapSpec, StatBlock
from rules.boss_fight.state import PlaceBoss, PlaceHero

CATALOG = load_catalog()


class ScriptedRandom(random.Random):
    """A Random whose D6 rolls (randint) come from a script; shuffles stay seeded and repeatable."""

    def __init__(self, values: Iterable[int] = (), default: int | None = None) -> None:
        super().__init__(0)
        self.values = list(values)
        self.default = default

    def randint(self, a: int, b: int) -> int:
        if not self.values:
            assert self.default is not None, "the test ran out of scripted dice"
            return self.default
        value = self.values.pop(0)
        assert a <= value <= b
        return value


def H(label: str) -> Hex:
    return Hex.from_label(label)


def catalog_with_map(board: MapSpec) -> Catalog:
    cat = CATALOG.model_copy(deep=True)
    cat.maps[board.id] = board
    return cat


def arena(*, width: int = 10, height: int = 10, obstacles: Iterable[str] = (), boss: str = "bone_colossus",
          heroes: Iterable[str] = ("mira_the_warden",), settings: GameSettings | None = None,
          shape: list[tuple[int, int]] | None = None, legs: int | None = None) -> GameState:
    """A game in set-up on a custom empty board (optionally with another boss shape or leg count)."""
    board = MapSpec(id="arena", name="Arena", width=width, height=height, obstacles=list(obstacles))
    cat = catalog_with_map(board)
    party = [cat.hero_presets[h].build for h in heroes]
    state = new_game(cat, boss=cat.boss_presets[boss].build, heroes=party, map_id="arena", settings=settings,
                     rng=random.Random(0))
    # A fixed boss profile, so these tests do not change when the presets are rebalanced.
    state.boss.stats = StatBlock(health=25, intelligence=2, strength=7, agility=2)
    state.boss.health = 25
    if shape is not None:
        state.boss.shape = shape
    if legs is not None:
        state.boss.legs = legs
    return state


def placed(state: GameState, boss_at: str, hero_at: Iterable[str], *, rotation: int = 0,
           rng: random.Random | None = None) -> GameState:
    """Place the boss and the heroes (skipping the distance rule check by placing legally)."""
    rng = rng or ScriptedRandom(default=1)
    state = apply(state, PlaceBoss(anchor=H(boss_at), rotation=rotation), rng).state
    for hero, tile in zip(state.heroes, hero_at, strict=True):
        state = apply(state, PlaceHero(character=hero.id, tile=H(tile)), rng).state
    return state


def put(state: GameState, who: str, tile: str, rotation: int | None = None) -> GameState:
    """Move a piece by hand to arrange a test position (never used by the engine)."""
    s = state.model_copy(deep=True)
    c = s.character(who)
    c.anchor = H(tile)
    if rotation is not None:
        c.rotation = rotation
    return s


def hand_of(state: GameState, who: str, cards: list[str]) -> GameState:
    """Give a character exactly these cards in hand, taking them from (or returning them to) the deck."""
    s = state.model_copy(deep=True)
    c = s.character(who)
    pool = c.piles.deck + c.piles.hand
    hand = []
    for card in cards:
        pool.remove(card)
        hand.append(card)
    c.piles.deck, c.piles.hand = pool, hand
    return s
