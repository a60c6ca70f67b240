"""The battle's buttons and menus: each press is one kit step, checked and applied in game.py.

Custom ids (``prefix:game:position[:arg]``, all well under 100 characters); ``arg`` names the
side (``a``/``d``), the objective's index in the mission and, for a condition, its index:

=====================  ==================================================================
``ba:c:G:P:a.1.0``     tick or untick a condition of an objective
``ba:n:G:P:a.1``       how many (objective markers, downloads, airlocks...): a menu 0-N
``ba:b:G:P:a.1``       the condition that raises a count's VP each (on or off)
``ba:v:G:P:d.1``       a points total, as the band it reaches: a menu
``ba:o:G:P:a.0``       one situation of a shared table (Jailbreak's escape)
``ba:done:G:P``        done with this moment: on to the next one who scores
``ba:first:G:P:a``     who won the roll-off for the first turn
``ba:rolloff:G:P``     roll the roll-off for the first turn here (a D6 each, ties again)
``ba:ready:G:0:a1``    Battle Ready on (``1``) or off (``0``) for a side
``ba:reopen:G:P``      reopen a finished battle to correct it (its overseers only)
=====================  ==================================================================

A finished battle is final: its tracker keeps only **Reopen**, and the buttons of a tracker
posted before that (Battle Ready carries no position) are refused with why.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import discord

from bot.i18n import channel
from bot.play import Post, Shown, StepButton, StepSelect, View, is_manager
from bot.text import public
from cogs.boarding_actions.game import (
    KIT,
    BAGame,
    Maker,
    NotYourSide,
    announce_final,
    change_of,
    check_player,
    check_side,
    named,
    option_at,
    placeholder,
    position,
    report,
    role_code,
    role_of,
    toggled,
)
from cogs.boarding_actions.reading import check_scorer, choice_said, where
from cogs.boarding_actions.tracker import OBJECTIVE_ROWS, ROW_WIDTH, board_post, image_changed, log
from rules.boarding_actions.battle import (
    FINAL,
    Advance,
    BattleState,
    ChooseFirstTurn,
    Reopen,
    ScoringOption,
    SetBattleReady,
    position_message,
    scoring_options,
)
from rules.boarding_actions.missions import BATTLE_READY_VP, Role, Scorer
from rules.boarding_actions.rolls import roll_off
from rules.errors import RuleError
from rules.i18n import N_, Message, Translator, _, translator


def show(
    shown: Shown[BAGame], *, title: str | None = None, note: str = "", t: Translator | None = None
) -> Post:
    """The battle after a step (the kit's ``show``): the tracker's post with the moment's controls,
    in ``t``'s language (the channel's: the tracker is public)."""
    return board_post(shown, title=title, note=note, view=controls(shown, t), t=t)


def _shower(t: Translator) -> Callable[[Shown[BAGame]], Post]:
    def _show(shown: Shown[BAGame]) -> Post:
        return show(shown, t=t)

    return _show


def _edited_shower(t: Translator) -> Callable[[Shown[BAGame]], Post]:
    def _show_edited(shown: Shown[BAGame]) -> Post:
        """The tracker message edited in place: its scoreboard image is uploaded again only when
        what it shows changed (a report at the open moment reaches it when the moment is done)."""
        post = show(shown, t=t)
        post.keep_attachments = not image_changed(shown)
        return post

    return _show_edited


async def _step(
    interaction: discord.Interaction,
    control: StepButton | StepSelect,
    action: str,
    make: Maker,
    *,
    edit: bool,
) -> None:
    posts = None if edit else await placeholder(interaction)  # a new message becomes the live one
    t = await channel(interaction)
    shown = await KIT.play(
        interaction,
        action,
        change_of(interaction, make, expected=control.step, posting=not edit, posts=posts),
        _edited_shower(t) if edit else _shower(t),
        game_id=control.game,
        edit=edit,
    )
    announce_final(interaction, shown)


class ConditionButton(StepButton, prefix="ba:c"):
    async def run(self, interaction: discord.Interaction) -> None:
        role, (index, condition) = where(self.arg, 2)

        def make(state: BattleState) -> tuple[Any, Message]:
            option = option_at(state, role, index)
            check_scorer(interaction, state, option.role, option.objective.scorer is Scorer.SHARED)
            conditions = option.objective.conditions
            if condition >= len(conditions):
                raise RuleError(_("That control is damaged; use `/ba status` for fresh ones."))
            chosen = conditions[condition]
            ticked = option.reported is not None and chosen.id in option.reported.conditions
            values = {"who": state.players[option.role].name, "objective": option.objective.name,
                      "condition": chosen.label}
            said = _("{who} unticked {objective}: {condition}", **values) if ticked else None
            return toggled(option, chosen.id), said or _("{who} ticked {objective}: {condition}", **values)

        await _step(interaction, self, "score", make, edit=True)


class BoostButton(StepButton, prefix="ba:b"):
    async def run(self, interaction: discord.Interaction) -> None:
        role, (index,) = where(self.arg, 1)

        def make(state: BattleState) -> tuple[Any, Message]:
            option = option_at(state, role, index)
            check_side(interaction, state, option.role)
            now = not (option.reported is not None and option.reported.boosted)
            name = option.objective.name
            off = _("{objective}: raised VP off", objective=name)
            return report(option, boosted=now), _("{objective}: raised VP on", objective=name) if now else off

        await _step(interaction, self, "score", make, edit=True)


class NumberSelect(StepSelect, prefix="ba:n"):
    """How many things (a count), or a points band (``ba:v``), or a situation (``ba:o``)."""

    field = "count"

    async def run(self, interaction: discord.Interaction) -> None:
        role, (index,) = where(self.arg, 1)
        picked = (self.selected(interaction) or [""])[0]

        def make(state: BattleState) -> tuple[Any, Message]:
            option = option_at(state, role, index)
            check_scorer(interaction, state, option.role, option.objective.scorer is Scorer.SHARED)
            value: object = picked
            if self.field != "option":
                if not picked.isdigit():
                    raise RuleError(_("Pick a number from the menu."))
                value = int(picked)
            said = choice_said(option, self.field, picked)
            name = option.objective.name
            if option.objective.scorer is Scorer.SHARED:
                line = _("Reported {objective}: {said}", objective=name, said=said)
            else:
                line = _("{who} reported {objective}: {said}", who=state.players[option.role].name,
                         objective=name,
                         said=said)
            return report(option, **{self.field: value}), line

        await _step(interaction, self, "score", make, edit=True)


class BandSelect(NumberSelect, prefix="ba:v"):
    field = "value"


class OutcomeSelect(NumberSelect, prefix="ba:o"):
    field = "option"


class DoneButton(StepButton, prefix="ba:done"):
    label = "Done ▶"
    style = discord.ButtonStyle.primary

    async def run(self, interaction: discord.Interaction) -> None:
        def make(state: BattleState) -> tuple[Any, Message]:
            if state.active is not None:
                check_side(interaction, state, state.active)
                return Advance(), _("{player} is done: {position}", player=named(state, state.active),
                                    position=position_message(state))
            check_player(interaction, state)
            return Advance(), _("the battle is over")

        await _step(interaction, self, "advance", make, edit=False)


class FirstTurnButton(StepButton, prefix="ba:first"):
    style = discord.ButtonStyle.primary

    async def run(self, interaction: discord.Interaction) -> None:
        role, _unused = where(self.arg, 0)

        def make(state: BattleState) -> tuple[Any, Message]:
            check_player(interaction, state)
            return ChooseFirstTurn(role=role), _("{player} takes the first turn", player=named(state, role))

        await _step(interaction, self, "first_turn", make, edit=False)


class ReadyButton(StepButton, prefix="ba:ready"):
    async def run(self, interaction: discord.Interaction) -> None:
        code = self.arg or ""
        if len(code) != 2 or code[0] not in "ad" or code[1] not in "01":
            raise RuleError(_("That control is damaged; use `/ba status` for fresh ones."))
        role, ready = role_of(code[0]), code[1] == "1"

        def make(state: BattleState) -> tuple[Any, Message]:
            if state.over:  # a finished tracker's toggle (posted before they were taken off it)
                raise RuleError(FINAL)
            check_side(interaction, state, role)
            if state.players[role].battle_ready == ready:
                name = state.players[role].name
                if ready:
                    raise RuleError(_("{name}'s army is already marked Battle Ready.", name=name))
                raise RuleError(_("{name}'s army is not marked Battle Ready.", name=name))
            words = {True: N_("{player}: Battle Ready"), False: N_("{player}: not Battle Ready")}
            return SetBattleReady(role=role, ready=ready), _(words[ready], player=named(state, role))

        # Any moment: the position is not checked (ready buttons carry 0), only the game and
        # that this is the live tracker message.
        change = change_of(interaction, make)
        await KIT.play(
            interaction,
            "battle_ready",
            change,
            _edited_shower(await channel(interaction)),
            game_id=self.game,
            edit=True,
        )


async def check_reopen(interaction: discord.Interaction, state: BattleState) -> None:
    """Who may reopen a finished battle: in a tournament's channel its organisers, elsewhere the
    battle's players; a Manage Server member anywhere."""
    if is_manager(interaction):
        return
    event = await interaction.client.pairings.of(  # type: ignore[attr-defined]
        interaction.guild_id, interaction.channel_id
    )
    if event is None:
        check_player(interaction, state)
        return
    if interaction.user.id in event.organisers:
        return
    who = ", ".join(f"<@{u}>" for u in event.organisers) or _("nobody yet")
    raise NotYourSide(_("This battle's result went to {event}: only its organisers ({who}) or a member with "
                        "Manage "
                        "Server can reopen it.", event=public(event.event, 80), who=who))


