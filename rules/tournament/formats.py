"""Tournament formats: what differs between an ITS event, a 40k event and a Boarding Actions day.

Like python-chess's ``chess.variant`` (each variant a subclass of the standard board that
overrides only what differs), every format is a subclass of :class:`Format` that overrides a few
attributes and methods; pairing (the weighted matching), byes, drops, swaps, timers, threads, the
web page, exports and ratings are shared and ask the format only for:

* **a result**: what a :class:`~rules.tournament.model.GameResult` holds in this game, how one is
  made from what a player typed (:meth:`Format.make_result`) and which values are allowed
  (:meth:`Format.check_result`);
* **ranking points**: what a result is worth to each side (:meth:`Format.result_points`) and who
  won (:meth:`Format.outcome`); pairing pairs by these points;
* **a bye**: what it is worth (:attr:`Format.bye_points` ranking points; in VP formats the battle
  points the organiser chose, :meth:`Format.bye_battle_points`, 0 unless set; never an opponent);
* **W-D-L**: the one definition of a win, a draw and a loss every column, picture and export
  uses (:meth:`Format.outcome` for a game, :attr:`Format.bye_is_win` for a bye), said under the
  standings (:meth:`Format.record_text`);
* **the ranking**: the tie-break chain (:meth:`Format.key`, highest first) and whether the final
  standings adjust for byes (:meth:`Format.adjusts_byes`);
* **columns**: the standings' columns (:attr:`Format.columns`, drawn by the picture, the web page,
  ``players.csv`` and JSON) and a result's per-side cells (:meth:`Format.side_cells`);
* **army points**: the limit of a round (:meth:`Format.army_points`).

``key`` and a column's ``value`` read a :class:`~rules.tournament.standings.Standing`, whose totals
every format shares: ``tp`` (the format's ranking points), ``op``, ``vp`` (VP scored; ITS final
standings bye-adjusted), ``raw_vp``, ``vp_against``, ``vp_diff``, ``sos`` (opponents' VP),
``opponents_op``, ``wins``/``ties``/``losses``, ``byes``, ``played``.

Which format a tournament plays is stored on it (``Tournament.format``, a :class:`FormatSettings`);
a tournament stored before formats existed has none and is ITS. :func:`format_of` gives the
:class:`Format` object. A new format (a team event, say) is one more subclass and one more entry
in ``_FORMATS`` (keyed by game and scoring); nothing else branches on the game.

The formats:

* :class:`Its`: the seed's ITS rules, exactly as before (Tournament Points, then OP, VP,
  opponents' OP; a bye 3 TP; the bye adjustment in final standings).
* :class:`Record` (40k ``record``): a win, a draw and a loss by victory points are worth 10 / 5 / 0
  ranking points; ties broken by battle points (the sum of one's VP), then strength of schedule
  (the sum of one's opponents' battle points, a rematch counted twice).
* :class:`Wtc` (40k ``wtc``): each game's VP difference becomes match points summing to 20 (see
  :func:`wtc_points`); ranked by match points, then battle points, then strength of schedule.
* :class:`BoardingActionsRecord` / :class:`BoardingActionsWtc`: Boarding Actions is scored like
  40k (0-100 VP a game: up to 90 from the mission plus 10 for a Battle Ready army, as ``/ba``
  scores it), so it takes the same two scorings; only its name and default army points differ.

A bye in a VP format is a win (Herald's choice: facts.md gives none): 10 ranking points in
``record``, 20 match points in ``wtc``, and counted as a win in W-D-L, so the record and the
ranking points always agree (``record``: RP = 10 W + 5 D). It has no opponent, and battle points
only as the organiser sets them (``bye_points:``: a number, or the player's average).

W-D-L follows the format's points, never the raw VP alone: in ``wtc`` a game is won by taking
more match points, so 75-70 (10-10 MP with the common band) is a draw for both.

>>> fmt = format_of_settings(FormatSettings(game="40k", scoring="wtc"))
>>> fmt.result_points(GameResult(vp_a=80, vp_b=40))
(17, 3)
>>> [c.label for c in fmt.columns]
['MP', 'W-D-L', 'VP', 'SoS', 'VP±']
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from rules.i18n import N_, Message, _
from rules.its.scoring import MAX_OBJECTIVE_POINTS, Outcome, tournament_points
from rules.tournament.format_settings import (
    DEFAULT_BAND,
    DEFAULT_POINTS,
    MAX_VP,
    RECORD_DRAW,
    RECORD_LOSS,
    RECORD_WIN,
    WTC_STEPS,
    WTC_TOTAL,
    FormatSettings,
    GameSystem,
    Scoring,
)
from rules.tournament.model import GameResult, TournamentError

if TYPE_CHECKING:  # pragma: no cover
    from rules.tournament.model import Tournament


@dataclass(frozen=True)
class Column:
    """One column of the standings: ``key`` names it in CSV and JSON, ``label`` heads it in the
    picture and on the web page, ``title`` says what it is, ``value`` reads it from a
    :class:`~rules.tournament.standings.Standing`, ``width`` is its width in the picture."""

    key: str
    label: str
    title: str
    value: Callable[[Any], int | str]
    width: int = 90


def _average(total: int, games: int) -> int:
    """``total / games`` rounded to the nearest whole number, halves up (0 with no games).

    >>> _average(155, 2), _average(154, 2), _average(0, 0)
    (78, 77, 0)
    """
    return (2 * total + games) // (2 * games) if games > 0 else 0


def _record_text(row: Any) -> str:
    return f"{row.wins}-{row.ties}-{row.losses}"


def _signed(value: int) -> str:
    return f"{value:+d}" if value else "0"


def wtc_points(difference: int, band: int = DEFAULT_BAND) -> tuple[int, int]:
    """Match points (winner's, loser's) of a game won by ``difference`` VP, ``band`` VP a point.

    With the common table (band 5): 0-5 is 10-10, 6-10 is 11-9, ... 46-50 is 19-1, 51+ is 20-0.

    >>> [wtc_points(d) for d in (0, 5, 6, 50, 51, 100)]
    [(10, 10), (10, 10), (11, 9), (19, 1), (20, 0), (20, 0)]
    >>> wtc_points(21, band=10)
    (12, 8)
    """
    difference = abs(difference)
    steps = min(WTC_STEPS, max(0, -(-difference // band) - 1))
    half = WTC_TOTAL // 2
    return half + steps, half - steps


class Format:
    """The base of every format; a subclass overrides only what its game does differently.

    The defaults describe a game scored in victory points (0 to :data:`MAX_VP` a side): a result
    holds ``vp_a``/``vp_b`` only, the side with more VP wins, and ranking points come from
    :meth:`side_points`. ITS (:class:`Its`) overrides most of it.
    """

    game: ClassVar[GameSystem] = GameSystem.WH40K
    scoring: ClassVar[Scoring] = Scoring.RECORD
    name: ClassVar[str] = "40k"
    """Short name in sentences: "an ITS tournament", "a 40k tournament"."""
    points_label: ClassVar[str] = N_("RP")
    """What ranking points are called in a line of text (TP, RP, MP)."""
    points_title: ClassVar[str] = N_("ranking points")
    bye_points: ClassVar[int] = RECORD_WIN
    columns: ClassVar[tuple[Column, ...]] = ()
    ranking_text: ClassVar[str] = ""
    """How the standings are ranked, in a line under the picture."""
    uses_op: ClassVar[bool] = False
    """Whether a result has Objective Points (ITS) or only victory points."""
    bp_label: ClassVar[str] = N_("BP")
    """What the sum of a player's VP is called in this format's columns."""
    bye_is_win: ClassVar[bool] = True
    """Whether a bye counts as a win in W-D-L (it always does where it is worth a win's points)."""
    win_rule: ClassVar[str] = N_("more VP wins, equal VP is a draw")
    """How a game's W, D or L is decided, in words (see :meth:`outcome`)."""

    def __init__(self, settings: FormatSettings) -> None:
        self.settings = settings

    # --- results ---------------------------------------------------------------------------

    def max_vp(self, t: Tournament, round_number: int) -> int:
        """The most VP one side can have in ``round_number``."""
        return MAX_VP

    def check_result(self, t: Tournament, round_number: int, result: GameResult) -> None:
        """Refuse a result this game cannot have (a RuleError saying what to check)."""
        if self.uses_op is False and (result.op_a or result.op_b):
            raise TournamentError(
                _(
                    "{name} is a {game} tournament: a result is each side's victory points, with no "
                    "Objective Points.",
                    name=t.name,
                    game=self.name,
                )
            )
        top = self.max_vp(t, round_number)
        for vp in (result.vp_a, result.vp_b):
            if vp > top:
                raise TournamentError(
                    _(
                        "{vp} victory points is more than a {game} game allows ({top}: 90 from the "
                        "mission and 10 for a painted army); check the score.",
                        vp=vp,
                        game=self.name,
                        top=top,
                    )
                )

    def make_result(
        self, op_a: int | None, vp_a: int | None, op_b: int | None, vp_b: int | None
    ) -> GameResult:
        """A result from what a player typed (None: left out), refused with what to change:
        here each side's victory points, 0 to :data:`MAX_VP`, and no Objective Points.

        >>> Record(FormatSettings(game="40k")).make_result(None, 80, None, 65)
        GameResult(op_a=0, op_b=0, vp_a=80, vp_b=65)
        """
        if op_a is not None or op_b is not None:
            raise TournamentError(
                _(
                    "A {game} result is each side's victory points only: leave the OP options out.",
                    game=self.name,
                )
            )
        if vp_a is None or vp_b is None:
            raise TournamentError(
                _("Give both sides' victory points (0-{max_vp}): `my_vp:` and `their_vp:`.", max_vp=MAX_VP)
            )
        for vp in (vp_a, vp_b):
            if not 0 <= vp <= MAX_VP:
                raise TournamentError(
                    _(
                        "{vp} is not a {game} score: victory points go from 0 to {max_vp} (90 from "
                        "the mission and 10 for a painted army).",
                        vp=vp,
                        game=self.name,
                        max_vp=MAX_VP,
                    )
                )
        return GameResult(vp_a=vp_a, vp_b=vp_b)

    def outcome(self, result: GameResult) -> Outcome:
        """Side a's W, D or L, the one definition every record uses: here more VP wins."""
        if result.vp_a == result.vp_b:
            return Outcome.TIE
        return Outcome.VICTORY if result.vp_a > result.vp_b else Outcome.DEFEAT

    def result_points(self, result: GameResult) -> tuple[int, int]:
        """Ranking points of side a and side b: each side's :meth:`side_points`.

        The formats below work out side b's without building the swapped result: a 512-player
        event's page ranks a thousand results on every change. A test holds each to this.
        """
        return self.side_points(result), self.side_points(result.swapped())

    def side_points(self, result: GameResult) -> int:
        """Ranking points of side a (the default: the record's 10 / 5 / 0)."""
        return {Outcome.VICTORY: RECORD_WIN, Outcome.TIE: RECORD_DRAW, Outcome.DEFEAT: RECORD_LOSS}[
            self.outcome(result)
        ]

    def side_cells(self, result: GameResult | None) -> list[tuple[str, str]]:
        """Side a's score as (label, value) cells, e.g. ``[('VP', '80'), ('RP', '10')]``; a bye
        (``result`` None) shows its ranking points only."""
        if result is None:
            return [(self.points_label, str(self.bye_points))]
        return [("VP", str(result.vp_a)), (self.points_label, str(self.side_points(result)))]

    def result_keys(self) -> list[str]:
        """The per-side columns of ``results.csv`` (each written as ``KEY_a`` and ``KEY_b``)."""
        return ["vp", self.points_label.lower()]

    def result_values(self, result: GameResult | None) -> list[object]:
        """Side a's values for :meth:`result_keys` (a bye: 0 VP and its points)."""
        if result is None:
            return [0, self.bye_points]
        return [result.vp_a, self.side_points(result)]

    def bye_battle_points(self, played_vp: int, played: int) -> int:
        """The battle points of one bye to a player who scored ``played_vp`` VP in ``played``
        games: the organiser's number (0 unless set), or their average, rounded, halves up.

        >>> fmt = Record(FormatSettings(game="40k", bye_battle_points="average"))
        >>> fmt.bye_battle_points(155, 2), fmt.bye_battle_points(0, 0)
        (78, 0)
        """
        chosen = self.settings.bye_battle_points
        return _average(played_vp, played) if chosen == "average" else chosen

    def bye_words(self) -> Message:
        """What a bye is worth, as a lazy message: ``a win: 10 RP and 0 BP``."""
        chosen = self.settings.bye_battle_points
        if chosen == "average":
            return _(
                "a win: {points} {label} and their average {bp}",
                points=self.bye_points,
                label=_(self.points_label),
                bp=_(self.bp_label),
            )
        return _(
            "a win: {points} {label} and {bye_bp} {bp}",
            points=self.bye_points,
            label=_(self.points_label),
            bye_bp=chosen,
            bp=_(self.bp_label),
        )

    def bye_text(self) -> str:
        """What a bye is worth, in words (English): ``a win: 10 RP and 0 BP``."""
        return str(self.bye_words())

    def record_words(self) -> Message:
        """How W-D-L is counted, said under the standings and in the summary (lazy)."""
        return _("W-D-L: {rule}; a bye is {bye}", rule=_(self.win_rule), bye=self.bye_words())

    def record_text(self) -> str:
        """How W-D-L is counted, said under the standings and in the summary."""
        return str(self.record_words())

    # --- the ranking -----------------------------------------------------------------------

    def key(self, row: Any) -> tuple[int, ...]:
        """What the ranking compares, highest first: points, battle points, strength of schedule."""
        return (row.tp, row.vp, row.sos)

    def adjusts_byes(self) -> bool:
        """Whether final standings scale a bye player's totals (ITS's bye adjustment)."""
        return False

    # --- army points -----------------------------------------------------------------------

    def army_points(self, t: Tournament, round_number: int) -> int:
        """The army points limit of ``round_number``."""
        return self.settings.points or DEFAULT_POINTS.get(self.game, 0)

    def describe_words(self) -> Message:
        """One line for summaries, lazy: ``40k · record (W/D/L 10/5/0)``; a bye's battle points,
        when set, are said where :meth:`record_text` is."""
        return _("{game} · {scoring}", game=self.name, scoring=self.scoring.value)

    def describe(self) -> str:
        """:meth:`describe_words` in English."""
        return str(self.describe_words())


_BP = Column("bp", N_("BP"), N_("battle points: the sum of the player's victory points"), lambda r: r.vp, 90)
_SOS = Column(
    "sos",
    N_("SoS"),
    N_("strength of schedule: the sum of the opponents' battle points"),
    lambda r: r.sos,
    100,
)
_DIFF = Column(
    "vp_diff",
    N_("VP±"),
    N_("victory points scored minus victory points conceded"),
    lambda r: _signed(r.vp_diff),
    100,
)
_RECORD = Column(
    "record", N_("W-D-L"), N_("wins, draws and losses (a bye counts as a win)"), _record_text, 120
)


_RECORD_POINTS = {
    Outcome.VICTORY: (RECORD_WIN, RECORD_LOSS),
    Outcome.TIE: (RECORD_DRAW, RECORD_DRAW),
    Outcome.DEFEAT: (RECORD_LOSS, RECORD_WIN),
}


class Record(Format):
    """40k ``record``: W/D/L worth 10 / 5 / 0, then battle points, then strength of schedule."""

    columns = (
        _RECORD,
        Column("rp", N_("RP"), N_("ranking points: 10 a win, 5 a draw, 0 a loss"), lambda r: r.tp, 80),
        _BP,
        _SOS,
        _DIFF,
    )
    ranking_text = N_("Ranked by RP (win 10, draw 5), then BP, SoS")

    def result_points(self, result: GameResult) -> tuple[int, int]:
        return _RECORD_POINTS[self.outcome(result)]

    def describe_words(self) -> Message:
        return _(
            "{game} · record (W/D/L {win}/{draw}/{loss})",
            game=self.name,
            win=RECORD_WIN,
            draw=RECORD_DRAW,
            loss=RECORD_LOSS,
        )


class Wtc(Format):
    """40k ``wtc``: the VP difference as match points summing to 20, then battle points, then SoS."""

    scoring = Scoring.WTC
    points_label = N_("MP")
    points_title = N_("match points")
    bp_label = N_("VP")
    win_rule = N_("more match points wins, 10-10 is a draw")
    bye_points = WTC_TOTAL
    columns = (
        Column(
            "mp", N_("MP"), N_("match points: each game's VP difference as 20-0 to 10-10"), lambda r: r.tp, 80
        ),
        _RECORD,
        Column("vp", N_("VP"), N_("victory points: the sum of the player's VP"), lambda r: r.vp, 90),
        _SOS,
        _DIFF,
    )
    ranking_text = N_("Ranked by MP (20-0 scale), then VP, SoS")

    def outcome(self, result: GameResult) -> Outcome:
        """Side a's W, D or L by match points: a game inside the first band is a draw.

        >>> fmt = Wtc(FormatSettings(game="40k", scoring="wtc"))
        >>> [fmt.outcome(GameResult(vp_a=a, vp_b=b)).value for a, b in ((75, 70), (76, 70), (60, 70))]
        ['tie', 'victory', 'defeat']
        """
        mine, theirs = self.result_points(result)
        if mine == theirs:
            return Outcome.TIE
        return Outcome.VICTORY if mine > theirs else Outcome.DEFEAT

    def side_points(self, result: GameResult) -> int:
        win, lose = wtc_points(result.vp_a - result.vp_b, self.settings.band)
        return win if result.vp_a >= result.vp_b else lose

    def result_points(self, result: GameResult) -> tuple[int, int]:
        win, lose = wtc_points(result.vp_a - result.vp_b, self.settings.band)
        return (win, lose) if result.vp_a >= result.vp_b else (lose, win)

    def describe_words(self) -> Message:
        return _("{game} · wtc (20-0, {band} VP a point)", game=self.name, band=self.settings.band)


class BoardingActionsRecord(Record):
    """Boarding Actions, scored like 40k ``record`` (its results are 0-100 VP too)."""

    game = GameSystem.BOARDING_ACTIONS
    name = "Boarding Actions"


class BoardingActionsWtc(Wtc):
    """Boarding Actions with the WTC 20-0 scoring."""

    game = GameSystem.BOARDING_ACTIONS
    name = "Boarding Actions"


class Its(Format):
    """ITS, exactly as the seed has it: a result is both sides' Objective Points and surviving
    army points (VP); Tournament Points (Victory 4, Tie 2, Defeat 0, bonuses) rank first, then OP,
    VP and opponents' OP; a bye is a Victory worth 3 TP; final standings adjust for byes."""

    game = GameSystem.ITS
    scoring = Scoring.ITS
    name = "ITS"
    points_label = N_("TP")
    points_title = N_("Tournament Points")
    bye_points = 3
    uses_op = True
    bye_is_win = False
    win_rule = N_("by Objective Points")
    columns = (
        Column("tp", N_("TP"), N_("Tournament Points"), lambda r: r.tp, 90),
        Column(
            "op",
            N_("OP"),
            N_("Objective Points"),
            lambda r: f"{r.op}*" if r.op != r.raw_op else str(r.op),
            80,
        ),
        Column(
            "vp",
            N_("VP"),
            N_("Victory Points (surviving army points)"),
            lambda r: f"{r.vp}*" if r.vp != r.raw_vp else str(r.vp),
            95,
        ),
        Column(
            "opponents_op", N_("Opp. OP"), N_("opponents' Objective Points"), lambda r: r.opponents_op, 115
        ),
        Column("byes", N_("Byes"), N_("byes received"), lambda r: r.byes or "–", 80),
    )
    ranking_text = N_("Ranked by TP, then OP, VP, opponents' OP")

    def max_vp(self, t: Tournament, round_number: int) -> int:
        return self.army_points(t, round_number)

    def check_result(self, t: Tournament, round_number: int, result: GameResult) -> None:
        tier = self.army_points(t, round_number)
        for vp in (result.vp_a, result.vp_b):
            if vp > tier:
                raise TournamentError(
                    _(
                        "{vp} Victory Points is more than round {round_number}'s {tier} army points; "
                        "check the score.",
                        vp=vp,
                        round_number=round_number,
                        tier=tier,
                    )
                )

    def make_result(
        self, op_a: int | None, vp_a: int | None, op_b: int | None, vp_b: int | None
    ) -> GameResult:
        if None in (op_a, vp_a, op_b, vp_b):
            raise TournamentError(
                _(
                    "An ITS result is both players' Objective Points and Victory Points: give "
                    "`my_op`, `my_vp`, `their_op` and `their_vp`."
                )
            )
        assert op_a is not None and vp_a is not None and op_b is not None and vp_b is not None
        for op in (op_a, op_b):
            if not 0 <= op <= MAX_OBJECTIVE_POINTS:
                raise TournamentError(
                    _(
                        "Objective Points go from 0 to {max_objective_points}; {op} is not one.",
                        max_objective_points=MAX_OBJECTIVE_POINTS,
                        op=op,
                    )
                )
        for vp in (vp_a, vp_b):
            if vp < 0:
                raise TournamentError(
                    _("Victory Points are surviving army points, never below 0 ({vp}).", vp=vp)
                )
        return GameResult(op_a=op_a, vp_a=vp_a, op_b=op_b, vp_b=vp_b)

    def outcome(self, result: GameResult) -> Outcome:
        return result.outcome_a

    def bye_battle_points(self, played_vp: int, played: int) -> int:
        return 0

    def bye_words(self) -> Message:
        return _("a Victory: {points} TP", points=self.bye_points)

    def record_words(self) -> Message:
        return _("Games won by Objective Points; a bye is a Victory worth 3 TP, counted under Byes")

    def side_points(self, result: GameResult) -> int:
        return tournament_points(result.op_a, result.op_b).total

    def result_points(self, result: GameResult) -> tuple[int, int]:
        return (
            tournament_points(result.op_a, result.op_b).total,
            tournament_points(result.op_b, result.op_a).total,
        )

    def side_cells(self, result: GameResult | None) -> list[tuple[str, str]]:
        if result is None:
            return [("TP", str(self.bye_points))]
        return [("OP", str(result.op_a)), ("VP", str(result.vp_a)), ("TP", str(result.tp_a))]

    def result_keys(self) -> list[str]:
        return ["op", "vp", "tp"]

    def result_values(self, result: GameResult | None) -> list[object]:
        if result is None:
            return [0, 0, self.bye_points]
        return [result.op_a, result.vp_a, result.tp_a]

    def key(self, row: Any) -> tuple[int, ...]:
        return (row.tp, row.op, row.vp, row.opponents_op)

    def adjusts_byes(self) -> bool:
        return True

    def army_points(self, t: Tournament, round_number: int) -> int:
        tier = t.tier_of_round(round_number)
        return int(tier) if tier is not None else 0

    def describe(self) -> str:
        return "ITS"


_FORMATS: dict[tuple[GameSystem, Scoring], type[Format]] = {
    (GameSystem.ITS, Scoring.ITS): Its,
    (GameSystem.WH40K, Scoring.RECORD): Record,
    (GameSystem.WH40K, Scoring.WTC): Wtc,
    (GameSystem.BOARDING_ACTIONS, Scoring.RECORD): BoardingActionsRecord,
    (GameSystem.BOARDING_ACTIONS, Scoring.WTC): BoardingActionsWtc,
}


def format_of_settings(settings: FormatSettings) -> Format:
    """The :class:`Format` these settings describe."""
    assert settings.scoring is not None
    return _FORMATS[(settings.game, settings.scoring)](settings)


def format_of(t: Tournament) -> Format:
    """The :class:`Format` a tournament plays (a tournament stored without one is ITS).

    >>> from rules.tournament.model import Tournament
    >>> format_of(Tournament(name="Old", tier=300)).name
    'ITS'
    """
    return format_of_settings(t.format)
