"""What the battle looks like after every step: who scores now and what, the score against the
cap, the underdog, the result at the end, the scoreboard image, and the controls for the moment.

:func:`show` is the kit's ``show`` for every battle step; the rules decide everything it says.
"""

from __future__ import annotations

import logging
from typing import Any

import discord

from bot.limits import MAX_FIELD_VALUE, clip
from bot.play import Image, Post, Shown, View
from bot.text import pinging
from cogs.boarding_actions.controls import (
    BandSelect,
    BoostButton,
    ConditionButton,
    DoneButton,
    FirstTurnButton,
    NumberSelect,
    OutcomeSelect,
    ReadyButton,
    RollOffButton,
)
from cogs.boarding_actions.game import BAGame, mention, name_of, position, role_code, vp_of
from renderers.boarding_actions import render_scoreboard
from rules.boarding_actions.battle import (
    BattleState,
    ScoringOption,
    describe_position,
    scoring_options,
    tally,
    underdog,
)
from rules.boarding_actions.missions import BATTLE_READY_VP, MISSION_VP_CAP, Role, Scorer
from rules.boarding_actions.scoreboard import committed, scoreboard

log = logging.getLogger("herald.boarding_actions")

SCOREBOARD_FILE = "scoreboard.png"
COLOUR = discord.Colour.from_rgb(230, 126, 34)
OVER_COLOUR = discord.Colour.from_rgb(87, 242, 135)
#: Discord: five rows of components; the last one holds Done and the Battle Ready toggles.
OBJECTIVE_ROWS = 4
ROW_WIDTH = 5


def scoreboard_image(state: BattleState) -> Image:
    """The scoreboard PNG, drawn in a worker thread when the message is sent. It shows the scores
    up to the moment still open (see :func:`committed`), so it changes once per scoring moment."""
    board = scoreboard(committed(state))
    return Image(lambda: render_scoreboard(board, theme="dark"), SCOREBOARD_FILE)


def image_changed(shown: Shown[BAGame]) -> bool:
    """Whether the scoreboard image after this step differs from the one before it."""
    if shown.before is None:
        return True
    return scoreboard(committed(shown.before.battle)) != scoreboard(committed(shown.state.battle))


def score_line(state: BattleState) -> str:
    t = tally(state)
    parts = []
    for role in Role:
        extra = f" (+{BATTLE_READY_VP} Battle Ready)" if t.battle_ready[role] else ""
        lost = f", {t.discounted[role]} over the cap" if t.discounted[role] else ""
        parts.append(f"{name_of(state, role)}: **{t.total[role]}** VP{extra}{lost}")
    pending = "" if committed(state) is state else "\n_This moment's reports join the image when it is done._"
    return (
        "\n".join(parts)
        + f"\n_Mission VP stop at {MISSION_VP_CAP}; Battle Ready adds {BATTLE_READY_VP}._"
        + pending
    )


def _option_line(state: BattleState, option: ScoringOption, several: bool) -> str:
    objective = option.objective
    who = f"{state.players[option.role].name}: " if several and objective.scorer is not Scorer.SHARED else ""
    so_far = f" · reported: **{vp_of(option)} VP**" if option.reported else ""
    return f"{who}**{objective.name}**: {objective.how_much()}{so_far}"


def _moment_text(state: BattleState, options: list[ScoringOption]) -> str:
    if state.over:
        return ""
    if state.first_turn is None:
        return (
            "Roll off: the winner takes the first turn. Press **Roll off** to roll a D6 each here "
            "(a tie rolls again), or press who won if you rolled at the table."
        )
    several = len({o.role for o in options}) > 1
    lines = [_option_line(state, o, several) for o in options]
    if not lines:
        lines = ["Nothing to score at the end of the battle."]
    finish = "**Finish the battle**" if state.active is None else "**Done**"
    lines.append(f"Press a button per condition met (or pick a number), then {finish}.")
    return "\n".join(lines)


def _result_text(state: BattleState) -> str:
    board = scoreboard(state)
    lines = [f"**{board.headline}**"]
    for side in board.sides:
        outcome = side.outcome.value if side.outcome else ""
        lines.append(f"{side.name} ({side.role.title}): {outcome}, {side.total} VP")
    return "\n".join(lines)


def battle_embed(shown: Shown[BAGame], *, title: str | None = None, note: str = "") -> discord.Embed:
    state = shown.state.battle
    options = scoring_options(state)
    done = shown.change.summary if shown.change is not None and shown.change.summary else ""
    head = [f"✔ {done}" if done else "", note, f"__{describe_position(state)}__"]
    body = _result_text(state) if state.over else _moment_text(state, options)
    embed = discord.Embed(
        title=clip(title or f"{state.mission.name} · {state.mission.kind.die} {state.mission.roll}", 256),
        description=clip("\n".join(p for p in [*head, body] if p), 4000),
        colour=OVER_COLOUR if state.over else COLOUR,
    )
    embed.add_field(name="Score", value=clip(score_line(state), MAX_FIELD_VALUE), inline=False)
    weak = underdog(state)
    if weak is not None:
        embed.add_field(
            name=f"Underdog: {name_of(state, weak)}",
            value=clip(state.mission.underdog_bonus, MAX_FIELD_VALUE),
            inline=False,
        )
    after = "`/ba end` closes the battle" if state.over else "`/ba status` shows this again"
    embed.add_field(name="Commands", value=f"`/ba undo` takes back the last step · {after}", inline=False)
    embed.set_image(url=f"attachment://{SCOREBOARD_FILE}")
    embed.set_footer(text=f"Battle #{shown.id} · step {shown.version}")
    return embed


