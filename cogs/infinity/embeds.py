"""What /inf shows: a Normal Roll, a Face to Face Roll with every die and save, and the odds table.

Only presentation: every number comes from :mod:`rules.infinity`.
"""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.limits import MAX_AUTHOR
from bot.text import plain
from rules.i18n import N_, Translator, translator
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
_SIDE = {SideName.ACTIVE: N_("Active"), SideName.REACTIVE: N_("Reactive")}
_SIDE_LOWER = {SideName.ACTIVE: N_("active"), SideName.REACTIVE: N_("reactive")}
_SAVE_NAME = {"ARM": N_("ARM"), "BTS": N_("BTS"), "PH-6": N_("PH-6")}


def _english(t: Translator | None) -> Translator:
    return t if t is not None else translator(None)


def _save_name(t: Translator, name: str) -> str:
    return t(_SAVE_NAME[name]) if name in _SAVE_NAME else name


def _face(face: int, result: int) -> str:
    """A die as shown: the face, and in N4 above SV 20 the result it counts as."""
    return str(face) if face == result else f"{face}→{result}"


def sv_rule(sv: int, edition: Edition, t: Translator | None = None) -> str:
    """How the dice read against ``sv``, in one line.

    >>> sv_rule(23, Edition.N5)
    'every die succeeds; Criticals on 20 and 1-3'
    """
    t = _english(t)
    if sv < 1:
        return t("an SV below 1 fails automatically: no die is rolled")
    if sv <= 20:
        return t("a die of {sv} or less succeeds; {sv} is a Critical", sv=sv)
    excess = sv - 20
    if edition is Edition.N4:
        return t("every die succeeds, +{excess} to each; a result of 20 or more is a Critical", excess=excess)
    low = "1" if excess == 1 else f"1-{excess}"
    return t("every die succeeds; Criticals on 20 and {low}", low=low)


def _sv_line(attribute: int, modifier: int, sv: int, t: Translator) -> str:
    if not modifier:
        return t("SV {sv}", sv=sv)
    capped = max(-MODIFIER_CAP, min(MODIFIER_CAP, modifier))
    note = t(" (MODs count at most ±{cap})", cap=MODIFIER_CAP) if capped != modifier else ""
    signed = f"{modifier:+d}"
    return t("SV {attribute}{modifier} = {sv}", attribute=attribute, modifier=signed, sv=sv) + note


def _normal_die(die: RolledDie) -> str:
    shown = _face(die.face, die.result)
    if die.outcome is DieOutcome.CRITICAL:
        return f"**{shown}**{CRITICAL}"
    if die.outcome is DieOutcome.SUCCESS:
        return f"**{shown}**"
    return f"~~{shown}~~"


def normal_roll_embed(
    user: discord.abc.User, result: NormalRoll, *, t: Translator | None = None
) -> discord.Embed:
    """A Normal Roll: every die, successes in bold, Criticals marked, failures struck out."""
    t = _english(t)
    sv_text = _sv_line(result.attribute, result.modifier, result.sv, t)
    embed = discord.Embed(title=t("🎲 Normal Roll · {sv}", sv=sv_text), colour=ACTIVE_COLOUR)
    embed.set_author(name=plain(user.display_name, MAX_AUTHOR), icon_url=user.display_avatar.url)
    if result.automatic_failure:
        embed.description = t("Automatic failure: the SV is below 1, so nothing is rolled.")
    else:
        embed.description = " · ".join(_normal_die(d) for d in result.dice)
    embed.add_field(name=t("Successes"), value=f"**{result.successes}**")
    embed.add_field(name=t("Criticals"), value=f"**{result.criticals}**")
    rule = sv_rule(result.sv, result.edition, t)
    legend = t("{mark} Critical, struck out: failed", mark=CRITICAL)
    embed.set_footer(text=f"{t('B{burst}', burst=result.burst)} · {result.edition.value} · {rule} · {legend}")
    return embed


def _f2f_die(die: F2FDie, theirs: Sequence[F2FDie], t: Translator) -> str:
    shown = _face(die.face, die.result)
    if die.outcome is DieOutcome.FAILURE:
        return t("~~{die}~~ failed", die=shown)
    mark = f" {CRITICAL} {t('Critical')}" if die.critical else ""
    if die.survived:
        return t("**{die}**{mark}: hits", die=shown, mark=mark)
    if die.cancelled_by is None:  # the engine names the canceller of every lost success
        return t("~~{die}~~{mark}: cancelled", die=shown, mark=mark)
    by = theirs[die.cancelled_by]
    their = _face(by.face, by.result)
    if by.critical:
        return t("~~{die}~~{mark}: cancelled by their Critical {their}", die=shown, mark=mark, their=their)
    if by.result == die.result:
        return t("~~{die}~~: ties their {their}, both cancelled", die=shown, their=their)
    return t("~~{die}~~: cancelled by their higher {their}", die=shown, their=their)


