"""The channel's ITS game as stored: the rules' :class:`~rules.its.match.Match`, saved per channel.

One stored game per channel (kind ``its_match``) holds the classified draw and the score sheet,
so both belong to the same two players and survive restarts. The stored JSON is the match's own
fields, unchanged since the first version (seats, draw_scenario, draw, revealed, sheet,
confirmed, tracker_step, sheet_step).
"""

from __future__ import annotations

from bot.games import GameKind, GameState, Seat
from bot.play import GameKit
from rules.i18n import _
from rules.its.match import Match
from rules.its.scoring import Side

KIND = GameKind(
    key="its_match",
    label="an ITS match",
    start_hint=_("`/its score` or `/its classified draw`"),
    end_hint="/its end",
    seats=lambda match: seats(match),
    noun=_("ITS match"),
    called=_("an ITS match"),
)


class ItsMatch(GameState, Match):
    """Stored per channel. Every field is replaced as a whole, never edited in place."""

    SCHEMA_VERSION = 1


KIT: GameKit[ItsMatch] = GameKit(
    KIND,
    ItsMatch,
    moved_on=_("This match has moved on (it was ended or replaced), so that control no longer applies."),
)


def seats(match: Match) -> list[Seat]:
    """For /games: both players, and who has something outstanding: an invitation to answer, a
    Countermeasures Player Turn to play, or a side of the score sheet to confirm. A match a
    tournament's pairing seated has none: /games lists the tournament's game (which names the
    thread), so the one game is listed once and stops waiting when its result is in, whichever way
    it came; a closed match (its pairing taken back) waits on nobody."""
    if match.paired or match.closed:
        return []
    found = [Seat(s.user_id) for s in match.seats]
    if match.invited is not None:
        what = _("accept or decline the invitation to this match (its buttons)")
        found.append(Seat(match.invited.user_id, what))
    draw = match.draw
    if draw is not None and draw.turn_player is not None and draw.turn_player < len(match.seats):
        what = _("your Player Turn: the Countermeasures tracker")
        found.append(Seat(match.seats[draw.turn_player].user_id, what))
    if match.sheet is not None and not match.final:
        for index, side in enumerate((Side.A, Side.B)):
            if index < len(match.seats) and side not in match.confirmed:
                what = _("check and confirm your side of the score sheet")
                found.append(Seat(match.seats[index].user_id, what))
    return found
