"""Running an ITS tournament: every change is a function from a state to a new state.

Nothing here mutates its input: ``state = pair_next_round(state, rng)``. Each refusal is a
:class:`~rules.tournament.model.TournamentError` saying what is wrong and what to do instead.
Randomness (round 1's pairing) comes in as a ``random.Random``; the seed drawn from it is
stored on the round, so the round can be reproduced.

>>> import random
>>> t = create_tournament("Store Cup", 300)
>>> for i, name in enumerate(["Ann", "Bo", "Cy", "Di"]):
...     t = add_player(t, str(i), name, "PanOceania")
>>> t = pair_next_round(t, random.Random(1))
>>> t.round_count, len(t.current.games)
(3, 2)
>>> game = t.current.games[0]
>>> t = record_result(t, game.a, game.b, GameResult(op_a=4, op_b=1, vp_a=200, vp_b=90))
>>> missing_results(t) == [t.current.games[1]]
True
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable
from typing import Literal

from rules.i18n import Message, _, ngettext
from rules.its.scenario import Scenario, ScenarioKind
from rules.its.scoring import ScoreResult
from rules.its.tiers import Tier
from rules.tournament.format_settings import (
    DEFAULT_BAND,
    MAX_ARMY_POINTS_LIMIT,
    MAX_BAND,
    MAX_VP,
    MIN_ARMY_POINTS,
    MIN_BAND,
    FormatSettings,
    GameSystem,
    Scoring,
    parse_bye_points,
)
from rules.tournament.formats import format_of
from rules.tournament.model import (
    MAX_EDIT_NOTE,
    MAX_NAME_CHARS,
    MAX_PLAYERS,
    MAX_ROUNDS,
    MIN_PLAYERS,
    MIN_ROUNDS,
    SWISS_ROUNDS,
    Extra,
    Flag,
    Game,
    GameResult,
    Kind,
    Player,
    Round,
    Tournament,
    TournamentError,
)
from rules.tournament.pairing import Entrant, Seat, assign_tables, swiss_pairs, table_numbers
from rules.tournament.standings import standings

ESCALATION_ROUNDS = 3
ESCALATION_STEPS: tuple[tuple[Tier, ...], ...] = (
    (Tier.T150, Tier.T200),
    (Tier.T250, Tier.T300),
    (Tier.T400,),
)
"""The tiers each Escalation round may use: 200/150, then 300/250, then 400."""

_SPACES = re.compile(r"\s+")
_History = dict[str, tuple[list[str], set[int]]]


# --- creating -----------------------------------------------------------------------------------


def rounds_for_players(count: int) -> int:
    """The seed's guideline for the number of Tournament Rounds: 4-8 players 3, 9-16 4, 17+ 5.

    >>> [rounds_for_players(n) for n in (4, 8, 9, 16, 17, 200)]
    [3, 3, 4, 4, 5, 5]
    """
    if count <= 8:
        return 3
    if count <= 16:
        return 4
    return 5


def _clean(text: str, what: str, *, required: bool = True) -> str:
    cleaned = _SPACES.sub(" ", text or "").strip()[:MAX_NAME_CHARS]
    if required and not cleaned:
        raise TournamentError(_("The {what} is empty: give it a name.", what=what))
    return cleaned


def _check_rounds(rounds: int, extras: Iterable[Extra]) -> int:
    if Extra.ESCALATION in extras and rounds != ESCALATION_ROUNDS:
        raise TournamentError(
            _(
                "An Escalation tournament has exactly {escalation_rounds} rounds; leave the number "
                "of rounds empty or set it to {escalation_rounds}.",
                escalation_rounds=ESCALATION_ROUNDS,
            )
        )
    if rounds < MIN_ROUNDS:
        raise TournamentError(
            _(
                "A tournament has at least {min_rounds} round; choose {min_rounds} or more.",
                min_rounds=MIN_ROUNDS,
            )
        )
    if rounds > MAX_ROUNDS:
        raise TournamentError(
            _("Herald runs at most {max_rounds} rounds per tournament; choose fewer.", max_rounds=MAX_ROUNDS)
        )
    return rounds


def _escalation_tiers(tier: Tier, given: Iterable[Tier | int | str] | None) -> list[Tier]:
    if given is None:
        low = tier in (Tier.T150, Tier.T250)
        return [Tier.T150 if low else Tier.T200, Tier.T250 if low else Tier.T300, Tier.T400]
    tiers = [Tier.parse(t) for t in given]
    if len(tiers) != ESCALATION_ROUNDS or any(
        t not in allowed for t, allowed in zip(tiers, ESCALATION_STEPS, strict=True)
    ):
        raise TournamentError(
            _(
                "Escalation rounds are played at 200 or 150 points, then 300 or 250, then 400: "
                "{tiers} does not fit.",
                tiers=", ".join(str(int(t)) for t in tiers),
            )
        )
    return tiers


def _bye_points(bye_points: int | str | None) -> int | Literal["average"]:
    """A bye's battle points as given (None: 0, as before the setting existed)."""
    if bye_points is None:
        return 0
    try:
        return parse_bye_points(str(bye_points))
    except ValueError:
        raise TournamentError(
            _(
                "`bye_points:` is a number of battle points from 0 to {most}, or `average` (the player's "
                "average over the games they played); {typed} is neither.",
                most=MAX_VP,
                typed=repr(str(bye_points)[:20]),
            )
        ) from None


