"""Look-up: ``/its mission``, ``/its rule`` and ``/its classified card``, their pages and "did you mean".

Custom ids: ``its:pg:<kind>:<tier>:<page>:<ref>`` (a page of a mission ``m`` or rule ``r``) and
``its:dym:<kind>:<tier>:<ref>`` ("did you mean": show that mission, rule or card ``c``).
"""

from __future__ import annotations

import discord

from bot.i18n import channel, reader
from bot.limits import MAX_CUSTOM_ID, clip
from bot.play import View
from bot.send import send
from cogs.its import pages
from cogs.its.common import ItsButton, content_of
from cogs.its.library import SpecialRuleEntry
from rules.errors import NotFoundError, RuleError
from rules.i18n import Message, Translator, _, translator
from rules.its.decks import Card, Deck
from rules.its.tiers import Tier
from rules.text import spelled_digits


def not_found(kind: str, shown: str) -> Message:
    """"No ... is called ...": one whole sentence per kind of thing looked up."""
    if kind == "m":
        return _("No ITS scenario is called {name}.", name=shown)
    if kind == "r":
        return _("No ITS rule or scenario special rule is called {name}.", name=shown)
    return _("No classified card is called {name}.", name=shown)


async def mission(interaction: discord.Interaction, name: str, tier: int | None) -> None:
    if not name.strip():
        raise RuleError(
            _("Type a scenario name (or part of one, for example `acqui`) and pick it from the list.")
        )
    try:
        scenario = content_of(interaction).scenario(name)
    except NotFoundError:
        await did_you_mean(interaction, "m", name, tier or 0)
        return
    await show(interaction, "m", scenario.id, tier or 0, 0, edit=False)


async def rule(interaction: discord.Interaction, topic: str) -> None:
    try:
        item = content_of(interaction).rule(topic)
    except NotFoundError:
        await did_you_mean(interaction, "r", topic, 0)
        return
    ref = f"r:{item.key}" if isinstance(item, SpecialRuleEntry) else f"t:{item.id}"
    await show(interaction, "r", ref, 0, 0, edit=False)


async def card(interaction: discord.Interaction, name: str) -> None:
    content = content_of(interaction)
    try:
        deck, found = content.card(name)
    except NotFoundError as error:
        if not content.suggest_cards(name):
            raise  # its message says why (a card number no deck has, say)
        # A number says why it found no current-season card before offering other seasons'.
        number = spelled_digits(name) is not None
        await did_you_mean(interaction, "c", name, 0, lead=error.message if number else None)
        return
    await send(interaction, embed=pages.card_embed(deck, found, await channel(interaction)))


async def did_you_mean(
    interaction: discord.Interaction, kind: str, text: str, tier: int, *, lead: str | None = None
) -> None:
    content = content_of(interaction)
    if kind == "m":
        options = [(content.scenarios.get(v).name, v) for v in content.suggest_scenarios(text)]
    elif kind == "r":
        options = [(content.rule_label(v, reader(interaction)), v) for v in content.suggest_rules(text)]
    else:
        options = [(card_label(*content.card(v)), v) for v in content.suggest_cards(text)]
    shown = repr(clip(text.strip(), 60))
    if not options:
        raise NotFoundError(not_found(kind, shown))
    t = reader(interaction)
    await send(
        interaction,
        content=t("{problem} Did you mean one of these?", problem=lead or t(not_found(kind, shown))),
        view=View(
            *(
                SuggestButton(kind, tier, ref, label=label)
                for label, ref in options
                if fits(f"its:dym:{kind}:{tier}:{ref}")
            )
        ),
        ephemeral=True,
    )


async def show(
    interaction: discord.Interaction, kind: str, ref: str, tier: int, page: int, *, edit: bool
) -> None:
    """Show a mission (``m``), rule (``r``) or card (``c``) page, as a reply or in place."""
    content = content_of(interaction)
    t = await channel(interaction)
    view: discord.ui.View | None = None
    if kind == "c":
        deck, found = content.card(ref)
        embed = pages.card_embed(deck, found, t)
    else:
        if kind == "m":
            book = pages.mission_pages(content.scenarios.get(ref), Tier(tier) if tier else None, t)
        else:
            item = content.rule(ref)
            book = (
                pages.special_rule_pages(item, t)
                if isinstance(item, SpecialRuleEntry)
                else pages.topic_pages(item, t)
            )
        page = max(0, min(page, len(book) - 1))
        embed, view = pages.page_embed(book, page, t=t), pager(kind, ref, tier, page, len(book), t)
    await send(interaction, embed=embed, view=view, edit=edit)


def card_label(deck: Deck, found: Card) -> str:
    """A card's button label, naming the season when it is not the current one."""
    return clip(f"{found.label} ({deck.season})" if deck.other_season else found.label, 80)


def fits(custom_id: str) -> bool:
    return len(custom_id) <= MAX_CUSTOM_ID


class PageButton(ItsButton, template=r"its:pg:(?P<kind>[mr]):(?P<tier>\d+):(?P<page>\d+):(?P<ref>.+)"):
    fields = (("kind", str), ("tier", int), ("page", int), ("ref", str))

    def __init__(
        self, kind: str, tier: int, page: int, ref: str, *, label: str = "page", disabled: bool = False
    ) -> None:
        self.button(
            f"its:pg:{kind}:{tier}:{page}:{ref}", label, discord.ButtonStyle.secondary, disabled=disabled
        )
        self.kind, self.tier, self.page, self.ref = kind, tier, page, ref

    async def pressed(self, interaction: discord.Interaction) -> None:
        await show(interaction, self.kind, self.ref, self.tier, self.page, edit=True)


class SuggestButton(ItsButton, template=r"its:dym:(?P<kind>[mrc]):(?P<tier>\d+):(?P<ref>.+)"):
    fields = (("kind", str), ("tier", int), ("ref", str))

    def __init__(self, kind: str, tier: int, ref: str, *, label: str = "?") -> None:
        self.button(f"its:dym:{kind}:{tier}:{ref}", label, discord.ButtonStyle.primary)
        self.kind, self.tier, self.ref = kind, tier, ref

    async def pressed(self, interaction: discord.Interaction) -> None:
        # Posted to the channel, as the command typed with the exact name would have been.
        await show(interaction, self.kind, self.ref, self.tier, 0, edit=False)


def pager(
    kind: str, ref: str, tier: int, page: int, pages: int, t: Translator | None = None
) -> discord.ui.View | None:
    """Previous / next buttons, or None for a single page (or a reference too long for an id)."""
    if pages <= 1 or not fits(f"its:pg:{kind}:{tier}:{page}:{ref}"):
        return None
    t = t if t is not None else translator(None)
    return View(
        PageButton(kind, tier, max(page - 1, 0), ref, label=t("◀ Previous"), disabled=page <= 0),
        PageButton(kind, tier, min(page + 1, pages - 1), ref, label=t("Next ▶"), disabled=page >= pages - 1),
    )


ITEMS = (PageButton, SuggestButton)
