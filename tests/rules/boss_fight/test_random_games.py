"""Random legal games from every preset: only RuleErrors for bad input, consistent state, and an end."""

from __future__ import annotations

import contextlib
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.boss_fight import (
    Attack,
    GameSettings,
    GameState,
    HeroicFeat,
    Hex,
    Move,
    Sacrifice,
    UseAbility,
    UseItem,
    apply,
    legal_actions,
    new_game,
    place_all,
)
from rules.errors import RuleError
from tests.rules.boss_fight.helpers import CATALOG

MAX_STEPS = 3000
BOSSES = sorted(CATALOG.boss_presets)
HEROES = sorted(CATALOG.hero_presets)
MAPS = sorted(CATALOG.maps)


def junk_action(state: GameState, rng: random.Random):
    """Something a player might type: any card, any equipment, any ability, any tile (often illegal)."""
    w, h = state.board.width, state.board.height
    tile = Hex.from_offset(rng.randrange(-1, w + 1), rng.randrange(-1, h + 1))
    card = rng.choice(sorted(CATALOG.actions))
    kind = rng.randrange(6)
    if kind == 0:
        return Move(card=rng.choice([card, None]), to=tile, pivot=rng.choice([None, tile]),
                    rotation=rng.choice([None, rng.randrange(6)]))
    if kind == 1:
        return Attack(card=card, equipment=rng.choice(sorted(CATALOG.equipment)), target=tile)
    if kind == 2:
        return UseItem(card=card, target=rng.choice([None, tile]))
    if kind == 3:
        return UseAbility(ability=rng.choice([*sorted(CATALOG.abilities), "mend", "spit"]),
                          target=rng.choice([None, tile]), sacrifice=rng.choice([None, card]))
    if kind == 4:
        return HeroicFeat(target=rng.choice([None, tile]))
    return Sacrifice(card=card)


def pick(state: GameState, options: list, rng: random.Random):
    """A random legal action, leaning towards attacks and towards moves that close in on an enemy.

    Purely uniform play wanders for thousands of rounds; this keeps games to a test's length
    while every kind of action is still played.
    """
    attacks = [a for a in options if a.kind in ("attack", "heroic_feat", "use_ability")]
    if attacks and rng.random() < 0.75:
        return rng.choice(attacks)
    moves = [a for a in options if a.kind == "move"]
    if moves and rng.random() < 0.6:
        me = state.current
        enemies = [t for c in state.characters if c.side is not me.side and c.alive for t in c.tiles()]
        now = min(m.distance(t) for m in me.tiles() for t in enemies)
        closer = [a for a in moves if min(a.to.distance(t) for t in enemies) < now]
        if closer:
            return rng.choice(closer)
    return rng.choice(options)


def check_consistent(state: GameState, decks: dict[str, Counter]) -> None:
    covered: set[Hex] = set()
    for c in state.characters:
        piles = c.piles
        cards = Counter(piles.deck + piles.hand + piles.discard + piles.expended + piles.used)
        assert cards == decks[c.id], f"{c.name}: a card was lost or duplicated"
        assert c.health <= c.max_health
        assert c.dead == (c.health <= 0)
        assert not c.dead or c.tiles() == []
        assert len({m.status for m in c.statuses}) == len(c.statuses), "one of each status at most"
        tiles = set(c.tiles())
        assert not tiles & covered, "two pieces on one tile"
        assert not tiles & set(state.obstacles), "a piece on an obstacle"
        assert all(0 <= t.col < state.board.width and 0 <= t.row < state.board.height for t in tiles)
        covered |= tiles
    if state.is_over():
        limit = state.settings.round_limit
        assert (state.boss.dead or all(h.dead for h in state.heroes) or state.outcome.value == "draw"
                or (limit is not None and state.round == limit))


def play(seed: int, boss: str, heroes: list[str], map_id: str, game_settings: GameSettings) -> GameState:
    rng = random.Random(seed)
    state = new_game(CATALOG, boss=CATALOG.boss_presets[boss].build,
                     heroes=[CATALOG.hero_presets[h].build for h in heroes], map_id=map_id,
                     settings=game_settings, rng=rng)
    decks = {c.id: Counter(c.piles.deck) for c in state.characters}
    state = place_all(state, rng)
    steps = 0
    while not state.is_over():
        assert steps < MAX_STEPS, "the game did not end"
        if rng.random() < 0.15:
            with contextlib.suppress(RuleError):
                state = apply(state, junk_action(state, rng), rng).state
        if state.is_over():
            break
        options = legal_actions(state)
        assert options, "a character to act always has something legal to do"
        state = apply(state, pick(state, options, rng), rng).state
        check_consistent(state, decks)
        steps += 1
    assert GameState.model_validate_json(state.model_dump_json()) == state
    return state


@pytest.mark.parametrize("boss", BOSSES)
@pytest.mark.parametrize("half", [0, 1])
def test_every_preset_plays_to_the_end(boss, half):
    party = HEROES[half * 3: half * 3 + 3]
    state = play(BOSSES.index(boss) * 10 + half, boss, party, MAPS[half % len(MAPS)], GameSettings())
    assert state.is_over() and state.outcome is not None


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10_000),
    boss=st.sampled_from(BOSSES),
    heroes=st.lists(st.sampled_from(HEROES), min_size=1, max_size=4, unique=True),
    map_id=st.sampled_from(MAPS),
    free_walk=st.booleans(),
    defenders_choose=st.booleans(),
)
def test_random_games_stay_consistent_and_end(seed, boss, heroes, map_id, free_walk, defenders_choose):
    game_settings = GameSettings(free_walk=free_walk, defenders_choose=defenders_choose)
    state = play(seed, boss, heroes, map_id, game_settings)
    assert state.is_over()


def test_a_stored_game_resumes_identically():
    rng = random.Random(5)
    state = place_all(new_game(CATALOG, boss=CATALOG.boss_presets["venom_wyrm"].build,
                               heroes=[CATALOG.hero_presets["vex_the_knife"].build], map_id="crossroads",
                               rng=rng), rng)
    for _ in range(20):
        if state.is_over():  # a short fight (the seed's dice and the shapes decide) is resumed as it ended
            break
        state = apply(state, rng.choice(legal_actions(state)), rng).state
    restored = GameState.model_validate_json(state.model_dump_json())
    assert restored == state
    a, b = random.Random(9), random.Random(9)
    for _ in range(10):
        if state.is_over():
            break
        action = a.choice(legal_actions(state))
        assert action == b.choice(legal_actions(restored))
        state, restored = apply(state, action, a).state, apply(restored, action, b).state
        assert state == restored
