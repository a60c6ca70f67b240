"""The channel-keyed game store: one active game per channel, saved as pydantic JSON.

Cogs do every change the same way::

    async with bot.games.update(channel_id, SomeState, actor_id=user.id, action="hit") as game:
        game.state = rules.apply(game.state, action)   # a new state, never edited in place
        game.summary = "Kai hits Mouth for 3"

On a clean exit the new state and one event are written in one transaction, guarded by a
per-channel lock and an optimistic version check; if the body raises (a RuleError, say), nothing
is written and the previous state stays as it was.

Another process on the same database (a second shard, say) can save the game between the load
and the save. :meth:`GameStore.apply` (what the kit's steps use) takes the change as a function
of the state and, when the version check fails, applies it again to the fresh state, a few
times: the player is told to try again only when the change no longer makes sense there.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import weakref
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from pydantic import BaseModel

from bot.storage.database import Transaction
from bot.storage.games import (
    MAX_UNDO_STEPS,
    AlreadyApplied,
    EventRecord,
    GameExists,
    GameRecord,
    NewEvent,
    SeatedGame,
    StaleVersion,
)
from rules.errors import RuleError
from rules.i18n import Text, _


class GameState(BaseModel):
    """Base for stored game states. Bump ``SCHEMA_VERSION`` and override ``upgrade`` on change."""

    SCHEMA_VERSION: ClassVar[int] = 1

    @classmethod
    def upgrade(cls, data: dict[str, Any], from_version: int) -> dict[str, Any]:
        """Turn a stored state of an older schema into the current one."""
        raise RuntimeError(f"{cls.__name__} cannot read schema version {from_version}")


S = TypeVar("S", bound=GameState)

log = logging.getLogger("herald.games")


class NoGameHere(RuleError):
    pass


class ChannelBusy(RuleError):
    pass


class MovedOn(RuleError):
    """A button or select on a message whose game has moved on."""


class GameRepository(Protocol):
    async def active(self, channel_id: int) -> GameRecord | None: ...
    async def get(self, game_id: int) -> GameRecord | None: ...
    async def create(self, **kwargs: Any) -> GameRecord: ...
    async def save(self, **kwargs: Any) -> int: ...
    async def events(self, game_id: int, *, limit: int = 50) -> list[EventRecord]: ...
    async def last_undoable(self, game_id: int) -> EventRecord | None: ...
    async def active_of_kind(self, guild_id: int, kind: str) -> list[GameRecord]: ...
    async def of_kind(self, guild_id: int, kind: str) -> list[GameRecord]: ...
    async def without_seats(self) -> list[GameRecord]: ...
    async def active_games(self) -> list[GameRecord]: ...
    async def write_seats(self, game_id: int, seats: list[Any]) -> None: ...
    async def seated_games(self, user_id: int, guild_id: int | None) -> list[SeatedGame]: ...


SEATS_VERSION = 3
"""Bumped whenever a kind's ``seats()`` changes what it declares for a state already stored, so
the next start-up writes every active game's seats anew. 2: a finished tournament and the ITS
match of a tournament thread list nothing; a closed match waits on nobody (issue 34). 3: a wait
is a message, read in the reader's language (issue 41)."""


@dataclass(frozen=True)
class Seat:
    """Someone who plays a game, and what the game waits for from them now (None: nothing).

    ``waiting`` is a short instruction for ``/games``, such as ``_("your turn: `/bf hand`")``: a
    lazy :class:`~rules.i18n.Message` (with named values, never an f-string), rendered in each
    reader's language when ``/games`` or the reminder shows it. A plain string shows as it is
    (a seat written before the lines were marked), translated when it is a marked msgid.
    """

    user_id: int
    waiting: Text | None = None


MAX_WAITING_CHARS = 120

#: The refusal of an undo past the steps kept.
TOO_OLD = _(
    "Only the last {n} steps of a game can be undone, and the last step left is older than that.",
    n=MAX_UNDO_STEPS,
)


