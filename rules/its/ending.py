"""Who may end a channel's ITS match, and whose agreement that needs.

Ending a match deletes both players' drawn objectives and the score sheet. One player alone may
not take that from the other: while the other player still has something in the match (cards
nobody has seen, a Countermeasures game under way, a sheet they have not both confirmed), ending
needs their agreement. A match with one player, or one where nothing of the other player's is
left to lose (cards revealed, sheet confirmed by both), ends on the asking player's word. A Manage
Server member who is not playing ends a match on their own (they settle disputes); a member who
is playing asks like any player.

>>> from rules.its.match import Match
>>> m, _ = Match().seat_for(1, "Ann")
>>> agreement_needed(m, 1, manager=False) is None
True
"""

from __future__ import annotations

from rules.errors import RuleError
from rules.i18n import Message, _
from rules.its.classified import DrawMode, Phase
from rules.its.match import Match


def agreement_needed(match: Match, user_id: int, *, manager: bool) -> int | None:
    """The seat whose player must agree before ``user_id`` ends ``match``, or None (no one).

    Raises :class:`RuleError` for someone who is neither a player nor a manager.

    >>> from rules.its.match import Match
    >>> m, _ = Match().seat_for(1, "Ann")
    >>> m, _ = m.seat_for(2, "Bo")
    >>> agreement_needed(m, 1, manager=False) is None  # nothing drawn or scored yet
    True
    >>> agreement_needed(m, 3, manager=True) is None
    True
    """
    seat = match.seat_of(user_id)
    if seat is None:
        if manager:
            return None
        raise RuleError(
            _(
                "Only the players ({players}) or a Manage Server member can end this match.",
                players=match.player_list(),
            )
        )
    for other in range(len(match.seats)):
        if other != seat and has_stake(match, other):
            return other
    return None


def has_stake(match: Match, seat: int) -> bool:
    """True while ending the match would take something from ``seat``'s player.

    That is: classified cards of theirs nobody has seen, a Countermeasures game not over, or a
    score sheet both players have not confirmed.
    """
    draw = match.draw
    if draw is not None and seat < len(draw.players):
        if draw.setup.mode is DrawMode.COUNTERMEASURES:
            if draw.phase is not Phase.OVER:
                return True
        elif seat not in match.revealed:
            player = draw.players[seat]
            if player.kept or player.pair:
                return True
    return match.sheet is not None and not match.final


def stake_text(match: Match, seat: int) -> Message:
    """What ending would take from ``seat``'s player, said to them (the request addresses them).

    >>> str(stake_text(Match(), 0))
    'your part of this match'
    """
    draw = match.draw
    bits: list[Message] = []
    if draw is not None and seat < len(draw.players):
        if draw.setup.mode is DrawMode.COUNTERMEASURES and draw.phase is not Phase.OVER:
            bits.append(_("the Countermeasures game under way"))
        elif draw.setup.mode is not DrawMode.COUNTERMEASURES and seat not in match.revealed:
            player = draw.players[seat]
            if player.kept or player.pair:
                bits.append(_("your classified objectives, which nobody else has seen"))
    if match.sheet is not None and not match.final:
        bits.append(_("the score sheet, not yet confirmed by both"))
    if len(bits) == 2:
        return _("{first} and {second}", first=bits[0], second=bits[1])
    return bits[0] if bits else _("your part of this match")
