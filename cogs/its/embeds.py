"""Embeds for the ITS cog: look-up pages, the private classified views and the score sheet.

Only formatting lives here: every number comes from ``rules/its``.
"""

from __future__ import annotations

import discord

from bot.limits import clip
from cogs.its.library import SpecialRuleEntry
from cogs.its.state import ItsMatch
from rules.its.classified import CardView, DrawMode, Phase, Step, summary
from rules.its.decks import Card, Deck
from rules.its.scenario import VICTORY_POINTS, Scenario, SpecialRule
from rules.its.scoring import (
    MAX_OBJECTIVE_POINTS,
    Control,
    ControlKind,
    EntryValue,
    ScoreResult,
    ScoreSheet,
    Side,
    TournamentPoints,
    controls,
    describe_objective,
)
from rules.its.tiers import Tier
from rules.its.topics import Topic

COLOUR = discord.Colour.from_rgb(0, 150, 200)
PRIVATE_COLOUR = discord.Colour.from_rgb(120, 90, 200)
#: Room left in an embed description (4096) for a page.
PAGE_CHARS = 3800
#: Shown in place of a seat nobody has taken yet (the second player joins by drawing themselves).
WAITING_TEXT = "Waiting for the second player to draw: they join with `/its classified draw`"

Page = tuple[str, str]  # (title, description)


# --- paging ----------------------------------------------------------------------------------


def split_pages(title: str, blocks: list[str], limit: int = PAGE_CHARS) -> list[Page]:
    """Blocks of text packed into pages of at most ``limit`` characters (a block never splits
    unless it alone is too long)."""
    pages: list[str] = []
    current = ""
    for block in blocks:
        while len(block) > limit:
            pages.extend([current] if current else [])
            current = ""
            pages.append(block[:limit])
            block = block[limit:]
        if current and len(current) + 2 + len(block) > limit:
            pages.append(current)
            current = block
        else:
            current = f"{current}\n\n{block}" if current else block
    if current or not pages:
        pages.append(current or "(nothing here)")
    return [(title, page) for page in pages]


def page_embed(pages: list[Page], index: int, *, footer: str = "") -> discord.Embed:
    index = max(0, min(index, len(pages) - 1))
    title, text = pages[index]
    embed = discord.Embed(title=clip(title, 256), description=text, colour=COLOUR)
    bits = [footer] if footer else []
    if len(pages) > 1:
        bits.append(f"Page {index + 1}/{len(pages)}")
    if bits:
        embed.set_footer(text=" · ".join(bits))
    return embed


# --- missions --------------------------------------------------------------------------------


def mission_pages(scenario: Scenario, tier: Tier | None) -> list[Page]:
    """Objectives, deployment, special rules, modes and the end of the mission, as pages."""
    shown = tier if tier is not None and tier in scenario.tiers else scenario.tier_list[-1]
    kind = "Direct Action" if scenario.kind.value == "direct_action" else "ITS"
    title = f"{scenario.name} ({kind} scenario)" + (f" · {int(tier)} pts" if tier is not None else "")
    objectives = [f"**Main objectives** (at most {MAX_OBJECTIVE_POINTS} OP in all)"]
    for objective in scenario.objectives:
        top = scenario.max_points(objective.id, shown)
        how = describe_objective(scenario, objective.id, shown)
        objectives.append(f"• **{objective.label}** · max {top} OP\n  {how}")
        if objective.summary:
            objectives.append(f"  _{objective.summary}_")
    classified = [o for o in scenario.objectives if o.kind == "classified"]
    if classified:
        objectives.append(
            "**Classified:** "
            + "; ".join(f"{o.label}: {o.max_count} × {o.points_each} OP" for o in classified)
        )
    uses = scenario.uses
    objectives.append(
        "**Uses:** "
        + ", ".join(
            f"{name} {'yes' if flag else 'no'}"
            for name, flag in (
                ("HVT", uses.hvt),
                ("Classified Deck", uses.classified_deck),
                ("Retreat!", uses.retreat),
            )
        )
    )
    blocks = ["\n".join(objectives)]
    deployment = ["**Forces and deployment**"]
    tiers = [tier] if tier is not None and tier in scenario.tiers else scenario.tier_list
    if tier is not None and tier not in scenario.tiers:
        offered = ", ".join(str(int(t)) for t in scenario.tier_list)
        deployment.append(f"_{scenario.name} is not played at {int(tier)} points; it offers {offered}._")
    for t in tiers:
        setup = scenario.tiers[t]
        deployment.append(
            f"• **{int(t)} pts**: SWC {setup.swc}, table {setup.table}, "
            f"deployment zone {setup.deployment_zone}"
        )
    deployment.extend(f"• {rule}" for rule in scenario.deployment_rules)
    blocks.append("\n".join(deployment))
    for rule in scenario.special_rules:
        blocks.append(special_rule_text(rule))
    for mode in scenario.modes:
        blocks.append(f"**Mode: {mode.name}**\n{mode.summary}")
    end = f"**End of the mission**\n{scenario.end.summary}"
    blocks.append(end + "".join(f"\n_Note: {n}_" for n in scenario.notes))
    return split_pages(title, blocks)