def _settings(
    game: GameSystem | str,
    scoring: Scoring | str | None,
    points: int | None,
    band: int | None,
    bye_points: int | str | None = None,
) -> FormatSettings:
    try:
        game = GameSystem(game)
        scoring = None if scoring is None else Scoring(scoring)
    except ValueError:
        raise TournamentError(
            _(
                "Games: {games}; scorings for 40k and Boarding Actions: {record}, {wtc}.",
                games=", ".join(g.value for g in GameSystem),
                record=Scoring.RECORD.value,
                wtc=Scoring.WTC.value,
            )
        ) from None
    if game is GameSystem.ITS:
        if scoring not in (None, Scoring.ITS):
            raise TournamentError(
                _(
                    "ITS is scored in Tournament Points (the seed's rules): `scoring:` is for 40k "
                    "and Boarding Actions. Leave it out."
                )
            )
        if points is not None:
            raise TournamentError(_("An ITS event's army points are its `tier:`; leave `points:` out."))
        if band is not None:
            raise TournamentError(_("The WTC band width is for `scoring:wtc` events only; leave it out."))
        if bye_points is not None:
            raise TournamentError(
                _(
                    "An ITS bye is worth 3 TP and is adjusted in the final standings (the seed's "
                    "rules): `bye_points:` is for 40k and Boarding Actions. Leave it out."
                )
            )
        return FormatSettings()
    if scoring is Scoring.ITS:
        raise TournamentError(_("A {game} event is scored `record` or `wtc`, not as ITS.", game=game.value))
    if band is not None and scoring is not Scoring.WTC:
        raise TournamentError(_("The band width sets the WTC table: use it with `scoring:wtc`."))
    if points is not None and not MIN_ARMY_POINTS <= points <= MAX_ARMY_POINTS_LIMIT:
        raise TournamentError(
            _(
                "Army points go from {min_army_points:,} to {max_army_points_limit:,}; {points:,} is "
                "not one.",
                min_army_points=MIN_ARMY_POINTS,
                max_army_points_limit=MAX_ARMY_POINTS_LIMIT,
                points=points,
            )
        )
    if band is not None and not MIN_BAND <= band <= MAX_BAND:
        raise TournamentError(
            _(
                "A WTC band is {min_band} to {max_band} VP a match point (the common table: 5); "
                "{band} is not one.",
                min_band=MIN_BAND,
                max_band=MAX_BAND,
                band=band,
            )
        )
    return FormatSettings(
        game=game,
        scoring=scoring,
        points=points,
        band=band or DEFAULT_BAND,
        bye_battle_points=_bye_points(bye_points),
    )


def create_tournament(
    name: str,
    tier: Tier | int | str | None = None,
    *,
    kind: Kind | str = Kind.TOURNAMENT,
    extras: Iterable[Extra | str] = (),
    rounds: int | None = None,
    escalation_tiers: Iterable[Tier | int | str] | None = None,
    game: GameSystem | str = GameSystem.ITS,
    scoring: Scoring | str | None = None,
    points: int | None = None,
    band: int | None = None,
    bye_points: int | str | None = None,
) -> Tournament:
    """A new tournament with no players.

    ``rounds`` None follows the seed's guideline when round 1 is paired. With Escalation the
    rounds are 200, 300, 400 points (150, 250, 400 when ``tier`` is 150 or 250), or
    ``escalation_tiers``. ``game`` (ITS by default), ``scoring``, ``points`` and ``band`` choose
    the format (:mod:`rules.tournament.formats`); ITS needs a ``tier``, the other games take
    ``points`` (their army points limit) and may leave ``tier`` out. The ITS Extras are ITS's.
    ``bye_points`` (40k and Boarding Actions): a bye's battle points, a number or ``"average"``
    (the player's average over their played games); left out, a bye has 0.

    >>> t = create_tournament("Spring", 300, extras=["escalation"])
    >>> [int(t.tier_of_round(n)) for n in (1, 2, 3)], t.rounds_requested
    ([200, 300, 400], 3)
    >>> create_tournament("GT", game="40k", scoring="wtc", points=2000).format.band
    5
    """
    settings = _settings(game, scoring, points, band, bye_points)
    its = settings.game is GameSystem.ITS
    if tier is None and its:
        raise TournamentError(_("An ITS tournament needs its tier (150, 200, 250, 300 or 400 points)."))
    tier = None if tier is None else Tier.parse(tier)
    extras = list(extras)
    if not its and (extras or escalation_tiers is not None):
        raise TournamentError(
            _("Escalation and Direct Action are ITS Extras; leave `extras:` out for this game.")
        )
    try:
        extra_list = sorted({Extra(e) for e in extras})
        kind = Kind(kind)
    except ValueError as exc:
        raise TournamentError(
            _(
                "Unknown option: {exc}. Kinds: {kinds}; extras: {extras}.",
                exc=exc,
                kinds=", ".join(k.value for k in Kind),
                extras=", ".join(e.value for e in Extra),
            )
        ) from None
    steps: list[Tier] = []
    if Extra.ESCALATION in extra_list:
        steps = _escalation_tiers(tier, escalation_tiers)
        rounds = ESCALATION_ROUNDS if rounds is None else rounds
    if rounds is not None:
        _check_rounds(rounds, extra_list)
    return Tournament(
        name=_clean(name, "tournament name"),
        tier=tier,
        format=settings,
        kind=kind,
        extras=extra_list,
        escalation_tiers=steps,
        rounds_requested=rounds,
    )


def _open(state: Tournament) -> None:
    if state.finished:
        raise TournamentError(
            _("{name} is finished; its results can be viewed but no longer changed.", name=state.name)
        )


def _article(name: str) -> Message:
    """``an ITS``, ``a 40k`` (each language says it its own way: "de ITS")."""
    return _("an {game}", game=name) if name[:1] in "AEIOU" else _("a {game}", game=name)


# --- players ------------------------------------------------------------------------------------


