"""Tournaments: Swiss pairing time at 32 to 512 players, and the standings and pairings images.

Each pairing case pairs round 5 of an event whose first four rounds have random results (the
state is built once, at import). ``make`` returns the new state's JSON, so its size is shown.
"""

from __future__ import annotations

import random

from renderers.tournament import page_count, render_pairings, render_standings
from rules.i18n import force_offer, translator
from rules.tournament import (
    GameResult,
    Tournament,
    add_player,
    create_tournament,
    pair_next_round,
    pin_table,
    set_fresh_tables,
)
from tests.bench import Case, SizeCase

_FACTIONS = ("PanOceania", "Yu Jing", "Ariadna", "Haqqislam", "Nomads", "Combined Army", "ALEPH", "Tohaa")


def _event(players: int, rounds: int, seed: int = 7, *, tagged: bool = False) -> Tournament:
    """``players`` players, ``rounds`` rounds paired and played with random results; ``tagged``:
    clubs of 8, four players pinned to tables and fresh tables on (issue 43, item 3)."""
    rng = random.Random(seed)
    t = create_tournament(f"Bench {players}", 300, rounds=rounds + 1)
    for i in range(players):
        club = f"Club {i % (players // 8)}" if tagged else ""
        t = add_player(t, str(i), f"Player {i:03d}", _FACTIONS[i % len(_FACTIONS)], club=club)
    if tagged:
        t = set_fresh_tables(t, True)
        for k, table in enumerate((1, 5, 40, 200)):
            t = pin_table(t, str(k * 97), table)
    for _ in range(rounds):
        t = pair_next_round(t, rng)
        games = []
        for g in t.current.games:
            if g.b is not None:
                result = GameResult(
                    op_a=rng.randint(0, 10),
                    op_b=rng.randint(0, 10),
                    vp_a=rng.randint(0, 300),
                    vp_b=rng.randint(0, 300),
                )
                g = g.model_copy(update={"result": result})
            games.append(g)
        # Results set directly: recording them one by one is not what is being measured.
        t = t.model_copy(update={"rounds": [*t.rounds[:-1], t.current.model_copy(update={"games": games})]})
    return t


_EVENTS = {n: _event(n, 4) for n in (32, 128, 256, 512)}
_TAGGED_512 = _event(512, 4, tagged=True)
_STANDINGS_64 = _event(64, 4)


def _pair(players: int, event: Tournament | None = None):  # type: ignore[no-untyped-def]
    def make() -> bytes:
        t = event if event is not None else _EVENTS[players]
        return pair_next_round(t, random.Random(1)).model_dump_json().encode()

    return make


def _standings_64() -> bytes:
    pages = page_count(len(_STANDINGS_64.players))
    return b"".join(render_standings(_STANDINGS_64, page=p) for p in range(1, pages + 1))


with force_offer("es"):  # the translator keeps its catalogue once the block ends
    SPANISH = translator("es-ES")


def standings_64_spanish() -> bytes:
    """The same two pages drawn in Spanish (issue 41): longer words, measured and fitted."""
    pages = page_count(len(_STANDINGS_64.players))
    return b"".join(render_standings(_STANDINGS_64, page=p, t=SPANISH) for p in range(1, pages + 1))


def _pairings_64() -> bytes:
    t = pair_next_round(_STANDINGS_64, random.Random(1))
    return b"".join(render_pairings(t, page=p) for p in range(1, page_count(len(t.current.games)) + 1))


CASES = [
    SizeCase("tournament pairing round 5, 32 players", _pair(32), calls=30, target_ms=1000),
    SizeCase("tournament pairing round 5, 128 players", _pair(128), calls=20, target_ms=1000),
    SizeCase("tournament pairing round 5, 256 players", _pair(256), calls=10, target_ms=1000),
    SizeCase("tournament pairing round 5, 512 players", _pair(512), calls=10, target_ms=1000),
    SizeCase(
        "tournament pairing round 5, 512 players (clubs, pins, fresh tables)",
        _pair(512, _TAGGED_512),
        calls=10,
        target_ms=1000,
    ),
    SizeCase(
        "tournament standings PNGs, 64 players (2 pages)",
        _standings_64,
        calls=20,
        target_ms=300,
        target_kb=1024,
    ),
    SizeCase(
        "tournament standings PNGs, 64 players (2 pages), Spanish",
        standings_64_spanish,
        calls=20,
        target_ms=300,
        target_kb=1024,
    ),
    SizeCase(
        "tournament pairings PNG, 64 players (32 games)",
        _pairings_64,
        calls=20,
        target_ms=300,
        target_kb=1024,
    ),
]


# -- /tournament standings end to end (a 64-player event stored in a channel of its own) ---------------


async def _stored_64(driver):  # type: ignore[no-untyped-def]
    from cogs.tournament.state import TournamentGame

    channel = driver.add_channel("bench-tournament")
    organiser = driver.user("bench-organiser")
    if await driver.bot.games.find(channel.id, TournamentGame, "tournament") is None:
        await driver.bot.games.start(
            channel_id=channel.id,
            guild_id=None,
            kind="tournament",
            state=TournamentGame(tournament=_STANDINGS_64, organisers=[organiser.id]),
            actor_id=organiser.id,
        )
    return channel


CASES.append(
    Case(
        "/tournament standings, 64 players (2 PNG pages)",
        lambda d, channel: d.command("tournament standings", channel=channel),
        setup=_stored_64,
        calls=20,
        target_p99_ms=300,
        contains="Standings after round 4",
    )
)