class ReopenButton(StepButton, prefix="ba:reopen"):
    """Reopens a finished battle at its end, to correct it; finishing it again sends the new result
    to a tournament that recorded the old one as a correction."""

    label = "Reopen to correct"
    emoji = "🔓"
    style = discord.ButtonStyle.secondary

    async def run(self, interaction: discord.Interaction) -> None:
        game = await KIT.load(interaction, game_id=self.game)
        await check_reopen(interaction, game.state.battle)
        who = public(interaction.user.display_name, 40)

        def make(state: BattleState) -> tuple[Any, Message]:
            return Reopen(), _("{who} reopened the battle to correct it", who=who)

        change = change_of(interaction, make, expected=self.step, reopener=who)
        await KIT.play(
            interaction,
            "reopen",
            change,
            _edited_shower(await channel(interaction)),
            game_id=self.game,
            edit=True,
        )


class RollOffButton(StepButton, prefix="ba:rolloff"):
    """Rolls the roll-off for the first turn: a D6 each, ties rolled again, the dice shown."""

    label = "Roll off"
    emoji = "🎲"
    style = discord.ButtonStyle.success

    async def run(self, interaction: discord.Interaction) -> None:
        rng = interaction.client.rng  # type: ignore[attr-defined]

        def make(state: BattleState) -> tuple[Any, Message]:
            check_player(interaction, state)
            off = roll_off(rng)
            a, d = (state.players[r].name for r in (Role.ATTACKER, Role.DEFENDER))
            winner = state.players[off.winner].name
            summary = _("roll-off: {throws}; {winner} takes the first turn", throws=off.text(a, d),
                        winner=winner)
            return ChooseFirstTurn(role=off.winner), summary

        await _step(interaction, self, "first_turn", make, edit=False)


