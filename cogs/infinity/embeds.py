"""What /inf shows: a Normal Roll, a Face to Face Roll with every die and save, and the odds table.

Only presentation: every number comes from :mod:`rules.infinity`.
"""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.limits import MAX_AUTHOR
from bot.text import plain
from rules.infinity import (
    CONTINUOUS_DEPTH,
    MODIFIER_CAP,
    DieOutcome,
    Distribution,
    Edition,
    F2FDie,
    FaceToFace,
    NormalRoll,
    RolledDie,
    SaveRoll,
    Side,
    SideName,
)
from rules.infinity.saves import save_note

ACTIVE_COLOUR = discord.Colour.from_rgb(88, 166, 255)
REACTIVE_COLOUR = discord.Colour.from_rgb(250, 176, 5)
NOBODY_COLOUR = discord.Colour.from_rgb(128, 132, 142)
CHART_FILENAME = "f2f-odds.png"
CRITICAL = "✦"
MAX_TABLE_ROWS = 10
"""Wound counts listed per side in the odds table; the last line then reads "10+"."""
HIDDEN_BELOW = 0.000005
"""Table lines whose chance of that many wounds or more rounds to 0.000% are left out."""

_COLOURS = {SideName.ACTIVE: ACTIVE_COLOUR, SideName.REACTIVE: REACTIVE_COLOUR, None: NOBODY_COLOUR}


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _face(face: int, result: int) -> str:
    """A die as shown: the face, and in N4 above SV 20 the result it counts as."""
    return str(face) if face == result else f"{face}→{result}"


def sv_rule(sv: int, edition: Edition) -> str:
    """How the dice read against ``sv``, in one line.

    >>> sv_rule(23, Edition.N5)
    'every die succeeds; Criticals on 20 and 1-3'
    """
    if sv < 1:
        return "an SV below 1 fails automatically: no die is rolled"
    if sv <= 20:
        return f"a die of {sv} or less succeeds; {sv} is a Critical"
    excess = sv - 20
    if edition is Edition.N4:
        return f"every die succeeds, +{excess} to each; a result of 20 or more is a Critical"
    low = "1" if excess == 1 else f"1-{excess}"
    return f"every die succeeds; Criticals on 20 and {low}"


def _sv_line(attribute: int, modifier: int, sv: int) -> str:
    if not modifier:
        return f"SV {sv}"
    capped = max(-MODIFIER_CAP, min(MODIFIER_CAP, modifier))
    note = f" (MODs count at most ±{MODIFIER_CAP})" if capped != modifier else ""
    return f"SV {attribute}{modifier:+d} = {sv}{note}"


def _normal_die(die: RolledDie) -> str:
    shown = _face(die.face, die.result)
    if die.outcome is DieOutcome.CRITICAL:
        return f"**{shown}**{CRITICAL}"
    if die.outcome is DieOutcome.SUCCESS:
        return f"**{shown}**"
    return f"~~{shown}~~"


def normal_roll_embed(user: discord.abc.User, result: NormalRoll) -> discord.Embed:
    """A Normal Roll: every die, successes in bold, Criticals marked, failures struck out."""
    sv_text = _sv_line(result.attribute, result.modifier, result.sv)
    embed = discord.Embed(title=f"🎲 Normal Roll · {sv_text}", colour=ACTIVE_COLOUR)
    embed.set_author(name=plain(user.display_name, MAX_AUTHOR), icon_url=user.display_avatar.url)
    if result.automatic_failure:
        embed.description = "Automatic failure: the SV is below 1, so nothing is rolled."
    else:
        embed.description = " · ".join(_normal_die(d) for d in result.dice)
    embed.add_field(name="Successes", value=f"**{result.successes}**")
    embed.add_field(name="Criticals", value=f"**{result.criticals}**")
    embed.set_footer(
        text=f"B{result.burst} · {result.edition.value} · {sv_rule(result.sv, result.edition)} · "
        f"{CRITICAL} Critical, struck out: failed"
    )
    return embed


