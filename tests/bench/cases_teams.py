"""Team events: pairing round 5 of 64 teams of 8 (512 players), and one step of a ritual.

The event's first four rounds are paired, their rituals run and every game given a random
result once, at import.
"""

from __future__ import annotations

import random
from typing import Any

from bot.offline import OfflineDriver
from renderers.teams import render_team_standings
from rules.tournament import GameResult, Tournament
from rules.tournament.ritual import Side, legal_actions
from rules.tournament.teams import (
    add_team_player,
    create_team,
    current_match,
    new_team_event,
    pair_team_round,
    ritual_pick,
)
from tests.bench import Case, SizeCase


def _team_event(teams: int, size: int, rounds: int, seed: int = 5) -> Tournament:
    rng = random.Random(seed)
    t = new_team_event(f"Bench teams {teams}", 300, size, rounds=rounds + 1)
    for k in range(teams):
        t = create_team(t, f"Team {k:02d}", f"{k}-0", f"Player {k:02d}-0")
        for j in range(1, size):
            t = add_team_player(t, f"t{k + 1}", f"{k}-{j}", f"Player {k:02d}-{j}")
    for _ in range(rounds):
        t = pair_team_round(t, rng)
        t = _run_rituals(t, rng)
        games = []
        for g in t.current.games:
            if g.b is not None:
                result = GameResult(op_a=rng.randint(0, 10), op_b=rng.randint(0, 10))
                g = g.model_copy(update={"result": result})
            games.append(g)
        # Results set directly: recording them one by one is not what is being measured.
        t = t.model_copy(update={"rounds": [*t.rounds[:-1], t.current.model_copy(update={"games": games})]})
    return t


def _run_rituals(t: Tournament, rng: random.Random) -> Tournament:
    for match in t.team_rounds[-1].matches:
        if match.is_bye:
            continue
        while not (m := current_match(t, match.a)[0]).paired:
            side = rng.choice(m.ritual.waiting_for())
            action = rng.choice(legal_actions(m.ritual, side))
            t = ritual_pick(t, m.a if side is Side.A else m.b, action.kind, action.players)
    return t


_EVENT = _team_event(64, 8, 4)
_PAIRED = pair_team_round(_EVENT, random.Random(1))


async def _pair(driver: OfflineDriver, _: Any) -> str:
    t = pair_team_round(_EVENT, random.Random(1))
    return f"{len(t.team_rounds[-1].matches)} team matches"


async def _ritual_step(driver: OfflineDriver, _: Any) -> str:
    # The first pick of round 5's first match in the 512-player state (the state copy included).
    match = _PAIRED.team_rounds[-1].matches[0]
    t = ritual_pick(_PAIRED, match.a, "defender", (match.ritual.pool_a[0],))
    return f"picked; waiting for {len(current_match(t, match.a)[0].ritual.waiting_for())} captain"


CASES = [
    Case(
        "team pairing round 5, 64 teams of 8",
        _pair,
        calls=30,
        target_p99_ms=1000,
        expect="engine",
        contains="32 team matches",
    ),
    Case(
        "team ritual step (a defender), 64 teams of 8",
        _ritual_step,
        calls=200,
        target_p99_ms=100,
        expect="engine",
        contains="waiting for 1 captain",
    ),
]


def _team_standings_pictures() -> bytes:
    return render_team_standings(_EVENT, page=1) + render_team_standings(_EVENT, page=2)


CASES.append(
    SizeCase(
        "team standings PNGs, 64 teams (2 pages)",
        _team_standings_pictures,
        calls=20,
        target_ms=300,
        target_kb=1024,
    )
)