def special_rule_text(rule: SpecialRule) -> str:
    lines = [f"**{rule.name}**", rule.summary]
    if rule.skill is not None:
        lines.append(f"_Skill type:_ {rule.skill.type}")
        if rule.skill.requirements:
            lines.append("_Requirements:_\n" + _dashes(rule.skill.requirements))
        lines.append("_Effects:_\n" + _dashes(rule.skill.effects))
    return "\n".join(lines)


def _dashes(items: list[str]) -> str:
    return "\n".join(f"– {item.rstrip('.')}" for item in items)


# --- rules -----------------------------------------------------------------------------------


def topic_pages(topic: Topic) -> list[Page]:
    pages = topic.all_pages
    if topic.table is not None:
        widths = [
            max(len(topic.table.columns[i]), *(len(row[i]) for row in topic.table.rows))
            for i in range(len(topic.table.columns))
        ]
        rows = [topic.table.columns, *topic.table.rows]
        text = "\n".join(
            "  ".join(cell.ljust(widths[i]) for i, cell in enumerate(row)).rstrip() for row in rows
        )
        block = f"```\n{text}\n```"
        if len(pages[-1]) + len(block) + 2 <= PAGE_CHARS:
            pages = [*pages[:-1], f"{pages[-1]}\n\n{block}"]
        else:
            pages = [*pages, block]
    if topic.see_also:
        pages = [*pages[:-1], pages[-1] + "\n\nSee also: " + ", ".join(f"`{ref}`" for ref in topic.see_also)]
    return [(f"{topic.title} · {topic.section.title}", page) for page in pages]


def special_rule_pages(entry: SpecialRuleEntry) -> list[Page]:
    where = ", ".join(entry.scenario_names)
    head = f"A scenario special rule, in: **{where}**."
    blocks = [head]
    # Scenarios often share a rule word for word: show each distinct text once.
    texts: dict[str, list[str]] = {}
    for scenario, rule in entry.appearances:
        texts.setdefault(special_rule_text(rule), []).append(scenario.name)
    for text, names in texts.items():
        blocks.append(text if len(texts) == 1 else f"__{', '.join(names)}__\n{text}")
    return split_pages(f"{entry.name} (scenario rule)", blocks)


# --- cards -----------------------------------------------------------------------------------


def card_embed(deck: Deck, card: Card) -> discord.Embed:
    embed = discord.Embed(title=clip(card.label, 256), colour=COLOUR)
    embed.add_field(name="Requirements", value=clip(card.requirements, 1024), inline=False)
    embed.add_field(name="Objective", value=clip(card.objective, 1024), inline=False)
    if card.notes:
        embed.add_field(name="Notes", value=clip(card.notes, 1024), inline=False)
    confirmed = "confirmed" if card.sourced else "not confirmed: check your printed card"
    embed.set_footer(text=clip(f"{deck.name} · text {confirmed}", 2048))
    return embed


# --- classified: private and public views ----------------------------------------------------


def _card_line(card: CardView) -> str:
    return f"**{card.label}**: {card.objective} _(needs: {card.requirements})_"