def add_player(
    state: Tournament,
    player_id: str,
    name: str,
    faction: str = "",
    *,
    user_id: int | None = None,
    club: str = "",
) -> Tournament:
    """``state`` with one more player. After round 1 is paired, only when late joins are allowed;
    a late player starts on 0 points and is paired from the next round on. ``club`` tags the
    player's club: club-mates are kept apart in round 1 (and later where the points allow).

    >>> t = add_player(create_tournament("Cup", 300), "42", "Ann", "Nomads")
    >>> t.players[0].name, t.players[0].joined_round
    ('Ann', 1)
    """
    _open(state)
    if state.has_player(player_id):
        raise TournamentError(
            _("{player} is already in {name}.", player=state.name_of(player_id), name=state.name)
        )
    if len(state.players) >= MAX_PLAYERS:
        raise TournamentError(
            _(
                "{name} is full: a tournament holds at most {max_players} players.",
                name=state.name,
                max_players=MAX_PLAYERS,
            )
        )
    next_round = len(state.rounds) + 1
    if state.started:
        if not state.late_joins:
            raise TournamentError(
                _(
                    "Round 1 of {name} is already paired: an organiser has to allow late joins first.",
                    name=state.name,
                )
            )
        if state.round_count is not None and next_round > state.round_count:
            raise TournamentError(
                _("Every round of {name} is already paired; there is nothing left to join.", name=state.name)
            )
    player = Player(
        id=player_id,
        name=_clean(name, "player name"),
        faction=_clean(faction, "faction", required=False),
        user_id=user_id,
        joined_round=next_round,
        club=_clean(club, "club", required=False),
    )
    return state.model_copy(update={"players": [*state.players, player]})


