"""What the battle looks like after every step: who scores now and what, the score against the
cap, the underdog, the result at the end, the scoreboard image, and the controls for the moment.

:func:`board_post` is what every battle step shows; controls.py adds the moment's buttons to it
(:func:`cogs.boarding_actions.controls.show`, the kit's ``show``). The rules decide everything
it says.
"""

from __future__ import annotations

import logging

import discord

from bot.limits import MAX_FIELD_VALUE, clip
from bot.play import Card, Image, Post, Shown
from bot.text import pinging
from cogs.boarding_actions.game import BAGame, mention, name_of, said_of, vp_of
from renderers.boarding_actions import render_scoreboard
from rules.boarding_actions.battle import (
    ROLE_WORDS,
    BattleState,
    Outcome,
    ScoringOption,
    position_message,
    scoring_options,
    tally,
    underdog,
)
from rules.boarding_actions.missions import BATTLE_READY_VP, MISSION_VP_CAP, Role, Scorer
from rules.boarding_actions.scoreboard import committed, scoreboard
from rules.i18n import N_, Translator, translator

log = logging.getLogger("herald.boarding_actions")

SCOREBOARD_FILE = "scoreboard.png"
COLOUR = discord.Colour.from_rgb(230, 126, 34)
OVER_COLOUR = discord.Colour.from_rgb(87, 242, 135)
#: Discord: five rows of components; the last one holds Done and the Battle Ready toggles.
OBJECTIVE_ROWS = 4
ROW_WIDTH = 5


def scoreboard_image(state: BattleState, t: Translator | None = None) -> Image:
    """The scoreboard PNG, drawn in a worker thread when the message is sent. It shows the scores
    up to the moment still open (see :func:`committed`), so it changes once per scoring moment."""
    shown = committed(state)
    board, where = scoreboard(shown), (t or translator("en"))(position_message(shown))
    return Image(lambda: render_scoreboard(board, theme="dark", t=t, position=where), SCOREBOARD_FILE)


def image_changed(shown: Shown[BAGame]) -> bool:
    """Whether the scoreboard image after this step differs from the one before it."""
    if shown.before is None:
        return True
    return scoreboard(committed(shown.before.battle)) != scoreboard(committed(shown.state.battle))


def score_line(state: BattleState, t: Translator | None = None) -> str:
    t = t or translator("en")
    count = tally(state)
    parts = []
    for role in Role:
        extra = t(" (+{vp} Battle Ready)", vp=BATTLE_READY_VP) if count.battle_ready[role] else ""
        lost = t(", {vp} over the cap", vp=count.discounted[role]) if count.discounted[role] else ""
        vp = t("{name}: **{vp}** VP", name=name_of(state, role, t), vp=count.total[role])
        parts.append(f"{vp}{extra}{lost}")
    pending = ""
    if committed(state) is not state:
        pending = "\n" + t("_This moment's reports join the image when it is done._")
    return (
        "\n".join(parts)
        + "\n"
        + t(
            "_Mission VP stop at {cap}; Battle Ready adds {bonus}._",
            cap=MISSION_VP_CAP,
            bonus=BATTLE_READY_VP,
        )
        + pending
    )


def _option_line(state: BattleState, option: ScoringOption, several: bool, t: Translator) -> str:
    objective = option.objective
    who = f"{state.players[option.role].name}: " if several and objective.scorer is not Scorer.SHARED else ""
    so_far = t(" · reported: **{vp} VP**", vp=vp_of(option)) if option.reported else ""
    return f"{who}**{objective.name}**: {objective.how_much()}{so_far}"


def _moment_text(state: BattleState, options: list[ScoringOption], t: Translator) -> str:
    if state.over:
        return ""
    if state.first_turn is None:
        return t(
            "Roll off: the winner takes the first turn. Press **Roll off** to roll a D6 each here "
            "(a tie rolls again), or press who won if you rolled at the table."
        )
    several = len({o.role for o in options}) > 1
    lines = [_option_line(state, o, several, t) for o in options]
    if not lines:
        lines = [t("Nothing to score at the end of the battle.")]
    if state.active is None:
        lines.append(t("Press a button per condition met (or pick a number), then **Finish the battle**."))
    else:
        lines.append(t("Press a button per condition met (or pick a number), then **Done**."))
    return "\n".join(lines)


OUTCOME_NAMES = {Outcome.WIN: N_("win"), Outcome.LOSS: N_("loss"), Outcome.DRAW: N_("draw")}


