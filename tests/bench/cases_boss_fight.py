"""Boss Fight: legal moves for the 3x3 boss on the 20x20 map, random play per action, and the board PNG."""

from __future__ import annotations

import random
from typing import Any

from bot.offline import OfflineDriver
from renderers.hex_board import Overlay, render_hex_board
from rules.boss_fight import GameSettings, GameState, apply, legal_actions, place_all, quick_game
from rules.boss_fight.narration import report_step, turn_prompt
from rules.boss_fight.views import reachable_tiles
from tests.bench import Case, SizeCase

HEROES = ("mira_the_warden", "kestrel_the_archer", "orrin_the_sage", "vex_the_knife")
RANDOM_PLAY_ROUNDS = 20


def _gazer_to_move() -> GameState:
    """The Gazer (a 3x3 block of tiles) on the Great Hall, at its turn with move cards in hand."""
    state = quick_game(seed=4, boss="the_gazer", heroes=HEROES, map_id="great_hall")
    rng = random.Random(1)
    while state.active != "boss":
        sacrifice = next(a for a in legal_actions(state) if a.kind == "sacrifice")
        state = apply(state, sacrifice, rng).state
    boss = state.boss
    wanted = ["lumber", "walk", "walk", "basic_attack"]
    pool = boss.piles.deck + boss.piles.hand
    for card in wanted:
        pool.remove(card)
    boss.piles.deck, boss.piles.hand = pool, wanted
    return state


_GAZER = _gazer_to_move()


async def _legal_moves(driver: OfflineDriver, state: GameState) -> Any:
    return legal_actions(state)


class _RandomPlay:
    """Plays random legal actions, starting a new game whenever one ends."""

    def __init__(self) -> None:
        self.rng = random.Random(11)
        self.games = 0
        self.state = self._new()

    def _new(self) -> GameState:
        self.games += 1
        boss = ("bone_colossus", "venom_wyrm", "the_gazer")[self.games % 3]
        # Random players rarely wipe a side out, and a fight has no round limit by default (as in
        # the seed): the 20-round limit keeps a whole random game a bounded piece of work.
        return quick_game(
            seed=self.games,
            boss=boss,
            heroes=HEROES[:3],
            map_id="great_hall",
            settings=GameSettings(round_limit=RANDOM_PLAY_ROUNDS),
        )

    def step(self) -> None:
        if self.state.is_over():
            self.state = self._new()
        options = legal_actions(self.state)
        self.state = apply(self.state, self.rng.choice(options), self.rng).state

    def whole_game(self) -> int:
        state = place_all(self._new(), self.rng)
        steps = 0
        while not state.is_over():
            state = apply(state, self.rng.choice(legal_actions(state)), self.rng).state
            steps += 1
        return steps


async def _one_action(driver: OfflineDriver, play: _RandomPlay) -> Any:
    play.step()


async def _action_with_board(driver: OfflineDriver, play: _RandomPlay) -> Any:
    """What /bf posts after each action: apply, report the step, prompt the next, draw the board."""
    before = play.state
    if before.is_over():
        play.state = before = play._new()
    result = apply(before, play.rng.choice(legal_actions(before)), play.rng)
    play.state = result.state
    report_step(before, result)
    turn_prompt(result.state)
    return render_hex_board(result.state)


async def _whole_game(driver: OfflineDriver, play: _RandomPlay) -> Any:
    return play.whole_game()


async def _setup_play(driver: OfflineDriver) -> _RandomPlay:
    return _RandomPlay()


async def _setup_gazer(driver: OfflineDriver) -> GameState:
    return _GAZER


_HERO = _GAZER.heroes[0]
_OVERLAY = Overlay(reach=reachable_tiles(_GAZER, "boss", "lumber"), sight=("boss", _HERO.id))

CASES = [
    Case(
        "boss fight: legal actions, 3x3 boss, 20x20 map",
        _legal_moves,
        setup=_setup_gazer,
        calls=200,
        target_p99_ms=50,
        expect="engine",
    ),
    Case(
        "boss fight: one random action (legal_actions + apply)",
        _one_action,
        setup=_setup_play,
        calls=500,
        expect="engine",
    ),
    Case(
        "boss fight: a whole random game (ms per game, 20-round limit)",
        _whole_game,
        setup=_setup_play,
        calls=5,
        expect="engine",
    ),
    Case(
        "boss fight: an action with report, prompt and board PNG (20x20)",
        _action_with_board,
        setup=_setup_play,
        calls=100,
        target_p99_ms=200,
        expect="engine",
    ),
    SizeCase(
        "boss fight board PNG (20x20, no overlay)",
        lambda: render_hex_board(_GAZER),
        calls=30,
        target_ms=150,
        target_kb=300,
    ),
    SizeCase(
        "boss fight board PNG (20x20, /bf board overlay moves)",
        lambda: render_hex_board(_GAZER, overlay="moves", focus=_HERO.id),
        calls=30,
        target_ms=150,
        target_kb=300,
    ),
    SizeCase(
        "boss fight board PNG (20x20, /bf board overlay sight, boss)",
        lambda: render_hex_board(_GAZER, overlay="sight", focus="boss"),
        calls=30,
        target_ms=150,
        target_kb=300,
    ),
    SizeCase(
        "boss fight board PNG (20x20, /bf board overlay areas)",
        lambda: render_hex_board(_GAZER, overlay="areas", focus="boss"),
        calls=30,
        target_ms=150,
        target_kb=300,
    ),
    SizeCase(
        "boss fight board PNG (20x20, 3x3 boss, overlays, dark)",
        lambda: render_hex_board(_GAZER, theme="dark", overlay=_OVERLAY),
        calls=30,
        target_ms=150,
        target_kb=300,
    ),
    SizeCase(
        "boss fight board PNG (20x20, 3x3 boss, overlays, light)",
        lambda: render_hex_board(_GAZER, theme="light", overlay=_OVERLAY),
        calls=30,
        target_ms=150,
        target_kb=300,
    ),
]
