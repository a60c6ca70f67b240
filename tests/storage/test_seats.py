"""The seats each game kind declares, kept beside the game (``/games``), on both backends."""

from __future__ import annotations

from bot.games import GameKind, GameState, GameStore, Seat
from bot.storage import SqlGameRepository, connect
from rules.i18n import Message


class Duel(GameState):
    players: list[int]
    turn: int = 0


KIND = GameKind(
    "duel",
    "a duel",
    "/duel start",
    "/duel end",
    seats=lambda d: [Seat(u, None if i != d.turn else "your shot") for i, u in enumerate(d.players)],
)


async def _store(url: str) -> tuple[object, GameStore]:
    db = await connect(url)
    store = GameStore(SqlGameRepository(db))
    store.register_kind(KIND, Duel)
    return db, store


async def test_seats_follow_every_move_and_keep_when_a_wait_began(database_url: str) -> None:
    db, store = await _store(database_url)
    try:
        await store.start(channel_id=1, guild_id=5, kind="duel", state=Duel(players=[11, 22]), actor_id=11)
        await store.start(channel_id=2, guild_id=5, kind="duel", state=Duel(players=[22, 33]), actor_id=22)
        await store.start(channel_id=3, guild_id=6, kind="duel", state=Duel(players=[22, 44]), actor_id=22)
        mine = await store.seats_of(22, 5)
        assert [g.channel_id for g in mine] == [2, 1], "this server only, newest first"
        assert {u: w for u, w, _ in mine[1].seats} == {11: "your shot", 22: None}
        assert len(await store.seats_of(22)) == 3, "every server"

        first_since = next(s for u, _, s in (await store.seats_of(11, 5))[0].seats if u == 11)
        async with store.update(1, Duel, kind="duel", actor_id=11, action="aim") as game:
            game.state = game.state.model_copy(update={"players": [11, 22]})
            game.summary = "aimed"
        kept = next(s for u, _, s in (await store.seats_of(11, 5))[0].seats if u == 11)
        assert kept == first_since, "the same wait goes on"

        async with store.update(1, Duel, kind="duel", actor_id=11, action="shoot") as game:
            game.state = game.state.model_copy(update={"turn": 1})
            game.summary = "shot"
        seats = {u: w for u, w, _ in (await store.seats_of(11, 5))[0].seats}
        assert seats == {11: None, 22: "your shot"}

        await store.undo(1, Duel, kind="duel", actor_id=11, may_undo=lambda e: True)
        seats = {u: w for u, w, _ in (await store.seats_of(11, 5))[0].seats}
        assert seats == {11: "your shot", 22: None}, "an undo restores whom the game waits on"

        async with store.update(1, Duel, kind="duel", actor_id=11, action="end") as game:
            game.end = True
            game.summary = "ended"
        assert [g.channel_id for g in await store.seats_of(22, 5)] == [2]
    finally:
        await db.close()  # type: ignore[attr-defined]


