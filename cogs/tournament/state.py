"""The stored tournament: the engine's Tournament plus what only Discord needs (organisers, the
thread of each game, results waiting for the opponent's confirmation).

Every function that changes it returns a new :class:`TournamentGame` (run inside one kit step);
refusals are RuleErrors. The tournament rules themselves are all in ``rules.tournament``.
"""

from __future__ import annotations

from collections.abc import Callable

import discord
from pydantic import BaseModel, ConfigDict, Field

from bot.games import GameKind, GameState, Seat
from bot.i18n import channel, guild_locale
from bot.play import GameKit, is_manager
from bot.text import public
from rules.errors import RuleError
from rules.i18n import SOURCE, Message, Translator, _, translator
from rules.its.scoring import ScoreResult
from rules.tournament import GameResult, Tournament
from rules.tournament import reports as desk
from rules.tournament.ballots import Award, BallotBook
from rules.tournament.format_settings import GameSystem
from rules.tournament.model import MAX_NAME_CHARS, MIN_PLAYERS
from rules.tournament.public import RoundTimer
from rules.tournament.reports import PendingReport, Results
from rules.tournament.ritual import Step

KIND = GameKind(
    "tournament",
    "a tournament",
    "/tournament create",
    "/tournament finish",
    seats=lambda game: seats(game),
    noun=_("tournament"),
    called=_("a tournament"),
)

MAX_ORGANISERS = 10


class GameThread(BaseModel):
    """The thread opened for one game of one round."""

    model_config = ConfigDict(frozen=True)

    round: int
    table: int
    thread_id: int


class VoidThread(BaseModel):
    """A game's thread whose pairing was taken back: a score sheet confirmed there counts for nothing,
    so it is renamed, told so, and its match closed (see :mod:`cogs.tournament.threads`)."""

    model_config = ConfigDict(frozen=True)

    round: int
    table: int
    thread_id: int
    players: list[str] = Field(default_factory=list)
    """Who was paired there, so the new pairing can tell them where they play now."""


class DisputeMessage(BaseModel):
    """Where a disputed report's message (with its organisers' Confirm button) is, so the button
    can be taken away once the dispute is settled some other way (see :func:`settled_disputes`)."""

    model_config = ConfigDict(frozen=True)

    report: int
    round: int
    players: tuple[str, str]
    """The reporter and the opponent."""
    channel_id: int
    message_id: int


class TournamentGame(GameState):
    """One channel's tournament."""

    tournament: Tournament
    organisers: list[int] = Field(default_factory=list)
    threads: list[GameThread] = Field(default_factory=list)
    void_threads: list[VoidThread] = Field(default_factory=list)
    """Threads of the current round's pairings that were taken back (older rounds' are forgotten)."""
    reports: list[PendingReport] = Field(default_factory=list)
    next_report: int = 1
    dispute_messages: list[DisputeMessage] = Field(default_factory=list)
    """Messages of disputed reports still waiting for an organiser."""
    round_timer: RoundTimer | None = None
    """The last round timer an organiser started (shown on the web page while its round runs)."""
    published_awards: list[Award] = Field(default_factory=list)
    """The awards as last published (``/awards show publish:true``): the page and exports show these."""
    ballots: BallotBook = Field(default_factory=BallotBook)
    """Sportsmanship and painting ballots: secret, kept out of ``tournament`` so the live page and
    the exports never read them (see :mod:`rules.tournament.ballots`)."""

    def thread_of(self, thread_id: int) -> GameThread | None:
        return next((t for t in self.threads if t.thread_id == thread_id), None)

    def void_of(self, thread_id: int) -> VoidThread | None:
        return next((t for t in self.void_threads if t.thread_id == thread_id), None)

    def report(self, report_id: int) -> PendingReport | None:
        return next((r for r in self.reports if r.id == report_id), None)

    def update(self, **changes: object) -> TournamentGame:
        return self.model_copy(update=changes)


KIT: GameKit[TournamentGame] = GameKit(KIND, TournamentGame)


