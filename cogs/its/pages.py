"""Look-up pages of the ITS cog: missions, rules and classified cards as embeds.

Only formatting lives here: every number comes from ``rules/its``.
"""

from __future__ import annotations

import discord

from bot.limits import clip
from cogs.its.common import COLOUR
from cogs.its.library import SpecialRuleEntry
from rules.its.decks import CURRENT_SEASON, Card, Deck
from rules.its.scenario import Scenario, SpecialRule
from rules.its.scoring import (
    MAX_OBJECTIVE_POINTS,
    describe_objective,
)
from rules.its.tiers import Tier
from rules.its.topics import Topic

#: Room left in an embed description (4096) for a page.
PAGE_CHARS = 3800

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
    retreat = "yes" if uses.retreat else "no (No Quarter)"
    if uses.retreat and not scenario.end.retreat_ends_early:
        retreat = "yes (it does not end the game early)"
    objectives.append(
        "**Uses:** "
        + ", ".join(
            f"{name} {'yes' if flag else 'no'}"
            for name, flag in (("HVT", uses.hvt), ("Classified Deck", uses.classified_deck))
        )
        + f", Retreat! {retreat}"
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
    # ``scenario.notes`` are our notes about the sources: they stay in the data file.
    blocks.append(end)
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
    """What is known of a card, plainly, and one line saying the full text is on the printed card.

    Our notes about where a fact came from stay in the deck file."""
    embed = discord.Embed(title=clip(card.label, 256), colour=COLOUR)
    if card.requirements:
        embed.add_field(name="Requirements", value=clip(card.requirements, 1024), inline=False)
    if card.objective:
        embed.add_field(name="Objective", value=clip(card.objective, 1024), inline=False)
    embed.description = "The full text is on the printed card."
    embed.set_footer(text=clip(deck_label(deck), 2048))
    return embed


def deck_label(deck: Deck) -> str:
    """The deck's name, saying so when it belongs to another season than the one Herald plays."""
    if deck.other_season:
        return f"{deck.name} · another season's deck, not the {CURRENT_SEASON.removeprefix('ITS ')} deck"
    return deck.name
