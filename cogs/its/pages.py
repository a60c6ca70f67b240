"""Look-up pages of the ITS cog: missions, rules and classified cards as embeds.

Only formatting lives here: every number comes from ``rules/its``.
"""

from __future__ import annotations

import discord

from bot.limits import clip
from cogs.its.common import COLOUR
from cogs.its.library import MentionedRule, SpecialRuleEntry
from rules.i18n import N_, Translator, translator
from rules.its.decks import CURRENT_SEASON, Card, Deck
from rules.its.scenario import Scenario, SpecialRule
from rules.its.scoring import (
    MAX_OBJECTIVE_POINTS,
    describe_objective,
)
from rules.its.tiers import Tier
from rules.its.topics import Topic

#: The scenarios Corvus Belli's Spanish ITS documents name (docs/glossary-es.md); the others keep
#: their English names, as the Spanish documents do or until a Spanish source is found.
SCENARIO_NAMES = {
    "Acquisition": N_("Acquisition"),
    "Annihilation": N_("Annihilation"),
    "Biotechvore": N_("Biotechvore"),
    "Capture and Protect": N_("Capture and Protect"),
    "Decapitation": N_("Decapitation"),
    "Firefight": N_("Firefight"),
    "Frontline": N_("Frontline"),
    "Frostbyte": N_("Frostbyte"),
    "Highly Classified": N_("Highly Classified"),
    "Looting and Sabotaging": N_("Looting and Sabotaging"),
    "Quadrant Control": N_("Quadrant Control"),
    "Rescue": N_("Rescue"),
    "Supplies": N_("Supplies"),
    "Supremacy": N_("Supremacy"),
    "The Armory": N_("The Armory"),
    "Unmasking": N_("Unmasking"),
}


def _english(t: Translator | None) -> Translator:
    return t if t is not None else translator(None)


def scenario_name(name: str, t: Translator | None = None) -> str:
    """A scenario's name as the reader's language prints it (the English where it has none)."""
    return _english(t)(SCENARIO_NAMES[name]) if name in SCENARIO_NAMES else name

#: Room left in an embed description (4096) for a page.
PAGE_CHARS = 3800

Page = tuple[str, str]  # (title, description)
#: What an empty page says.
NOTHING_HERE = N_("(nothing here)")


# --- paging ----------------------------------------------------------------------------------


def split_pages(
    title: str, blocks: list[str], limit: int = PAGE_CHARS, *, t: Translator | None = None
) -> list[Page]:
    """Blocks of text packed into pages of at most ``limit`` characters (a block never splits
    unless it alone is too long); no text at all is one page saying so in ``t``'s language."""
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
        pages.append(current or _english(t)(NOTHING_HERE))
    return [(title, page) for page in pages]


def page_embed(
    pages: list[Page], index: int, *, footer: str = "", t: Translator | None = None
) -> discord.Embed:
    t = _english(t)
    index = max(0, min(index, len(pages) - 1))
    title, text = pages[index]
    embed = discord.Embed(title=clip(title, 256), description=text, colour=COLOUR)
    bits = [footer] if footer else []
    if len(pages) > 1:
        bits.append(t("Page {page}/{pages}", page=index + 1, pages=len(pages)))
    if bits:
        embed.set_footer(text=" · ".join(bits))
    return embed


# --- missions --------------------------------------------------------------------------------