def seats(game: TournamentGame) -> list[Seat]:
    """For /games: every player still in it and the organisers; in the current round, who still has
    a game to report (in its thread, when it has one) or a reported result to confirm; the
    organisers when the event waits on them (pairing the first or the next round, finishing,
    settling a dispute). A finished tournament waits on nobody and is no longer listed; a player
    who dropped is listed no more after the round they dropped in. The ITS match of a game's
    thread lists nothing itself (see ``cogs/its/state.py``): this is that game's one line."""
    t = game.tournament
    if t.finished:
        return []
    current = t.current
    playing = current.number if current is not None else 0
    # A player who dropped still owes the game they had in the round they dropped in.
    users = {
        p.id: p.user_id
        for p in t.players
        if p.user_id and (p.dropped_after is None or p.dropped_after >= playing)
    }
    found = [Seat(u) for u in (*users.values(), *game.organisers)]
    if current is None:
        if len(t.players) >= MIN_PLAYERS:
            what = _("pair round 1 once everyone has joined: `/tournament pair`")
            found += [Seat(o, what) for o in game.organisers]
        return found
    pending = {frozenset((r.reporter, r.opponent)): r for r in game.reports if r.round == current.number}
    threads = {g.table: g.thread_id for g in game.threads if g.round == current.number}
    for g in current.games:
        if g.b is None or g.result is not None:
            continue
        report = pending.get(frozenset(g.players))
        if report is None:
            if g.table in threads:
                sheet = f"<#{threads[g.table]}>"
                what = _(
                    "report your round {round} game (table {table}): the score sheet in {thread} or "
                    "`/tournament report`",
                    round=current.number,
                    table=g.table,
                    thread=sheet,
                )
            else:
                what = _(
                    "report your round {round} game (table {table}): `/tournament report`",
                    round=current.number,
                    table=g.table,
                )
            found += [Seat(users.get(p, 0), what) for p in g.players]
        elif not report.disputed:
            what = _(
                "confirm or dispute the round {round} result your opponent reported (buttons)",
                round=current.number,
            )
            found.append(Seat(users.get(report.opponent, 0), what))
        else:
            what = _("settle the disputed result at table {table}: `/tournament result`", table=g.table)
            found += [Seat(o, what) for o in game.organisers]
    rituals = _ritual_seats(t, users) if t.team_size is not None else []
    found += rituals
    if current.complete and not rituals:
        if t.round_count is not None and current.number < t.round_count:
            what = _(
                "round {round} is complete: `/tournament pair` for round {next}",
                round=current.number,
                next=current.number + 1,
            )
        else:
            what = _("every result is in: `/tournament finish`")
        found += [Seat(o, what) for o in game.organisers]
    return found


#: What a captain still has to pick, for /games (one line per step: a language agrees its words
#: with the thing picked); ``label`` is the match, its team names as typed and made inert.
_PICK: dict[Step, Callable[[str], Message]] = {
    Step.CHAMPION: lambda label: _(
        "pick your champion in the pairing of {label}: press **Open my pairing**", label=label
    ),
    Step.DEFENDER: lambda label: _(
        "pick your defender in the pairing of {label}: press **Open my pairing**", label=label
    ),
    Step.ATTACKERS: lambda label: _(
        "pick your attackers in the pairing of {label}: press **Open my pairing**", label=label
    ),
    Step.REFUSE: lambda label: _(
        "pick the attacker you refuse in the pairing of {label}: press **Open my pairing**", label=label
    ),
}


def _ritual_seats(t: Tournament, users: dict[str, int | None]) -> list[Seat]:
    """A team event's captains who still have to pick in their match's pairing."""
    if not t.team_rounds:
        return []
    names = {x.id: x for x in t.teams}
    found = []
    for match in t.team_rounds[-1].matches:
        if match.paired or match.ritual is None:
            continue
        label = f"{public(names[match.a].name, 40)} v {public(names[match.b or ''].name, 40)}"
        for side in match.ritual.waiting_for():
            captain = names[match.a if side.value == "a" else match.b or ""].captain
            what = _PICK.get(match.ritual.step, _PICK[Step.DEFENDER])(label)
            found.append(Seat(users.get(captain) or 0, what))
    return found


async def home_channel(interaction: discord.Interaction) -> int:
    """The channel whose tournament an interaction is about: its own, or, in a game's thread
    (which holds no tournament, maybe an ITS score sheet), the thread's parent."""
    channel = interaction.channel
    if isinstance(channel, discord.Thread) and channel.parent_id and await KIT.find(interaction) is None:
        return channel.parent_id
    return int(interaction.channel_id or 0)


async def follow_up_step(
    interaction: discord.Interaction,
    channel_id: int,
    action: str,
    change: Callable[[TournamentGame], TournamentGame],
    *,
    end: bool = False,
) -> TournamentGame:
    """A second stored step made by one interaction (the threads a pairing opened, archiving a
    finished tournament before a new one): the kit writes one step per interaction id, so this
    one is written without it."""
    async with KIT.store(interaction).update(
        channel_id, TournamentGame, kind=KIND.key, actor_id=interaction.user.id, action=action
    ) as handle:
        handle.state = change(handle.state)
        handle.summary, handle.end = action, end
    return handle.state


# --- whose language -------------------------------------------------------------------------------


async def event_words(interaction: discord.Interaction, tournament: Tournament) -> Translator:
    """The translator of a tournament's public posts, pictures and thread names: the language the
    tournament was created with (``/tournament create language:``), else the server's."""
    return await channel(interaction, language=tournament.language)


async def event_words_later(bot: object, guild_id: int | None, tournament: Tournament) -> Translator:
    """:func:`event_words` for a post made with no interaction (a round timer's reminder): the
    tournament's language, else the server's (its ``/herald language``, else Discord's server
    language, as :func:`event_words` reads it), else English."""
    if tournament.language:
        return translator(tournament.language)
    return translator(await guild_locale(bot, guild_id))


# --- who may do what -----------------------------------------------------------------------------


def is_organiser(interaction: discord.Interaction, game: TournamentGame) -> bool:
    return interaction.user.id in game.organisers or is_manager(interaction)


def organisers_text(game: TournamentGame, t: Translator | None = None) -> str:
    t = t or translator(SOURCE)
    return ", ".join(f"<@{u}>" for u in game.organisers) or t("nobody yet")