def _card_section(embed: discord.Embed, title: str, cards: list[CardView], *, empty: str = "") -> None:
    """A field naming the cards, then one field per card with its objective and requirements
    (a field each, so long card texts are never cut short)."""
    if not cards:
        if empty:
            embed.add_field(name=title, value=empty, inline=False)
        return
    embed.add_field(name=title, value=clip(", ".join(f"**{c.label}**" for c in cards), 1024), inline=False)
    for card in cards:
        embed.add_field(
            name=clip(f"· {card.label}", 256),
            value=clip(f"{card.objective}\n_Needs:_ {card.requirements}", 1024),
            inline=False,
        )


def private_draw_embed(match: ItsMatch, seat: int, scenario_name: str) -> discord.Embed:
    """Everything the player in ``seat`` may see of the draw. Send it ephemerally only."""
    draw = match.draw
    assert draw is not None
    view = summary(draw, viewer=seat)
    me = view.players[seat]
    embed = discord.Embed(
        title=clip(f"Your classified objectives · {scenario_name}", 256),
        description="Only you can see this message.",
        colour=PRIVATE_COLOUR,
    )
    _card_section(embed, "Main Classified Objectives (open to both)", view.main)
    _card_section(embed, f"Kept ({len(me.kept)})", me.kept, empty="none yet")
    _card_section(embed, "Choose one to keep", me.pair)
    if me.intelcom is not None:
        text = (
            f"Your first card ({me.kept[0].label}) is your INTELCOM Card."
            if me.intelcom and me.kept
            else "Your first card stays a Classified Objective."
        )
        embed.add_field(name="INTELCOM", value=text, inline=False)
    if draw.setup.mode is DrawMode.HIGH_DIFFICULTY:
        embed.add_field(
            name="High Difficulty Mode",
            value=(
                "In this mode your Secondary Classified Objective is a single card dealt to you, with "
                "no second card to choose from: that is why you were given just one."
            ),
            inline=False,
        )
    p = draw.players[seat]
    if me.secure_hvt_replaces is not None:
        embed.add_field(
            name="Secure HVT",
            value=(
                f"Replaces {me.secure_hvt_replaces.label}. This stays private until you use "
                "`/its classified reveal`."
            ),
            inline=False,
        )
    elif draw.phase is Phase.SECURE_HVT and not p.secure_hvt_decided and draw.secure_hvt_options(seat):
        embed.add_field(
            name="Secure HVT (for the end of the game)",
            value=(
                "When the game ends you may swap one of your classified objectives for Secure HVT, "
                "or keep them all. Choose only then, with the buttons here or `/its classified mine`. "
                "Your choice stays private until `/its classified reveal`."
            ),
            inline=False,
        )
    seated = {p.name for p in view.players[: len(match.seats)]}
    open_seat = len(match.seats) < len(view.players)
    mine_next = [s for s in view.next_steps if s.startswith(f"{me.name}:")]
    if not mine_next:
        # Steps for the other seated player only: a seat nobody has taken is never described.
        mine_next = [
            s for s in view.next_steps if not open_seat or any(s.startswith(f"{n}:") for n in seated)
        ]
    if open_seat and draw.phase is Phase.DRAWING and not me.pair and WAITING_TEXT not in mine_next:
        mine_next.append(WAITING_TEXT)
    if draw.source.value == "physical" and draw.phase is Phase.DRAWING and me.step is not Step.DONE:
        count, _ = draw.record_request(seat)
        if count:
            what = "it" if count == 1 else "them"
            cards = "1 card" if count == 1 else f"{count} cards"
            mine_next = [*mine_next, f"Record {what} with `/its classified record cards:` ({cards})."]
    if mine_next:
        embed.add_field(name="Next", value=clip("\n".join(mine_next), 1024), inline=False)
    return embed


def public_draw_text(match: ItsMatch, scenario_name: str) -> str:
    """What the channel may know: counts, open Main objectives, INTELCOM declarations."""
    draw = match.draw
    assert draw is not None
    view = summary(draw, viewer=None)
    if draw.phase is Phase.COUNTERMEASURES or view.mode.value == "countermeasures":
        return countermeasures_text(match, scenario_name)
    lines = [f"**Classified objectives · {scenario_name}**"]
    if view.main:
        lines.append("Main Classified Objectives (open): " + ", ".join(c.label for c in view.main))
    for i, p in enumerate(view.players):
        if i >= len(match.seats):
            lines.append(f"• {WAITING_TEXT}")
            continue
        state = "done" if p.step is Step.DONE else "choosing"
        bit = f"• **{p.name}**: {p.kept_count} kept, {state}"
        if p.intelcom is not None:
            bit += "; first card used as INTELCOM Card" if p.intelcom else "; no INTELCOM Card"
        lines.append(bit)
    return "\n".join(lines)


