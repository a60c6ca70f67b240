"""The channel's ITS game: who plays, their classified draw and their score sheet.

One stored game per channel (kind ``its_match``) holds both, so a draw and a sheet started in
the same channel belong to the same two players and survive restarts. Player index ``i`` of
the draw and side A/B of the sheet are both seat ``i``.
"""

from __future__ import annotations

import random

from pydantic import BaseModel, ConfigDict, Field

from bot.games import GameKind, GameState
from rules.errors import RuleError
from rules.its.classified import ClassifiedState
from rules.its.scoring import ScoreSheet, Side

KIND = GameKind(
    key="its_match",
    label="an ITS match",
    start_hint="/its score or /its classified draw",
    end_hint="/its end",
)

#: The draw's name for a seat nobody has taken yet (the opponent joins by drawing too).
OPEN_SEAT = "Opponent"


class Seat(BaseModel):
    model_config = ConfigDict(frozen=True)

    user_id: int
    name: str


class ItsMatch(GameState):
    """Stored per channel. Every field is replaced as a whole, never edited in place."""

    SCHEMA_VERSION = 1

    seats: list[Seat] = Field(default_factory=list, max_length=2)
    draw_scenario: str | None = None
    draw: ClassifiedState | None = None
    revealed: list[int] = Field(default_factory=list, description="Seats that showed their cards.")
    sheet: ScoreSheet | None = None
    confirmed: list[Side] = Field(default_factory=list)
    tracker_step: int = Field(
        default=0,
        description="Countermeasures tracker: counts its own button presses, so only they stale it.",
    )
    sheet_step: int = Field(
        default=0,
        description="Score sheet: counts its edits and confirmations, so only they stale its controls.",
    )

    def seat_of(self, user_id: int) -> int | None:
        return next((i for i, s in enumerate(self.seats) if s.user_id == user_id), None)

    def names(self) -> tuple[str, str]:
        first = self.seats[0].name if self.seats else "Player A"
        second = self.seats[1].name if len(self.seats) > 1 else OPEN_SEAT
        return first, second

    def player_list(self) -> str:
        return " and ".join(f"<@{s.user_id}>" for s in self.seats) or "nobody yet"

    def seat_for(self, user_id: int, name: str, rng: random.Random | None = None) -> tuple[ItsMatch, int]:
        """This match with ``user_id`` seated (taking the open seat if needed), and their seat.

        ``rng`` lets a draw that was waiting for this player move on (say, to the INTELCOM roll)."""
        seat = self.seat_of(user_id)
        if seat is not None:
            return self, seat
        if len(self.seats) >= 2:
            raise RuleError(
                f"This channel's ITS match is between {self.player_list()}: only they can take part. "
                "Start yours in another channel or a thread, or ask them to finish with /its end."
            )
        seats = [*self.seats, Seat(user_id=user_id, name=name)]
        update: dict[str, object] = {"seats": seats}
        if self.draw is not None and len(self.draw.players) > len(seats) - 1:
            # The draw was dealt for an open seat: the newcomer takes that hand under their own name.
            index = len(seats) - 1
            own = _distinct(name, [p.name for p in self.draw.players[:index]])
            update["draw"] = self.draw.join(index, own, rng or random.Random())
        return self.model_copy(update=update), len(seats) - 1


def _distinct(name: str, taken: list[str]) -> str:
    """A display name different from ``taken`` (two players called "Sam" in one draw)."""
    folded = {t.casefold() for t in taken}
    if name.casefold() not in folded:
        return name
    n = 2
    while f"{name} ({n})".casefold() in folded:
        n += 1
    return f"{name} ({n})"


def open_seats(seats: list[Seat]) -> list[int]:
    """Draw seats nobody has taken yet: the draw waits for them."""
    return list(range(len(seats), 2))


def draw_names(seats: list[Seat]) -> list[str]:
    """The two names a new draw is dealt for."""
    first = seats[0].name if seats else OPEN_SEAT
    second = seats[1].name if len(seats) > 1 else OPEN_SEAT
    return [first, _distinct(second, [first])]
