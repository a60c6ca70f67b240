"""The channel's ITS game as stored: the rules' :class:`~rules.its.match.Match`, saved per channel.

One stored game per channel (kind ``its_match``) holds the classified draw and the score sheet,
so both belong to the same two players and survive restarts. The stored JSON is the match's own
fields, unchanged since the first version (seats, draw_scenario, draw, revealed, sheet,
confirmed, tracker_step, sheet_step).
"""

from __future__ import annotations

from bot.games import GameKind, GameState
from bot.play import GameKit
from rules.its.match import Match

KIND = GameKind(
    key="its_match",
    label="an ITS match",
    start_hint="/its score or /its classified draw",
    end_hint="/its end",
)


class ItsMatch(GameState, Match):
    """Stored per channel. Every field is replaced as a whole, never edited in place."""

    SCHEMA_VERSION = 1


KIT: GameKit[ItsMatch] = GameKit(
    KIND,
    ItsMatch,
    moved_on="This match has moved on (it was ended or replaced), so that control no longer applies.",
)