def countermeasures_text(match: ItsMatch, scenario_name: str) -> str:
    """The shared Countermeasures tracker: all of it is open information."""
    draw = match.draw
    assert draw is not None
    view = summary(draw, viewer=None)
    lines = [f"**Current Mission Objectives · {scenario_name}**"]
    lines.extend(f"• {c.label}: {c.objective}" for c in view.current)
    if not view.current:
        lines.append("• (none on the table: end the Player Turn to refill)")
    for i, p in enumerate(view.players):
        if i >= len(match.seats):
            lines.append(WAITING_TEXT)
            continue
        swapped = draw.swapped[i] if i < len(draw.swapped) else False
        bits = [f"{p.kept_count} achieved"]
        if p.kept:
            bits.append(", ".join(c.label for c in p.kept))
        if swapped:
            bits.append("swapped this turn")
        lines.append(f"**{p.name}**: " + "; ".join(bits))
    if draw.phase is Phase.OVER:
        lines.append("The game is over.")
    else:
        if draw.turn_player is not None and draw.turn_player < len(match.seats):
            lines.append(f"Player Turn: **{view.players[draw.turn_player].name}**")
        lines.append(
            "✔ = you achieved it (press during your Order) · ⇄ = at the start of their Tactical Phase "
            "the player whose Player Turn it is may swap one, once per turn · end each Player Turn to "
            "refill to three and pass the turn."
        )
    return "\n".join(lines)


def reveal_embed(match: ItsMatch, seat: int, scenario_name: str) -> discord.Embed:
    draw = match.draw
    assert draw is not None
    me = summary(draw, viewer=seat).players[seat]
    embed = discord.Embed(
        title=clip(f"{match.seats[seat].name} reveals their classified objectives · {scenario_name}", 256),
        colour=COLOUR,
    )
    for i, card in enumerate(me.kept):
        note = ""
        if i == 0 and me.intelcom:
            note = " (INTELCOM Card)"
        if me.secure_hvt_replaces is not None and card.key == me.secure_hvt_replaces.key:
            note += " (swapped for Secure HVT)"
        embed.add_field(name=clip(card.label + note, 256), value=clip(card.objective, 1024), inline=False)
    if not me.kept:
        embed.description = "No cards kept."
    elif me.secure_hvt_replaces is not None:
        embed.description = (
            f"Secure HVT replaces {me.secure_hvt_replaces.label} (chosen at the end of the game)."
        )
    return embed


# --- the score sheet -------------------------------------------------------------------------


def entry_text(control: Control, value: EntryValue | None, victory_points: int) -> str:
    """A recorded entry as a player reads it."""
    if control.entry_id == VICTORY_POINTS:
        return f"{victory_points} pts"
    match control.kind:
        case ControlKind.TOGGLE:
            return "yes" if value else "no"
        case ControlKind.ROUND_TOGGLES:
            rounds = list(value or []) + [False] * (control.rounds or 0)  # type: ignore[arg-type]
            return " ".join(f"R{i + 1}:{'✓' if r else '✗'}" for i, r in enumerate(rounds[: control.rounds]))
        case ControlKind.ROUND_COUNTERS:
            rounds = list(value or []) + [0] * (control.rounds or 0)  # type: ignore[arg-type]
            return " ".join(f"R{i + 1}:{r}" for i, r in enumerate(rounds[: control.rounds]))
        case ControlKind.CHOICE | ControlKind.OPTION_COUNTERS:
            counts = value if isinstance(value, dict) else {}
            labels = dict(control.options)
            picked = [f"{labels.get(k, k)}" + (f" ×{n}" if n > 1 else "") for k, n in counts.items() if n]
            return ", ".join(picked) or "none"
        case ControlKind.ARMY_POINTS:
            return f"{int(value or 0)} pts"  # type: ignore[arg-type]
    return str(int(value or 0))  # type: ignore[arg-type]


