"""Each new version of a tournament's page is built from the one before (its parsed players,
rounds and games reused where their JSON is the same, its rows where they are the same): the
stored state and the view must be exactly those read and built afresh, whatever changed."""

from __future__ import annotations

import random
from datetime import UTC, datetime

from rules.tournament import (
    GameResult,
    add_player,
    create_tournament,
    drop_player,
    pair_next_round,
    record_result,
)
from rules.tournament.ballots import Award
from rules.tournament.model import Tournament
from rules.tournament.reports import PendingReport
from rules.tournament.ritual import Side, legal_actions
from rules.tournament.teams import add_team_player, create_team, new_team_event, pair_team_round, ritual_pick
from tests.web.pages_helpers import Store
from web.app import RoundTimer, StoredTournament, TournamentSource


class _Checked:
    """A source over a store; each version put is found and compared with a fresh reading."""

    def __init__(self) -> None:
        self.store = Store()
        self.source = TournamentSource(self.store, str)
        self.versions = 0
        self.same_rounds = 0

    async def put(self, stored: StoredTournament) -> None:
        self.store.put("tok", "tournament", stored.model_dump(mode="json"))
        before = self.source._cache.get(1)
        found = await self.source.find("tok")
        assert found is not None
        fresh = StoredTournament.model_validate_json(self.store.rows["tok"].state_json)
        assert found.stored == fresh
        assert found.view == fresh.view(str)
        if before is not None:
            old, new = before.stored.tournament.rounds, found.stored.tournament.rounds
            self.same_rounds += sum(1 for a, b in zip(old, new, strict=False) if a is b)
        self.versions += 1


def _play(t: Tournament, rng: random.Random, uses_op: bool = True) -> list[Tournament]:
    states = []
    for g in t.current.games if t.current else []:
        if g.b is None or g.result is not None:
            continue
        op = (rng.randint(0, 10), rng.randint(0, 10)) if uses_op else (0, 0)
        t = record_result(t, g.a, g.b, GameResult(op_a=op[0], op_b=op[1], vp_a=rng.randint(0, 90)))
        states.append(t)
    return states


async def test_a_singles_event_through_reports_timers_awards_and_drops() -> None:
    rng = random.Random(11)
    checked = _Checked()
    t = create_tournament("Cup", 300, rounds=3)
    for i in range(9):
        t = add_player(t, f"p{i}", f"P{i}", ("Nomads", "ALEPH")[i % 2])
    await checked.put(StoredTournament(tournament=t))
    for number in (1, 2, 3):
        t = pair_next_round(t, rng)
        timer = RoundTimer(round=number, ends=datetime(2026, 5, 1, 12, number, tzinfo=UTC))
        await checked.put(StoredTournament(tournament=t, round_timer=timer))
        g = next(g for g in t.current.games if g.b is not None)
        result = GameResult(op_a=3)
        waiting = PendingReport(id=number, round=number, reporter=g.a, opponent=g.b, result=result)
        await checked.put(StoredTournament(tournament=t, reports=[waiting], round_timer=timer))
        for state in _play(t, rng):
            await checked.put(StoredTournament(tournament=state, round_timer=timer))
            t = state
        if number == 2:
            t = drop_player(t, "p4")
            await checked.put(StoredTournament(tournament=t))
    award = Award(title="Best Sport", names=["P1"], score="24 sportsmanship points")
    await checked.put(StoredTournament(tournament=t, published_awards=[award]))
    assert checked.versions > 20
    assert checked.same_rounds > 20, "earlier rounds are the version before's objects"


async def test_a_team_event_while_its_captains_pair_and_play() -> None:
    rng = random.Random(12)
    checked = _Checked()
    t = new_team_event("Team Cup", 300, 3)
    for k, name in enumerate(("Owls", "Ravens", "Wolves", "Bats")):
        t = create_team(t, name, f"{k}a", f"Cap {k}")
        for j in "bc":
            t = add_team_player(t, f"t{k + 1}", f"{k}{j}", f"Player {k}{j}")
    await checked.put(StoredTournament(tournament=t))
    t = pair_team_round(t, rng)
    await checked.put(StoredTournament(tournament=t))
    for match in t.team_rounds[-1].matches:
        while True:
            ritual = next(m for m in t.team_rounds[-1].matches if m.a == match.a).ritual
            if ritual is None or ritual.done:
                break
            side = ritual.waiting_for()[0]
            action = legal_actions(ritual, side)[0]
            team = match.a if side is Side.A else match.b
            assert team is not None
            t = ritual_pick(t, team, action.kind, action.players)
            await checked.put(StoredTournament(tournament=t))
    for state in _play(t, rng):
        await checked.put(StoredTournament(tournament=state))
    assert checked.versions > 8
