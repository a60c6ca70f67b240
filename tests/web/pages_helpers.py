"""Stored games served without a bot: a tournament (optionally in its own language) and a Crusade
campaign with hostile names, behind an in-memory stand-in for the pages' repository."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass

from rules.crusade import engine
from rules.crusade.engine import UnitSpec
from rules.crusade.model import Campaign, Result, Role
from rules.tournament import add_player, create_tournament, pair_next_round
from rules.tournament.model import Tournament
from web.app import RateLimiter, TournamentSource, make_app

HOSTILE = '<script>alert(1)</script> & "Q" <b>bold</b> @everyone'
"""A name as a visitor's browser must show it: as text, never as markup."""


@dataclass
class Row:
    game_id: int
    kind: str
    version: int
    state_json: str = ""


class Store:
    """The pages' repository (``bot.storage.pages``) over a dict: token -> stored game."""

    def __init__(self) -> None:
        self.rows: dict[str, Row] = {}

    def put(self, token: str, kind: str, state: dict[str, object]) -> None:
        held = self.rows.get(token)
        game_id = held.game_id if held else len(self.rows) + 1
        version = held.version + 1 if held else 1
        self.rows[token] = Row(game_id, kind, version, json.dumps(state))

    async def version(self, token: str) -> Row | None:
        return self.rows.get(token)

    async def state(self, game_id: int) -> Row | None:
        return next((r for r in self.rows.values() if r.game_id == game_id), None)

    async def season(self, token: str) -> None:
        return None


def cup(*, language: str | None = None, name: str = "Copa <i>Norte</i>") -> Tournament:
    """Four players, round 1 paired; ``language``: the event's own language."""
    t = create_tournament(name, 300)
    for pid in "1234":
        t = add_player(t, pid, f"P{pid}", "Nomads")
    t = pair_next_round(t, random.Random(1))
    return t.model_copy(update={"language": language})


def hostile_campaign() -> Campaign:
    """Two forces with hostile names, one confirmed battle, one waiting for its confirmation."""
    c = engine.create(HOSTILE, organiser_id=1)
    c = engine.join(
        c,
        player_id=10,
        player_name=HOSTILE,
        name=f"Host {HOSTILE}",
        faction="<i>Ultramarines</i>",
        units=[UnitSpec(f"Squad {HOSTILE}", 90), UnitSpec("Captain", 80, {Role.CHARACTER})],
    )
    c = engine.join(c, player_id=20, player_name="Bea", name="Iron Tide", units=[UnitSpec("Tank", 150)])
    out = engine.record_battle(c, player_id=10, opponent_id=20, opponent_name="Bea", result=Result.WIN)
    battle = out.battle
    assert battle is not None
    force = c.force(10)
    assert force is not None
    keys = [u.key for u in force.units]
    c = engine.set_details(out.campaign, battle.id, actor_id=10, took_part=keys, marked=keys[0]).campaign
    c = engine.submit(c, battle.id, actor_id=10).campaign
    c = engine.confirm(c, battle.id, actor_id=20, rng=random.Random(3)).campaign
    # A second battle, still waiting for Bea: counted, never described.
    pending = engine.record_battle(c, player_id=20, opponent_id=10, opponent_name=HOSTILE, result=Result.WIN)
    c = pending.campaign
    assert pending.battle is not None
    bea = c.force(20)
    assert bea is not None
    c = engine.set_details(c, pending.battle.id, actor_id=20, took_part=[bea.units[0].key]).campaign
    return engine.submit(c, pending.battle.id, actor_id=20).campaign


def served(store: Store) -> tuple[TournamentSource, object]:
    """A source over ``store`` and the application serving it (no rate limit to speak of)."""
    source = TournamentSource(store, str)
    return source, make_app(source, limiter=RateLimiter(10**6, 10**6))
