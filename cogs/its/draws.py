"""Classified draws: ``/its classified draw``, ``record``, ``mine`` and ``reveal``.

Private information (pairs, kept cards, the INTELCOM card, Highly Classified's Secondary) only
ever goes into ephemeral replies to its owner; the channel sees counts until ``reveal``.
"""

from __future__ import annotations

import functools

import discord
from discord.app_commands import Choice

from bot.games import NoGameHere
from bot.i18n import channel, reader
from bot.play import Change
from bot.send import send
from bot.text import kept_name
from cogs.its import draw_texts, pages
from cogs.its.common import WHERE_DRAWS_LIVE, change_match, content_of, rng_of, scenario_name
from cogs.its.countermeasures import tracker_text, tracker_view
from cogs.its.draw_news import progress
from cogs.its.draw_steps import announce, private_view
from cogs.its.library import ItsContent
from cogs.its.seats import check_opponent, invited_hint, post_invitation
from cogs.its.state import KIT, ItsMatch
from rules.errors import NotFoundError, RuleError
from rules.i18n import N_, _
from rules.its.classified import (
    CardSource,
    ClassifiedState,
    DrawMode,
    Phase,
    Record,
    draw_setup_for,
    new_draw,
)
from rules.its.decks import Deck, DeckKind, pick_decks
from rules.its.match import draw_names, open_seats, record_cards
from rules.its.scenario import Scenario

MODES: dict[str, dict[str, bool]] = {
    "standard": {},
    "extreme": {"extreme": True},
    "high_difficulty": {"high_difficulty": True},
    "double_deck": {"double_deck": True},
}
#: How a note names each mode (the same words as the mode option's choices).
MODE_NAMES = {
    "standard": N_("Standard (green deck)"),
    "extreme": N_("Extreme Mode (red deck)"),
    "high_difficulty": N_("High Difficulty (Highly Classified)"),
    "double_deck": N_("Double Deck extra (green and red)"),
}
MODE_CHOICES = [
    Choice(name="Standard (green deck)", value="standard"),
    Choice(name="Extreme Mode (red deck)", value="extreme"),
    Choice(name="High Difficulty (Highly Classified)", value="high_difficulty"),
    Choice(name="Double Deck extra (green and red)", value="double_deck"),
]


def draw_mode(draw: ClassifiedState) -> str:
    """The ``mode`` option a draw was started with."""
    if draw.setup.mode is DrawMode.HIGH_DIFFICULTY:
        return "high_difficulty"
    if draw.setup.extreme:
        return "extreme"
    return "double_deck" if draw.setup.double_deck else "standard"


def decks_for(content: ItsContent, deck: str | None) -> tuple[Deck | None, Deck | None]:
    """The (green, red) decks to deal from: the Season 14 ones, or the one a player named."""
    if deck is None:
        return pick_decks(content.decks)
    chosen = content.decks.get(deck)
    if chosen is None:
        if not content.decks:
            raise NotFoundError(_("No classified deck {deck} is loaded; no deck is loaded.", deck=repr(deck)))
        known = ", ".join(sorted(content.decks))
        raise NotFoundError(
            _(
                "No classified deck {deck} is loaded; the loaded decks are: {known}.",
                deck=repr(deck),
                known=known,
            )
        )
    if chosen.kind is DeckKind.EXTREME:
        return pick_decks(content.decks, extreme_id=deck)
    return pick_decks(content.decks, standard_id=deck)


def deck_choices(interaction: discord.Interaction, current: str) -> list[tuple[str, str]]:
    key = current.casefold()
    return [
        (f"{d.name} ({d.kind.value})", d.id)
        for d in content_of(interaction).decks.values()
        if key in d.id.casefold() or key in d.name.casefold()
    ]


async def record(interaction: discord.Interaction, cards: str, mission: str | None) -> None:
    await draw_or_record(interaction, mission, None, "standard", CardSource.PHYSICAL, record_cards(cards))