@dataclass(frozen=True)
class GameKind:
    """How players call a kind of game, and how they start and end one.

    ``seats(state)`` is the one declaration that gives a kind ``/games``: who plays it and whom it
    waits on. The store keeps the answer beside the game in the same write, so ``/games`` reads a
    whole server in one query.
    """

    key: str
    label: str
    start_hint: Text
    end_hint: Text
    seats: Callable[[Any], Iterable[Seat]] | None = field(default=None, compare=False)
    #: The kind's name without an article, marked for translation (``_("ITS match")``): what the
    #: refusals about it show. None: the English ``label`` without its article.
    noun: Text | None = field(default=None, compare=False)
    #: ``label`` marked for translation (``_("an ITS match")``); None: the English ``label``.
    called: Text | None = field(default=None, compare=False)

    def name(self) -> Text:
        """What the refusals call this kind of game, in the reader's language where it is marked."""
        if self.noun is not None:
            return self.noun
        return self.label.removeprefix("a ").removeprefix("an ")


def seat_list(kind: GameKind, state: Any) -> list[Seat] | None:
    """``kind``'s seats for ``state``, one per user (their waits joined); None when the kind
    declares none. A failing declaration is logged, never allowed to stop a move."""
    if kind.seats is None:
        return None
    try:
        found: dict[int, list[Text]] = {}
        for seat in kind.seats(state):
            if not seat.user_id:
                continue
            waits = found.setdefault(int(seat.user_id), [])
            if seat.waiting and seat.waiting not in waits:
                waits.append(seat.waiting)
    except Exception:
        log.exception("%s: seats() failed; /games will not list this game until its next step", kind.key)
        return None
    return [Seat(u, _joined(w)) for u, w in found.items()]


def _joined(waits: list[Text]) -> Text | None:
    """One seat's waits as one line: a message reads in the reader's language, and a plain
    string (old) is cut to :data:`MAX_WAITING_CHARS` as before."""
    if not waits:
        return None
    line = waits[0]
    for then in waits[1:]:
        line = _("{first}; {then}", first=line, then=then)
    return line[:MAX_WAITING_CHARS] if isinstance(line, str) else line


@dataclass
class Game(Generic[S]):
    """A loaded game: its record and its state as a model."""

    record: GameRecord
    state: S

    @property
    def id(self) -> int:
        return self.record.id

    @property
    def version(self) -> int:
        return self.record.version


@dataclass
class GameUpdate(Generic[S]):
    """What the body of :meth:`GameStore.update` sees and sets."""

    record: GameRecord
    state: S
    summary: str = ""
    detail: dict[str, Any] = field(default_factory=dict)
    end: bool = False
    #: Rows of another repository written in the same transaction as this state, so stored only if
    #: it is (a list handed in while its tournament is open): see ``SqlGameRepository.save``.
    also: Callable[[Transaction], Awaitable[None]] | None = None
    #: Set after the write: the stored version.
    version: int = 0

    @property
    def id(self) -> int:
        return self.record.id


#: How many times :meth:`GameStore.apply` loads, applies and saves before giving up when other
#: processes keep saving the same game first.
STEP_ATTEMPTS = 6
#: Seconds: the longest random pause before the second attempt (twice that before the third...).
RETRY_PAUSE = 0.005

STALE = _(
    "Someone changed this game at the same moment, so your move was not saved. "
    "Look at the newest state and try again."
)


