"""The format part of a stored tournament (which game, which scoring, the army points limit),
kept apart from :mod:`rules.tournament.formats` so the state model can hold it without importing
the formats' behaviour.

>>> FormatSettings(game="40k", scoring="wtc", band=10).band
10
"""

from __future__ import annotations

import re
from enum import StrEnum
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

MAX_VP = 100
"""Victory points of one side of a 40k or Boarding Actions game: 90 from the mission, 10 painted."""
WTC_TOTAL = 20
"""Match points of one WTC-scored game, shared between both sides."""
WTC_STEPS = 10
"""A side's match points move from 10 (a close game) to 20 (a rout) in this many bands."""
DEFAULT_BAND = 5
"""VP of difference per match point in the common WTC table (0-5 is 10-10, 51+ is 20-0)."""
MIN_BAND, MAX_BAND = 1, 10
MIN_ARMY_POINTS, MAX_ARMY_POINTS_LIMIT = 100, 10_000
RECORD_WIN, RECORD_DRAW, RECORD_LOSS = 10, 5, 0
"""Ranking points of a win, a draw and a loss in the 40k ``record`` scoring (as at AdeptiCon)."""


class GameSystem(StrEnum):
    """The game a tournament plays."""

    ITS = "its"
    WH40K = "40k"
    BOARDING_ACTIONS = "boarding-actions"


class Scoring(StrEnum):
    """How a VP game becomes ranking points (ITS has its own: Tournament Points)."""

    ITS = "its"
    RECORD = "record"
    WTC = "wtc"


DEFAULT_POINTS = {GameSystem.WH40K: 2000, GameSystem.BOARDING_ACTIONS: 500}
"""The army points limit when the organiser gives none."""


class FormatSettings(BaseModel):
    """The format part of a stored tournament: the game, its scoring and the army points limit.

    ITS keeps its army points in ``Tournament.tier``; ``points`` is the limit of the other games.

    >>> FormatSettings().game, FormatSettings(game="40k").scoring
    (<GameSystem.ITS: 'its'>, <Scoring.RECORD: 'record'>)
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    game: GameSystem = GameSystem.ITS
    scoring: Scoring | None = None
    """None: the game's default (ITS: its own; 40k and Boarding Actions: ``record``)."""
    points: int | None = Field(default=None, ge=MIN_ARMY_POINTS, le=MAX_ARMY_POINTS_LIMIT)
    band: int = Field(default=DEFAULT_BAND, ge=MIN_BAND, le=MAX_BAND)
    bye_battle_points: int | Literal["average"] = 0
    """VP games: the battle points a bye is worth: a number (0, the default, as before), or
    ``"average"``: the player's average over the games they played (rounded, halves up)."""

    @model_validator(mode="after")
    def _fits(self) -> FormatSettings:
        if self.scoring is None:
            chosen = Scoring.ITS if self.game is GameSystem.ITS else Scoring.RECORD
            object.__setattr__(self, "scoring", chosen)
        its_game, its_scoring = self.game is GameSystem.ITS, self.scoring is Scoring.ITS
        if its_game != its_scoring:
            raise ValueError("ITS is scored in Tournament Points; 40k and Boarding Actions in record or wtc")
        if isinstance(self.bye_battle_points, int) and not 0 <= self.bye_battle_points <= MAX_VP:
            raise ValueError(f"a bye's battle points go from 0 to {MAX_VP}")
        if its_game and self.bye_battle_points != 0:
            raise ValueError("ITS has its own bye (3 TP, and the bye adjustment in final standings)")
        return self


def parse_bye_points(text: str) -> int | Literal["average"]:
    """What an organiser typed as ``bye_points:``: a number of battle points or ``average``.

    >>> parse_bye_points(" 20 "), parse_bye_points("Average")
    (20, 'average')
    """
    cleaned = text.strip().lower()
    if cleaned in ("average", "avg", "mean"):
        return "average"
    if re.fullmatch(r"[0-9]{1,3}", cleaned) and int(cleaned) <= MAX_VP:
        return int(cleaned)
    raise ValueError(
        f"`bye_points:` is a number of battle points from 0 to {MAX_VP}, or `average` (the player's "
        f"average over the games they played); {text[:20]!r} is neither."
    )