DYNAMIC_ITEMS: tuple[type[Any], ...] = (
    ConditionButton,
    BoostButton,
    NumberSelect,
    BandSelect,
    OutcomeSelect,
    DoneButton,
    FirstTurnButton,
    ReadyButton,
    ReopenButton,
    RollOffButton,
)


# -- the moment's controls, as one view ---------------------------------------------------------


def _ready_buttons(shown: Shown[BAGame], t: Translator) -> list[Any]:
    state = shown.state.battle
    out = []
    for role in Role:
        on = state.players[role].battle_ready
        out.append(
            ReadyButton(
                shown.id,
                0,
                f"{role_code(role)}{0 if on else 1}",
                label=f"{'☑' if on else '☐'} "
                + t("{name} Battle Ready (+{vp})", name=state.players[role].name, vp=BATTLE_READY_VP),
                style=discord.ButtonStyle.success if on else discord.ButtonStyle.secondary,
            )
        )
    return out


def _objective_rows(
    shown: Shown[BAGame], options: list[ScoringOption], t: Translator
) -> tuple[list[list[Any]], list[Any]]:
    """One row of items per input of each objective, and the extra buttons for the last row."""
    state = shown.state.battle
    pos = position(state)
    several = len({o.role for o in options}) > 1
    rows: list[list[Any]] = []
    extra: list[Any] = []
    index_of = {o.id: i for i, o in enumerate(state.mission.objectives)}
    for option in options:
        objective = option.objective
        where = f"{role_code(option.role)}.{index_of[objective.id]}"
        who = (
            f"{state.players[option.role].name}: "
            if several and objective.scorer is not Scorer.SHARED
            else ""
        )
        reported = option.reported
        if objective.conditions:
            row = []
            for i, condition in enumerate(objective.conditions[:ROW_WIDTH]):
                ticked = reported is not None and condition.id in reported.conditions
                row.append(
                    ConditionButton(
                        shown.id,
                        pos,
                        f"{where}.{i}",
                        label=f"{who}{'☑' if ticked else '☐'} {condition.label} (+{condition.vp})",
                        style=discord.ButtonStyle.success if ticked else discord.ButtonStyle.secondary,
                    )
                )
            rows.append(row)
        count = objective.count
        if count is not None:
            boosted = reported is not None and reported.boosted
            each = count.boost.vp_each if boosted and count.boost else count.vp_each
            item = option.count_label or count.item
            counted = reported is not None and reported.count is not None
            now = t(" (now {n})", n=reported.count) if counted and reported else ""
            choices = [(f"{n} × {item}: {n * each} VP", str(n)) for n in range(option.count_limit + 1)]
            rows.append(
                [
                    NumberSelect(
                        shown.id,
                        pos,
                        where,
                        options=choices,
                        placeholder=who
                        + t("{objective}: {item}, how many?", objective=objective.name, item=item)
                        + now,
                    )
                ]
            )
            if count.boost is not None:
                extra.append(
                    BoostButton(
                        shown.id,
                        pos,
                        where,
                        label=f"{'☑' if boosted else '☐'} "
                        + t("{label} ({vp} each)", label=count.boost.label, vp=count.boost.vp_each),
                        style=discord.ButtonStyle.success if boosted else discord.ButtonStyle.secondary,
                    )
                )
        bands = objective.bands
        if bands is not None:
            choices = [
                (f"{bands.band_label(i)} {bands.measure}: {b.vp} VP", str(b.at_least))
                for i, b in enumerate(bands.bands)
            ]
            valued = reported is not None and reported.value is not None
            now = t(" (now {n})", n=reported.value) if valued and reported else ""
            rows.append(
                [
                    BandSelect(
                        shown.id,
                        pos,
                        where,
                        options=choices,
                        placeholder=f"{who}{objective.name}: {bands.measure}?{now}",
                    )
                ]
            )
        outcome = objective.outcome
        if outcome is not None:
            choices = [
                (
                    t(
                        "{label}: Attacker {attacker}, Defender {defender}",
                        label=o.label,
                        attacker=o.vp[Role.ATTACKER],
                        defender=o.vp[Role.DEFENDER],
                    ),
                    o.id,
                )
                for o in outcome.options
            ]
            picked = reported.option if reported is not None else None
            now = t(" (now: {option})", option=picked) if picked else ""
            rows.append(
                [OutcomeSelect(shown.id, pos, where, options=choices, placeholder=f"{outcome.question}{now}")]
            )
    return rows, extra


