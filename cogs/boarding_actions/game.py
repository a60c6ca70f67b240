"""The stored battle, who may change which side, and the one way a change becomes a kit step.

``BAGame`` wraps the rules' :class:`BattleState` so the game store can keep it; ``KIT`` is the
battle's play-by-post kit. Every change (a score, Done, Battle Ready, the first turn) is built
here as a ``change(game) -> Change`` that the kit runs under the channel's lock: the permission
and "has this message moved on" checks run inside it, against the state being changed, so two
presses at once can never both pass on a stale view.

Buttons carry the battle's *position* (round, turn and moment as one number) instead of the
store's version, so a scoring message stays usable through its own presses and the other
player's Battle Ready toggle, and goes stale only once the battle moves to another moment.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

import discord
from discord.enums import InteractionResponseType

from bot.games import GameKind, GameState, MovedOn, Seat
from bot.links import jump_link
from bot.play import Change, GameKit, Shown, is_manager
from bot.send import holding_response
from rules.boarding_actions.battle import (
    FINAL,
    MOMENT_WORDS,
    ROLE_WORDS,
    Advance,
    BattleState,
    ChooseFirstTurn,
    Reopen,
    Score,
    ScoringOption,
    SetBattleReady,
    apply,
    position_message,
    result,
    scoring_options,
)
from rules.boarding_actions.missions import TURN_MOMENTS, Moment, Objective, Role, Scorer
from rules.errors import RuleError
from rules.i18n import Message, Translator, _

KIND = GameKind(
    key="boarding_actions",
    label="a Boarding Actions battle",
    start_hint="/ba battle start",
    end_hint="/ba end",
    seats=lambda game: seats(game),
    noun=_("Boarding Actions battle"),
    called=_("a Boarding Actions battle"),
)

Action = ChooseFirstTurn | Score | Advance | SetBattleReady | Reopen
#: Position of a battle waiting for the first turn, and of a finished one.
BEFORE_FIRST_TURN = 0
BATTLE_END_POSITION = 31
OVER_POSITION = 32


class BAGame(GameState):
    """A Boarding Actions battle as the game store keeps it."""

    SCHEMA_VERSION: ClassVar[int] = 1

    battle: BattleState
    #: The live tracker message: the newest one posted with the battle's controls. A press on
    #: any other (older) message is refused with a link to it. None: not known (older battles).
    tracker_message: int | None = None
    #: Who last reopened the finished battle (a name, for the tracker), or None: never reopened.
    #: Its next result goes to a tournament that recorded the battle as a correction.
    reopened_by: str | None = None


KIT = GameKit(KIND, BAGame)


class NotYourSide(RuleError):
    """Someone other than the side's player (or a Manage Server member) tried to change it."""


def seats(game: BAGame) -> list[Seat]:
    """For /games: both players; the battle waits on the player whose turn is being scored (at the
    end of the battle or before the first turn, on both)."""
    state = game.battle
    users = {role: p.user_id for role, p in state.players.items() if p.user_id}
    found = [Seat(u) for u in users.values()]
    if state.over:
        return [*found, *(Seat(u, _("the battle is over: `/ba end` closes it")) for u in users.values())]
    if state.first_turn is None:
        what = _("settle who takes the first turn (the tracker's buttons)")
        return [*found, *(Seat(u, what) for u in users.values())]
    active = state.active
    if active is None:
        return [*found, *(Seat(u, _("score the end of the battle (the tracker)")) for u in users.values())]
    what = _(
        "round {round}, {moment}: score it on the tracker",
        round=state.round,
        moment=Message(MOMENT_WORDS[state.moment]),
    )
    return [*found, Seat(users.get(active, 0), what)]


def role_code(role: Role) -> str:
    return "a" if role is Role.ATTACKER else "d"


def role_of(code: str) -> Role:
    return Role.ATTACKER if code == "a" else Role.DEFENDER


def position(state: BattleState) -> int:
    """The battle's place in its sequence as one number (rounds 1-5: 1-30, end 31, over 32)."""
    if state.over:
        return OVER_POSITION
    if state.moment is Moment.BATTLE_END:
        return BATTLE_END_POSITION
    if state.first_turn is None:
        return BEFORE_FIRST_TURN
    return 1 + (state.round - 1) * 6 + state.turn * 3 + TURN_MOMENTS.index(state.moment)