def _side_dice(
    side: Side, dice: Sequence[F2FDie], theirs: Sequence[F2FDie], edition: Edition, t: Translator
) -> str:
    if side.burst == 0:
        return t("does not roll (B0)")
    head = f"{_sv_line(side.attribute, side.modifier, side.sv, t)}: {sv_rule(side.sv, edition, t)}"
    if not dice:
        return head
    return "\n".join([head, *(_f2f_die(d, theirs, t) for d in dice)])


def _save(save: SaveRoll, t: Translator) -> str:
    # the die and the target apart (``ARM 12 ✗`` read as a target of 12), the verdict in words
    if save.passed:
        verdict = t("saved ✓")
    elif save.wounds <= 1:
        verdict = t("failed ✗")
    else:
        verdict = t("failed ✗×{n}", n=save.wounds)
    if save.wounds_at_most is None:
        target = t("passes on {n} or less", n=save.passes_on)
    else:
        target = t("fails on {n} or less", n=save.wounds_at_most)
    name = _save_name(t, save.attribute.value)
    values = {"save": name, "face": save.face, "target": target, "verdict": verdict}
    if save.critical_extra:
        return t("extra {save}: rolled {face} ({target}): {verdict}", **values)
    if save.chain_step:
        return t("again {save}: rolled {face} ({target}): {verdict}", **values)
    return t("{save}: rolled {face} ({target}): {verdict}", **values)


def _saves(result: FaceToFace, winner: SideName, t: Translator) -> str:
    dice = result.dice(winner)
    by_hit: dict[int, list[SaveRoll]] = {}
    for save in result.saves:
        by_hit.setdefault(save.hit, []).append(save)
    targets = sorted({(s.attribute.value, s.passes_on, s.wounds_at_most) for s in result.saves})
    n5 = [t("{save} {n} or less", save=_save_name(t, name), n=on) for name, on, n4 in targets if n4 is None]
    n4 = [
        t("{save} {n} or less", save=_save_name(t, name), n=n4)
        for name, _unused, n4 in targets
        if n4 is not None
    ]
    lines = []
    if n5:
        lines.append(t("pass on {targets}", targets=", ".join(n5)))
    if n4:
        lines.append(
            t("fail on {targets} (N4: the d20 plus ARM or BTS must beat DAM)", targets=", ".join(n4))
        )
    for hit, saves in by_hit.items():
        die = dice[hit]
        label = f"**{_face(die.face, die.result)}**" + (CRITICAL if die.critical else "")
        lines.append(t("hit {die}: {saves}", die=label, saves=" · ".join(_save(s, t) for s in saves)))
    return "\n".join(lines)


def _outcome(result: FaceToFace, t: Translator) -> str:
    if result.winner is None:
        both = any(d.critical for d in result.active_dice) and any(d.critical for d in result.reactive_dice)
        if both:
            return t("Nobody wins: both sides rolled a Critical.")
        if all(d.outcome is DieOutcome.FAILURE for d in (*result.active_dice, *result.reactive_dice)):
            return t("Nobody wins: no die succeeded.")
        return t("Nobody wins: every success was cancelled.")
    winner = t(_SIDE[result.winner])
    hits = t.n("{n} hit", "{n} hits", result.hits, n=result.hits)
    if result.causes_wounds:
        if result.winner is SideName.ACTIVE:
            harm = t.n(
                "the reactive side takes **{n} wound**",
                "the reactive side takes **{n} wounds**",
                result.wounds,
                n=result.wounds,
            )
        else:
            harm = t.n(
                "the active side takes **{n} wound**",
                "the active side takes **{n} wounds**",
                result.wounds,
                n=result.wounds,
            )
    else:
        ammo = (result.active if result.winner is SideName.ACTIVE else result.reactive).ammo.value
        if result.winner is SideName.ACTIVE:
            harm = t.n(
                "the reactive side fails **{n} save** ({ammo}: a state, not wounds)",
                "the reactive side fails **{n} saves** ({ammo}: a state, not wounds)",
                result.wounds,
                n=result.wounds,
                ammo=ammo,
            )
        else:
            harm = t.n(
                "the active side fails **{n} save** ({ammo}: a state, not wounds)",
                "the active side fails **{n} saves** ({ammo}: a state, not wounds)",
                result.wounds,
                n=result.wounds,
                ammo=ammo,
            )
    return t("**{winner}** wins with {hits}: {harm}.", winner=winner, hits=hits, harm=harm)