def mission_pages(scenario: Scenario, tier: Tier | None, t: Translator | None = None) -> list[Page]:
    """Objectives, deployment, special rules, modes and the end of the mission, as pages.

    The labels are in the reader's language; the objectives' and rules' own texts (data/its) stay
    English for now."""
    t = _english(t)
    shown = tier if tier is not None and tier in scenario.tiers else scenario.tier_list[-1]
    name = scenario_name(scenario.name, t)
    if scenario.kind.value == "direct_action":
        title = t("{name} (Direct Action scenario)", name=name)
    else:
        title = t("{name} (ITS scenario)", name=name)
    if tier is not None:
        title += " · " + t("{points} pts", points=int(tier))
    objectives = [t("**Main objectives** (at most {op} OP in all)", op=MAX_OBJECTIVE_POINTS)]
    for objective in scenario.objectives:
        top = scenario.max_points(objective.id, shown)
        how = describe_objective(scenario, objective.id, shown)
        head = t("• **{objective}** · max {op} OP", objective=objective.label, op=top)
        objectives.append(f"{head}\n  {how}")
        if objective.summary:
            objectives.append(f"  _{objective.summary}_")
    classified = [o for o in scenario.objectives if o.kind == "classified"]
    if classified:
        objectives.append(
            t(
                "**Classified:** {objectives}",
                objectives="; ".join(
                    t(
                        "{objective}: {count} × {op} OP",
                        objective=o.label,
                        count=o.max_count,
                        op=o.points_each,
                    )
                    for o in classified
                ),
            )
        )
    uses = scenario.uses
    retreat = t("yes") if uses.retreat else t("no (No Quarter)")
    if uses.retreat and not scenario.end.retreat_ends_early:
        retreat = t("yes (it does not end the game early)")
    objectives.append(
        t(
            "**Uses:** HVT {hvt}, Classified Deck {deck}, Retreat! {retreat}",
            hvt=t("yes") if uses.hvt else t("no"),
            deck=t("yes") if uses.classified_deck else t("no"),
            retreat=retreat,
        )
    )
    blocks = ["\n".join(objectives)]
    deployment = [t("**Forces and deployment**")]
    tiers = [tier] if tier is not None and tier in scenario.tiers else scenario.tier_list
    if tier is not None and tier not in scenario.tiers:
        offered = ", ".join(str(int(each)) for each in scenario.tier_list)
        missing = t(
            "{name} is not played at {points} points; it offers {offered}.",
            name=name,
            points=int(tier),
            offered=offered,
        )
        deployment.append(f"_{missing}_")
    for each in tiers:
        setup = scenario.tiers[each]
        deployment.append(
            t(
                "• **{points} pts**: SWC {swc}, table {table}, deployment zone {zone}",
                points=int(each),
                swc=setup.swc,
                table=setup.table,
                zone=setup.deployment_zone,
            )
        )
    deployment.extend(f"• {rule}" for rule in scenario.deployment_rules)
    blocks.append("\n".join(deployment))
    for rule in scenario.special_rules:
        blocks.append(special_rule_text(rule, t))
    for mode in scenario.modes:
        blocks.append(t("**Mode: {mode}**", mode=mode.name) + f"\n{mode.summary}")
    end = t("**End of the mission**") + f"\n{scenario.end.summary}"
    # ``scenario.notes`` are our notes about the sources: they stay in the data file.
    blocks.append(end)
    return split_pages(title, blocks, t=t)


def special_rule_text(rule: SpecialRule, t: Translator | None = None) -> str:
    t = _english(t)
    summary = rule.text(t) if isinstance(rule, MentionedRule) else rule.summary
    lines = [f"**{rule.name}**", summary]
    if rule.skill is not None:
        lines.append(t("_Skill type:_ {type}", type=rule.skill.type))
        if rule.skill.requirements:
            lines.append(t("_Requirements:_") + "\n" + _dashes(rule.skill.requirements))
        lines.append(t("_Effects:_") + "\n" + _dashes(rule.skill.effects))
    return "\n".join(lines)


def _dashes(items: list[str]) -> str:
    return "\n".join(f"– {item.rstrip('.')}" for item in items)


# --- rules -----------------------------------------------------------------------------------


def topic_pages(topic: Topic, t: Translator | None = None) -> list[Page]:
    t = _english(t)
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
        refs = ", ".join(f"`{ref}`" for ref in topic.see_also)
        pages = [*pages[:-1], pages[-1] + "\n\n" + t("See also: {refs}", refs=refs)]
    return [(f"{topic.title} · {topic.section.title}", page) for page in pages]


def special_rule_pages(entry: SpecialRuleEntry, t: Translator | None = None) -> list[Page]:
    t = _english(t)
    where = ", ".join(scenario_name(name, t) for name in entry.scenario_names)
    head = t("A scenario special rule, in: **{scenarios}**.", scenarios=where)
    blocks = [head]
    # Scenarios often share a rule word for word: show each distinct text once.
    texts: dict[str, list[str]] = {}
    for scenario, rule in entry.appearances:
        texts.setdefault(special_rule_text(rule, t), []).append(scenario_name(scenario.name, t))
    for text, names in texts.items():
        blocks.append(text if len(texts) == 1 else f"__{', '.join(names)}__\n{text}")
    return split_pages(t("{rule} (scenario rule)", rule=entry.name), blocks, t=t)


# --- cards -----------------------------------------------------------------------------------


def card_embed(deck: Deck, card: Card, t: Translator | None = None) -> discord.Embed:
    """What is known of a card, plainly, and one line saying the full text is on the printed card.

    Card names and texts stay English (no Spanish deck was seen); our notes about where a fact
    came from stay in the deck file."""
    t = _english(t)
    embed = discord.Embed(title=clip(card.label, 256), colour=COLOUR)
    if card.requirements:
        embed.add_field(name=t("Requirements"), value=clip(card.requirements, 1024), inline=False)
    if card.objective:
        embed.add_field(name=t("Objective"), value=clip(card.objective, 1024), inline=False)
    embed.description = t("The full text is on the printed card.")
    embed.set_footer(text=clip(deck_label(deck, t), 2048))
    return embed


def deck_label(deck: Deck, t: Translator | None = None) -> str:
    """The deck's name, saying so when it belongs to another season than the one Herald plays."""
    t = _english(t)
    if deck.other_season:
        return t(
            "{deck} · another season's deck, not the {season} deck",
            deck=deck.name,
            season=CURRENT_SEASON.removeprefix("ITS "),
        )
    return deck.name
