"""Boss Fight balance: win rates of the shipped presets under a simple greedy player.

``python -m tests.bench.bf_balance [--games N] [--maps a,b]`` plays every boss preset against
parties of three hero presets (every party that fits the presets' points, in turn) on the maps,
and prints who wins, how often, and how many rounds games take. The same seeds give the same
figures. ``greedy_action`` is the player, also used by the tests.

The player is deliberately simple and the same for both sides: it plays the action with the
most expected value now (attacks by the expected damage of :func:`preview_attack`, with a bonus
for a likely kill; abilities, items and feats by trying them on a copy of the state), otherwise
moves towards the nearest enemy (ranged pieces stop at their range), otherwise sacrifices.
"""

from __future__ import annotations

import argparse
import itertools
import random
import statistics
from collections import Counter
from dataclasses import dataclass

from rules.boss_fight import (
    Attack,
    GameSettings,
    GameState,
    HeroicFeat,
    Move,
    Sacrifice,
    UseAbility,
    UseItem,
    apply,
    legal_actions,
    load_catalog,
    new_game,
    place_all,
)
from rules.boss_fight.content import AttackKind, CardType, Side
from rules.boss_fight.state import DEFAULT_ROUND_LIMIT
from rules.boss_fight.views import preview_attack
from rules.errors import RuleError

CATALOG = load_catalog()
KILL_BONUS = 6.0
MAX_STEPS = 5000


def _value(state: GameState, side: Side) -> float:
    """Own health and pieces minus the enemy's."""
    score = 0.0
    for c in state.characters:
        worth = (c.health if c.alive else 0) + (KILL_BONUS if c.alive else 0)
        score += worth if c.side is side else -worth
    if state.is_over():
        won = {"heroes": Side.HERO, "boss": Side.BOSS}.get(state.outcome.value if state.outcome else "")
        score += 100 if won is side else (-100 if won else 0)
    return score


def _attack_value(state: GameState, a: Attack) -> float:
    me = state.current
    try:
        previews = preview_attack(state, me.id, a.card, a.equipment, a.target)
    except RuleError:
        return 0.0
    total = 0.0
    for p in previews:
        target = next(c for c in state.characters if c.name == p.defender)
        kill = sum(1 for d in p.by_roll.values() if d >= target.health) / 6
        total += p.expected + kill * KILL_BONUS
    return total


def _tried_value(state: GameState, action, rng: random.Random) -> float:
    me = state.current
    try:
        after = apply(state, action, random.Random(rng.random())).state
    except RuleError:
        return 0.0
    return _value(after, me.side) - _value(state, me.side)


def _ideal_distance(state: GameState) -> int:
    me = state.current
    ranges = [p.range for e in me.equipment for k in AttackKind if (p := e.profile(k))]
    return max(1, min(ranges, default=1)) if me.side is Side.BOSS else max(ranges, default=1)


def _distance_to_enemies(state: GameState, tile) -> int:
    me = state.current
    tiles = [t for c in state.characters if c.side is not me.side and c.alive for t in c.tiles()]
    return min((tile.distance(t) for t in tiles), default=0)


def greedy_action(state: GameState, rng: random.Random):
    """The greedy player's choice among :func:`legal_actions` (see the module docstring)."""
    options = legal_actions(state)
    if state.phase.value == "setup":
        return rng.choice(options)
    me = state.current
    best, best_value = None, 0.5
    seen_abilities: set[tuple] = set()
    for a in options:
        if isinstance(a, Attack):
            v = _attack_value(state, a)
        elif isinstance(a, UseAbility | UseItem | HeroicFeat):
            key = (a.kind, getattr(a, "ability", None), getattr(a, "card", None), a.target)
            if key in seen_abilities:
                continue
            seen_abilities.add(key)
            v = _tried_value(state, a, rng)
        else:
            continue
        if v > best_value:
            best, best_value = a, v
    if best is not None:
        return best
    moves = [a for a in options if isinstance(a, Move)]
    if moves:
        ideal = _ideal_distance(state)
        now = min(_distance_to_enemies(state, t) for t in me.tiles())
        if now > ideal:
            scored = sorted(
                moves,
                key=lambda m: (abs(_distance_to_enemies(state, m.to) - ideal), m.card is None, rng.random()),
            )
            if abs(_distance_to_enemies(state, scored[0].to) - ideal) < now - ideal:
                return scored[0]
    sacrifices = [a for a in options if isinstance(a, Sacrifice)]
    if sacrifices:
        # Keep attacks and items; give up move cards first.
        order = {CardType.MOVE: 0, CardType.ITEM: 1, CardType.ATTACK: 2}
        return min(sacrifices, key=lambda s: (order[state.cards[s.card].type], s.card))
    return rng.choice(options)