def _f2f_die(die: F2FDie, theirs: Sequence[F2FDie]) -> str:
    shown = _face(die.face, die.result)
    mark = f" {CRITICAL} Critical" if die.critical else ""
    if die.outcome is DieOutcome.FAILURE:
        return f"~~{shown}~~ failed"
    if die.survived:
        return f"**{shown}**{mark}: hits"
    if die.cancelled_by is None:  # the engine names the canceller of every lost success
        return f"~~{shown}~~{mark}: cancelled"
    by = theirs[die.cancelled_by]
    their = _face(by.face, by.result)
    if by.critical:
        return f"~~{shown}~~{mark}: cancelled by their Critical {their}"
    if by.result == die.result:
        return f"~~{shown}~~: ties their {their}, both cancelled"
    return f"~~{shown}~~: cancelled by their higher {their}"


def _side_dice(side: Side, dice: Sequence[F2FDie], theirs: Sequence[F2FDie], edition: Edition) -> str:
    if side.burst == 0:
        return "does not roll (B0)"
    head = f"{_sv_line(side.attribute, side.modifier, side.sv)}: {sv_rule(side.sv, edition)}"
    if not dice:
        return head
    return "\n".join([head, *(_f2f_die(d, theirs) for d in dice)])


def _save(save: SaveRoll) -> str:
    # the die and the target apart (``ARM 12 ✗`` read as a target of 12), the verdict in words
    verdict = "saved ✓" if save.passed else ("failed ✗" if save.wounds <= 1 else f"failed ✗×{save.wounds}")
    if save.wounds_at_most is None:
        target = f"passes on {save.passes_on} or less"
    else:
        target = f"fails on {save.wounds_at_most} or less"
    prefix = "extra " if save.critical_extra else ("again " if save.chain_step else "")
    return f"{prefix}{save.attribute.value}: rolled {save.face} ({target}): {verdict}"


def _saves(result: FaceToFace, winner: SideName) -> str:
    dice = result.dice(winner)
    by_hit: dict[int, list[SaveRoll]] = {}
    for save in result.saves:
        by_hit.setdefault(save.hit, []).append(save)
    targets = sorted({(s.attribute.value, s.passes_on, s.wounds_at_most) for s in result.saves})
    n5 = [f"{name} {on} or less" for name, on, n4 in targets if n4 is None]
    n4 = [f"{name} {n4} or less" for name, _, n4 in targets if n4 is not None]
    lines = []
    if n5:
        lines.append("pass on " + ", ".join(n5))
    if n4:
        lines.append("fail on " + ", ".join(n4) + " (N4: the d20 plus ARM or BTS must beat DAM)")
    for hit, saves in by_hit.items():
        die = dice[hit]
        label = f"**{_face(die.face, die.result)}**" + (CRITICAL if die.critical else "")
        lines.append(f"hit {label}: " + " · ".join(_save(s) for s in saves))
    return "\n".join(lines)


def _outcome(result: FaceToFace) -> str:
    if result.winner is None:
        both = any(d.critical for d in result.active_dice) and any(d.critical for d in result.reactive_dice)
        if both:
            return "Nobody wins: both sides rolled a Critical."
        if all(d.outcome is DieOutcome.FAILURE for d in (*result.active_dice, *result.reactive_dice)):
            return "Nobody wins: no die succeeded."
        return "Nobody wins: every success was cancelled."
    loser = result.winner.other.value
    hits = _plural(result.hits, "hit")
    if result.causes_wounds:
        harm = f"the {loser} side takes **{_plural(result.wounds, 'wound')}**"
    else:
        ammo = (result.active if result.winner is SideName.ACTIVE else result.reactive).ammo.value
        harm = f"the {loser} side fails **{_plural(result.wounds, 'save')}** ({ammo}: a state, not wounds)"
    return f"**{result.winner.value.capitalize()}** wins with {hits}: {harm}."