def name_of(state: BattleState, role: Role, t: Translator | None = None) -> str:
    """``Ann (Attacker)``, the role in ``t``'s language (English without one)."""
    if t is None:
        return f"{state.players[role].name} ({role.title})"
    return f"{state.players[role].name} ({t(ROLE_WORDS[role])})"


def named(state: BattleState, role: Role) -> Message:
    """``Ann (Attacker)`` as a message: a step's summary keeps it and shows it in the reader's language."""
    return _("{name} ({role})", name=state.players[role].name, role=_(ROLE_WORDS[role]))


def said_of(change: Any, t: Translator) -> str:
    """A step's summary in ``t``'s language: the message its detail keeps (steps logged before
    summaries were messages keep their English summary, shown as it is)."""
    detail = getattr(change, "detail", None) or {}
    if "said" in detail:
        return t(Message.from_json(detail["said"]))
    return getattr(change, "summary", "") or ""


def mention(state: BattleState, role: Role) -> str:
    user_id = state.players[role].user_id
    return f"<@{user_id}>" if user_id else state.players[role].name


def player_role(state: BattleState, user_id: int) -> Role | None:
    return next((r for r, p in state.players.items() if p.user_id == user_id), None)


def check_side(interaction: discord.Interaction, state: BattleState, role: Role) -> None:
    """Only ``role``'s player, or a Manage Server member, acts for that side."""
    if state.players[role].user_id == interaction.user.id or is_manager(interaction):
        return
    raise NotYourSide(_("Only {name} (the {role}) or a member with Manage Server can do that for the {role}.",
                        name=state.players[role].name, role=_(ROLE_WORDS[role])))


def check_player(interaction: discord.Interaction, state: BattleState) -> None:
    """Either player, or a Manage Server member."""
    if player_role(state, interaction.user.id) is not None or is_manager(interaction):
        return
    a, d = (state.players[r].name for r in (Role.ATTACKER, Role.DEFENDER))
    raise NotYourSide(_("Only this battle's players, {attacker} and {defender}, or a member with Manage "
                        "Server can "
                        "do that.", attacker=a, defender=d))


def check_position(state: BattleState, expected: int | None) -> None:
    if expected is None or position(state) == expected:
        return
    if state.over:
        raise MovedOn(FINAL)
    raise MovedOn(_("That message's controls were for another moment of the battle; it is now at: "
                    "{position}. "
                    "Use the newest message, or `/ba status` for one.", position=position_message(state)))


def message_link(interaction: discord.Interaction, message_id: int) -> str:
    """A link to a message of the interaction's channel."""
    assert interaction.channel_id is not None
    return jump_link(interaction.guild_id, interaction.channel_id, message_id)


def check_live(interaction: discord.Interaction, game: BAGame) -> None:
    """A control works only on the live tracker message: older copies (a message ``/ba status``
    or ``/ba undo`` replaced) answer with a link to the live one instead of becoming live again."""
    pressed = interaction.message.id if interaction.message is not None else None
    if pressed is None or game.tracker_message is None or pressed == game.tracker_message:
        return
    raise MovedOn(_("This tracker message has moved on: a newer one took its place, and only that one's "
                    "controls "
                    "work. Use it: {link} (or `/ba status` for a fresh one).",
                    link=message_link(interaction, game.tracker_message)))


async def placeholder(interaction: discord.Interaction) -> int | None:
    """Acknowledge with a public "thinking" message and give its id: the tracker about to be
    posted fills it, so the step that posts it can name it as the live one. None when the
    interaction was already answered another way (then the tracker is posted as a follow-up)."""
    async with holding_response(interaction):
        if not interaction.response.is_done():
            await interaction.response.defer(thinking=True)
        elif interaction.response.type is not InteractionResponseType.deferred_channel_message:
            return None
    return (await interaction.original_response()).id


def option_at(state: BattleState, role: Role, index: int) -> ScoringOption:
    """The objective at ``index`` (in the mission) that ``role`` may score now."""
    objectives = state.mission.objectives
    objective = objectives[index] if 0 <= index < len(objectives) else None
    for option in scoring_options(state, role):
        if objective is not None and option.objective.id == objective.id:
            return option
    shared = [o for o in scoring_options(state) if objective and o.objective.id == objective.id]
    if shared and objective is not None and objective.scorer is Scorer.SHARED:
        return shared[0]
    if objective is None:
        raise MovedOn(_("That objective is not scored now ({position}); use `/ba status` for what is.",
                        position=position_message(state)))
    raise MovedOn(_("{objective} is not scored now ({position}); use `/ba status` for what is.",
                    objective=objective.name, position=position_message(state)))