def require_organiser(interaction: discord.Interaction, game: TournamentGame, what: object) -> None:
    """Refuse ``what`` (a lazy message from ``_()``: "pair rounds") to anyone but the organisers
    and Manage Server members."""
    if not is_organiser(interaction, game):
        raise RuleError(
            _(
                "Only the organisers of {name} ({organisers}) or a member with Manage Server can {what}.",
                name=public(game.tournament.name, 80),
                organisers=", ".join(f"<@{u}>" for u in game.organisers) or "-",
                what=what,
            )
        )


def add_organiser(game: TournamentGame, user_id: int) -> TournamentGame:
    if user_id in game.organisers:
        mention = f"<@{user_id}>"
        name = public(game.tournament.name, 80)
        raise RuleError(_("{user} already organises {name}.", user=mention, name=name))
    if len(game.organisers) >= MAX_ORGANISERS:
        raise RuleError(
            _("A tournament has at most {count} organisers; that is plenty.", count=MAX_ORGANISERS)
        )
    return game.update(organisers=[*game.organisers, user_id])


# --- players --------------------------------------------------------------------------------------


def player_id(user_id: int) -> str:
    return str(user_id)


def checked_text(text: str, what: object) -> str:
    """A name or faction a player typed, refused (not silently cut) when too long; ``what`` is a
    lazy message (``_("faction")``)."""
    if len(text) > MAX_NAME_CHARS:
        raise RuleError(
            _(
                "That {what} has {count:,} characters; Herald keeps at most {most}. Use a shorter one.",
                what=what,
                count=len(text),
                most=MAX_NAME_CHARS,
            )
        )
    return text


def require_player(game: TournamentGame, user_id: int) -> str:
    pid = player_id(user_id)
    if not game.tournament.has_player(pid):
        mention = f"<@{user_id}>"
        raise RuleError(_("{user} is not in {name}.", user=mention, name=public(game.tournament.name, 80)))
    return pid


# --- results: the rules are rules.tournament.reports; these keep the Discord-side fields --------


def _book(game: TournamentGame) -> Results:
    return Results(tournament=game.tournament, reports=game.reports, next_report=game.next_report)


def _with(game: TournamentGame, book: Results) -> TournamentGame:
    return game.update(tournament=book.tournament, reports=book.reports, next_report=book.next_report)


def with_result(
    game: TournamentGame,
    a: str,
    b: str,
    result: GameResult,
    *,
    round_number: int,
    correction: bool = False,
    organiser: bool = False,
) -> TournamentGame:
    """``game`` with the result of ``a`` v ``b`` recorded (rules.tournament.reports.with_result)."""
    return _with(
        game,
        desk.with_result(
            _book(game), a, b, result, round_number=round_number, correction=correction, organiser=organiser
        ),
    )


def with_sheet_result(
    game: TournamentGame, a: str, b: str, score: ScoreResult, *, round_number: int | None
) -> tuple[TournamentGame, int]:
    """``game`` with a final ITS score sheet recorded, and the round it went to."""
    book, number = desk.with_sheet_result(_book(game), a, b, score, round_number=round_number)
    return _with(game, book), number


def with_battle_result(
    game: TournamentGame,
    a: str,
    b: str,
    result: GameResult,
    *,
    round_number: int | None,
    system: GameSystem,
    correction: bool = False,
    by: str = "",
) -> tuple[TournamentGame, int, GameResult | None]:
    """``game`` with a finished tracker battle recorded (rules.tournament.reports.with_battle_result),
    the round, and the result it replaced (None: it replaced none)."""
    t = game.tournament
    number = round_number or len(t.rounds)
    was = desk.recorded_result(t, number, a, b) if correction else None
    book, number = desk.with_battle_result(
        _book(game), a, b, result, round_number=round_number, game=system, correction=correction, by=by
    )
    return _with(game, book), number, None if was == result else was


def report_result(
    game: TournamentGame, reporter: str, opponent: str, result: GameResult
) -> tuple[TournamentGame, PendingReport | None]:
    """A player's report of their current game (see :func:`rules.tournament.reports.report_result`)."""
    book, made = desk.report_result(_book(game), reporter, opponent, result)
    return _with(game, book), made


def settled_disputes(game: TournamentGame) -> tuple[TournamentGame, list[DisputeMessage]]:
    """``game`` without the dispute messages whose report is no longer waiting (a result was set,
    a new report replaced it, the pairing was taken back), and those messages, to edit."""
    waiting = {r.id for r in game.reports}
    gone = [m for m in game.dispute_messages if m.report not in waiting]
    if not gone:
        return game, []
    return game.update(dispute_messages=[m for m in game.dispute_messages if m.report in waiting]), gone


def settle_report(
    game: TournamentGame, report_id: int, user_id: int, *, confirm: bool, organiser: bool
) -> tuple[TournamentGame, PendingReport]:
    """The opponent (or an organiser) confirms or disputes a report."""
    book, report = desk.settle_report(
        _book(game), report_id, player_id(user_id), confirm=confirm, organiser=organiser
    )
    return _with(game, book), report