def f2f_embed(user: discord.abc.User, result: FaceToFace) -> discord.Embed:
    """A Face to Face Roll: each side's dice and what became of them, the saves, the outcome."""
    embed = discord.Embed(
        title=f"⚔️ Face to Face Roll · {result.edition.value}",
        description=_outcome(result),
        colour=_COLOURS[result.winner],
    )
    embed.set_author(name=plain(user.display_name, MAX_AUTHOR), icon_url=user.display_avatar.url)
    for name in (SideName.ACTIVE, SideName.REACTIVE):
        side = result.active if name is SideName.ACTIVE else result.reactive
        value = _side_dice(side, result.dice(name), result.dice(name.other), result.edition)
        embed.add_field(name=f"{name.value.capitalize()} · {side.describe()}", value=value, inline=False)
    if result.winner is not None:
        winner = result.active if result.winner is SideName.ACTIVE else result.reactive
        name = f"Saves · {result.winner.other.value} against {winner.ammo_label()}"
        embed.add_field(name=name, value=_saves(result, result.winner), inline=False)
        if winner.continuous:
            embed.set_footer(
                text=f"Continuous Damage: saves go on until one passes, at most {CONTINUOUS_DEPTH}."
            )
    return embed


def _percent(p: float) -> str:
    return f"{100 * p:7.3f}%"


def odds_table(odds: Distribution) -> list[str]:
    """The outcome lines: the active side's wins (most wounds first), no wounds, the reactive side's.

    >>> from rules.infinity import distribution, parse_side
    >>> print("\\n".join(odds_table(distribution(parse_side("SV20 PS10"), parse_side("SV0 B0")))))
    wounds        chance   or more
    active 2      1.250%    1.250%
    active 1     50.000%   51.250%
    no wounds    48.750%
    """

    def lines(side: SideName, chances: list[float]) -> list[str]:
        out = []
        for w in range(1, min(len(chances), MAX_TABLE_ROWS + 1)):
            at_least = sum(chances[w:])
            if at_least < HIDDEN_BELOW:
                break
            last = w == MAX_TABLE_ROWS and w < len(chances) - 1
            label = f"{side.value} {w}{'+' if last else ''}"
            chance = at_least if last else chances[w]
            out.append(f"{label:<12}{_percent(chance)}  {_percent(at_least)}")
        return out

    active = lines(SideName.ACTIVE, odds.active)
    reactive = lines(SideName.REACTIVE, odds.reactive)
    return [
        f"{'wounds':<12}{'chance':>8}  {'or more':>8}",
        *reversed(active),
        f"{'no wounds':<12}{_percent(odds.no_wounds)}",
        *reactive,
    ]


def odds_embed(odds: Distribution) -> discord.Embed:
    """The exact odds: who wins, the outcome table and the chart below it."""
    a, r = odds.active_side, odds.reactive_side
    summary = (
        f"Active wins **{100 * odds.active_wins:.1f}%** · nobody **{100 * odds.nobody:.1f}%** · "
        f"reactive wins **{100 * odds.reactive_wins:.1f}%**"
    )
    description = [
        f"**Active** `{a.describe()}` against **reactive** `{r.describe()}`",
        summary,
        "```\n" + "\n".join(odds_table(odds)) + "\n```",
    ]
    embed = discord.Embed(
        title=f"📊 Face to Face odds · {odds.edition.value}",
        description="\n".join(description),
        colour=NOBODY_COLOUR,
    )
    notes = ["exact, from every roll of the dice", "'no wounds': nobody wins, or every save passes"]
    for side in (a, r):
        if not side.ammo.causes_wounds:
            notes.append(f"{side.ammo.value}: wounds are failed saves")
        rule = save_note(side, odds.edition)
        if rule is not None and rule not in notes:
            notes.append(rule)
    if a.continuous or r.continuous:
        notes.append(f"Continuous Damage cut at {CONTINUOUS_DEPTH} failed saves")
    embed.set_footer(text=" · ".join(notes))
    embed.set_image(url=f"attachment://{CHART_FILENAME}")
    return embed