def _result_text(state: BattleState, t: Translator) -> str:
    board = scoreboard(state)
    lines = [f"**{t(board.headline)}**"]
    for side in board.sides:
        outcome = t(OUTCOME_NAMES[side.outcome]) if side.outcome else ""
        lines.append(
            t(
                "{name} ({role}): {outcome}, {vp} VP",
                name=side.name,
                role=t(ROLE_WORDS[side.role]),
                outcome=outcome,
                vp=side.total,
            )
        )
    return "\n".join(lines)


def _final_text(game: BAGame, t: Translator) -> str:
    """Whether the result is final, and what a reopened battle's new result becomes."""
    state = game.battle
    if state.over and game.reopened_by is None:
        return t(
            "_This result is final (in a tournament's thread, the tournament records it). To change "
            "anything, press **Reopen to correct**: a tournament's organisers or Manage Server may; "
            "outside a tournament, either player._"
        )
    if state.over:
        return t(
            "_Corrected after it was reported ({who} reopened it): a tournament that "
            "recorded this battle gets this result as a correction._",
            who=game.reopened_by,
        )
    if game.reopened_by is not None:
        return t(
            "_Reopened by {who} to correct the result already reported: when you "
            "press Finish the battle, the new result goes to the tournament as a correction._",
            who=game.reopened_by,
        )
    return ""


def battle_embed(
    shown: Shown[BAGame], *, title: str | None = None, note: str = "", t: Translator | None = None
) -> Card:
    t = t or translator("en")
    state = shown.state.battle
    options = scoring_options(state)
    done = said_of(shown.change, t) if shown.change is not None else ""
    head = [f"✔ {done}" if done else "", note, f"__{t(position_message(state))}__"]
    body = _result_text(state, t) if state.over else _moment_text(state, options, t)
    body = "\n".join(p for p in [body, _final_text(shown.state, t)] if p)
    embed = Card(  # built at once, not from an embed: every scoring step shows it
        title=clip(title or f"{state.mission.name} · {state.mission.kind.die} {state.mission.roll}", 256),
        text=clip("\n".join(p for p in [*head, body] if p), 4000),
        colour=OVER_COLOUR if state.over else COLOUR,
    )
    embed.add_field(name=t("Score"), value=clip(score_line(state, t), MAX_FIELD_VALUE), inline=False)
    weak = underdog(state)
    if weak is not None:
        embed.add_field(
            name=t("Underdog: {name}", name=name_of(state, weak, t)),
            value=clip(state.mission.underdog_bonus, MAX_FIELD_VALUE),
            inline=False,
        )
    if shown.change is not None and shown.change.end:
        # Closed: nothing here to undo, end or show again; the channel is free.
        commands = t("`/ba battle start` begins a new battle here")
    elif state.over:
        # Final: undo no longer takes anything back (Reopen to correct does, for whoever may).
        commands = t("`/ba end` closes the battle · `/ba status` shows this again")
    else:
        commands = t("`/ba undo` takes back the last step · `/ba status` shows this again")
    embed.add_field(name=t("Commands"), value=commands, inline=False)
    embed.set_image(url=f"attachment://{SCOREBOARD_FILE}")
    embed.set_footer(text=t("Battle #{id} · step {step}", id=shown.id, step=shown.version))
    return embed


def scorers(state: BattleState) -> list[Role]:
    if state.over:
        return []
    if state.first_turn is None:
        return list(Role)
    return list(dict.fromkeys(o.role for o in scoring_options(state))) or (
        [state.active] if state.active else list(Role)
    )


def board_post(
    shown: Shown[BAGame],
    *,
    title: str | None = None,
    note: str = "",
    view: discord.ui.View | None = None,
    t: Translator | None = None,
) -> Post:
    """The battle after a step: who is called, the embed and the scoreboard image, with ``view``
    (controls.py adds the moment's controls: see :func:`cogs.boarding_actions.controls.show`)."""
    t = t or translator("en")
    state = shown.state.battle
    who = scorers(state)
    called = t(" and ").join(mention(state, r) for r in who)
    if state.over:
        content = None
    elif state.first_turn is None:
        content = t("{who}: who takes the first turn?", who=called)
    elif state.active is None:
        content = t(
            "{who}: the battle has ended. Report the End Game objectives, then press Finish the battle.",
            who=called,
        )
    else:
        content = t("{who}: your turn to score.", who=called)
    return Post(
        content=content,
        card=battle_embed(shown, title=title, note=note, t=t),
        view=view,
        images=[scoreboard_image(state, t)],
        mentions=None if content is None else pinging(state.players[r].user_id for r in who),
    )
