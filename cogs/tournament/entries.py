"""What ``/tournament create``, ``settings``, ``join`` and ``add`` check before a step, and what they
say once it is made: the tournament's own language (its choices, a language not yet complete
refused), the faction a player enters with, and the sentences that announce a new entrant.
Split from ``commands.py`` (the commands themselves)."""

from __future__ import annotations

from typing import Any

from discord import app_commands

from bot.i18n import NAMES, choosable
from bot.text import public
from cogs.tournament.state import TournamentGame, checked_text
from rules.errors import RuleError
from rules.i18n import Message, _, offered
from rules.tournament.factions import checked_faction
from rules.tournament.format_settings import GameSystem
from rules.tournament.formats import format_of

#: The value of ``/tournament settings language:`` that goes back to the server's language.
SERVER_LANGUAGE = "server"


def language_choices(*, server: bool = False) -> list[app_commands.Choice[str]]:
    """Each language Herald has a catalogue for, by its own name (as ``/herald language`` offers
    them); ``server``: first, the choice that follows the server's language again."""
    found = [app_commands.Choice(name=NAMES.get(lang, lang), value=lang) for lang in choosable()]
    if server:
        found.insert(
            0, app_commands.Choice(name="The server's language (/herald language)", value=SERVER_LANGUAGE)
        )
    return found


def checked_language(language: str) -> str | None:
    """A tournament's language as chosen (None: the server's), refused while it is not complete."""
    if language == SERVER_LANGUAGE:
        return None
    if language not in choosable():
        raise RuleError(_("Pick one of the languages offered in the list."))
    if language not in offered():
        raise RuleError(
            _(
                "{language} is not complete yet, and Herald never posts half a sentence in a "
                "language: it keeps posting in English until every message is translated.",
                language=NAMES.get(language, language),
            )
        )
    return language


def entered_faction(game: Any, faction: str, unlisted: bool) -> str:
    """The faction a player joins with: an ITS army from the list (or as typed with ``unlisted``);
    in other games, as typed."""
    checked_text(faction, _("faction"))
    if game is not None and format_of(game.state.tournament).game is not GameSystem.ITS:
        if not faction.strip():
            raise RuleError(_("The faction is empty: name your army's faction."))
        return faction
    return checked_faction(faction, unlisted=unlisted)


def joined_text(who: str, faction: str, club: str) -> Message:
    """``@Ann joined (PanOceania · club Dice Den).``"""
    if club:
        return _(
            "{player} joined ({faction} · club {club}).",
            player=who,
            faction=public(faction, 80),
            club=public(club, 80),
        )
    return _("{player} joined ({faction}).", player=who, faction=public(faction, 80))


def added_text(who: str, faction: str, club: str) -> Message:
    if club:
        return _(
            "{player} added ({faction} · club {club}).",
            player=who,
            faction=public(faction, 80),
            club=public(club, 80),
        )
    return _("{player} added ({faction}).", player=who, faction=public(faction, 80))


def refuse_in_team_event(state: TournamentGame) -> None:
    """A team event's players join through their team."""
    if state.tournament.team_size is not None:
        raise RuleError(
            _(
                "{name} is a team event: players join a team. A captain adds them with "
                "`/tournament team add player:...`, or starts a team with `/tournament team create`.",
                name=public(state.tournament.name, 80),
            )
        )