def f2f_embed(user: discord.abc.User, result: FaceToFace, *, t: Translator | None = None) -> discord.Embed:
    """A Face to Face Roll: each side's dice and what became of them, the saves, the outcome."""
    t = _english(t)
    embed = discord.Embed(
        title=t("⚔️ Face to Face Roll · {edition}", edition=result.edition.value),
        description=_outcome(result, t),
        colour=_COLOURS[result.winner],
    )
    embed.set_author(name=plain(user.display_name, MAX_AUTHOR), icon_url=user.display_avatar.url)
    for name in (SideName.ACTIVE, SideName.REACTIVE):
        side = result.active if name is SideName.ACTIVE else result.reactive
        value = _side_dice(side, result.dice(name), result.dice(name.other), result.edition, t)
        embed.add_field(name=f"{t(_SIDE[name])} · {side.describe()}", value=value, inline=False)
    if result.winner is not None:
        winner = result.active if result.winner is SideName.ACTIVE else result.reactive
        loser = t(_SIDE_LOWER[result.winner.other])
        name = t("Saves · {side} against {ammo}", side=loser, ammo=winner.ammo_label())
        embed.add_field(name=name, value=_saves(result, result.winner, t), inline=False)
        if winner.continuous:
            embed.set_footer(
                text=t("Continuous Damage: saves go on until one passes, at most {n}.", n=CONTINUOUS_DEPTH)
            )
    return embed


def _pct(p: float, t: Translator, digits: int = 1, width: int = 0) -> str:
    """A percentage with the language's decimal sign (``12.5%``, ``12,5 %``)."""
    value = t.number(100 * p, digits).rjust(width)
    return t("{value}%", value=value)


def odds_table(odds: Distribution, t: Translator | None = None) -> list[str]:
    """The outcome lines: the active side's wins (most wounds first), no wounds, the reactive side's.

    >>> from rules.infinity import distribution, parse_side
    >>> print("\\n".join(odds_table(distribution(parse_side("SV20 PS10"), parse_side("SV0 B0")))))
    wounds        chance   or more
    active 2      1.250%    1.250%
    active 1     50.000%   51.250%
    no wounds    48.750%
    """
    t = _english(t)

    def lines(side: SideName, chances: list[float]) -> list[str]:
        out = []
        for w in range(1, min(len(chances), MAX_TABLE_ROWS + 1)):
            at_least = sum(chances[w:])
            if at_least < HIDDEN_BELOW:
                break
            last = w == MAX_TABLE_ROWS and w < len(chances) - 1
            label = f"{t(_SIDE_LOWER[side])} {w}{'+' if last else ''}"
            chance = at_least if last else chances[w]
            out.append(f"{label:<12}{_pct(chance, t, 3, 7)}  {_pct(at_least, t, 3, 7)}")
        return out

    active = lines(SideName.ACTIVE, odds.active)
    reactive = lines(SideName.REACTIVE, odds.reactive)
    return [
        f"{t('wounds'):<12}{t('chance'):>8}  {t('or more'):>8}",
        *reversed(active),
        f"{t('no wounds'):<12}{_pct(odds.no_wounds, t, 3, 7)}",
        *reactive,
    ]


def odds_embed(odds: Distribution, *, t: Translator | None = None) -> discord.Embed:
    """The exact odds: who wins, the outcome table and the chart below it."""
    t = _english(t)
    a, r = odds.active_side, odds.reactive_side
    summary = t(
        "Active wins **{active}** · nobody **{nobody}** · reactive wins **{reactive}**",
        active=_pct(odds.active_wins, t),
        nobody=_pct(odds.nobody, t),
        reactive=_pct(odds.reactive_wins, t),
    )
    description = [
        t(
            "**Active** `{active}` against **reactive** `{reactive}`",
            active=a.describe(),
            reactive=r.describe(),
        ),
        summary,
        "```\n" + "\n".join(odds_table(odds, t)) + "\n```",
    ]
    embed = discord.Embed(
        title=t("📊 Face to Face odds · {edition}", edition=odds.edition.value),
        description="\n".join(description),
        colour=NOBODY_COLOUR,
    )
    notes = [t("exact, from every roll of the dice"), t("'no wounds': nobody wins, or every save passes")]
    for side in (a, r):
        if not side.ammo.causes_wounds:
            notes.append(t("{ammo}: wounds are failed saves", ammo=side.ammo.value))
        rule = save_note(side, odds.edition)
        if rule is not None and t(rule) not in notes:
            notes.append(t(rule))
    if a.continuous or r.continuous:
        notes.append(t("Continuous Damage cut at {n} failed saves", n=CONTINUOUS_DEPTH))
    embed.set_footer(text=" · ".join(notes))
    embed.set_image(url=f"attachment://{CHART_FILENAME}")
    return embed