def _ready_buttons(shown: Shown[BAGame]) -> list[Any]:
    state = shown.state.battle
    out = []
    for role in Role:
        on = state.players[role].battle_ready
        out.append(
            ReadyButton(
                shown.id,
                0,
                f"{role_code(role)}{0 if on else 1}",
                label=f"{'☑' if on else '☐'} {state.players[role].name} Battle Ready (+{BATTLE_READY_VP})",
                style=discord.ButtonStyle.success if on else discord.ButtonStyle.secondary,
            )
        )
    return out


def _objective_rows(shown: Shown[BAGame], options: list[ScoringOption]) -> tuple[list[list[Any]], list[Any]]:
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
            now = f" (now {reported.count})" if reported is not None and reported.count is not None else ""
            choices = [(f"{n} × {item}: {n * each} VP", str(n)) for n in range(option.count_limit + 1)]
            rows.append(
                [
                    NumberSelect(
                        shown.id,
                        pos,
                        where,
                        options=choices,
                        placeholder=f"{who}{objective.name}: {item}, how many?{now}",
                    )
                ]
            )
            if count.boost is not None:
                extra.append(
                    BoostButton(
                        shown.id,
                        pos,
                        where,
                        label=f"{'☑' if boosted else '☐'} {count.boost.label} ({count.boost.vp_each} each)",
                        style=discord.ButtonStyle.success if boosted else discord.ButtonStyle.secondary,
                    )
                )
        bands = objective.bands
        if bands is not None:
            choices = [
                (f"{bands.band_label(i)} {bands.measure}: {b.vp} VP", str(b.at_least))
                for i, b in enumerate(bands.bands)
            ]
            now = f" (now {reported.value})" if reported is not None and reported.value is not None else ""
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
                (f"{o.label}: Attacker {o.vp[Role.ATTACKER]}, Defender {o.vp[Role.DEFENDER]}", o.id)
                for o in outcome.options
            ]
            now = f" (now: {reported.option})" if reported is not None and reported.option else ""
            rows.append(
                [OutcomeSelect(shown.id, pos, where, options=choices, placeholder=f"{outcome.question}{now}")]
            )
    return rows, extra


def controls(shown: Shown[BAGame]) -> discord.ui.View | None:
    """The moment's controls: inputs per objective, then Done (or the first-turn buttons) and
    the Battle Ready toggles."""
    state = shown.state.battle
    view = discord.ui.View(timeout=None)
    last: list[Any] = []
    if state.over:
        last = _ready_buttons(shown)
    elif state.first_turn is None:
        last = [
            RollOffButton(shown.id, position(state)),
            *(
                FirstTurnButton(
                    shown.id, position(state), role_code(r), label=f"{state.players[r].name} goes first"
                )
                for r in Role
            ),
            *_ready_buttons(shown),
        ]
    else:
        rows, extra = _objective_rows(shown, scoring_options(state))
        if len(rows) > OBJECTIVE_ROWS:
            log.warning(
                "%s: %d input rows at one moment; showing %d", state.mission.id, len(rows), OBJECTIVE_ROWS
            )
        for number, row in enumerate(rows[:OBJECTIVE_ROWS]):
            for item in row:
                item.row = number
                view.add_item(item)
        finish = "Finish the battle ▶" if state.active is None else "Done ▶"
        last = [DoneButton(shown.id, position(state), label=finish), *extra, *_ready_buttons(shown)]
    for item in last[:ROW_WIDTH]:
        item.row = OBJECTIVE_ROWS
        view.add_item(item)
    return view if view.children else View()


def scorers(state: BattleState) -> list[Role]:
    if state.over:
        return []
    if state.first_turn is None:
        return list(Role)
    return list(dict.fromkeys(o.role for o in scoring_options(state))) or (
        [state.active] if state.active else list(Role)
    )


def show(shown: Shown[BAGame], *, title: str | None = None, note: str = "") -> Post:
    """The battle after a step: the embed, the scoreboard image and the moment's controls."""
    state = shown.state.battle
    who = scorers(state)
    if state.over:
        content = None
    elif state.first_turn is None:
        content = f"{' and '.join(mention(state, r) for r in who)}: who takes the first turn?"
    elif state.active is None:
        content = (
            f"{' and '.join(mention(state, r) for r in who)}: the battle has ended. Report the End Game "
            "objectives, then press Finish the battle."
        )
    else:
        content = f"{' and '.join(mention(state, r) for r in who)}: your turn to score."
    return Post(
        content=content,
        embeds=[battle_embed(shown, title=title, note=note)],
        view=controls(shown),
        images=[scoreboard_image(state)],
        mentions=None if content is None else pinging(state.players[r].user_id for r in who),
    )
