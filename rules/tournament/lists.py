"""Army lists handed in for a tournament: sealed until revealed, locked once round 1 is paired,
and checked against the event (points limit, the faction the player joined with, unreadable units).

A list is a :class:`SubmittedList`: a roster file read by the same parser as ``/40k list import``
(:func:`rules.wh40k.roster.parse_roster`, with its size and hostility limits) or a text of at
most :data:`MAX_LIST_TEXT` characters (any game: an Infinity army code, a link, a typed list).
The checks say what they find and never refuse: a check that cannot be made (a text list has no
points Herald can read) is simply not made.

Who sees a list: its player and the organisers until the lists are revealed
(:func:`may_see`); everyone after. Who may hand one in: the player until round 1 is paired (or
while the organisers hold their list), an organiser at any time (:func:`check_submission`).

An organiser may hold a list that breaks the event's rules until it is fixed (:func:`hold_list`,
:func:`release_list`): a held list is shown as held with the reason to its player and the
organisers, and its player may hand in a fixed one even after the lock. Pairing round 1 asks the
organiser first when lists are in use and some players have none (:func:`missing_lists`).

>>> entry = text_list("Ann's Nomads: https://infinityuniverse.com/army/list/abc")
>>> entry.kind, problems(entry, limit=None, faction="Nomads")
('text', [])
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from functools import lru_cache
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from rules.i18n import Message, Translator, _, ngettext
from rules.tournament.model import Player, Tournament, TournamentError
from rules.wh40k.notes import Note
from rules.wh40k.roster import Roster

MAX_LIST_TEXT = 4000
"""Characters of a typed list (an embed's description holds 4,096)."""
MAX_SHOWN_PROBLEMS = 10
"""Unreadable-unit notes kept per list (the parser keeps up to 40)."""


class SubmittedList(BaseModel):
    """One player's list as stored: a roster's summary and JSON, or a text."""

    model_config = ConfigDict(frozen=True)

    kind: Literal["roster", "text"]
    text: str = Field(default="", max_length=MAX_LIST_TEXT)
    """The typed list (``text``), or the roster's name (``roster``)."""
    faction: str = ""
    points: int | None = None
    units: int = 0
    unreadable: list[Note] = Field(default_factory=list)
    """What the parser could not read, as it said it (kept as notes, so said again in any
    language; a list stored by an older Herald holds English text)."""
    filename: str = ""


def text_list(text: str) -> SubmittedList:
    """A typed list, refused when empty or longer than :data:`MAX_LIST_TEXT` characters.

    >>> text_list("   ")
    Traceback (most recent call last):
    ...
    rules.tournament.model.TournamentError: The list is empty: paste your list, an army code or a link.
    """
    text = text.strip()
    if not text:
        raise TournamentError(_("The list is empty: paste your list, an army code or a link."))
    if len(text) > MAX_LIST_TEXT:
        raise TournamentError(
            _(
                "That list has {count:,} characters; a typed list holds at most {max_list_text:,}. "
                "Shorten it, send a link, or hand in the roster file with `file:`.",
                count=len(text),
                max_list_text=MAX_LIST_TEXT,
            )
        )
    return SubmittedList(kind="text", text=text)


def roster_list(roster: Roster, filename: str) -> SubmittedList:
    """A parsed roster file's summary."""
    return SubmittedList(
        kind="roster",
        text=roster.name,
        faction=roster.faction,
        points=roster.points,
        units=len(roster.units),
        unreadable=list(roster.problems[:MAX_SHOWN_PROBLEMS]),
        filename=filename[:100],
    )


MAX_WARGEAR_LABELS = 12
"""Weapon labels kept per unit in a list's public units (the parser keeps up to 30)."""


class ListUnit(BaseModel):
    """One unit of a roster as a revealed list shows it: its name, models, points, enhancements and
    wargear (as BCP and New Recruit's text export list them)."""

    model_config = ConfigDict(frozen=True)

    name: str
    models: int
    points: int | None = None
    enhancements: list[str] = Field(default_factory=list)
    wargear: list[str] = Field(default_factory=list)
    """``Bolt rifle x5``: each weapon once, counted over the unit's models (at most
    :data:`MAX_WARGEAR_LABELS`; ``…`` stands for the rest)."""

    def line(self, shown: Callable[[str], str] = str, t: Translator | None = None) -> str:
        """``Intercessor Squad · 5 models · 90 pts — Bolt rifle x5, Close combat weapon x5``;
        ``shown`` neutralises what came from the file (names, enhancements, wargear) for where the
        line is shown, and leaves the line's own punctuation alone. ``t`` says the line's words
        (models, points, enhancements) in its reader's language; English without it.

        >>> ListUnit(name="Warboss", models=1).line()
        'Warboss · 1 model'
        >>> ListUnit(name="Seer", models=1, points=75, enhancements=["Ember Crown"], wargear=["Staff"]).line()
        'Seer · 1 model · 75 pts · Enhancement: Ember Crown — Staff'
        """
        said: Callable[[Message], str] = t if t is not None else str
        head = [shown(self.name), said(ngettext("{n} model", "{n} models", self.models, n=self.models))]
        if self.points is not None:
            head.append(said(_("{points} pts", points=self.points)))
        if self.enhancements:
            head.append(
                said(
                    ngettext(
                        "Enhancement: {names}",
                        "Enhancements: {names}",
                        len(self.enhancements),
                        names=shown(", ".join(self.enhancements)),
                    )
                )
            )
        line = " · ".join(head)
        return f"{line} — {shown(', '.join(self.wargear))}" if self.wargear else line


def list_units(roster: Roster) -> list[ListUnit]:
    """A roster's units as a list shows them, in the roster's order (what ``/tournament list show``
    and the tournament's web page both show).

    >>> from rules.wh40k.roster import RosterUnit
    >>> [u.line() for u in list_units(Roster(name="GT", units=(RosterUnit(name="Boyz", models=10),)))]
    ['Boyz · 10 models']
    """
    units = []
    for unit in roster.units:
        labels = unit.weapon_labels()
        if len(labels) > MAX_WARGEAR_LABELS:
            labels = [*labels[: MAX_WARGEAR_LABELS - 1], "…"]
        units.append(
            ListUnit(
                name=unit.name,
                models=unit.models,
                points=unit.points,
                enhancements=list(unit.enhancements),
                wargear=labels,
            )
        )
    return units


@lru_cache(maxsize=4096)
def _key(text: str) -> str:
    """``text`` folded for comparing faction names (a page checks every revealed list each time)."""
    folded = unicodedata.normalize("NFKD", text)
    return re.sub(r"[^a-z0-9]", "", "".join(c for c in folded if not unicodedata.combining(c)).lower())


def problems(
    entry: SubmittedList, *, limit: int | None, faction: str, shown: Callable[[str], str] = str
) -> list[str]:
    """What an organiser should look at in a list, one sentence each (empty: nothing found).

    Checked when the list says it: points over ``limit``, a faction that is not the one the
    player joined with (``faction``; either containing the other counts as the same), units the
    parser could not read. A text list has none of these to check. ``shown`` is applied to every
    value that came from a player (faction names, the parser's notes) before it is put in a
    sentence, so a caller can neutralise them.

    >>> roster = SubmittedList(kind="roster", text="GT", faction="Orks", points=2010, units=9)
    >>> problems(roster, limit=2000, faction="Space Marines")
    ['2010 points: over the 2000-point limit by 10.', 'Faction Orks, but joined as Space Marines.']
    >>> problems(roster, limit=2000, faction="orks")
    ['2010 points: over the 2000-point limit by 10.']
    """
    return [str(found) for found in problem_messages(entry, limit=limit, faction=faction, shown=shown)]


def problem_messages(
    entry: SubmittedList,
    *,
    limit: int | None,
    faction: str | None,
    shown: Callable[[str], str] = str,
) -> list[Message]:
    """:func:`problems` as lazy messages, for the reader's language."""
    found = []
    if entry.points is not None and limit and entry.points > limit:
        found.append(
            _(
                "{points} points: over the {limit}-point limit by {over}.",
                points=entry.points,
                limit=limit,
                over=entry.points - limit,
            )
        )
    mine, joined = _key(entry.faction), _key(faction)
    if mine and joined and mine not in joined and joined not in mine:
        found.append(
            _(
                "Faction {faction}, but joined as {joined}.",
                faction=shown(entry.faction),
                joined=shown(faction),
            )
        )
    if entry.unreadable:
        said = [_said_note(note, shown) for note in entry.unreadable[:3]]
        notes = said[-1]
        for earlier in reversed(said[:-1]):
            notes = _("{earlier}; {later}", earlier=earlier, later=notes)
        found.append(
            ngettext(
                "{n} part could not be read: {notes}",
                "{n} parts could not be read: {notes}",
                len(entry.unreadable),
                n=len(entry.unreadable),
                notes=notes,
            )
        )
    return found


def _said_note(note: str, shown: Callable[[str], str]) -> Message | str:
    """A parser's note in the reader's language (``shown`` applied to what came from the file);
    a note stored as plain text is shown as it is."""
    if not isinstance(note, Note):
        return shown(note)
    message = note.message()
    values = {k: shown(v) if isinstance(v, str) else v for k, v in message.params.items()}
    return Message(message.msgid, values, message.plural, message.n)


def locked(t: Tournament) -> bool:
    """Lists are locked from the pairing of round 1 on."""
    return t.started


def check_submission(t: Tournament, player_id: str, *, organiser: bool) -> None:
    """Refuse a submission a player may no longer make (an organiser may always replace one).

    >>> from rules.tournament.model import Player, Round, Game
    >>> t = Tournament(name="GT", tier=300, players=[Player(id="a", name="Ann"), Player(id="b", name="Bo")],
    ...     rounds=[Round(number=1, games=[Game(a="a", b="b", table=1)])])
    >>> check_submission(t, "a", organiser=False)
    Traceback (most recent call last):
    ...
    rules.tournament.model.TournamentError: Round 1 of GT is paired, so the lists are locked: ...
    """
    t.player(player_id)
    if t.finished:
        raise TournamentError(_("{name} is finished; its lists no longer change.", name=t.name))
    if locked(t) and not organiser and player_id not in t.lists_held:
        raise TournamentError(
            _(
                "Round 1 of {name} is paired, so the lists are locked: ask an organiser to replace yours.",
                name=t.name,
            )
        )


def handed_in(t: Tournament, player_id: str) -> Tournament:
    """``t`` noting that ``player_id``'s list is stored (a replacement changes nothing but the
    tournament's version, so pages showing the lists refresh).

    >>> handed_in(Tournament(name="GT", tier=300), "a").lists_handed_in
    ['a']
    """
    kept = [p for p in t.lists_handed_in if p != player_id]
    return t.model_copy(update={"lists_handed_in": [*kept, player_id]})


def may_see(t: Tournament, *, owner: bool, organiser: bool) -> bool:
    """Whether someone may see a player's list: theirs and the organisers' until revealed."""
    return owner or organiser or t.lists_revealed


def reveal(t: Tournament) -> Tournament:
    """``t`` with every list visible to everyone.

    >>> reveal(Tournament(name="GT", tier=300)).lists_revealed
    True
    """
    if t.lists_revealed:
        raise TournamentError(_("The lists of {name} are already revealed.", name=t.name))
    return t.model_copy(update={"lists_revealed": True})


def list_label(entry: SubmittedList, limit: int = 40) -> str:
    """What names a list on one line: a roster's name, or a typed list's first line, cut to
    ``limit`` characters.

    >>> list_label(text_list("Ann's Nomads\\nCorregidor Jaguars"))
    "Ann's Nomads"
    """
    lines = entry.text.strip().splitlines()
    first = lines[0].strip() if lines else ""
    return first if len(first) <= limit else first[: limit - 1].rstrip() + "…"


MAX_HOLD_REASON = 200
"""Characters of an organiser's reason for holding a list."""


def hold_list(t: Tournament, player_id: str, reason: str) -> Tournament:
    """``t`` with ``player_id``'s list held until fixed, saying why (a list must be handed in).

    >>> t = handed_in(Tournament(name="GT", tier=300, players=[Player(id="a", name="Ann")]), "a")
    >>> hold_list(t, "a", "2010 points").lists_held
    {'a': '2010 points'}
    """
    player = t.player(player_id)
    if t.finished:
        raise TournamentError(_("{name} is finished; its lists no longer change.", name=t.name))
    if player_id not in t.lists_handed_in:
        raise TournamentError(_("{player} has handed in no list to hold.", player=player.name))
    reason = " ".join(reason.split())[:MAX_HOLD_REASON]
    if not reason:
        raise TournamentError(_("Say why the list is held (`reason:`), so its player knows what to fix."))
    return t.model_copy(update={"lists_held": {**t.lists_held, player_id: reason}})


def release_list(t: Tournament, player_id: str) -> Tournament:
    """``t`` with ``player_id``'s list no longer held (it was fixed)."""
    player = t.player(player_id)
    if player_id not in t.lists_held:
        raise TournamentError(_("{player}'s list is not held.", player=player.name))
    return t.model_copy(update={"lists_held": {k: v for k, v in t.lists_held.items() if k != player_id}})


def missing_lists(t: Tournament, *, leaving_out: set[str] | frozenset[str] = frozenset()) -> list[Player]:
    """Players round 1 would pair who have handed in no list, when lists are in use (someone
    handed one in) and round 1 is not paired yet; ``leaving_out``: ids left out of round 1.

    >>> t = Tournament(name="GT", tier=300, players=[Player(id="a", name="Ann"), Player(id="b", name="Bo")])
    >>> missing_lists(t), [p.name for p in missing_lists(handed_in(t, "a"))]
    ([], ['Bo'])
    """
    if t.started or not t.lists_handed_in:
        return []
    handed = set(t.lists_handed_in)
    return [p for p in t.active_players(1) if p.id not in handed and p.id not in leaving_out]
