"""The stored tournament: the engine's Tournament plus what only Discord needs (organisers, the
thread of each game, results waiting for the opponent's confirmation).

Every function that changes it returns a new :class:`TournamentGame` (run inside one kit step);
refusals are RuleErrors. The tournament rules themselves are all in ``rules.tournament``.
"""

from __future__ import annotations

from collections.abc import Callable

import discord
from pydantic import BaseModel, ConfigDict, Field

from bot.games import GameKind, GameState
from bot.play import GameKit, is_manager
from rules.errors import RuleError
from rules.its.scoring import ScoreResult
from rules.tournament import GameResult, Tournament, record_result, record_sheet_result, result_from_score
from rules.tournament.model import MAX_NAME_CHARS

KIND = GameKind("tournament", "a tournament", "/tournament create", "/tournament finish")

MAX_ORGANISERS = 10
MAX_PENDING_REPORTS = 600
"""Reports waiting for a confirmation: at most one per game of a 512-player round, and then some."""


class GameThread(BaseModel):
    """The thread opened for one game of one round."""

    model_config = ConfigDict(frozen=True)

    round: int
    table: int
    thread_id: int


class PendingReport(BaseModel):
    """A result reported by one player, waiting for their opponent (``result`` is the reporter's side a)."""

    model_config = ConfigDict(frozen=True)

    id: int
    round: int
    reporter: str
    opponent: str
    result: GameResult
    disputed: bool = False


class TournamentGame(GameState):
    """One channel's tournament."""

    tournament: Tournament
    organisers: list[int] = Field(default_factory=list)
    threads: list[GameThread] = Field(default_factory=list)
    reports: list[PendingReport] = Field(default_factory=list)
    next_report: int = 1

    def thread_of(self, thread_id: int) -> GameThread | None:
        return next((t for t in self.threads if t.thread_id == thread_id), None)

    def report(self, report_id: int) -> PendingReport | None:
        return next((r for r in self.reports if r.id == report_id), None)

    def update(self, **changes: object) -> TournamentGame:
        return self.model_copy(update=changes)


KIT: GameKit[TournamentGame] = GameKit(KIND, TournamentGame)


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


# --- who may do what -----------------------------------------------------------------------------


def is_organiser(interaction: discord.Interaction, game: TournamentGame) -> bool:
    return interaction.user.id in game.organisers or is_manager(interaction)


def organisers_text(game: TournamentGame) -> str:
    return ", ".join(f"<@{u}>" for u in game.organisers) or "nobody yet"


def require_organiser(interaction: discord.Interaction, game: TournamentGame, what: str) -> None:
    """Refuse ``what`` to anyone but the organisers and Manage Server members."""
    if not is_organiser(interaction, game):
        raise RuleError(
            f"Only the organisers of {game.tournament.name} ({organisers_text(game)}) or a member with "
            f"Manage Server can {what}."
        )


def add_organiser(game: TournamentGame, user_id: int) -> TournamentGame:
    if user_id in game.organisers:
        raise RuleError(f"<@{user_id}> already organises {game.tournament.name}.")
    if len(game.organisers) >= MAX_ORGANISERS:
        raise RuleError(f"A tournament has at most {MAX_ORGANISERS} organisers; that is plenty.")
    return game.update(organisers=[*game.organisers, user_id])


# --- players --------------------------------------------------------------------------------------


def player_id(user_id: int) -> str:
    return str(user_id)


def checked_text(text: str, what: str) -> str:
    """A name or faction a player typed, refused (not silently cut) when too long."""
    if len(text) > MAX_NAME_CHARS:
        raise RuleError(
            f"That {what} has {len(text):,} characters; Herald keeps at most {MAX_NAME_CHARS}. "
            "Use a shorter one."
        )
    return text


def require_player(game: TournamentGame, user_id: int) -> str:
    pid = player_id(user_id)
    if not game.tournament.has_player(pid):
        raise RuleError(f"<@{user_id}> is not in {game.tournament.name}.")
    return pid


# --- results --------------------------------------------------------------------------------------


def _without_reports_for(game: TournamentGame, round_number: int, a: str, b: str) -> list[PendingReport]:
    return [r for r in game.reports if not (r.round == round_number and {r.reporter, r.opponent} == {a, b})]


def with_result(
    game: TournamentGame, a: str, b: str, result: GameResult, *, round_number: int, correction: bool = False
) -> TournamentGame:
    """``game`` with the result of ``a`` v ``b`` (``a``'s side first) recorded; reports waiting for
    that game are settled by it."""
    tournament = record_result(
        game.tournament, a, b, result, round_number=round_number, correction=correction
    )
    return game.update(tournament=tournament, reports=_without_reports_for(game, round_number, a, b))


