"""What /tournament asks or answers before a round is paired or a result is reported: who has
not checked in, who has no army list (or a held one), and whose opponent a game thread names.
Split from ``rounds.py`` (pairing and reporting), which asks these before acting."""

from __future__ import annotations

from bot.text import public
from cogs.tournament.state import TournamentGame
from rules.errors import RuleError
from rules.i18n import Message, _, ngettext
from rules.tournament import Tournament
from rules.tournament.checkin import absent as not_checked_in
from rules.tournament.lists import missing_lists


def _names(names: list[str]) -> Message | str:
    """At most 20 names, then how many more."""
    shown = ", ".join(names[:20])
    return _("{names} and {n} more", names=shown, n=len(names) - 20) if len(names) > 20 else shown


def absent_refusal(t: Tournament) -> Message | None:
    """Why round 1 is not paired yet while check-in is open and someone has not checked in."""
    missing = not_checked_in(t)
    if not missing:
        return None
    return ngettext(
        "Check-in is open and {n} player has not checked in: {names}. Pair with `absent:leave-out` to "
        "leave them out of round 1 (checking one in later with `/tournament checkin player` adds them "
        "back from the next round), or check them in first.",
        "Check-in is open and {n} players have not checked in: {names}. Pair with `absent:leave-out` to "
        "leave them out of round 1 (checking one in later with `/tournament checkin player` adds them "
        "back from the next round), or check them in first.",
        len(missing),
        n=len(missing),
        names=_names([public(p.name, 40) for p in missing]),
    )


def opponent_in_thread(state: TournamentGame, reporter: str, channel_id: int) -> str:
    """The reporter's opponent named by the pairing of the game thread ``channel_id`` (a report
    there needs no ``opponent:``); a RuleError saying what to give anywhere else."""
    t = state.tournament
    thread = state.thread_of(channel_id)
    current = t.current
    if thread is not None and current is not None and thread.round == current.number:
        game = next((g for g in current.games if g.table == thread.table), None)
        if game is not None and game.b is not None and reporter in game.players:
            return game.b if game.a == reporter else game.a
        raise RuleError(
            _(
                "This thread is table {table}'s, and you do not play there in round {number}: report from "
                "your own game's thread, or give `opponent:`.",
                table=thread.table,
                number=current.number,
            )
        )
    raise RuleError(
        _(
            "Say who you played with `opponent:`, or report from your game's thread (its pairing names "
            "your opponent)."
        )
    )


def lists_question(t: Tournament, *, leave_out: bool) -> list[Message] | None:
    """The sentences the organiser is asked before round 1 when lists are in use and some players who
    would be paired have none (or the organisers hold theirs); None: nothing to ask."""
    leaving = {p.id for p in not_checked_in(t)} if leave_out else set()
    missing = missing_lists(t, leaving_out=leaving)
    held = [p for p in t.active_players(1) if p.id in t.lists_held and p.id not in leaving]
    if (not missing and not held) or t.started:
        return None
    paired = len(t.active_players(1)) - len(leaving)
    parts: list[Message] = []
    if missing:
        parts.append(
            _(
                "{count} of the {paired} players round 1 would pair have handed in no army list: {names}.",
                count=len(missing),
                paired=paired,
                names=_names([public(p.name, 40) for p in missing]),
            )
        )
    parts.append(
        _(
            "Pairing locks the lists: after it only an organiser can hand one in "
            "(`/tournament list submit player:`)."
        )
    )
    if held:
        names = ", ".join(public(p.name, 40) for p in held[:20])
        parts.append(
            _("Lists you hold until fixed: {names} (their players may fix them after the lock).", names=names)
        )
    parts.append(_("Wait for them, or pair now."))
    return parts