def controls(shown: Shown[BAGame], t: Translator | None = None) -> discord.ui.View | None:
    """The moment's controls: inputs per objective, then Done (or the first-turn buttons) and
    the Battle Ready toggles."""
    t = t or translator("en")
    state = shown.state.battle
    view = discord.ui.View(timeout=None)
    last: list[Any] = []
    if state.over:
        # Final: Battle Ready no longer changes it (issue 38, item 1); correcting it means reopening.
        last = [ReopenButton(shown.id, position(state), label=t("Reopen to correct"))]
    elif state.first_turn is None:
        last = [
            RollOffButton(shown.id, position(state), label=t("Roll off")),
            *(
                FirstTurnButton(
                    shown.id,
                    position(state),
                    role_code(r),
                    label=t("{name} goes first", name=state.players[r].name),
                )
                for r in Role
            ),
            *_ready_buttons(shown, t),
        ]
    else:
        rows, extra = _objective_rows(shown, scoring_options(state), t)
        if len(rows) > OBJECTIVE_ROWS:
            log.warning(
                "%s: %d input rows at one moment; showing %d", state.mission.id, len(rows), OBJECTIVE_ROWS
            )
        for number, row in enumerate(rows[:OBJECTIVE_ROWS]):
            for item in row:
                item.row = number
                view.add_item(item)
        finish = t("Finish the battle ▶") if state.active is None else t("Done ▶")
        last = [DoneButton(shown.id, position(state), label=finish), *extra, *_ready_buttons(shown, t)]
    for item in last[:ROW_WIDTH]:
        item.row = OBJECTIVE_ROWS
        view.add_item(item)
    return view if view.children else View()