class GameStore:
    """Load, apply, save and log, one channel at a time."""

    def __init__(self, repo: GameRepository) -> None:
        self._repo = repo
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        self._kinds: dict[str, GameKind] = {}
        self._models: dict[str, type[GameState]] = {}

    # -- kinds ----------------------------------------------------------------------------

    def register_kind(self, kind: GameKind, model: type[GameState] | None = None) -> None:
        self._kinds[kind.key] = kind
        if model is not None:
            self._models[kind.key] = model

    def _seats(self, kind: str, state: Any) -> list[Seat] | None:
        return seat_list(self.kind(kind), state)

    async def backfill_seats(self, *, every: bool = False) -> int:
        """Give /games the active games stored before their kind declared seats (or before the
        seats table existed); returns how many were filled. Runs once at start-up. ``every``:
        write every active game's seats anew (after :data:`SEATS_VERSION` changed); a wait that
        goes on unchanged keeps the time it began."""
        filled = 0
        records = await (self._repo.active_games() if every else self._repo.without_seats())
        for record in records:
            kind, model = self._kinds.get(record.kind), self._models.get(record.kind)
            if kind is None or model is None or kind.seats is None:
                continue
            try:
                state = self._load(record, model)
            except Exception:
                log.warning("game %s: stored state did not load for /games", record.id)
                continue
            seats = seat_list(kind, state)
            if seats is not None:
                await self._repo.write_seats(record.id, seats)
                filled += 1
        return filled

    async def seats_of(self, user_id: int, guild_id: int | None = None) -> list[SeatedGame]:
        """Every active game ``user_id`` plays (in ``guild_id``, or anywhere), newest activity first."""
        return await self._repo.seated_games(user_id, guild_id)

    def kind(self, key: str) -> GameKind:
        return self._kinds.get(key) or GameKind(key, f"a {key} game", "", "")

    # -- reading --------------------------------------------------------------------------

    def lock(self, channel_id: int) -> asyncio.Lock:
        lock = self._locks.get(channel_id)
        if lock is None:
            lock = asyncio.Lock()
            self._locks[channel_id] = lock
        return lock

    async def active_record(self, channel_id: int) -> GameRecord | None:
        return await self._repo.active(channel_id)

    async def record(self, game_id: int) -> GameRecord | None:
        """A game's stored row by id, active or ended (the web pages read tournaments this way)."""
        return await self._repo.get(game_id)

    async def get(self, channel_id: int, model: type[S], kind: str) -> Game[S]:
        """The channel's active game of ``kind``; a RuleError naming what to do when there is none."""
        record = await self._repo.active(channel_id)
        self._check_kind(record, kind)
        assert record is not None
        return Game(record, self._load(record, model))

    async def get_for(
        self, channel_id: int, model: type[S], kind: str, *, game_id: int | None = None
    ) -> Game[S]:
        """The channel's game of ``kind``, for a command (``game_id`` None) or for a button of game
        ``game_id``: "no game here" for a command, "moved on" for a button whose game is gone."""
        if game_id is None:
            return await self.get(channel_id, model, kind)
        record = await self._repo.active(channel_id)
        if record is None or record.id != game_id:
            raise MovedOn(
                _(
                    "This {game} has finished or been replaced, so that control no longer applies.",
                    game=self.kind(kind).name(),
                )
            )
        return Game(record, self._load(record, model))

    async def find(self, channel_id: int, model: type[S], kind: str) -> Game[S] | None:
        """Like :meth:`get` but ``None`` when the channel has no game of that kind."""
        record = await self._repo.active(channel_id)
        if record is None or record.kind != kind:
            return None
        return Game(record, self._load(record, model))

    async def active_of_kind(self, guild_id: int, model: type[S], kind: str) -> list[Game[S]]:
        """Every active game of ``kind`` in a server (a tournament finding the thread a result came
        from, say), oldest first."""
        records = await self._repo.active_of_kind(guild_id, kind)
        return [Game(r, self._load(r, model)) for r in records]

    async def of_kind(self, guild_id: int, model: type[S], kind: str) -> list[Game[S]]:
        """Every game of ``kind`` in a server, ended ones too (a server's finished tournaments),
        oldest first."""
        records = await self._repo.of_kind(guild_id, kind)
        return [Game(r, self._load(r, model)) for r in records]

    async def events(self, game_id: int, *, limit: int = 50) -> list[EventRecord]:
        return await self._repo.events(game_id, limit=limit)

    # -- writing --------------------------------------------------------------------------

    async def start(
        self,
        *,
        channel_id: int,
        guild_id: int | None,
        kind: str,
        state: GameState,
        actor_id: int,
        summary: str = "",
        interaction_id: int | None = None,
    ) -> Game[Any]:
        async with self.lock(channel_id):
            existing = await self._repo.active(channel_id)
            if existing is not None:
                raise self._busy(existing)
            try:
                record = await self._repo.create(
                    guild_id=guild_id,
                    channel_id=channel_id,
                    kind=kind,
                    state=state.model_dump(mode="json"),
                    schema_version=type(state).SCHEMA_VERSION,
                    event=NewEvent(actor_id, "start", summary, interaction_id=interaction_id),
                    seats=self._seats(kind, state),
                )
            except GameExists:
                existing = await self._repo.active(channel_id)
                raise self._busy(existing) from None
        return Game(record, state)

    @contextlib.asynccontextmanager
    async def update(
        self,
        channel_id: int,
        model: type[S],
        *,
        kind: str,
        actor_id: int,
        action: str,
        expect_game_id: int | None = None,
        expect_version: int | None = None,
        interaction_id: int | None = None,
    ) -> AsyncIterator[GameUpdate[S]]:
        """Load the channel's game, let the body replace ``state``, then save it and log one event.

        ``expect_game_id`` / ``expect_version`` come from a button's custom id: when the game
        is another one or has moved past that version, :class:`MovedOn` is raised before the
        body runs. Set ``end = True`` in the body to finish the game in the same write.
        ``interaction_id`` is stored with the event: the same interaction never writes twice.
        """
        async with self.lock(channel_id):
            record = await self._repo.active(channel_id)
            self._check_expected(record, kind, expect_game_id, expect_version)
            assert record is not None
            before = self._load(record, model)
            handle = GameUpdate(record=record, state=before)
            yield handle
            try:
                await self._save(handle, before, model, actor_id, action, interaction_id)
            except StaleVersion:
                raise ChannelBusy(STALE) from None

    async def apply(
        self,
        channel_id: int,
        model: type[S],
        change: Callable[[GameUpdate[S]], None],
        *,
        kind: str,
        actor_id: int,
        action: str,
        expect_game_id: int | None = None,
        expect_version: int | None = None,
        interaction_id: int | None = None,
        attempts: int = STEP_ATTEMPTS,
    ) -> GameUpdate[S]:
        """Like :meth:`update`, with the body as a function: ``change(handle)`` sets the handle's
        ``state`` (a new one), ``summary``, ``detail`` and ``end`` from ``handle.state``.

        When another process saved the game between this load and this save, the game is loaded
        again and ``change`` applied to the fresh state, up to ``attempts`` times. Whatever made
        sense on the old state but not on the new one refuses as it would have from the start:
        ``change`` raises its RuleError, a button's ``expect_version`` no longer matches
        (:class:`MovedOn`), or the game has ended. The interaction id still writes one step: a
        redelivered interaction is refused with "already done" however many attempts it took.
        Returns the handle of the attempt that was saved (``version`` set) or left unchanged.
        """
        async with self.lock(channel_id):
            for attempt in range(1, attempts + 1):
                record = await self._repo.active(channel_id)
                self._check_expected(record, kind, expect_game_id, expect_version)
                assert record is not None
                before = self._load(record, model)
                handle = GameUpdate(record=record, state=before)
                change(handle)
                try:
                    await self._save(handle, before, model, actor_id, action, interaction_id)
                except StaleVersion:
                    if attempt == attempts:
                        log.warning(
                            "game %s: %s by %s lost the version race %d times",
                            record.id,
                            action,
                            actor_id,
                            attempts,
                        )
                        raise ChannelBusy(STALE) from None
                    log.info(
                        "game %s moved on to a newer version; applying %s by %s again (attempt %d)",
                        record.id,
                        action,
                        actor_id,
                        attempt + 1,
                    )
                    # A random pause breaks the lockstep two processes can fall into (both loading,
                    # the same one always saving first): whoever waits less goes first next time.
                    await asyncio.sleep(random.uniform(0, RETRY_PAUSE * 2 ** (attempt - 1)))
                    continue
                return handle
        raise AssertionError("unreachable")  # pragma: no cover

    def _check_expected(
        self, record: GameRecord | None, kind: str, expect_game_id: int | None, expect_version: int | None
    ) -> None:
        if expect_game_id is not None and (record is None or record.id != expect_game_id):
            raise MovedOn(_("This game has finished or been replaced, so that button no longer applies."))
        self._check_kind(record, kind)
        assert record is not None
        if expect_version is not None and record.version != expect_version:
            raise MovedOn(
                _(
                    "This has moved on since that message was posted: use the newest message's "
                    "buttons, or the slash commands."
                )
            )

    async def _save(
        self,
        handle: GameUpdate[S],
        before: S,
        model: type[S],
        actor_id: int,
        action: str,
        interaction_id: int | None,
    ) -> None:
        """Write what the body made of ``before`` (nothing when it changed nothing); raises
        :class:`StaleVersion` when another writer got there first."""
        record = handle.record
        if handle.state is before and not handle.end and not handle.summary and handle.also is None:
            return  # nothing changed: no write, no event
        log.debug("game %s: %s by %s (version %s)", record.id, action, actor_id, record.version + 1)
        try:
            handle.version = await self._repo.save(
                game_id=record.id,
                expected_version=record.version,
                state=handle.state.model_dump(mode="json"),
                schema_version=model.SCHEMA_VERSION,
                event=NewEvent(
                    actor_id, action, handle.summary, handle.detail, interaction_id=interaction_id
                ),
                state_before=record.state,
                status="ended" if handle.end else "active",
                seats=self._seats(record.kind, handle.state),
                also=handle.also,
            )
        except AlreadyApplied:
            raise ChannelBusy(
                _("That was already done: this very command or press was applied once.")
            ) from None

    async def undo(
        self,
        channel_id: int,
        model: type[S],
        *,
        kind: str,
        actor_id: int,
        may_undo: Callable[[EventRecord], bool],
        through: Iterable[str] = (),
    ) -> tuple[Game[S], EventRecord]:
        """Restore the state before the last step not yet undone; log an ``undo`` event.

        ``may_undo(event)`` decides whether this actor may undo that step (their own step,
        or an organiser's override); a refusal raises a RuleError. Steps whose action is in
        ``through`` are bookkeeping (a tracker moved to a newer message): they are undone on the
        way to the last real step, in the same write, and never count as the step undone.
        """
        skipped = set(through)
        async with self.lock(channel_id):
            record = await self._repo.active(channel_id)
            self._check_kind(record, kind)
            assert record is not None
            target = await self._repo.last_undoable(record.id)
            on_the_way: list[EventRecord] = []
            while target is not None and target.action in skipped and len(on_the_way) < MAX_UNDO_STEPS:
                on_the_way.append(target)
                target = await self._repo.last_undoable(record.id, before=target.id)
            if target is None or target.action == "start":
                raise RuleError(_("There is nothing to undo in this game yet."))
            if not target.undoable:
                raise RuleError(TOO_OLD)
            if not may_undo(target):
                player = f"<@{target.actor_id}>"
                raise RuleError(
                    _(
                        "The last step ({step}) was made by {player}: only they, the game's starter "
                        "or a Manage Server member can undo it.",
                        step=target.summary or target.action,
                        player=player,
                    )
                )
            before = record.state
            for step in [*on_the_way, target]:
                if not step.undoable:
                    raise RuleError(TOO_OLD)
                before = step.before(before)
            restored = model.model_validate(before)
            try:
                version = await self._repo.save(
                    game_id=record.id,
                    expected_version=record.version,
                    state=before,
                    schema_version=model.SCHEMA_VERSION,
                    event=NewEvent(
                        actor_id, "undo", f"undid: {target.summary or target.action}", {"undid": target.id}
                    ),
                    state_before=record.state,
                    undoes=[*(e.id for e in on_the_way), target.id],
                    seats=self._seats(kind, restored),
                )
            except StaleVersion:
                raise ChannelBusy(
                    _("Someone changed this game at the same moment; try the undo again.")
                ) from None
        new_record = await self._repo.get(record.id)
        assert new_record is not None and new_record.version == version
        return Game(new_record, restored), target

    # -- helpers --------------------------------------------------------------------------

    def _check_kind(self, record: GameRecord | None, kind: str) -> None:
        wanted = self.kind(kind)
        if record is None:
            if wanted.start_hint:
                raise NoGameHere(
                    _(
                        "There is no {game} in this channel. Start one with {command}.",
                        game=wanted.name(),
                        command=wanted.start_hint,
                    )
                )
            raise NoGameHere(_("There is no {game} in this channel.", game=wanted.name()))
        if record.kind != kind:
            raise self._busy(record)

    def _busy(self, record: GameRecord | None) -> ChannelBusy:
        if record is None:
            return ChannelBusy(_("This channel's game changed at the same moment; try again."))
        other = self.kind(record.kind)
        if other.end_hint:
            return ChannelBusy(
                _(
                    "This channel already has {game} going (one game per channel). Finish it with "
                    "{command}, or start yours in a new thread.",
                    game=other.label if other.called is None else other.called,
                    command=other.end_hint,
                )
            )
        return ChannelBusy(
            _(
                "This channel already has {game} going (one game per channel): start yours in a new thread.",
                game=other.label if other.called is None else other.called,
            )
        )

    @staticmethod
    def _load(record: GameRecord, model: type[S]) -> S:
        data = record.state
        if record.schema_version != model.SCHEMA_VERSION:
            data = model.upgrade(data, record.schema_version)
        return model.model_validate(data)