def with_sheet_result(
    game: TournamentGame, a: str, b: str, score: ScoreResult, *, round_number: int | None
) -> tuple[TournamentGame, int]:
    """``game`` with a final ITS score sheet recorded (``a`` filled side A) in ``round_number``
    (default: the current round), and that round. A sheet sent again changes nothing."""
    t = game.tournament
    for pid in (a, b):
        if not t.has_player(pid):
            raise RuleError(f"<@{pid}> is not in {t.name}, so this sheet is not a tournament result.")
    number = round_number or len(t.rounds)
    if number and same_result(game, number, a, b, result_from_score(score)):
        return game, number
    recorded = record_sheet_result(t, a, b, score, round_number=number or None)
    return game.update(tournament=recorded, reports=_without_reports_for(game, number, a, b)), number


def same_result(game: TournamentGame, round_number: int, a: str, b: str, result: GameResult) -> bool:
    """Whether ``result`` (``a``'s side first) is what the game of ``a`` v ``b`` already holds."""
    played = game.tournament.rounds[round_number - 1].game_of(a)
    if played is None or played.result is None or b not in played.players:
        return False
    stored = played.result if played.a == a else played.result.swapped()
    return stored == result


def report_result(
    game: TournamentGame, reporter: str, opponent: str, result: GameResult
) -> tuple[TournamentGame, PendingReport | None]:
    """A player's report of their current game. It waits for the opponent's confirmation, unless
    the opponent already reported the same score (then it is recorded at once: report None)."""
    t = game.tournament
    current = t.current
    if current is None:
        raise RuleError(f"No round of {t.name} is paired yet.")
    played = current.game_of(reporter)
    if played is None or played.b is None:
        raise RuleError(f"You have no game to report in round {current.number} (a bye needs no result).")
    if opponent not in played.players or reporter == opponent:
        other = played.b if played.a == reporter else played.a
        raise RuleError(
            f"In round {current.number} you play {t.name_of(other)} at table {played.table}: "
            "report that game."
        )
    if played.result is not None:
        if same_result(game, current.number, reporter, opponent, result):
            raise RuleError(f"Table {played.table} already has exactly that result: nothing to do.")
        raise RuleError(
            f"Table {played.table} already has a result; an organiser can correct it with /tournament result."
        )
    tier = int(t.tier_of_round(current.number))
    if max(result.vp_a, result.vp_b) > tier:
        raise RuleError(
            f"Round {current.number} is played at {tier} points, so nobody keeps more than {tier} Victory "
            "Points; check the score."
        )
    for waiting in game.reports:
        if waiting.round != current.number or {waiting.reporter, waiting.opponent} != {reporter, opponent}:
            continue
        if waiting.reporter == opponent and waiting.result == result.swapped():
            return with_result(game, opponent, reporter, waiting.result, round_number=current.number), None
        if waiting.reporter == reporter and waiting.result == result:
            raise RuleError("You already reported exactly that; your opponent has to confirm it.")
        who = "You" if waiting.reporter == reporter else t.name_of(waiting.reporter)
        raise RuleError(
            f"{who} already reported another score for table {played.table} (report #{waiting.id}). "
            "Confirm or dispute it with its buttons; an organiser can set it with /tournament result."
        )
    if len(game.reports) >= MAX_PENDING_REPORTS:
        raise RuleError("Too many reports are waiting for confirmation; ask an organiser to settle them.")
    made = PendingReport(
        id=game.next_report, round=current.number, reporter=reporter, opponent=opponent, result=result
    )
    return game.update(reports=[*game.reports, made], next_report=game.next_report + 1), made


def settle_report(
    game: TournamentGame, report_id: int, user_id: int, *, confirm: bool, organiser: bool
) -> tuple[TournamentGame, PendingReport]:
    """The opponent (or an organiser) confirms a report, which records it, or disputes it."""
    report = game.report(report_id)
    if report is None:
        raise RuleError("That report has already been settled (confirmed, replaced or set by an organiser).")
    if player_id(user_id) != report.opponent and not organiser:
        raise RuleError(
            f"Only <@{report.opponent}> (the opponent) or an organiser can confirm or dispute this report."
        )
    if not confirm:
        if report.disputed:
            raise RuleError("This report is already disputed; the organisers have been told.")
        disputed = report.model_copy(update={"disputed": True})
        return game.update(reports=[disputed if r.id == report_id else r for r in game.reports]), disputed
    played = game.tournament.rounds[report.round - 1].game_of(report.reporter)
    if played is not None and played.result is not None:
        if not same_result(game, report.round, report.reporter, report.opponent, report.result):
            raise RuleError(
                "That game already has another result; an organiser can correct it with /tournament result."
            )
        return game.update(reports=[r for r in game.reports if r.id != report_id]), report
    return with_result(
        game, report.reporter, report.opponent, report.result, round_number=report.round
    ), report