def pin_table(state: Tournament, player_id: str, table: int | None) -> Tournament:
    """``state`` with ``player_id`` pinned to ``table`` (None: unpinned) from the next pairing on:
    the pairing and the table assignment keep them there (accessibility). One player a table.

    >>> t = add_player(add_player(create_tournament("Cup", 300), "1", "Ann"), "2", "Bo")
    >>> pin_table(t, "1", 3).player("1").table
    3
    >>> pin_table(pin_table(t, "1", 3), "2", 3)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    rules.tournament.model.TournamentError: Table 3 is already Ann's: take Ann's pin off first ...
    """
    _open(state)
    player = state.player(player_id)
    if table is not None:
        if not 1 <= table <= MAX_PLAYERS // 2:
            raise TournamentError(
                _("Tables go from 1 to {most}; {table} is not one.", most=MAX_PLAYERS // 2, table=table)
            )
        holder = next((p for p in state.players if p.table == table and p.id != player_id), None)
        if holder is not None:
            raise TournamentError(
                _(
                    "Table {table} is already {holder}'s: take {holder}'s pin off first (table 0), "
                    "or pick another table.",
                    table=table,
                    holder=holder.name,
                )
            )
    return _replace_player(state, player.model_copy(update={"table": table}))


def set_fresh_tables(state: Tournament, fresh: bool) -> Tournament:
    """``state`` whose pairing keeps a fresh table for every game before it narrows the points
    gaps (``fresh``), or leaves the pairing to the points and avoids repeats in the seating only."""
    _open(state)
    return state.model_copy(update={"fresh_tables": fresh})


def remove_player(state: Tournament, player_id: str) -> Tournament:
    """``state`` without a player; only before round 1 is paired (later, drop them instead)."""
    _open(state)
    player = state.player(player_id)
    if state.started:
        raise TournamentError(
            _(
                "{player} is already paired in {name}: drop them instead, which keeps their results.",
                player=player.name,
                name=state.name,
            )
        )
    return state.model_copy(update={"players": [p for p in state.players if p.id != player_id]})


def drop_player(state: Tournament, player_id: str) -> Tournament:
    """``state`` where the player is no longer paired; their results so far stay.

    Before round 1 this simply removes them. A game they still have in the current round keeps
    waiting for its result.

    >>> t = add_player(create_tournament("Cup", 300), "1", "Ann")
    >>> drop_player(t, "1").players
    []
    """
    _open(state)
    player = state.player(player_id)
    if not state.started:
        return remove_player(state, player_id)
    if player.dropped_after is not None:
        raise TournamentError(
            _("{player} has already dropped from {name}.", player=player.name, name=state.name)
        )
    dropped = player.model_copy(update={"dropped_after": len(state.rounds)})
    return _replace_player(state, dropped)


def _replace_player(state: Tournament, player: Player) -> Tournament:
    return state.model_copy(update={"players": [player if p.id == player.id else p for p in state.players]})


def set_late_joins(state: Tournament, allowed: bool) -> Tournament:
    """``state`` allowing (or no longer allowing) players to join after round 1 is paired."""
    _open(state)
    return state.model_copy(update={"late_joins": allowed})


def few_rounds_note(state: Tournament) -> Message | None:
    """What to know about a planned number of rounds below :data:`SWISS_ROUNDS` (None: nothing).

    >>> print(few_rounds_note(create_tournament("Night", game="40k", rounds=2)))  # doctest: +ELLIPSIS
    Night plays 2 rounds: Swiss pairing needs more rounds ... (after 2 rounds, more than 4 players ...
    >>> few_rounds_note(create_tournament("Cup", 300, rounds=4)) is None
    True
    """
    rounds = state.round_count or state.rounds_requested
    if rounds is None or rounds >= SWISS_ROUNDS:
        return None
    return ngettext(
        "{name} plays {n} round: Swiss pairing needs more rounds to separate players (after {n} round, "
        "more than {most} players cannot have one unbeaten winner), so expect ties; {swiss} or more rank "
        "a field better.",
        "{name} plays {n} rounds: Swiss pairing needs more rounds to separate players (after {n} rounds, "
        "more than {most} players cannot have one unbeaten winner), so expect ties; {swiss} or more rank "
        "a field better.",
        rounds,
        name=state.name,
        n=rounds,
        most=2**rounds,
        swiss=SWISS_ROUNDS,
    )


def set_bye_points(state: Tournament, bye_points: int | str) -> Tournament:
    """``state`` with a bye worth ``bye_points`` battle points (a number or ``"average"``).

    >>> set_bye_points(create_tournament("GT", game="40k"), "average").format.bye_battle_points
    'average'
    """
    _open(state)
    if state.format.game is GameSystem.ITS:
        _settings(GameSystem.ITS, None, None, None, bye_points)  # says why not
    settings = state.format.model_copy(update={"bye_battle_points": _bye_points(bye_points)})
    return state.model_copy(update={"format": settings})


def set_rounds(state: Tournament, rounds: int) -> Tournament:
    """``state`` with another number of rounds (never fewer than are already paired, nor than 1).

    >>> set_rounds(create_tournament("Cup", 300), 6).rounds_requested
    6
    """
    _open(state)
    _check_rounds(rounds, state.extras)
    if rounds < len(state.rounds):
        raise TournamentError(
            _("{count} rounds are already paired; choose at least that many.", count=len(state.rounds))
        )
    too_late = sorted(n for n in state.scenarios if n > rounds)
    if too_late:
        raise TournamentError(
            _(
                "Round {round} already has a scenario; keep at least {keep} rounds.",
                round=too_late[0],
                keep=too_late[-1],
            )
        )
    update: dict[str, object] = {"rounds_requested": rounds}
    if state.started:
        update["round_count"] = rounds
    return state.model_copy(update=update)


def set_scenario(state: Tournament, round_number: int, scenario: Scenario) -> Tournament:
    """``state`` with ``scenario`` for ``round_number``; the same scenario is never played twice.

    >>> from rules.its.content import load_scenarios
    >>> library = load_scenarios()
    >>> t = set_scenario(create_tournament("Cup", 300), 1, library.get("acquisition"))
    >>> set_scenario(t, 2, library.get("acquisition"))
    Traceback (most recent call last):
    ...
    rules.tournament.model.TournamentError: Acquisition is already the scenario of round 1: ...
    """
    _open(state)
    if format_of(state).game is not GameSystem.ITS:
        raise TournamentError(
            _(
                "{name} is a {game} tournament: its rounds have no ITS scenario. Announce the "
                "mission in the channel.",
                name=state.name,
                game=format_of(state).name,
            )
        )
    last = state.round_count or state.rounds_requested or MAX_ROUNDS
    if not 1 <= round_number <= last:
        raise TournamentError(
            _(
                "{name} has rounds 1 to {last}; round {round_number} is not one of them.",
                name=state.name,
                last=last,
                round_number=round_number,
            )
        )
    if round_number <= len(state.rounds) and state.rounds[round_number - 1].has_results:
        raise TournamentError(
            _(
                "Round {round_number} already has results, so its scenario can no longer change.",
                round_number=round_number,
            )
        )
    for other, scenario_id in state.scenarios.items():
        if scenario_id == scenario.id and other != round_number:
            raise TournamentError(
                _(
                    "{scenario} is already the scenario of round {other}: a scenario is never played "
                    "twice in one tournament. Choose another.",
                    scenario=scenario.name,
                    other=other,
                )
            )
    direct = Extra.DIRECT_ACTION in state.extras
    if direct and scenario.kind is not ScenarioKind.DIRECT_ACTION:
        raise TournamentError(
            _(
                "{name} uses the Direct Action extra: only its four Direct Action scenarios can be "
                "played, and {scenario} is not one of them.",
                name=state.name,
                scenario=scenario.name,
            )
        )
    if not direct and scenario.kind is ScenarioKind.DIRECT_ACTION:
        raise TournamentError(
            _(
                "{scenario} is a Direct Action scenario: it needs the Direct Action extra. Choose an "
                "ITS scenario.",
                scenario=scenario.name,
            )
        )
    tier = state.tier_of_round(round_number)
    if tier not in scenario.tiers:
        offered = ", ".join(str(int(t)) for t in scenario.tier_list)
        raise TournamentError(
            _(
                "Round {round_number} is played at {tier} points, which {scenario} does not offer "
                "(it has {offered}).",
                round_number=round_number,
                tier=int(tier),
                scenario=scenario.name,
                offered=offered,
            )
        )
    return state.model_copy(update={"scenarios": {**state.scenarios, round_number: scenario.id}})


# --- pairing ------------------------------------------------------------------------------------


def _flags(
    state: Tournament,
    round_number: int,
    game: Game,
    history: _History | None = None,
    people: dict[str, Player] | None = None,
) -> list[Flag]:
    if game.b is None:
        return []
    history = state.history(before_round=round_number) if history is None else history
    opponents, _unused = history.get(game.a, ([], set()))
    flags = []
    if game.b in opponents:
        flags.append(Flag.REMATCH)
    players = [people[p] for p in game.players] if people else [state.player(p) for p in game.players]
    if game.table is not None and any(
        game.table in history.get(p.id, ([], set()))[1] and p.table != game.table for p in players
    ):
        flags.append(Flag.REPEAT_TABLE)
    one, two = players
    if one.club_key and one.club_key == two.club_key:
        flags.append(Flag.SAME_CLUB)
    if any(p.table is not None and p.table != game.table for p in players):
        flags.append(Flag.PIN_MOVED)
    return flags


def flag_notes(state: Tournament, round_number: int) -> list[Message]:
    """What the organisers should check in a round's pairing, one line per thing to check in a
    flagged game: who met before (and when), who already played at that table (and when).

    >>> from rules.tournament.model import Flag, Game, Player, Round
    >>> t = Tournament(name="Cup", tier=300, players=[Player(id=p, name=p) for p in "ABCD"], rounds=[
    ...     Round(number=1, games=[Game(a="A", b="B", table=1), Game(a="C", b="D", table=2)]),
    ...     Round(number=2, games=[Game(a="A", b="C", table=1, flags=[Flag.REPEAT_TABLE])])])
    >>> [str(note) for note in flag_notes(t, 2)]
    ['Table 1 (A v C): A already played at table 1 (round 1).']
    """
    rnd = state.rounds[round_number - 1]
    notes = []
    for game in rnd.games:
        if game.b is None or not game.flags:
            continue
        found: list[Message] = []
        earlier = state.rounds[: round_number - 1]
        if Flag.REMATCH in game.flags:
            met = [r.number for r in earlier if (g := r.game_of(game.a)) is not None and game.b in g.players]
            found.append(
                _("they met before (round {rounds})", rounds=", ".join(map(str, met)))
                if met
                else _("a rematch")
            )
        if Flag.REPEAT_TABLE in game.flags:
            for pid in game.players:
                sat = [str(r.number) for r in earlier if (g := r.game_of(pid)) and g.table == game.table]
                if sat and state.player(pid).table != game.table:
                    found.append(
                        _(
                            "{player} already played at table {table} (round {rounds})",
                            player=state.name_of(pid),
                            table=game.table,
                            rounds=", ".join(sat),
                        )
                    )
        if Flag.SAME_CLUB in game.flags:
            found.append(_("both are from {club}", club=state.player(game.a).club))
        if Flag.PIN_MOVED in game.flags:
            for pid in game.players:
                pin = state.player(pid).table
                if pin is not None and pin != game.table:
                    found.append(
                        _("{player} is pinned to table {table}", player=state.name_of(pid), table=pin)
                    )
        # One line per thing to check: a list inside one sentence would need a language's own
        # separators (rounds are already listed with commas).
        notes += [
            _(
                "Table {table} ({a} v {b}): {found}.",
                table=game.table,
                a=state.name_of(game.a),
                b=state.name_of(game.b),
                found=what,
            )
            for what in found
        ]
    return notes


def _ordered(games: list[Game]) -> list[Game]:
    """Games by table number, the bye last."""
    return sorted(games, key=lambda g: (g.b is None, g.table or 0))


def _entrant(
    player: Player, tp: int = 0, had_bye: bool = False, met: Iterable[str] = (), used: Iterable[int] = ()
) -> Entrant:
    return Entrant(
        id=player.id,
        tp=tp,
        had_bye=had_bye,
        met=frozenset(met),
        club=player.club_key,
        pin=player.table,
        used=frozenset(used),
    )


def _free_tables(state: Tournament, players: list[Player]) -> frozenset[int] | None:
    """With fresh tables: the tables a round of ``players`` uses that no pinned player holds."""
    if not state.fresh_tables:
        return None
    pins = [p.table for p in players if p.table is not None]
    return frozenset(table_numbers(len(players) // 2, pins)) - set(pins)


def _seated(
    state: Tournament,
    number: int,
    pairs: list[tuple[str, str]],
    bye: str | None,
    history: _History,
) -> list[Game]:
    """The games of ``pairs`` (in ranking order) at their tables (see
    :func:`~rules.tournament.pairing.assign_tables`), flagged, and the bye."""
    pin = {p.id: p.table for p in state.players if p.table is not None}
    seats = [
        Seat(
            frozenset(history.get(a, ([], set()))[1]),
            frozenset(history.get(b, ([], set()))[1]),
            frozenset(pin[p] for p in (a, b) if p in pin),
        )
        for a, b in pairs
    ]
    tables = assign_tables(seats)
    people = {p.id: p for p in state.players}
    games = []
    for (a, b), table in zip(pairs, tables, strict=True):
        game = Game(a=a, b=b, table=table)
        games.append(game.model_copy(update={"flags": _flags(state, number, game, history, people)}))
    if bye is not None:
        games.append(Game(a=bye))
    return _ordered(games)


def _random_round(state: Tournament, players: list[Player], seed: int) -> list[Game]:
    """Round 1: a random order from ``seed``, paired 1v2, 3v4, ... and the last one's bye; with
    clubs or pinned tables, the weighted matching on that order keeps club-mates (and players
    pinned to different tables) apart first, which changes nothing where nobody clashes."""
    order = list(players)
    random.Random(seed).shuffle(order)
    if any(p.club_key or p.table is not None for p in order):
        pairs, bye = swiss_pairs([_entrant(p) for p in order], clubs_first=True)
    else:
        ids = [p.id for p in order]
        bye = ids.pop() if len(ids) % 2 else None
        pairs = [(ids[k], ids[k + 1]) for k in range(0, len(ids), 2)]
    return _seated(state, 1, pairs, bye, {})


def _swiss_round(state: Tournament, number: int, players: list[Player]) -> list[Game]:
    active = {p.id: p for p in players}
    ranked = [row for row in standings(state, final=False, before_round=number) if row.player_id in active]
    history = state.history(before_round=number)
    entrants = [
        _entrant(active[row.player_id], row.tp, row.byes > 0, *history[row.player_id]) for row in ranked
    ]
    pairs, bye = swiss_pairs(entrants, free_tables=_free_tables(state, players))
    return _seated(state, number, pairs, bye, history)


def check_pairable(state: Tournament) -> tuple[int, int]:
    """The number of the round :func:`pair_next_round` would pair and the event's round count,
    or the TournamentError that pairing it would raise (a round still open, too few players,
    every round paired), without pairing anything.

    >>> check_pairable(create_tournament("Cup", 300))
    Traceback (most recent call last):
    ...
    rules.tournament.model.TournamentError: Cup has 0 players; an ITS tournament needs at least 4.
    """
    _open(state)
    number = len(state.rounds) + 1
    if state.current is not None and not state.current.complete:
        raise TournamentError(
            _(
                "Round {number} is not over: {missing}. Record those first, or re-pair the round "
                "while it has none.",
                number=state.current.number,
                missing=_still_need(state),
            )
        )
    players = state.active_players(number)
    if number == 1:
        if len(players) < MIN_PLAYERS:
            raise TournamentError(
                ngettext(
                    "{name} has {n} player; {a_game} tournament needs at least {min_players}.",
                    "{name} has {n} players; {a_game} tournament needs at least {min_players}.",
                    len(players),
                    name=state.name,
                    n=len(players),
                    a_game=_article(format_of(state).name),
                    min_players=MIN_PLAYERS,
                )
            )
        count = state.rounds_requested or rounds_for_players(len(players))
    else:
        count = state.round_count or MAX_ROUNDS
    if number > count:
        raise TournamentError(
            _(
                "All {count} rounds of {name} are paired: finish it, or set more rounds first.",
                count=count,
                name=state.name,
            )
        )
    return number, count


def pair_next_round(state: Tournament, rng: random.Random) -> Tournament:
    """``state`` with the next round paired.

    Round 1 is random (from a seed drawn from ``rng`` and stored on the round); later rounds are
    Swiss by the standings (see :mod:`rules.tournament.pairing`). An odd count gives one player
    a bye, never a second one. Rematches the pairing could not avoid are flagged.

    >>> import random
    >>> t = create_tournament("Cup", 300)
    >>> for i in range(5):
    ...     t = add_player(t, str(i), f"P{i}")
    >>> t = pair_next_round(t, random.Random(3))
    >>> [g.table for g in t.current.games], t.current.games[-1].is_bye
    ([1, 2, None], True)
    """
    number, count = check_pairable(state)
    players = state.active_players(number)
    if number == 1:
        seed = rng.randrange(2**32)
        new_round = Round(number=1, games=_random_round(state, players, seed), seed=seed)
    else:
        new_round = Round(number=number, games=_swiss_round(state, number, players))
    update: dict[str, object] = {"rounds": [*state.rounds, new_round], "round_count": count}
    if number == 1:
        # Lists lock from here (rules.tournament.lists); check-in ends with round 1's pairing.
        update["checkin_open"] = False
        if state.reveal_lists_at_pairing:
            update["lists_revealed"] = True
    return state.model_copy(update=update)


def undo_pairing(state: Tournament) -> Tournament:
    """``state`` without its last round, which must have no result yet.

    Players who dropped or joined after that round was paired are treated as having done so
    before it (a player who dropped before playing any game is removed).
    """
    _open(state)
    last = state.current
    if last is None:
        raise TournamentError(
            _("No round of {name} is paired yet; there is nothing to undo.", name=state.name)
        )
    if last.has_results:
        tables = ", ".join(str(g.table) for g in last.games if g.result is not None)
        raise TournamentError(
            _(
                "Round {number} already has results (table {tables}); a round with results cannot be undone.",
                number=last.number,
                tables=tables,
            )
        )
    rounds = state.rounds[:-1]
    paired = len(rounds)
    players = []
    for player in state.players:
        if player.dropped_after == 0:  # left out by check-in before round 1: stays left out
            players.append(player)
            continue
        update: dict[str, object] = {"joined_round": min(player.joined_round, paired + 1)}
        if player.dropped_after is not None:
            if min(player.dropped_after, paired) == 0:
                continue
            update["dropped_after"] = min(player.dropped_after, paired)
        players.append(player.model_copy(update=update))
    return state.model_copy(
        update={"rounds": rounds, "players": players, "round_count": state.round_count if rounds else None}
    )


def repair_round(state: Tournament, rng: random.Random) -> Tournament:
    """``state`` with its current round paired again (only while it has no result), taking drops,
    late joins and corrected results into account."""
    return pair_next_round(undo_pairing(state), rng)


def _editable_round(state: Tournament) -> Round:
    _open(state)
    current = state.current
    if current is None:
        raise TournamentError(_("No round of {name} is paired yet.", name=state.name))
    return current


def _noted(game: Game, what: str, by: str) -> str:
    """``game``'s note of hand changes with ``what`` (done ``by`` someone) added last."""
    note = f"{what}, by {by}" if by else what
    full = f"{game.edit_note}; {note}" if game.edit_note else note
    return full[-MAX_EDIT_NOTE:]


def note_edit(state: Tournament, round_number: int, player: str, what: str, *, by: str = "") -> Tournament:
    """``state`` with the game ``player`` played in ``round_number`` marked as changed by hand,
    ``what`` (done ``by`` someone) added to its note (a corrected result, say).

    >>> import random
    >>> t = create_tournament("Cup", 300)
    >>> for pid in "ABCD":
    ...     t = add_player(t, pid, pid)
    >>> t = pair_next_round(t, random.Random(1))
    >>> note_edit(t, 1, "A", "result corrected", by="Olga").current.game_of("A").edit_note
    'result corrected, by Olga'
    """
    rnd = state.rounds[round_number - 1]
    game = rnd.game_of(player)
    if game is None:
        return state
    marked = game.model_copy(update={"edited": True, "edit_note": _noted(game, what, by)})
    rounds = list(state.rounds)
    games = [marked if g is game else g for g in rnd.games]
    rounds[round_number - 1] = rnd.model_copy(update={"games": games})
    return state.model_copy(update={"rounds": rounds})


def swap_players(state: Tournament, first: str, second: str, *, by: str = "") -> Tournament:
    """``state`` with two players of the current round swapping seats (or the bye).

    Neither game may have a result. The changed games are marked as edited, noted with who came
    in for whom (and ``by`` whom), and flagged with what the swap breaks (a rematch, a repeat
    table); a second bye is refused.

    >>> from rules.tournament.model import Game, Player, Round
    >>> t = Tournament(name="Cup", tier=300, players=[Player(id=p, name=p) for p in "ABCD"], rounds=[
    ...     Round(number=1, games=[Game(a="A", b="B", table=1), Game(a="C", b="D", table=2)])])
    >>> [g.edit_note for g in swap_players(t, "B", "C", by="Olga").current.games]
    ['C swapped in for B, by Olga', 'B swapped in for C, by Olga']
    """
    current = _editable_round(state)
    if first == second:
        raise TournamentError(_("Name two different players to swap."))
    one, two = current.game_of(first), current.game_of(second)
    for pid, game in ((first, one), (second, two)):
        if game is None:
            raise TournamentError(
                _(
                    "{player} is not paired in round {number}.",
                    player=state.name_of(pid),
                    number=current.number,
                )
            )
    assert one is not None and two is not None
    if one is two:
        raise TournamentError(
            _(
                "{first} and {second} already play each other.",
                first=state.name_of(first),
                second=state.name_of(second),
            )
        )
    for game in (one, two):
        if game.result is not None:
            raise TournamentError(
                _(
                    "Table {table} already has a result; swap only players whose games have none.",
                    table=game.table,
                )
            )

    def put(game: Game, out: str, into: str) -> Game:
        seats = {"a": into if game.a == out else game.a, "b": into if game.b == out else game.b}
        note = _noted(game, f"{state.name_of(into)} swapped in for {state.name_of(out)}", by)
        moved = game.model_copy(update={**seats, "edited": True, "edit_note": note})
        if moved.b is None and state.byes_of(into):
            raise TournamentError(_("{into} already had a bye; nobody gets two.", into=state.name_of(into)))
        return Game.model_validate(moved.model_dump())

    changed = {id(one): put(one, first, second), id(two): put(two, second, first)}
    history = state.history(before_round=current.number)
    games = []
    for game in current.games:
        new = changed.get(id(game), game)
        games.append(new.model_copy(update={"flags": _flags(state, current.number, new, history)}))
    return _with_current(state, current.model_copy(update={"games": _ordered(games)}))


def swap_tables(state: Tournament, first_table: int, second_table: int, *, by: str = "") -> Tournament:
    """``state`` with the games at two tables of the current round trading table numbers, each
    noted with its move (and ``by`` whom)."""
    current = _editable_round(state)
    by_table = {g.table: g for g in current.games if g.table is not None}
    for table in (first_table, second_table):
        if table not in by_table:
            raise TournamentError(
                _(
                    "Round {number} has tables 1 to {count}; {table} is not one.",
                    number=current.number,
                    count=len(by_table),
                    table=table,
                )
            )
        if by_table[table].result is not None:
            raise TournamentError(
                _("Table {table} already has a result; its table can no longer change.", table=table)
            )
    if first_table == second_table:
        raise TournamentError(_("Name two different tables to swap."))
    swap = {first_table: second_table, second_table: first_table}
    history = state.history(before_round=current.number)
    games = []
    for game in current.games:
        if game.table in swap:
            note = _noted(game, f"moved from table {game.table} to {swap[game.table]}", by)
            game = game.model_copy(update={"table": swap[game.table], "edited": True, "edit_note": note})
        games.append(game.model_copy(update={"flags": _flags(state, current.number, game, history)}))
    return _with_current(state, current.model_copy(update={"games": _ordered(games)}))


def changed_games(before: Tournament, after: Tournament) -> list[Game]:
    """The current round's games of ``after`` whose players or table differ from ``before``'s
    (the bye included): the games a swap moved, whose threads and players must be told.

    >>> from rules.tournament.model import Game, Player, Round
    >>> t = Tournament(name="Cup", tier=300, players=[Player(id=p, name=p) for p in "ABCD"], rounds=[
    ...     Round(number=1, games=[Game(a="A", b="B", table=1), Game(a="C", b="D", table=2)])])
    >>> [g.players for g in changed_games(t, swap_players(t, "B", "C"))]
    [('A', 'C'), ('B', 'D')]
    """
    old = {(g.table, g.players) for g in before.current.games} if before.current else set()
    assert after.current is not None
    return [g for g in after.current.games if (g.table, g.players) not in old]


def _with_current(state: Tournament, current: Round) -> Tournament:
    return state.model_copy(update={"rounds": [*state.rounds[:-1], current]})


# --- results ------------------------------------------------------------------------------------


def _missing_text(state: Tournament) -> tuple[Message, ...]:
    missing = missing_results(state)
    tables = tuple(
        _("table {table} ({a} v {b})", table=g.table, a=state.name_of(g.a), b=state.name_of(g.b or ""))
        for g in missing[:5]
    )
    if len(missing) > 5:
        tables += (_("{n} more", n=len(missing) - 5),)
    return tables


def _still_need(state: Tournament) -> Message:
    """``table 3 (Ann v Bo) still needs a result`` or ``tables ... still need``: the verb agrees."""
    count = len(missing_results(state))
    return ngettext(
        "{tables} still needs a result", "{tables} still need a result", count, tables=_missing_text(state)
    )


def missing_results(state: Tournament) -> list[Game]:
    """The current round's games still without a result (byes need none)."""
    current = state.current
    return [] if current is None else [g for g in current.games if not g.done]


def record_result(
    state: Tournament,
    player_a: str,
    player_b: str,
    result: GameResult,
    *,
    round_number: int | None = None,
    correction: bool = False,
    organiser: bool = False,
) -> Tournament:
    """``state`` with the result of ``player_a`` v ``player_b`` (``result`` is from ``player_a``'s
    side) in ``round_number`` (default: the current round).

    A game that already has a result is only overwritten with ``correction=True`` (an organiser's
    correction); standings are always recomputed from the results. ``organiser``: an organiser
    set it, not both players (the game is marked so in the exports).
    """
    _open(state)
    if not state.rounds:
        raise TournamentError(_("No round of {name} is paired yet.", name=state.name))
    number = round_number or len(state.rounds)
    if not 1 <= number <= len(state.rounds):
        raise TournamentError(
            _(
                "Rounds 1 to {count} are paired; round {number} is not one of them.",
                count=len(state.rounds),
                number=number,
            )
        )
    rnd = state.rounds[number - 1]
    game = rnd.game_of(player_a)
    if game is None or player_b not in game.players or player_a == player_b:
        where = (
            _("{player} is not paired", player=state.name_of(player_a))
            if game is None
            else _describe(state, game, player_a)
        )
        raise TournamentError(
            _(
                "{player_a} and {player_b} do not play each other in round {number}: {where}.",
                player_a=state.name_of(player_a),
                player_b=state.name_of(player_b),
                number=number,
                where=where,
            )
        )
    format_of(state).check_result(state, number, result)
    if game.result is not None and not correction:
        raise TournamentError(
            _(
                "Table {table} of round {number} already has a result; an organiser can correct it.",
                table=game.table,
                number=number,
            )
        )
    oriented = result if game.a == player_a else result.swapped()
    new_game = game.model_copy(update={"result": oriented, "set_by_organiser": organiser})
    games = [new_game if g is game else g for g in rnd.games]
    rounds = list(state.rounds)
    rounds[number - 1] = rnd.model_copy(update={"games": games})
    return state.model_copy(update={"rounds": rounds})


def _describe(state: Tournament, game: Game, player_id: str) -> Message:
    if game.b is None:
        return _("{player} has the bye", player=state.name_of(player_id))
    other = game.b if game.a == player_id else game.a
    return _(
        "{player} plays {other} at table {table}",
        player=state.name_of(player_id),
        other=state.name_of(other),
        table=game.table,
    )


def result_from_score(score: ScoreResult) -> GameResult:
    """The tournament result of a final ITS score sheet, side A as ``a``.

    >>> from rules.its.content import load_scenarios
    >>> from rules.its.scoring import apply, new_sheet, score_sheet
    >>> acquisition = load_scenarios().get("acquisition")
    >>> sheet = apply(acquisition, new_sheet(acquisition, 300), "a", "tech_coffin", True)
    >>> result_from_score(score_sheet(acquisition, sheet))
    GameResult(op_a=3, op_b=0, vp_a=0, vp_b=0)
    """
    return GameResult(
        op_a=score.total_a, op_b=score.total_b, vp_a=score.victory_points_a, vp_b=score.victory_points_b
    )


def record_sheet_result(
    state: Tournament,
    player_a: str,
    player_b: str,
    score: ScoreResult,
    *,
    round_number: int | None = None,
    correction: bool = False,
) -> Tournament:
    """:func:`record_result` from a final score sheet (``player_a`` filled side A).

    The sheet must be for the round's scenario (when one is set) and tier.
    """
    number = round_number or len(state.rounds)
    if format_of(state).game is not GameSystem.ITS:
        raise TournamentError(
            _(
                "{name} is a {game} tournament, so an ITS score sheet is not one of its results.",
                name=state.name,
                game=format_of(state).name,
            )
        )
    expected = state.scenarios.get(number)
    if expected is not None and score.scenario_id != expected:
        raise TournamentError(
            _(
                "This sheet is for {scenario_id}, but round {number} plays {expected}; score the "
                "right scenario, or an organiser can enter the result by hand.",
                scenario_id=score.scenario_id,
                number=number,
                expected=expected,
            )
        )
    if state.rounds and score.tier != state.tier_of_round(number):
        raise TournamentError(
            _(
                "This sheet is at {tier} points, but round {number} is played at {tier_of_round}.",
                tier=int(score.tier),
                number=number,
                tier_of_round=int(state.tier_of_round(number)),
            )
        )
    return record_result(
        state, player_a, player_b, result_from_score(score), round_number=round_number, correction=correction
    )


def finish(state: Tournament, *, early: bool = False) -> Tournament:
    """``state`` finished: final standings (with the bye adjustment) and ratings can be taken.

    Every paired round needs its results; ``early`` ends before the planned number of rounds.
    """
    _open(state)
    if not state.rounds:
        raise TournamentError(_("{name} has not started: pair round 1 first.", name=state.name))
    if not state.current.complete:  # type: ignore[union-attr]
        raise TournamentError(
            _(
                "{missing} before {name} can finish.",
                missing=_still_need(state),
                name=state.name,
            )
        )
    count = state.round_count or len(state.rounds)
    if len(state.rounds) < count and not early:
        raise TournamentError(
            _(
                "Only {played} of {count} rounds are played: pair the next round, or finish early.",
                played=len(state.rounds),
                count=count,
            )
        )
    return state.model_copy(update={"finished": True, "round_count": len(state.rounds)})