def _closure(objective: Objective, start: set[str], *, up: bool) -> set[str]:
    """Conditions reached from ``start``: up = the ones they require; down = the ones needing them."""
    found = set(start)
    while True:
        if up:
            more = {r for c in objective.conditions if c.id in found for r in c.requires}
        else:
            more = {c.id for c in objective.conditions if any(r in found for r in c.requires)}
        more -= found
        if not more:
            return found
        found |= more


def report(scoring: ScoringOption, **update: object) -> Score:
    """A new report for ``option``: the earlier one at this moment, with ``update`` applied."""
    before = scoring.reported
    fields: dict[str, object] = {
        "role": scoring.role,
        "objective": scoring.objective.id,
        "conditions": list(before.conditions) if before else [],
        "count": before.count if before else None,
        "boosted": before.boosted if before else False,
        "value": before.value if before else None,
        "option": before.option if before else None,
    }
    fields.update(update)
    return Score.model_validate(fields)


def toggled(option: ScoringOption, condition_id: str) -> Score:
    """Tick a condition (with those it requires) or untick it (with those that require it)."""
    objective = option.objective
    ticked = set(option.reported.conditions) if option.reported else set()
    if condition_id in ticked:
        ticked -= _closure(objective, {condition_id}, up=False)
    else:
        ticked |= _closure(objective, {condition_id}, up=True)
    order = [c.id for c in objective.conditions if c.id in ticked]
    return report(option, conditions=order)


Maker = Callable[[BattleState], tuple[Action, Message]]


def change_of(
    interaction: discord.Interaction,
    make: Maker,
    *,
    expected: int | None = None,
    posting: bool = False,
    posts: int | None = None,
    reopener: str | None = None,
) -> Callable[[BAGame], Change[BAGame]]:
    """A kit change: check the position and that the control is on the live tracker message, let
    ``make`` check who acts and build the action and its log line, then apply it. ``posting``: the
    step posts a new tracker message, ``posts`` (its id, None if unknown) becomes the live one.
    ``reopener``: who reopens the battle, when the action is :class:`Reopen`."""

    def change(game: BAGame) -> Change[BAGame]:
        state = game.battle
        check_position(state, expected)
        check_live(interaction, game)
        action, said = make(state)
        new = apply(state, action)
        reopened = reopener if isinstance(action, Reopen) and reopener else game.reopened_by
        return Change(
            BAGame(
                battle=new,
                tracker_message=posts if posting else game.tracker_message,
                reopened_by=reopened,
            ),
            summary=str(said),
            detail={"action": action.model_dump(mode="json"), "said": said.to_json()},
            result=action,
        )

    return change


def announce_final(interaction: discord.Interaction, shown: Shown[BAGame]) -> None:
    """When this step ended the battle, tell other cogs (a tournament whose game this is) as the
    event ``ba_battle_final``: ``{"players": [attacker, defender], "vp": [attacker's, defender's],
    "correction": bool, "reopened_by": str | None}`` (user ids; VP 0-100 with Battle Ready;
    ``correction``: the battle was finished before and reopened, by that name, so this result
    replaces the one reported then). No cog imports another."""
    before = shown.before
    battle = shown.state.battle
    if before is None or before.battle.over or not battle.over:
        return
    total = result(battle).total
    interaction.client.dispatch(
        "ba_battle_final",
        interaction.channel_id,
        interaction.guild_id,
        {
            "players": [battle.players[Role.ATTACKER].user_id, battle.players[Role.DEFENDER].user_id],
            "vp": [total[Role.ATTACKER], total[Role.DEFENDER]],
            "correction": shown.state.reopened_by is not None,
            "reopened_by": shown.state.reopened_by,
        },
    )


def vp_of(option: ScoringOption) -> int:
    """VP claimed by the report so far at this moment (before the cap)."""
    reported = option.reported
    return sum(reported.awards.values()) if reported else 0
