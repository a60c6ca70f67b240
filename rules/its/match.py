"""One ITS match between two players: who sits where, and how the shared score sheet changes.

A channel's match holds both the classified draw and the score sheet, so seat ``i`` is player
``i`` of the draw and side A (seat 0) or B (seat 1) of the sheet. Players take seats by drawing
or by starting the sheet; the second seat may stay open while the first player draws, and the
newcomer then takes the hand dealt for it.

A player who names their opponent (``/its score opponent:``, or a draw naming one) does not
seat them: the second seat is *invited*, reserved for that person until they accept (or act in
the match themselves). Nobody else may take a reserved seat; an open seat nobody was named for
goes to whoever takes it first.

The sheet's two rules live here too: an entry left unset and one set to 0 (or "no", or nothing)
are the same, and any edit that really changes a side clears both players' confirmations.

>>> m, seat = Match().seat_for(1, "Ann")
>>> m, other = m.seat_for(2, "Bo")
>>> (seat, other, m.names())
(0, 1, ('Ann', 'Bo'))
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from typing import Self

from pydantic import BaseModel, ConfigDict, Field

from rules.errors import RuleError
from rules.i18n import Text, _
from rules.its.classified import ClassifiedState, Phase, SecureHvt, Step
from rules.its.scenario import Scenario
from rules.its.scoring import ScoreSheet, SheetSide, Side, apply, check_claims

#: A match is between two players.
SEATS = 2
#: The draw's name for a seat nobody has taken yet (the opponent joins by drawing too).
OPEN_SEAT = "Opponent"
#: No scenario has a player keep more printed cards than this.
MAX_RECORD_CARDS = 10


class SheetFinal(RuleError):
    """The score sheet was confirmed by both players: it no longer changes."""


class MatchClosed(RuleError):
    """The match no longer counts (the tournament pairing that seated it was taken back)."""


class SeatReserved(RuleError):
    """The open seat is named for someone else: only they (or a Manage Server member) answer."""


class Seat(BaseModel):
    """A player at the table: their Discord id and the name the channel knows them by."""

    model_config = ConfigDict(frozen=True)

    user_id: int
    name: str


class Match(BaseModel):
    """Seats, the classified draw and the score sheet. Every change returns a new match."""

    seats: list[Seat] = Field(default_factory=list, max_length=SEATS)
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
    invited: Seat | None = Field(
        default=None, description="Who the open second seat is reserved for, until they accept."
    )
    seat_step: int = Field(
        default=0,
        description="Counts invitations and their answers, so only they stale an invitation's buttons.",
    )
    paired: bool = Field(
        default=False,
        description="Seated by a tournament's pairing: /games lists the tournament's game, not this match.",
    )
    closed: str | None = Field(
        default=None,
        description="Why this match no longer counts (its pairing was taken back): every sheet change "
        "is refused with this text.",
    )

    # -- seats -------------------------------------------------------------------------------

    def seat_of(self, user_id: int) -> int | None:
        """The seat ``user_id`` sits in, or None.

        >>> Match().seat_for(7, "Ann")[0].seat_of(7), Match().seat_of(7)
        (0, None)
        """
        return next((i for i, s in enumerate(self.seats) if s.user_id == user_id), None)

    def names(self) -> tuple[str, str]:
        """Both seats' names; a seat nobody took yet is named by its role.

        >>> Match().names()
        ('Player A', 'Opponent')
        """
        first = self.seats[0].name if self.seats else "Player A"
        if len(self.seats) > 1:
            second = self.seats[1].name
        else:
            second = self.invited.name if self.invited is not None else OPEN_SEAT
        return first, second

    def player_list(self) -> Text:
        """The players as Discord mentions (a lazy message when it has words to translate).

        >>> Match().seat_for(7, "Ann")[0].player_list()
        '<@7>'
        """
        mentions = [f"<@{s.user_id}>" for s in self.seats]
        if not mentions:
            return _("nobody yet")
        if len(mentions) == 1:
            return mentions[0]
        return _("{first} and {second}", first=", ".join(mentions[:-1]), second=mentions[-1])

    def seat_for(self, user_id: int, name: str, rng: random.Random | None = None) -> tuple[Self, int]:
        """This match with ``user_id`` seated (taking the open seat if needed), and their seat.

        A third player is refused, and so is anyone but the invited player when the open seat
        is reserved (the invited player taking it is their acceptance). When a draw was dealt for
        the open seat, the newcomer takes that hand under their own name (made distinct from the
        other player's), and ``rng`` lets the waiting draw move on (to the INTELCOM roll, say).

        >>> m, _ = Match().seat_for(1, "Ann")
        >>> m, _ = m.seat_for(2, "Bo")
        >>> m.seat_for(3, "Cy")
        Traceback (most recent call last):
        ...
        rules.errors.RuleError: This channel's ITS match is between <@1> and <@2>: ...
        >>> Match().seat_for(1, "Ann")[0].invite(1, 2, "Bo").seat_for(3, "Cy")
        Traceback (most recent call last):
        ...
        rules.its.match.SeatReserved: The second seat of this match is reserved for <@2>: ...
        """
        seat = self.seat_of(user_id)
        if seat is not None:
            return self, seat
        self._check_room()
        if self.invited is not None and self.invited.user_id != user_id:
            raise self._reserved()
        return self._take(Seat(user_id=user_id, name=name), rng)

    def invite(self, by: int, user_id: int, name: str) -> Self:
        """This match with the open seat reserved for ``user_id``, named by ``by``, a seated player.

        Naming someone already seated changes nothing; naming someone else than the current
        invitee moves the reservation to them (the inviter corrects their choice).

        >>> m = Match().seat_for(1, "Ann")[0].invite(1, 2, "Bo")
        >>> m.names(), m.seat_of(2), m.invited.user_id, m.seat_step
        (('Ann', 'Bo'), None, 2, 1)
        >>> m.invite(1, 1, "Ann") is m, m.invite(1, 2, "Bo") is m
        (True, True)
        """
        if self.seat_of(user_id) is not None:
            return self
        if self.seat_of(by) is None:
            raise RuleError(_("Only a player of this match can name the opponent for its other seat."))
        self._check_room()
        if self.invited is not None and self.invited.user_id == user_id:
            return self
        invited = Seat(user_id=user_id, name=name)
        return self.model_copy(update={"invited": invited, "seat_step": self.seat_step + 1})

    def accept(self, by: int, rng: random.Random | None = None, *, manager: bool = False) -> tuple[Self, int]:
        """This match with the invited player seated, and their seat.

        Only the invited player accepts, or a Manage Server member (``manager``) for them.

        >>> m = Match().seat_for(1, "Ann")[0].invite(1, 2, "Bo")
        >>> m.accept(3)
        Traceback (most recent call last):
        ...
        rules.its.match.SeatReserved: The second seat of this match is reserved for <@2>: ...
        >>> m, seat = m.accept(2)
        >>> seat, m.names(), m.invited
        (1, ('Ann', 'Bo'), None)
        """
        invited = self.invited
        if invited is None:
            raise RuleError(
                _("Nobody is invited to this match any more: its seats are as the channel shows.")
            )
        if by != invited.user_id and not manager:
            raise self._reserved()
        return self._take(invited, rng)

    def decline(self, by: int, *, manager: bool = False) -> tuple[Self, Seat]:
        """This match with the invitation withdrawn (the seat is open again), and who was invited.

        The invited player declines; the player who invited, or a Manage Server member, withdraws.

        >>> m = Match().seat_for(1, "Ann")[0].invite(1, 2, "Bo")
        >>> m.decline(3)
        Traceback (most recent call last):
        ...
        rules.its.match.SeatReserved: The second seat of this match is reserved for <@2>: ...
        >>> m.decline(1)[0].names()
        ('Ann', 'Opponent')
        """
        invited = self.invited
        if invited is None:
            raise RuleError(
                _("Nobody is invited to this match any more: its seats are as the channel shows.")
            )
        if by != invited.user_id and self.seat_of(by) is None and not manager:
            raise self._reserved()
        return self.model_copy(update={"invited": None, "seat_step": self.seat_step + 1}), invited

    def _check_room(self) -> None:
        if len(self.seats) >= SEATS:
            raise RuleError(
                _(
                    "This channel's ITS match is between {players}: only they can take part. "
                    "Start yours in another channel or a thread, or ask them to finish with /its end.",
                    players=self.player_list(),
                )
            )

    def _reserved(self) -> SeatReserved:
        assert self.invited is not None
        host: Text = f"<@{self.seats[0].user_id}>" if self.seats else _("the first player")
        who = f"<@{self.invited.user_id}>"
        return SeatReserved(
            _(
                "The second seat of this match is reserved for {guest}: {host} named them as opponent. "
                "Only {guest} can take it (with the Accept button, or by drawing or scoring here "
                "themselves). To play, start your own match in another channel or a thread.",
                guest=who,
                host=host,
            )
        )

    def _take(self, seat: Seat, rng: random.Random | None) -> tuple[Self, int]:
        seats = [*self.seats, seat]
        update: dict[str, object] = {"seats": seats}
        if self.invited is not None:
            update.update(invited=None, seat_step=self.seat_step + 1)
        if self.draw is not None and len(self.draw.players) > len(seats) - 1:
            index = len(seats) - 1
            own = distinct_name(seat.name, [p.name for p in self.draw.players[:index]])
            update["draw"] = self.draw.join(index, own, rng or random.Random())
        return self.model_copy(update=update), len(seats) - 1

    def reveal(self, user_id: int) -> tuple[Self, int]:
        """This match with ``user_id``'s classified objectives shown to the channel, and their seat.

        Only a player who finished choosing reveals, and only once.

        >>> Match().reveal(1)
        Traceback (most recent call last):
        ...
        rules.errors.RuleError: You have no classified objectives in this channel: ...
        """
        seat = self.seat_of(user_id)
        if self.draw is None or seat is None:
            raise RuleError(
                _("You have no classified objectives in this channel: start with /its classified draw.")
            )
        player = self.draw.players[seat]
        if player.step is not Step.DONE or not player.kept:
            raise RuleError(_("Finish choosing your classified objectives first (see /its classified mine)."))
        if seat in self.revealed:
            raise RuleError(
                _(
                    "You have already revealed your classified objectives: they are in the channel "
                    "above. /its classified mine shows them to you again."
                )
            )
        update: dict[str, object] = {"revealed": sorted({*self.revealed, seat})}
        if self.draw.phase is Phase.SECURE_HVT and not player.secure_hvt_decided:
            # Revealing shows the objectives as they stand: the Secure HVT choice is settled
            # (no swap), so a revealed objective is never swapped afterwards.
            update["draw"] = self.draw.apply(SecureHvt(player=seat, replace=None), random.Random(0))
        return self.model_copy(update=update), seat

    def choose_secure_hvt(self, seat: int, replace: str | None, rng: random.Random) -> Self:
        """This match with ``seat``'s Secure HVT choice made (``replace=None``: keep them all).

        A player whose objectives are revealed can no longer swap one.

        >>> Match(revealed=[0]).choose_secure_hvt(0, None, random.Random(1))
        Traceback (most recent call last):
        ...
        rules.errors.RuleError: Your classified objectives are already revealed: ...
        """
        if seat in self.revealed:
            raise RuleError(
                _(
                    "Your classified objectives are already revealed: a revealed objective can't be "
                    "swapped for Secure HVT. Make the Secure HVT choice before /its classified reveal."
                )
            )
        if self.draw is None:
            raise RuleError(
                _("You have no classified objectives in this channel: start with /its classified draw.")
            )
        draw = self.draw.apply(SecureHvt(player=seat, replace=replace), rng)
        return self.model_copy(update={"draw": draw})

    # -- one scenario per match ---------------------------------------------------------------

    def scenario_to_draw(self, wanted: str | None, name_of: Callable[[str], str]) -> str | None:
        """The scenario id a new draw deals for, or None when this match already has its draw.

        A draw is for the scenario asked for, else the score sheet's; once there is a draw,
        asking for another scenario is refused, as is a draw for another scenario than the
        sheet's. ``name_of`` names a scenario id in those messages.

        >>> Match().scenario_to_draw("acquisition", str)
        'acquisition'
        >>> Match().scenario_to_draw(None, str)
        Traceback (most recent call last):
        ...
        rules.errors.RuleError: Say which scenario these cards are for: ...
        """
        if self.draw is None:
            chosen = wanted or (self.sheet.scenario_id if self.sheet is not None else None)
            if chosen is None:
                raise RuleError(
                    _(
                        "Say which scenario these cards are for: add the mission option, for example "
                        "`/its classified record cards:Sabotage mission:Acquisition`."
                    )
                )
            if self.sheet is not None and chosen != self.sheet.scenario_id:
                scored = name_of(self.sheet.scenario_id)
                raise RuleError(
                    _(
                        "This channel's match is {scored}: its score sheet is for {scored}, so draw "
                        "for it too (`mission:{scored}`). To play {wanted} instead, finish this "
                        "match with /its end first, or use another thread.",
                        scored=scored,
                        wanted=name_of(chosen),
                    )
                )
            return chosen
        if wanted is not None and wanted != self.draw_scenario:
            raise RuleError(
                _(
                    "This channel's classified draw is for {drawn}, not {wanted}. Finish that match "
                    "with /its end, or draw in another channel or thread.",
                    drawn=name_of(self.draw_scenario or ""),
                    wanted=name_of(wanted),
                )
            )
        return None

    def with_sheet(self, sheet: ScoreSheet, name_of: Callable[[str], str]) -> Self:
        """This match scored on ``sheet`` (both confirmations cleared).

        The sheet must be for the scenario the objectives were drawn for. Asking again for the
        sheet the match already has returns this very match; another sheet is refused.
        ``name_of`` names a scenario id in those messages.
        """
        if self.draw is not None and self.draw_scenario != sheet.scenario_id:
            drawn = name_of(self.draw_scenario or "")
            raise RuleError(
                _(
                    "This channel's match is {drawn}: the classified objectives were drawn for it, so "
                    "the score sheet must be for {drawn} too (`/its score mission:{drawn}`). To play "
                    "{wanted} instead, finish this match with /its end first, or use another thread.",
                    drawn=drawn,
                    wanted=name_of(sheet.scenario_id),
                )
            )
        if self.sheet is not None:
            if self.sheet.scenario_id == sheet.scenario_id and self.sheet.tier == sheet.tier:
                return self
            raise RuleError(
                _(
                    "This channel already has a score sheet for {scenario} at {points} points. "
                    "Finish it with /its end first, or use another thread.",
                    scenario=name_of(self.sheet.scenario_id),
                    points=int(self.sheet.tier),
                )
            )
        return self.model_copy(update={"sheet": sheet, "confirmed": [], "sheet_step": self.sheet_step + 1})

    def sheet_to_start(self, scenario_id: str | None, tier: int | None) -> tuple[str, int]:
        """The scenario and tier ``/its score`` means: what was asked, else what the match knows.

        The mission defaults to the sheet's, then the draw's; the tier to the sheet's. Whatever
        is still unknown is asked for.

        >>> Match(draw_scenario="frontline").sheet_to_start(None, 300)
        ('frontline', 300)
        >>> Match().sheet_to_start("frontline", None)
        Traceback (most recent call last):
        ...
        rules.errors.RuleError: Say the army points for this score sheet: ...
        """
        if scenario_id is None:
            known = self.sheet.scenario_id if self.sheet is not None else self.draw_scenario
            if known is None:
                raise RuleError(
                    _(
                        "Say which mission you are scoring: add `mission:`, for example `/its score "
                        "mission:Acquisition tier:300 opponent:@them`. Once this channel's match has a "
                        "draw or a sheet, /its score fills in what it already knows."
                    )
                )
            scenario_id = known
        if tier is None:
            if self.sheet is None:
                raise RuleError(
                    _(
                        "Say the army points for this score sheet: add `tier:` (300 is the usual "
                        "tournament size). Later /its score in this channel reuses it."
                    )
                )
            tier = int(self.sheet.tier)
        return scenario_id, tier

    # -- the score sheet ---------------------------------------------------------------------

    @property
    def final(self) -> bool:
        """Both players confirmed the sheet."""
        return set(self.confirmed) == {Side.A, Side.B}

    def check_open(self) -> None:
        """Raise :class:`MatchClosed` when the match no longer counts, :class:`SheetFinal` when both
        players confirmed the sheet.

        >>> Match(confirmed=[Side.A]).check_open()
        >>> Match(confirmed=[Side.A, Side.B]).check_open()
        Traceback (most recent call last):
        ...
        rules.its.match.SheetFinal: This score sheet is final: ...
        """
        if self.closed:
            raise MatchClosed(self.closed)
        if self.final:
            raise SheetFinal(
                _(
                    "This score sheet is final: both players confirmed it and the result is posted. "
                    "To score the game again, start over with /its end and then /its score."
                )
            )

    def close(self, why: str) -> Self:
        """This match closed: it no longer counts, and its sheet refuses every change with ``why``.

        >>> m = Match().close("Round 1 was paired again.")
        >>> m.closed, m.close("Round 1 was paired again.") is m
        ('Round 1 was paired again.', True)
        """
        return self if self.closed == why else self.model_copy(update={"closed": why})

    def edit_entry(self, scenario: Scenario, side: Side, entry_id: str, value: object) -> Self:
        """This match with one entry of ``side`` set on its sheet.

        An edit that changes nothing (0 where nothing was set, say) returns this very match,
        so the confirmations stand; any other edit clears both confirmations and counts as a
        new sheet step. A final sheet refuses every edit.
        """
        if self.sheet is None:
            raise RuleError(_("This channel has no score sheet: start one with /its score."))
        self.check_open()
        sheet = apply(scenario, self.sheet, side, entry_id, value)
        if filled_entries(sheet.side(side)) == filled_entries(self.sheet.side(side)):
            return self
        return self.model_copy(update={"sheet": sheet, "confirmed": [], "sheet_step": self.sheet_step + 1})

    def toggle_confirmation(self, side: Side, scenario: Scenario | None = None) -> Self:
        """This match with ``side``'s confirmation given, or taken back when it was given.

        With the ``scenario``, a confirmation is refused while the two sides claim together
        more than the table holds (both controlling the one Tech-Coffin, say): see ``check_claims``.

        >>> m = Match(confirmed=[Side.B]).toggle_confirmation(Side.A)
        >>> [s.value for s in m.confirmed], m.final, m.sheet_step
        (['a', 'b'], True, 1)
        """
        if side in self.confirmed:
            confirmed = [s for s in self.confirmed if s is not side]
        else:
            if scenario is not None and self.sheet is not None:
                check_claims(scenario, self.sheet, self.names())
            confirmed = sorted({*self.confirmed, side})
        return self.model_copy(update={"confirmed": confirmed, "sheet_step": self.sheet_step + 1})


OPEN_SHEET_BUTTON = "its:open-sheet"
"""The custom id of the button another cog (a tournament's game thread) posts to open the thread's
ITS score sheet; the ITS cog answers it after a restart too."""


def paired_match(match: Match | None, seats: list[Seat], sheet: ScoreSheet | None) -> Match | None:
    """The match a pairing's thread should hold: ``seats`` (side A first) and, when the scenario is
    known, a fresh ``sheet``. None when ``match`` already is that pairing (nothing to store).

    A match of other players (the organisers swapped them) is replaced whole: its seats, draw and
    sheet belonged to a game that is no longer played here.

    >>> ann, bo, cy = Seat(user_id=1, name="Ann"), Seat(user_id=2, name="Bo"), Seat(user_id=3, name="Cy")
    >>> m = paired_match(None, [ann, bo], None)
    >>> m.names(), paired_match(m, [ann, bo], None) is None
    (('Ann', 'Bo'), True)
    >>> paired_match(m, [ann, cy], None).names()
    ('Ann', 'Cy')

    A match of the same players keeps its sheet when it is for the round's scenario; a sheet for
    another scenario (the round's was changed) is replaced, and so are its confirmations.
    """
    if len(seats) != SEATS or seats[0].user_id == seats[1].user_id:
        raise RuleError(_("A pairing seats two different players."))
    same = match is not None and [s.user_id for s in match.seats] == [s.user_id for s in seats]
    if same and match is not None:
        old = match.sheet
        kept = (
            old is not None
            and sheet is not None
            and (old.scenario_id, old.tier) == (sheet.scenario_id, sheet.tier)
        )
        if sheet is None or kept:
            return None
        return match.model_copy(
            update={"sheet": sheet, "confirmed": [], "sheet_step": match.sheet_step + 1, "paired": True}
        )
    return Match(seats=list(seats), sheet=sheet, sheet_step=1 if sheet else 0, paired=True)


def filled_entries(side: SheetSide) -> tuple[int, dict[str, object]]:
    """A sheet side without its empty entries: an unset entry equals one set to 0, no or nothing.

    >>> filled_entries(SheetSide(values={"a": 0, "b": [False, False], "c": 2}))
    (0, {'c': 2})
    >>> filled_entries(SheetSide()) == filled_entries(SheetSide(values={"x": {"o": 0}}))
    True
    """

    def filled(value: object) -> bool:
        if isinstance(value, dict):
            return any(value.values())
        if isinstance(value, list | tuple):
            return any(value)
        return bool(value)

    return side.victory_points, {k: v for k, v in side.values.items() if filled(v)}


def distinct_name(name: str, taken: list[str]) -> str:
    """A display name different from ``taken`` (two players called "Sam" in one draw).

    >>> distinct_name("Sam", ["sam"]), distinct_name("Sam", ["Sam", "Sam (2)"]), distinct_name("Jo", [])
    ('Sam (2)', 'Sam (3)', 'Jo')
    """
    folded = {t.casefold() for t in taken}
    if name.casefold() not in folded:
        return name
    n = 2
    while f"{name} ({n})".casefold() in folded:
        n += 1
    return f"{name} ({n})"


def open_seats(seats: list[Seat]) -> list[int]:
    """Draw seats nobody has taken yet: the draw waits for them.

    >>> open_seats([]), open_seats([Seat(user_id=1, name="Ann")])
    ([0, 1], [1])
    """
    return list(range(len(seats), SEATS))


def draw_names(seats: list[Seat], invited: Seat | None = None) -> list[str]:
    """The two names a new draw is dealt for (an invited player's hand carries their name).

    >>> draw_names([Seat(user_id=1, name="Opponent")])
    ['Opponent', 'Opponent (2)']
    >>> draw_names([Seat(user_id=1, name="Ann")], Seat(user_id=2, name="Bo"))
    ['Ann', 'Bo']
    """
    first = seats[0].name if seats else OPEN_SEAT
    second = seats[1].name if len(seats) > 1 else (invited.name if invited is not None else OPEN_SEAT)
    return [first, distinct_name(second, [first])]


def record_cards(text: str) -> list[str]:
    """The cards a player lists for ``/its classified record``: numbers or names, comma separated.

    >>> record_cards("3, 7;Sabotage")
    ['3', '7', 'Sabotage']
    >>> record_cards(",".join("1" * 11))
    Traceback (most recent call last):
    ...
    rules.errors.RuleError: That is 11 cards; no scenario needs more than 10.
    """
    parts = [p.strip() for p in re.split(r"[,;\n]+", text) if p.strip()]
    if not parts:
        raise RuleError(_("List the cards you kept, by number or name, separated by commas."))
    if len(parts) > MAX_RECORD_CARDS:
        raise RuleError(
            _("That is {n} cards; no scenario needs more than {most}.", n=len(parts), most=MAX_RECORD_CARDS)
        )
    return parts
