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
from tests.bench import Case, FigureCase, SizeCase


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


# -- a captain's pick through Discord (/tournament team defender) in a stored 64-team event ------------


async def _stored_teams(driver: OfflineDriver, channel_name: str = "bench-teams") -> Any:
    """A 64-team event of 8 (Discord users as players), round 5 paired, stored in its own channel;
    returns the channel and the first match's team A captain and a defender to pick."""
    from cogs.tournament.state import TournamentGame

    channel = driver.add_channel(channel_name)
    organiser = driver.user("bench-team-organiser")
    rng = random.Random(9)
    t = new_team_event("Bench team event", 300, 8, rounds=5)
    for k in range(64):
        users = [driver.user(f"tp{k:02d}x{j}") for j in range(8)]
        t = create_team(t, f"Team {k:02d}", str(users[0].id), users[0].name, user_id=users[0].id)
        for user in users[1:]:
            t = add_team_player(t, f"t{k + 1}", str(user.id), user.name, user_id=user.id)
    for _ in range(4):
        t = _run_rituals(pair_team_round(t, rng), rng)
        games = [
            g.model_copy(update={"result": GameResult(op_a=rng.randint(0, 10), op_b=rng.randint(0, 10))})
            if g.b is not None
            else g
            for g in t.current.games
        ]
        t = t.model_copy(update={"rounds": [*t.rounds[:-1], t.current.model_copy(update={"games": games})]})
    t = pair_team_round(t, rng)
    await driver.bot.games.start(
        channel_id=channel.id,
        guild_id=None,
        kind="tournament",
        state=TournamentGame(tournament=t, organisers=[organiser.id]),
        actor_id=organiser.id,
    )
    match = t.team_rounds[-1].matches[0]
    captain = next(x for x in t.teams if x.id == match.a).captain
    name = next(n for n, u in driver.users.items() if str(u.id) == captain)
    return channel, name


async def _pick_defender(driver: OfflineDriver, setup: Any) -> Any:
    # The captain picks (and, run after run, re-picks: allowed until the other captain picks).
    channel, captain = setup
    return await driver.command(f"/tournament team defender player:@{captain}", user=captain, channel=channel)


CASES.append(
    Case(
        "/tournament team defender, 64 teams of 8 (a captain's pick, stored)",
        _pick_defender,
        setup=_stored_teams,
        calls=100,
        target_p99_ms=100,
        expect="private",
        contains="Your defender:",
    )
)


async def _acknowledged(driver: OfflineDriver) -> list[tuple[str, str]]:
    """How soon a captain's pick is acknowledged (Herald answers 'thinking', privately, before
    storing the step), over 50 picks; the whole step is the Case above."""
    setup = await _stored_teams(driver, "bench-teams-ack")
    acks = []
    for _ in range(50):
        reply = await _pick_defender(driver, setup)
        assert reply.message.ephemeral and "Your defender:" in reply.text
        acks.append((reply.acknowledged_after or 0) * 1000)
    acks.sort()
    return [("acknowledged p99 (target < 100 ms)", f"{acks[int(0.99 * (len(acks) - 1))]:.1f} ms")]


CASES.append(FigureCase("team ritual pick acknowledged, 64 teams of 8", _acknowledged))
