"""Results reported by players: one player reports, the opponent confirms or disputes, and a
confirmed report (or the same score reported by both) becomes the game's result.

:class:`Results` is the tournament with the reports waiting for a confirmation; every function
returns a new one and refuses with a :class:`~rules.errors.RuleError` saying what to do instead.
Players are the tournament's player ids (strings).

>>> from rules.tournament import add_player, create_tournament, pair_next_round
>>> import random
>>> t = create_tournament("Cup", 150)
>>> for pid in ("1", "2", "3", "4"):
...     t = add_player(t, pid, f"P{pid}")
>>> t = pair_next_round(t, random.Random(1))
>>> game = t.current.game_of("1")
>>> rival = game.b if game.a == "1" else game.a
>>> score = GameResult(op_a=8, op_b=3, vp_a=150, vp_b=40)
>>> book, made = report_result(Results(tournament=t), "1", rival, score)
>>> made.id, len(book.reports)
(1, 1)
>>> book, settled = settle_report(book, 1, rival, confirm=True, organiser=False)
>>> book.reports, book.tournament.current.game_of("1").result is not None
([], True)
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from rules.errors import RuleError
from rules.i18n import _
from rules.its.scoring import ScoreResult
from rules.tournament.engine import note_edit, record_result, record_sheet_result, result_from_score
from rules.tournament.format_settings import GameSystem
from rules.tournament.formats import format_of
from rules.tournament.model import GameResult, Tournament

MAX_PENDING_REPORTS = 600
"""Reports waiting for a confirmation: at most one per game of a 512-player round, and then some."""


class PendingReport(BaseModel):
    """A result reported by one player, waiting for their opponent (``result`` is the reporter's side a)."""

    model_config = ConfigDict(frozen=True)

    id: int
    round: int
    reporter: str
    opponent: str
    result: GameResult
    disputed: bool = False


class Results(BaseModel):
    """A tournament and the reports still waiting for a confirmation."""

    model_config = ConfigDict(frozen=True)

    tournament: Tournament
    reports: list[PendingReport] = Field(default_factory=list)
    next_report: int = 1

    def report(self, report_id: int) -> PendingReport | None:
        return next((r for r in self.reports if r.id == report_id), None)


def _without_reports_for(book: Results, round_number: int, a: str, b: str) -> list[PendingReport]:
    return [r for r in book.reports if not (r.round == round_number and {r.reporter, r.opponent} == {a, b})]


def with_result(
    book: Results,
    a: str,
    b: str,
    result: GameResult,
    *,
    round_number: int,
    correction: bool = False,
    organiser: bool = False,
) -> Results:
    """``book`` with the result of ``a`` v ``b`` (``a``'s side first) recorded; reports waiting for
    that game are settled by it. ``organiser``: set by an organiser, not agreed by both players."""
    tournament = record_result(
        book.tournament, a, b, result, round_number=round_number, correction=correction, organiser=organiser
    )
    return book.model_copy(
        update={"tournament": tournament, "reports": _without_reports_for(book, round_number, a, b)}
    )


def with_sheet_result(
    book: Results, a: str, b: str, score: ScoreResult, *, round_number: int | None
) -> tuple[Results, int]:
    """``book`` with a final ITS score sheet recorded (``a`` filled side A) in ``round_number``
    (default: the current round), and that round. A sheet sent again changes nothing."""
    t = book.tournament
    for pid in (a, b):
        if not t.has_player(pid):
            raise RuleError(
                _(
                    "<@{pid}> is not in {name}, so this sheet is not a tournament result.",
                    pid=pid,
                    name=t.name,
                )
            )
    number = round_number or len(t.rounds)
    if number and same_result(t, number, a, b, result_from_score(score)):
        return book, number
    recorded = record_sheet_result(t, a, b, score, round_number=number or None)
    return book.model_copy(
        update={"tournament": recorded, "reports": _without_reports_for(book, number, a, b)}
    ), number


def with_battle_result(
    book: Results,
    a: str,
    b: str,
    result: GameResult,
    *,
    round_number: int | None,
    game: GameSystem,
    correction: bool = False,
    by: str = "",
) -> tuple[Results, int]:
    """``book`` with the result of a battle played on Herald's own tracker (``game``: a ``/ba``
    battle is Boarding Actions) between ``a`` and ``b`` (``result`` from ``a``'s side), in
    ``round_number`` (default: the current round), and that round. The tournament must play that
    game; the same result sent again changes nothing. A game that already has another result is
    refused, unless ``correction`` (an organiser reopened the battle): then it is replaced, and
    the game is marked as changed by hand (reopened ``by`` whom), so every place showing the
    result says it was corrected.

    >>> import random
    >>> from rules.tournament import add_player, create_tournament, pair_next_round
    >>> t = create_tournament("Deck Day", game="boarding-actions")
    >>> for pid in "1234":
    ...     t = add_player(t, pid, f"P{pid}")
    >>> t = pair_next_round(t, random.Random(1))
    >>> g = t.current.games[0]
    >>> book, number = with_battle_result(Results(tournament=t), g.a, g.b, GameResult(vp_a=55, vp_b=50),
    ...     round_number=None, game=GameSystem.BOARDING_ACTIONS)
    >>> number, book.tournament.current.games[0].result.vp_a
    (1, 55)
    """
    t = book.tournament
    fmt = format_of(t)
    if fmt.game is not game:
        raise RuleError(
            _(
                "{name} is a {fmt} tournament, so a battle of another game is not one of its results.",
                name=t.name,
                fmt=fmt.name,
            )
        )
    for pid in (a, b):
        if not t.has_player(pid):
            raise RuleError(
                _(
                    "<@{pid}> is not in {name}, so this battle is not a tournament result.",
                    pid=pid,
                    name=t.name,
                )
            )
    number = round_number or len(t.rounds)
    if not number:
        raise RuleError(_("No round of {name} is paired yet.", name=t.name))
    if same_result(t, number, a, b, result):
        return book, number
    replaced = correction and recorded_result(t, number, a, b) is not None
    book = with_result(book, a, b, result, round_number=number, correction=correction)
    if replaced:
        marked = note_edit(book.tournament, number, a, "result corrected from its reopened battle", by=by)
        book = book.model_copy(update={"tournament": marked})
    return book, number


def recorded_result(t: Tournament, round_number: int, a: str, b: str) -> GameResult | None:
    """The result the game of ``a`` v ``b`` in ``round_number`` holds, from ``a``'s side (None:
    none yet, or they do not play each other then)."""
    if not 1 <= round_number <= len(t.rounds):
        return None
    played = t.rounds[round_number - 1].game_of(a)
    if played is None or played.result is None or b not in played.players:
        return None
    return played.result if played.a == a else played.result.swapped()


def same_result(t: Tournament, round_number: int, a: str, b: str, result: GameResult) -> bool:
    """Whether ``result`` (``a``'s side first) is what the game of ``a`` v ``b`` already holds."""
    return recorded_result(t, round_number, a, b) == result


def report_result(
    book: Results, reporter: str, opponent: str, result: GameResult
) -> tuple[Results, PendingReport | None]:
    """A player's report of their current game. It waits for the opponent's confirmation, unless
    the opponent already reported the same score (then it is recorded at once: report None)."""
    t = book.tournament
    current = t.current
    if current is None:
        raise RuleError(_("No round of {name} is paired yet.", name=t.name))
    played = current.game_of(reporter)
    if played is None and t.player(reporter).left_out:
        raise RuleError(
            _(
                "You have no game to report: you were left out of round 1 (not checked in). An "
                "organiser can check you in with `/tournament checkin player` to play from the next round."
            )
        )
    if played is None:
        raise RuleError(
            _("You are not paired in round {number}: you have no game to report.", number=current.number)
        )
    if played.b is None:
        raise RuleError(
            _("You have the bye in round {number}: a bye needs no result.", number=current.number)
        )
    if opponent not in played.players or reporter == opponent:
        other = played.b if played.a == reporter else played.a
        raise RuleError(
            _(
                "In round {number} you play {other} at table {table}: report that game.",
                number=current.number,
                other=t.name_of(other),
                table=played.table,
            )
        )
    if played.result is not None:
        if same_result(t, current.number, reporter, opponent, result):
            raise RuleError(
                _("Table {table} already has exactly that result: nothing to do.", table=played.table)
            )
        raise RuleError(
            _(
                "Table {table} already has a result; an organiser can correct it with /tournament result.",
                table=played.table,
            )
        )
    fmt = format_of(t)
    if fmt.uses_op:
        tier = fmt.army_points(t, current.number)
        if max(result.vp_a, result.vp_b) > tier:
            raise RuleError(
                _(
                    "Round {number} is played at {tier} points, so nobody keeps more than {tier} "
                    "Victory Points; check the score.",
                    number=current.number,
                    tier=tier,
                )
            )
    fmt.check_result(t, current.number, result)
    for waiting in book.reports:
        if waiting.round != current.number or {waiting.reporter, waiting.opponent} != {reporter, opponent}:
            continue
        if waiting.reporter == opponent and waiting.result == result.swapped():
            return with_result(book, opponent, reporter, waiting.result, round_number=current.number), None
        if waiting.reporter == reporter and waiting.result == result:
            raise RuleError(_("You already reported exactly that; your opponent has to confirm it."))
        if waiting.disputed:
            # A disputed report is settled by nobody yet: a new report from either player
            # replaces it, for the other one to confirm.
            book = book.model_copy(update={"reports": [r for r in book.reports if r.id != waiting.id]})
            break
        if waiting.reporter == reporter:
            raise RuleError(
                _(
                    "You already reported another score for table {table} (report #{id}). Confirm or "
                    "dispute it with its buttons; an organiser can set it with /tournament result.",
                    table=played.table,
                    id=waiting.id,
                )
            )
        raise RuleError(
            _(
                "{who} already reported another score for table {table} (report #{id}). Confirm or "
                "dispute it with its buttons; an organiser can set it with /tournament result.",
                who=t.name_of(waiting.reporter),
                table=played.table,
                id=waiting.id,
            )
        )
    if len(book.reports) >= MAX_PENDING_REPORTS:
        raise RuleError(_("Too many reports are waiting for confirmation; ask an organiser to settle them."))
    made = PendingReport(
        id=book.next_report, round=current.number, reporter=reporter, opponent=opponent, result=result
    )
    return book.model_copy(
        update={"reports": [*book.reports, made], "next_report": book.next_report + 1}
    ), made


def settle_report(
    book: Results, report_id: int, by: str, *, confirm: bool, organiser: bool
) -> tuple[Results, PendingReport]:
    """The opponent ``by`` (or an organiser) confirms a report, which records it, or disputes it."""
    report = book.report(report_id)
    if report is None:
        raise RuleError(
            _("That report has already been settled (confirmed, replaced or set by an organiser).")
        )
    if by != report.opponent and not organiser:
        raise RuleError(
            _(
                "Only <@{opponent}> (the opponent) or an organiser can confirm or dispute this report.",
                opponent=report.opponent,
            )
        )
    if not confirm:
        if report.disputed:
            raise RuleError(_("This report is already disputed; the organisers have been told."))
        disputed = report.model_copy(update={"disputed": True})
        return book.model_copy(
            update={
                "reports": [disputed if r.id == report_id else r for r in book.reports],
                "tournament": _marked_disputed(book.tournament, report),
            }
        ), disputed
    played = book.tournament.rounds[report.round - 1].game_of(report.reporter)
    if played is not None and played.result is not None:
        if not same_result(book.tournament, report.round, report.reporter, report.opponent, report.result):
            raise RuleError(
                _(
                    "That game already has another result; an organiser can correct it with "
                    "/tournament result."
                )
            )
        return book.model_copy(update={"reports": [r for r in book.reports if r.id != report_id]}), report
    return with_result(
        book,
        report.reporter,
        report.opponent,
        report.result,
        round_number=report.round,
        organiser=by != report.opponent,
    ), report


def _marked_disputed(t: Tournament, report: PendingReport) -> Tournament:
    """``t`` with the game of ``report`` marked disputed (the exports say so once it is settled)."""
    if not 1 <= report.round <= len(t.rounds):
        return t
    rnd = t.rounds[report.round - 1]
    game = rnd.game_of(report.reporter)
    if game is None or game.disputed:
        return t
    games = [g.model_copy(update={"disputed": True}) if g is game else g for g in rnd.games]
    rounds = list(t.rounds)
    rounds[report.round - 1] = rnd.model_copy(update={"games": games})
    return t.model_copy(update={"rounds": rounds})


def without_stale_reports(book: Results) -> Results:
    """``book`` without the reports of games that no longer exist (the organisers swapped the
    players): a report names two players who must still play each other in its round."""

    def live(report: PendingReport) -> bool:
        rounds = book.tournament.rounds
        if not 1 <= report.round <= len(rounds):
            return False
        game = rounds[report.round - 1].game_of(report.reporter)
        return game is not None and report.opponent in game.players and game.result is None

    kept = [r for r in book.reports if live(r)]
    return book if len(kept) == len(book.reports) else book.model_copy(update={"reports": kept})