async def test_a_failing_declaration_never_stops_a_move(database_url: str) -> None:
    db = await connect(database_url)
    store = GameStore(SqlGameRepository(db))
    broken = GameKind("duel", "a duel", "", "", seats=lambda d: [Seat(1 // 0)])
    store.register_kind(broken, Duel)
    try:
        state = Duel(players=[1, 2])
        game = await store.start(channel_id=9, guild_id=5, kind="duel", state=state, actor_id=1)
        assert game.id
        assert await store.seats_of(1, 5) == []
        store.register_kind(KIND, Duel)
        assert await store.backfill_seats() == 1
        assert [g.channel_id for g in await store.seats_of(1, 5)] == [9]
    finally:
        await db.close()


async def test_a_step_writes_only_the_seats_it_changed(database_url: str) -> None:
    # A 512-player event declares 512 seats; each step rewrote every one of them (issue 30's bench:
    # a ritual step paid some 1,000 statements). Now only what changed is written.
    db, store = await _store(database_url)
    try:
        players = list(range(100, 400))
        await store.start(channel_id=1, guild_id=5, kind="duel", state=Duel(players=players), actor_id=100)
        before = db.query_count  # type: ignore[attr-defined]
        async with store.update(1, Duel, kind="duel", actor_id=100, action="shoot") as game:
            game.state = game.state.model_copy(update={"turn": 1})  # the wait moves from 100 to 101
        assert db.query_count - before <= 10  # type: ignore[attr-defined]
        seats = {u: w for u, w, _ in (await store.seats_of(100, 5))[0].seats}
        assert seats[100] is None and seats[101] == "your shot" and len(seats) == 300
    finally:
        await db.close()  # type: ignore[attr-defined]


class Table(GameState):
    players: list[int]
    round: int = 1
    table: int = 3
    swapped: bool = False


def _table_seats(d: Table) -> list[Seat]:
    values = {"round": d.round, "table": d.table}
    if d.swapped:  # the same values, declared in the other order
        values = {"table": d.table, "round": d.round}
    wait = Message("report your round {round} game (table {table})", values)
    return [Seat(u, wait) for u in d.players]


async def test_a_message_wait_reads_back_and_keeps_its_since_while_unchanged(database_url: str) -> None:
    """A wait marked for translation is stored as JSON and read back as the same message; the
    same wait, its values given in another order, keeps the time it began (issue 41)."""
    db = await connect(database_url)
    store = GameStore(SqlGameRepository(db))
    store.register_kind(GameKind("table", "a table", "", "", seats=_table_seats), Table)
    try:
        await store.start(channel_id=7, guild_id=5, kind="table", state=Table(players=[11, 22]), actor_id=11)
        [(_user, wait, since)] = [s for s in (await store.seats_of(11, 5))[0].seats if s[0] == 11]
        assert isinstance(wait, Message) and str(wait) == "report your round 1 game (table 3)"
        async with store.update(7, Table, kind="table", actor_id=11, action="note") as game:
            game.state = game.state.model_copy(update={"swapped": True})
            game.summary = "noted"
        kept = next(s for u, _w, s in (await store.seats_of(11, 5))[0].seats if u == 11)
        assert kept == since, "the same wait goes on"
        async with store.update(7, Table, kind="table", actor_id=11, action="next") as game:
            game.state = game.state.model_copy(update={"round": 2})
            game.summary = "next round"
        [(_u, wait, _s)] = [s for s in (await store.seats_of(11, 5))[0].seats if s[0] == 11]
        assert str(wait) == "report your round 2 game (table 3)"

        # A wait an older Herald stored as English text goes on as the message that says it.
        record = await store.active_record(7)
        assert record is not None
        await store._repo.write_seats(record.id, [Seat(11, "report your round 2 game (table 3)")])
        [(_u, old, began)] = [s for s in (await store.seats_of(11, 5))[0].seats if s[0] == 11]
        assert old == "report your round 2 game (table 3)", "plain text reads back as it is"
        assert await store.backfill_seats(every=True) == 1
        [(_u, wait, since)] = [s for s in (await store.seats_of(11, 5))[0].seats if s[0] == 11]
        assert isinstance(wait, Message) and since == began
    finally:
        await db.close()  # type: ignore[attr-defined]


def test_a_malformed_stored_wait_reads_as_its_text_and_never_breaks_games() -> None:
    """A ``game_seats.waiting`` row that does not read as a message (an odd or damaged row) is
    shown as the text it is: /games and the reminder render every wait without an exception."""
    from bot.storage.games import read_waiting
    from rules.i18n import force_offer, translator

    rows = [
        '{"msgid": "x", "params": [1]}',
        '{"msgid": "x", "params": "y"}',
        '{"msgid": "{who} waits", "params": {"n": 1}}',
        '{"msgid": "{n} die", "plural": "{n} dice", "n": "two", "params": {"n": 2}}',
        '{"msgid": "{n} die", "plural": 3, "n": 2, "params": {"n": 2}}',
        '{"msgid": "x {a}", "params": {"a": {"msgid": 1}}}',
        '{"msgid": 3}',
        "{not json",
    ]
    with force_offer("es"):
        for row in rows:
            wait = read_waiting(row)
            for language in ("en", "es"):
                assert isinstance(translator(language)(wait), str), row
    good = read_waiting('{"msgid": "{n} die", "plural": "{n} dice", "n": 2, "params": {"n": 2}}')
    assert isinstance(good, Message) and str(good) == "2 dice"
