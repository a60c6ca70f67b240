"""Check-in: players confirm they are present before round 1; who has not is left out of it.

While check-in is open (:func:`open_checkin`), players check themselves in and organisers check
anyone in or out (:func:`set_checked_in`). Pairing round 1 while it is open leaves out those who
have not checked in (:func:`absent`), once the organiser confirms: :func:`leave_out_absent`
drops them before the round (``dropped_after=0``: in the event, never paired); checking such a
player in later adds them back from the next round to be paired.

>>> from rules.tournament import add_player, create_tournament
>>> t = create_tournament("GT", game="40k")
>>> for pid in "abcde":
...     t = add_player(t, pid, pid.upper())
>>> t = open_checkin(t)
>>> for pid in "abcd":
...     t = set_checked_in(t, pid, True)
>>> [p.name for p in absent(t)]
['E']
>>> t = leave_out_absent(t)
>>> [p.id for p in t.active_players(1)]
['a', 'b', 'c', 'd']
>>> set_checked_in(t, "e", True).player("e").dropped_after is None
True
"""

from __future__ import annotations

from rules.i18n import _, ngettext
from rules.tournament.model import MIN_PLAYERS, Player, Tournament, TournamentError


def _replace(t: Tournament, player: Player) -> Tournament:
    return t.model_copy(update={"players": [player if p.id == player.id else p for p in t.players]})


def open_checkin(t: Tournament) -> Tournament:
    """``t`` with check-in open (before round 1 is paired)."""
    if t.finished or t.started:
        raise TournamentError(
            _("Round 1 of {name} is already paired: check-in is for the start of the event.", name=t.name)
        )
    if t.checkin_open:
        raise TournamentError(_("Check-in for {name} is already open.", name=t.name))
    return t.model_copy(update={"checkin_open": True})


def close_checkin(t: Tournament) -> Tournament:
    """``t`` with check-in closed (who checked in is kept)."""
    if not t.checkin_open:
        raise TournamentError(_("Check-in for {name} is not open.", name=t.name))
    return t.model_copy(update={"checkin_open": False})


def set_checked_in(t: Tournament, player_id: str, present: bool) -> Tournament:
    """``t`` with the player checked in (``present``) or out. A player left out of round 1 for
    not checking in is added back: paired again from the next round."""
    player = t.player(player_id)
    if t.finished:
        raise TournamentError(_("{name} is finished.", name=t.name))
    left_out = player.dropped_after == 0
    if not t.checkin_open and not (present and left_out):
        raise TournamentError(
            _(
                "Check-in for {name} is not open: an organiser opens it with `/tournament checkin open`.",
                name=t.name,
            )
        )
    checked = [pid for pid in t.checked_in if pid != player_id] + ([player_id] if present else [])
    t = t.model_copy(update={"checked_in": checked})
    if present and left_out:
        back = player.model_copy(update={"dropped_after": None, "joined_round": len(t.rounds) + 1})
        t = _replace(t, back)
    return t


def absent(t: Tournament) -> list[Player]:
    """Players who would be paired in round 1 but have not checked in (empty when check-in is
    closed or round 1 is paired)."""
    if not t.checkin_open or t.started:
        return []
    here = set(t.checked_in)
    return [p for p in t.active_players(1) if p.id not in here]


def leave_out_absent(t: Tournament) -> Tournament:
    """``t`` with the players who have not checked in left out of round 1 (kept in the event,
    never paired until they check in)."""
    missing = absent(t)
    present = len(t.active_players(1)) - len(missing)
    if missing and present < MIN_PLAYERS:
        raise TournamentError(
            ngettext(
                "Only {n} player has checked in for {name}; round 1 needs at least {min_players}. "
                "Check more players in, or close check-in to pair everyone.",
                "Only {n} players have checked in for {name}; round 1 needs at least {min_players}. "
                "Check more players in, or close check-in to pair everyone.",
                present,
                n=present,
                name=t.name,
                min_players=MIN_PLAYERS,
            )
        )
    for player in missing:
        t = _replace(t, player.model_copy(update={"dropped_after": 0}))
    return t
