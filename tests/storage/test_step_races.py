"""Two processes on one database making moves at the same moment (issue 26, item 7).

A move is a function of the state: when another process saved the game between this process's
load and save, the move is applied again to the fresh state. The player hears "try again" only
when the move no longer makes sense there. Two processes' worth here: two stores (or two bots)
with their own connections to one SQLite file, or to one PostgreSQL database.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

import bot.app
from bot.games import STEP_ATTEMPTS, ChannelBusy, GameKind, GameState, GameStore, GameUpdate, MovedOn
from bot.offline import OfflineDriver
from bot.storage import Database, SqlGameRepository, connect
from bot.storage.tournament_lists import TournamentListRepository
from rules.errors import RuleError

KIND = "tally"


class Tally(GameState):
    count: int = 0
    names: list[str] = []


def add(name: str) -> Callable[[GameUpdate[Tally]], None]:
    def change(game: GameUpdate[Tally]) -> None:
        s = game.state
        game.state = Tally(count=s.count + 1, names=[*s.names, name])
        game.summary = f"{name} adds one"

    return change


def first_move(name: str) -> Callable[[GameUpdate[Tally]], None]:
    """A move that only makes sense on an empty tally."""

    def change(game: GameUpdate[Tally]) -> None:
        if game.state.count:
            raise RuleError(f"{game.state.names[0]} already made the first move.")
        add(name)(game)

    return change


class RacingRepo(SqlGameRepository):
    """Before each of its first ``races`` saves, runs ``rival()``: another process's move that
    lands between this process's load and its save."""

    def __init__(self, db: Database, races: int, rival: Callable[[], Awaitable[Any]]) -> None:
        super().__init__(db)
        self.races = races
        self.rival = rival
        self.saves = 0

    async def save(self, **kwargs: Any) -> int:
        self.saves += 1
        if self.saves <= self.races:
            await self.rival()
        return await super().save(**kwargs)


async def two_processes(
    url: str, races: int = 1
) -> tuple[Database, Database, GameStore, GameStore, RacingRepo]:
    """Process A (whose saves are raced) and process B, on their own connections to ``url``."""
    db_a, db_b = await connect(url), await connect(url)
    store_b = GameStore(SqlGameRepository(db_b))
    rivals = iter(range(1_000))

    async def rival() -> None:
        await store_b.apply(1, Tally, add(f"b{next(rivals)}"), kind=KIND, actor_id=2, action="add")

    repo_a = RacingRepo(db_a, races, rival)
    store_a = GameStore(repo_a)
    for store in (store_a, store_b):
        store.register_kind(GameKind(KIND, "a tally", "/tally start", "/tally end"))
    await store_a.start(channel_id=1, guild_id=None, kind=KIND, state=Tally(), actor_id=1)
    return db_a, db_b, store_a, store_b, repo_a


async def stored(db: Database) -> tuple[Tally, list[str]]:
    async with db.reading() as tx:
        row = await tx.fetchone("SELECT state FROM games WHERE channel_id = 1")
        events = await tx.fetchall("SELECT summary FROM game_events ORDER BY id")
    assert row is not None
    return Tally.model_validate_json(row["state"]), [e["summary"] for e in events]


async def test_a_move_that_lost_the_race_is_applied_to_the_fresh_state(database_url: str) -> None:
    db_a, db_b, store_a, _, repo = await two_processes(database_url, races=1)
    done = await store_a.apply(1, Tally, add("a"), kind=KIND, actor_id=1, action="add", interaction_id=11)
    assert repo.saves == 2  # the first save found b0's move there; the second one saved
    assert done.version == 3 and done.state.names == ["b0", "a"]
    state, summaries = await stored(db_a)
    assert state == Tally(count=2, names=["b0", "a"])
    assert summaries == ["", "b0 adds one", "a adds one"]  # each move once
    await db_a.close()
    await db_b.close()


async def test_a_move_that_no_longer_makes_sense_is_refused_with_its_own_reason(database_url: str) -> None:
    db_a, db_b, store_a, _, _ = await two_processes(database_url, races=1)
    with pytest.raises(RuleError, match="b0 already made the first move"):
        await store_a.apply(1, Tally, first_move("a"), kind=KIND, actor_id=1, action="first")
    assert (await stored(db_a))[0].names == ["b0"]
    await db_a.close()
    await db_b.close()


async def test_a_button_of_the_version_the_race_moved_past_has_moved_on(database_url: str) -> None:
    db_a, db_b, store_a, _, _ = await two_processes(database_url, races=1)
    with pytest.raises(MovedOn, match="moved on"):
        await store_a.apply(1, Tally, add("a"), kind=KIND, actor_id=1, action="add", expect_version=1)
    assert (await stored(db_a))[0].names == ["b0"]
    await db_a.close()
    await db_b.close()


async def test_after_a_few_lost_races_the_player_is_asked_to_try_again(database_url: str) -> None:
    db_a, db_b, store_a, _, repo = await two_processes(database_url, races=STEP_ATTEMPTS)
    with pytest.raises(ChannelBusy, match="try again"):
        await store_a.apply(1, Tally, add("a"), kind=KIND, actor_id=1, action="add")
    assert repo.saves == STEP_ATTEMPTS
    state, _ = await stored(db_a)
    assert "a" not in state.names and state.count == STEP_ATTEMPTS  # only the rival's moves
    await db_a.close()
    await db_b.close()