def tp_text(tp: TournamentPoints) -> str:
    parts = [f"{tp.outcome.value.title()} {tp.base}"]
    if tp.offensive_bonus:
        parts.append(f"Offensive +{tp.offensive_bonus}")
    if tp.defensive_bonus:
        parts.append(f"Defensive +{tp.defensive_bonus}")
    return f"**{tp.total} TP** ({', '.join(parts)})"


def sheet_embed(match: ItsMatch, scenario: Scenario, result: ScoreResult) -> discord.Embed:
    sheet = match.sheet
    assert sheet is not None
    name_a, name_b = match.names()
    embed = discord.Embed(
        title=clip(f"Score sheet · {scenario.name} · {int(sheet.tier)} pts", 256),
        description=(
            f"**{name_a}** (A) vs **{name_b}** (B). Final: both players confirmed this result. "
            "To score the game again, start over with /its end and then /its score."
            if set(match.confirmed) == {Side.A, Side.B}
            else f"**{name_a}** (A) vs **{name_b}** (B). Each player edits their own side with the "
            "menus; a Manage Server member may edit both. Only each player can confirm their own "
            "side. Any edit clears the confirmations."
        ),
        colour=COLOUR,
    )
    by_id = {c.entry_id: c for c in controls(scenario, sheet.tier)}
    for line in result.lines:
        control = by_id.get(line.objective_id)
        if control is not None:
            a = entry_text(control, sheet.a.values.get(line.objective_id), sheet.a.victory_points)
            b = entry_text(control, sheet.b.values.get(line.objective_id), sheet.b.victory_points)
            value = f"{name_a}: {a} → **{line.a} OP**\n{name_b}: {b} → **{line.b} OP**"
        else:
            value = f"{name_a}: **{line.a} OP** · {name_b}: **{line.b} OP** _(worked out)_"
        embed.add_field(name=clip(line.label, 256), value=clip(value, 1024), inline=False)

    def total(capped: int, raw: int) -> str:
        return f"**{capped}**" + (f" ({raw} before the cap)" if raw > capped else "")

    embed.add_field(
        name=f"Objective Points (max {MAX_OBJECTIVE_POINTS})",
        value=(
            f"{name_a}: {total(result.total_a, result.raw_a)}\n"
            f"{name_b}: {total(result.total_b, result.raw_b)}"
        ),
        inline=True,
    )
    embed.add_field(
        name="Victory Points",
        value=f"{name_a}: {result.victory_points_a}\n{name_b}: {result.victory_points_b}",
        inline=True,
    )
    embed.add_field(
        name="Tournament Points",
        value=f"{name_a}: {tp_text(result.tp_a)}\n{name_b}: {tp_text(result.tp_b)}",
        inline=False,
    )
    marks = [
        f"{n}: {'✅ confirmed' if s in match.confirmed else '⏳ not yet'}"
        for n, s in ((name_a, Side.A), (name_b, Side.B))
    ]
    embed.add_field(name="Confirmed", value="\n".join(marks), inline=False)
    if result.warnings:
        embed.set_footer(text=clip(" ".join(result.warnings), 2048))
    return embed


def winner_text(match: ItsMatch, result: ScoreResult) -> str:
    name_a, name_b = match.names()
    leader = result.leader
    if leader is None:
        return "A tie"
    return f"{name_a if leader is Side.A else name_b} wins"


def result_embed(match: ItsMatch, scenario: Scenario, result: ScoreResult) -> discord.Embed:
    name_a, name_b = match.names()
    sheet: ScoreSheet | None = match.sheet
    tier = int(sheet.tier) if sheet else int(result.tier)
    embed = discord.Embed(
        title=clip(f"{scenario.name} · {tier} pts · {winner_text(match, result)}", 256),
        description=(
            f"{name_a} {result.total_a} OP, {result.tp_a.total} TP · "
            f"{name_b} {result.total_b} OP, {result.tp_b.total} TP. Confirmed by both players."
        ),
        colour=COLOUR,
    )
    embed.set_image(url="attachment://score.png")
    return embed
