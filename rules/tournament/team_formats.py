"""Team formats: how the captains pair a team match and how the match is won, as variants.

Like :mod:`rules.tournament.formats` (and python-chess's ``chess.variant``), each variant is a
subclass of :class:`TeamFormat` that overrides only what differs; the teams' Swiss pairing, the
tables, threads and standings are shared and ask the variant only for:

* **the ritual**: whether a pass's refused attackers go back to the pool (the WTC's way) or play
  each other at once (:attr:`TeamFormat.play_refused`; see :mod:`rules.tournament.ritual` for
  how each ends at 3, 5 and 8 players a side);
* **the team match's outcome** from both teams' summed game points and the team size
  (:meth:`TeamFormat.outcome`): the higher sum, or a win only by more than a margin;
* **team points** of a win, a draw and a loss (:meth:`TeamFormat.team_points`): 2 / 1 / 0 (the
  default) or 3 / 2 / 1, a setting of every variant.

The variants (the organiser picks one at creation, ``team_format:``; WTC is the default):

* :class:`Wtc`: refused attackers return to the pool until the last pass; the higher sum wins.
* :class:`RefusedPlay`: the refused attackers of each pass play each other at once.
* :class:`Margin`: the WTC's ritual; a team wins only when its sum beats the other's by more
  than ``margin`` points a player (team of 5, margin 1: by 6 or more); anything closer is a draw.
* :class:`Champion`: a champion step opens the ritual (each captain's secret champion; the two
  champions play each other), then the WTC's passes pair the rest.

>>> fmt = team_format_of(TeamFormatSettings(variant="margin", team_points="3-2-1"))
>>> fmt.outcome(48, 43, size=5), fmt.outcome(49, 43, size=5), fmt.team_points(Outcome.DEFEAT)
(<Outcome.TIE: 'tie'>, <Outcome.VICTORY: 'victory'>, 1)
"""

from __future__ import annotations

from typing import ClassVar

from rules.i18n import Message, _
from rules.its.scoring import Outcome
from rules.tournament.team_model import TeamFormatSettings, TeamPoints, TeamVariant

_POINTS = {
    TeamPoints.TWO_ONE_ZERO: {Outcome.VICTORY: 2, Outcome.TIE: 1, Outcome.DEFEAT: 0},
    TeamPoints.THREE_TWO_ONE: {Outcome.VICTORY: 3, Outcome.TIE: 2, Outcome.DEFEAT: 1},
}


class TeamFormat:
    """The base of every team format: the WTC's. A subclass overrides only what it changes."""

    variant: ClassVar[TeamVariant] = TeamVariant.WTC
    play_refused: ClassVar[bool] = False
    """Whether a pass's refused attackers play each other at once (else back to the pool)."""
    champion: ClassVar[bool] = False
    """Whether the ritual opens with the champion step."""
    name: ClassVar[Message] = _("WTC")

    def __init__(self, settings: TeamFormatSettings) -> None:
        self.settings = settings

    def outcome(self, points_a: int, points_b: int, *, size: int) -> Outcome:
        """Team a's outcome from both teams' summed game points: the higher sum wins.

        >>> Wtc(TeamFormatSettings()).outcome(50, 50, size=5)
        <Outcome.TIE: 'tie'>
        """
        if points_a == points_b:
            return Outcome.TIE
        return Outcome.VICTORY if points_a > points_b else Outcome.DEFEAT

    def team_points(self, outcome: Outcome) -> int:
        """Team points of ``outcome`` (a bye counts as a win).

        >>> Wtc(TeamFormatSettings()).team_points(Outcome.VICTORY)
        2
        """
        return _POINTS[self.settings.team_points][outcome]

    def describe(self) -> Message:
        """One line for summaries (a lazy message): ``WTC · team points 2/1/0``.

        >>> str(Wtc(TeamFormatSettings()).describe())
        'WTC · team points 2/1/0'
        """
        return _("{name} · team points {points}", name=self.name, points=self._points())

    def _points(self) -> str:
        return self.settings.team_points.value.replace("-", "/")


class Wtc(TeamFormat):
    """The WTC's (and ETC's) ritual and the higher sum of game points winning: the base as it is."""


class RefusedPlay(TeamFormat):
    """Each pass's refused attackers play each other at once; the rest is the WTC's."""

    variant = TeamVariant.REFUSED_PLAY
    play_refused = True
    name = _("refused attackers play")


class Margin(TeamFormat):
    """A team wins only by more than ``margin`` points a player; the rest is the WTC's."""

    variant = TeamVariant.MARGIN
    name = _("win by a margin")

    def outcome(self, points_a: int, points_b: int, *, size: int) -> Outcome:
        """A win needs more than ``margin × size`` points over the other team.

        >>> m = Margin(TeamFormatSettings(variant="margin", margin=2))
        >>> [m.outcome(a, 40, size=3) for a in (46, 47)], m.outcome(33, 40, size=3)
        ([<Outcome.TIE: 'tie'>, <Outcome.VICTORY: 'victory'>], <Outcome.DEFEAT: 'defeat'>)
        """
        needed = self.settings.margin * size
        if abs(points_a - points_b) <= needed:
            return Outcome.TIE
        return Outcome.VICTORY if points_a > points_b else Outcome.DEFEAT

    def describe(self) -> Message:
        return _(
            "{name} · team points {points} · a win by more than {margin} a player",
            name=self.name,
            points=self._points(),
            margin=self.settings.margin,
        )


class Champion(TeamFormat):
    """The ritual opens with each captain's secret champion; the champions play each other and
    the WTC's passes pair the rest."""

    variant = TeamVariant.CHAMPION
    champion = True
    name = _("champions first")


_VARIANTS: dict[TeamVariant, type[TeamFormat]] = {
    TeamVariant.CHAMPION: Champion,
    TeamVariant.WTC: Wtc,
    TeamVariant.REFUSED_PLAY: RefusedPlay,
    TeamVariant.MARGIN: Margin,
}


def team_format_of(settings: TeamFormatSettings) -> TeamFormat:
    """The :class:`TeamFormat` these settings describe.

    >>> team_format_of(TeamFormatSettings(variant="refused-play")).play_refused
    True
    """
    return _VARIANTS[settings.variant](settings)