async def draw_or_record(
    interaction: discord.Interaction,
    mission: str | None,
    deck: str | None,
    mode: str,
    source: CardSource,
    cards: list[str] | None = None,
    opponent: discord.User | discord.Member | None = None,
) -> None:
    """Deal (or record) the caller's classified objectives, seating them in the channel's match.

    ``opponent`` reserves the other seat for them: they are invited, not seated."""
    user = interaction.user
    if opponent is not None:
        check_opponent(user, opponent)
    rng = rng_of(interaction)
    content = content_of(interaction)
    scenario: Scenario | None = content.scenario(mission) if mission else None
    name_of = functools.partial(scenario_name, content)

    def fresh(match: ItsMatch, chosen: Scenario) -> ClassifiedState:
        seats = match.seats
        setup = draw_setup_for(chosen.id, scenario_name=chosen.name, **MODES.get(mode, {}))
        standard, extreme = decks_for(content, deck)
        return new_draw(
            setup,
            players=draw_names(seats, match.invited),
            deck=standard,
            extreme_deck=extreme,
            rng=rng,
            source=source,
            waiting=open_seats(seats),
        )

    def change(old: ItsMatch | None) -> Change[ItsMatch]:
        notes: list[str] = []
        match, seat = (old or ItsMatch()).seat_for(user.id, kept_name(user.display_name), rng)
        if opponent is not None:
            match = match.invite(user.id, opponent.id, kept_name(opponent.display_name))
        to_deal = match.scenario_to_draw(scenario.id if scenario else None, name_of)
        if to_deal is not None:
            chosen = content.scenarios.get(to_deal)
            match = match.model_copy(update={"draw": fresh(match, chosen), "draw_scenario": chosen.id})
            notes.append("new")
        else:
            assert match.draw is not None
            decks = {c.deck_id for c in match.draw.pool}
            if (deck is not None and deck not in decks) or (
                source is CardSource.DEALT and mode != "standard" and mode != draw_mode(match.draw)
            ):
                notes.append("options ignored")
        if cards is not None:
            assert match.draw is not None
            match = match.model_copy(update={"draw": match.draw.apply(Record(player=seat, cards=cards), rng)})
        did = "recorded classified cards" if cards else "drew"
        return Change(match, f"{user.display_name} {did}", result=(seat, notes))

    shown = await change_match(interaction, "classified", change)
    match, old = shown.state, shown.before
    seat, notes = shown.result
    draw = match.draw
    assert draw is not None
    name = scenario_name(content, match.draw_scenario)
    mine = reader(interaction)
    ignored = None
    if "options ignored" in notes:
        decks = ", ".join(
            sorted({content.decks[c.deck_id].name for c in draw.pool if c.deck_id in content.decks})
        )
        mode_name = mine(MODE_NAMES.get(draw_mode(draw), draw_mode(draw)))
        if seat != 0:
            ignored = mine(
                "Your deck/mode choice was not used: {player} started this draw, and both players draw "
                "with the same setup ({decks}; mode {mode}). To use other options, end this match with "
                "/its end and draw again.",
                player=match.seats[0].name,
                decks=decks,
                mode=mode_name,
            )
        else:
            ignored = mine(
                "Your deck/mode choice was not used: this draw is already dealt, and both players draw "
                "with the same setup ({decks}; mode {mode}). To use other options, end this match with "
                "/its end and draw again.",
                decks=decks,
                mode=mode_name,
            )
    await send(
        interaction,
        content=ignored,
        embed=draw_texts.private_draw_embed(match, seat, name, t=mine),
        view=private_view(shown.id, draw, seat, mine),
        ephemeral=True,
    )
    t = await channel(interaction)
    shown_name = pages.scenario_name(name, t)
    public: list[str] = []
    joined = old is not None and old.draw is not None and old.seat_of(user.id) is None
    if "new" in notes:
        if source is CardSource.PHYSICAL:
            public.append(
                t(
                    "{player} started recording the classified objectives they draw from "
                    "printed cards for **{scenario}**.",
                    player=user.mention,
                    scenario=shown_name,
                )
            )
        else:
            public.append(
                t(
                    "{player} started drawing classified objectives for **{scenario}**.",
                    player=user.mention,
                    scenario=shown_name,
                )
            )
    elif joined:
        public.append(
            t(
                "{player} joined the classified draw for **{scenario}**.",
                player=user.mention,
                scenario=shown_name,
            )
        )
    elif draw.phase is Phase.COUNTERMEASURES:
        # A player asking again gets the tracker anew (older copies may be far up the channel).
        public.append(t("{player} asked for the current Countermeasures tracker.", player=user.mention))
    public.extend(progress(old, match, seat, joined=joined, t=t))
    await announce(interaction, shown.id, match, public, old)
    await post_invitation(interaction, shown.id, match, old)


async def mine(interaction: discord.Interaction) -> None:
    try:
        game = await KIT.load(interaction)
    except NoGameHere:
        raise RuleError(
            _(
                "There is no ITS match in this channel, so no classified objectives. {hint}",
                hint=WHERE_DRAWS_LIVE,
            )
        ) from None
    match = game.state
    seat = match.seat_of(interaction.user.id)
    if match.draw is None or seat is None:
        hint = await invited_hint(interaction) or WHERE_DRAWS_LIVE
        raise RuleError(_("You have no classified objectives in this channel. {hint}", hint=hint))
    t = reader(interaction)
    if match.draw.phase is Phase.COUNTERMEASURES:
        # The tracker is open information; this copy works like the channel's.
        await send(
            interaction,
            content=tracker_text(interaction, match, t),
            view=tracker_view(game.id, match.tracker_step, match.draw, t),
            ephemeral=True,
        )
        return
    name = scenario_name(content_of(interaction), match.draw_scenario)
    await send(
        interaction,
        embed=draw_texts.private_draw_embed(match, seat, name, t=t),
        view=private_view(game.id, match.draw, seat, t),
        ephemeral=True,
    )