async def test_a_redelivered_interaction_still_writes_once_when_it_races_itself(database_url: str) -> None:
    """The same interaction reaches both processes: B saves it while A is between load and save;
    A's second attempt finds the interaction already applied."""
    db_a, db_b = await connect(database_url), await connect(database_url)
    store_b = GameStore(SqlGameRepository(db_b))

    async def same_interaction_in_b() -> None:
        await store_b.apply(1, Tally, add("a"), kind=KIND, actor_id=1, action="add", interaction_id=42)

    store_a = GameStore(RacingRepo(db_a, 1, same_interaction_in_b))
    for store in (store_a, store_b):
        store.register_kind(GameKind(KIND, "a tally", "/tally start", "/tally end"))
    await store_a.start(channel_id=1, guild_id=None, kind=KIND, state=Tally(), actor_id=1)
    with pytest.raises(ChannelBusy, match="already done"):
        await store_a.apply(1, Tally, add("a"), kind=KIND, actor_id=1, action="add", interaction_id=42)
    state, summaries = await stored(db_a)
    assert state.names == ["a"] and summaries.count("a adds one") == 1
    await db_a.close()
    await db_b.close()


async def test_two_stores_racing_on_one_game_apply_every_move_once(database_url: str) -> None:
    """No injected race here: the two connections really interleave (each on its own thread or
    pooled connection), and every move lands once."""
    db_a, db_b = await connect(database_url), await connect(database_url)
    stores = [GameStore(SqlGameRepository(db)) for db in (db_a, db_b)]
    for store in stores:
        store.register_kind(GameKind(KIND, "a tally", "/tally start", "/tally end"))
    await stores[0].start(channel_id=1, guild_id=None, kind=KIND, state=Tally(), actor_id=1)
    moves = [f"m{i}" for i in range(24)]
    for start in range(0, len(moves), 6):  # rounds of six simultaneous moves, three per process
        await asyncio.gather(
            *(
                stores[i % 2].apply(
                    1, Tally, add(moves[i]), kind=KIND, actor_id=i, action="add", interaction_id=100 + i
                )
                for i in range(start, start + 6)
            )
        )
    state, summaries = await stored(db_a)
    assert state.count == len(moves) and sorted(state.names) == sorted(moves)
    assert sorted(summaries[1:]) == sorted(f"{m} adds one" for m in moves)
    await db_a.close()
    await db_b.close()


# -- two bots, one database, one channel -------------------------------------------------------------


async def test_two_bots_making_simultaneous_moves_in_one_channel_apply_each_once(
    database_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(bot.app, "COGS", (*bot.app.COGS, "tests.kit.counter"))
    first = await OfflineDriver.open(database_url, rng_seed=1, out_dir=tmp_path / "out1")
    second = await OfflineDriver.open(database_url, rng_seed=2, out_dir=tmp_path / "out2")
    caplog.set_level(logging.INFO, logger="herald.games")
    try:
        assert "Count: 0" in (await first.command("/counter start", user="alice")).message.text
        rounds, per_round = 4, 6
        for _ in range(rounds):
            replies = await asyncio.gather(
                *((first, second)[i % 2].command("/counter add by:1", user=f"p{i}") for i in range(per_round))
            )
            for reply in replies:
                assert reply.incident is None
                assert not reply.message.ephemeral, reply.text  # no "try again", no refusal
                assert "Count:" in reply.text
        status = await second.command("/counter add by:0", user="alice")
        assert f"Count: {rounds * per_round}" in status.text
        events = await second.bot.games.events(
            (await second.bot.games.active_record(second.channel.id)).id, limit=100
        )
        assert sum(e.action == "add" for e in events) == rounds * per_round + 1
    finally:
        await second.close()
        await first.close()
    retried = sum("again" in r.getMessage() for r in caplog.records)
    print(f"{rounds * per_round} simultaneous moves over two bots: {retried} applied again after a race")


def with_row(
    move: Callable[[GameUpdate[Tally]], None], written: list[str]
) -> Callable[[GameUpdate[Tally]], None]:
    """``move``, also keeping a row of another repository (a tournament's list) in its write."""

    def change(game: GameUpdate[Tally]) -> None:
        move(game)

        async def also(tx: Any) -> None:
            written.append(game.state.names[-1])
            await TournamentListRepository.write(
                tx, game_id=game.id, player_id="p1", entry=game.state.names[-1], roster=None, submitted_by=1
            )

        game.also = also

    return change


async def test_rows_written_with_a_move_are_stored_only_with_the_attempt_that_is(database_url: str) -> None:
    """Another repository's rows go in the move's own transaction (issue 38.32): an attempt that lost
    the race writes none, and a move refused on the fresh state writes none."""
    db_a, db_b, store_a, _, repo = await two_processes(database_url, races=1)
    written: list[str] = []
    with pytest.raises(RuleError, match="b0 already made the first move"):
        await store_a.apply(1, Tally, with_row(first_move("a"), written), kind=KIND, actor_id=1, action="x")
    lists = TournamentListRepository(db_a)
    game_id = (await store_a.active_record(1)).id  # type: ignore[union-attr]
    assert written == [] and await lists.find(game_id=game_id, player_id="p1") is None
    repo.races = 2  # the next save is raced again
    await store_a.apply(1, Tally, with_row(add("a"), written), kind=KIND, actor_id=1, action="add")
    assert written == ["a"]
    kept = await lists.find(game_id=game_id, player_id="p1")
    assert kept is not None and kept.entry == "a"
    assert (await stored(db_a))[0].names == ["b0", "b1", "a"]
    await db_a.close()
    await db_b.close()