@dataclass
class GameResult:
    boss: str
    heroes: tuple[str, ...]
    map_id: str
    outcome: str
    rounds: int
    by_limit: bool = False


def random_action(state: GameState, rng: random.Random):
    """The random tests' player: any legal action, leaning towards attacks and closing in."""
    from tests.rules.boss_fight.test_random_games import pick

    options = legal_actions(state)
    return rng.choice(options) if state.phase.value == "setup" else pick(state, options, rng)


POLICIES = {"greedy": greedy_action, "random": random_action}


def play_game(
    seed: int,
    boss: str,
    heroes: tuple[str, ...],
    map_id: str,
    settings: GameSettings | None = None,
    policy: str = "greedy",
) -> GameResult:
    """One game from the presets played by ``policy``; the same seed plays the same game."""
    choose = POLICIES[policy]
    rng = random.Random(seed)
    state = new_game(
        CATALOG,
        boss=CATALOG.boss_presets[boss].build,
        heroes=[CATALOG.hero_presets[h].build for h in heroes],
        map_id=map_id,
        settings=settings or GameSettings(),
        rng=rng,
    )
    state = place_all(state, rng)
    steps = 0
    while not state.is_over() and steps < MAX_STEPS:
        state = apply(state, choose(state, rng), rng).state
        steps += 1
    outcome = state.outcome.value if state.outcome else "unfinished"
    wiped = state.boss.dead or all(h.dead for h in state.heroes)
    limit = state.settings.round_limit
    return GameResult(
        boss,
        heroes,
        map_id,
        outcome,
        state.round,
        by_limit=state.is_over() and not wiped and state.round == limit,
    )


def parties(points: int | None) -> list[tuple[str, ...]]:
    """Every party of three hero presets within ``points`` (all of them when None)."""
    from rules.boss_fight import build_hero

    cost = {h: build_hero(CATALOG, CATALOG.hero_presets[h].build).points for h in CATALOG.hero_presets}
    out = []
    for trio in itertools.combinations(sorted(CATALOG.hero_presets), 3):
        if points is None or sum(cost[h] for h in trio) <= points:
            out.append(trio)
    return out


def win_rates(
    games: int,
    maps: list[str],
    *,
    seed: int = 0,
    settings: GameSettings | None = None,
    policy: str = "greedy",
) -> dict[str, list[GameResult]]:
    """``games`` greedy games per boss preset, cycling through the parties and ``maps``."""
    trios = parties(CATALOG.recommended_points)
    out: dict[str, list[GameResult]] = {}
    for b_index, boss in enumerate(sorted(CATALOG.boss_presets)):
        results = []
        for i in range(games):
            trio = trios[(i + b_index) % len(trios)]
            results.append(
                play_game(seed + 1000 * b_index + i, boss, trio, maps[i % len(maps)], settings, policy)
            )
        out[boss] = results
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=30, help="games per boss preset")
    parser.add_argument("--maps", default="crossroads,ruined_chapel,sunken_causeway,great_hall")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--policy", choices=sorted(POLICIES), default="greedy")
    parser.add_argument(
        "--round-limit", type=int, default=DEFAULT_ROUND_LIMIT, help="0 plays without a limit"
    )
    args = parser.parse_args()
    settings = GameSettings(round_limit=args.round_limit or None)
    rates = win_rates(args.games, args.maps.split(","), seed=args.seed, settings=settings, policy=args.policy)
    print(f"{args.policy} play, {args.games} games per boss, round limit {args.round_limit or 'none'}")
    total: Counter = Counter()
    for boss, results in rates.items():
        c = Counter(r.outcome for r in results)
        total.update(c)
        rounds = [r.rounds for r in results]
        print(
            f"{boss:<16} boss {c['boss']:>3}  heroes {c['heroes']:>3}  draw {c['draw']:>3}  "
            f"unfinished {c['unfinished']:>3}  rounds median {statistics.median(rounds):>5} "
            f"max {max(rounds):>4}  ended by the limit {sum(r.by_limit for r in results):>3}"
        )
    n = sum(total.values())
    print(
        f"{'all':<16} boss {total['boss'] / n:.0%}  heroes {total['heroes'] / n:.0%}  "
        f"draw {total['draw'] / n:.0%}"
    )


if __name__ == "__main__":
    main()
