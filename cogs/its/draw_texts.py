"""What the classified draw looks like: a player's private hand, the channel's counts, the
Countermeasures tracker and revealed objectives.

Only formatting lives here: every number comes from ``rules/its``.
"""

from __future__ import annotations

import discord

from bot.limits import clip
from cogs.its.common import COLOUR, PRIVATE_COLOUR
from cogs.its.pages import scenario_name as spanish_name
from cogs.its.state import ItsMatch
from rules.i18n import N_, Translator, translator
from rules.its.classified import CardView, DrawMode, NextStep, Phase, Step, summary

#: Shown in place of a seat nobody has taken yet (the second player joins by drawing themselves).
WAITING_TEXT = N_("Waiting for the second player to draw: they join with `/its classified draw`")


def waiting_text(match: ItsMatch, t: Translator | None = None) -> str:
    """What the open seat waits for: anyone to draw, or the player it is reserved for to accept."""
    t = _english(t)
    if match.invited is None:
        return t(WAITING_TEXT)
    return t(
        "Waiting for **{name}** to accept the invitation (the Accept button, or "
        "`/its classified draw` themselves)",
        name=match.invited.name,
    )


# --- classified: private and public views ----------------------------------------------------


def _english(t: Translator | None) -> Translator:
    return t if t is not None else translator(None)


def _card_text(card: CardView, t: Translator | None = None) -> str:
    """What is known of a card; the printed card has the full text."""
    t = _english(t)
    lines = [card.objective] if card.objective else []
    if card.requirements:
        lines.append(t("_Who:_ {requirements}", requirements=card.requirements))
    return "\n".join(lines) or t("See the printed card.")


def _card_section(
    embed: discord.Embed, title: str, cards: list[CardView], *, empty: str = "", t: Translator | None = None
) -> None:
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
            value=clip(_card_text(card, t), 1024),
            inline=False,
        )


def private_draw_embed(
    match: ItsMatch, seat: int, scenario_name: str, *, choosing_hvt: bool = False, t: Translator | None = None
) -> discord.Embed:
    """Everything the player in ``seat`` may see of the draw. Send it ephemerally only.

    ``choosing_hvt``: shown with the end-of-game Secure HVT choice, so without the notes about
    that choice and the next steps (the message itself says them)."""
    draw = match.draw
    assert draw is not None
    view = summary(draw, viewer=seat)
    me = view.players[seat]
    t = _english(t)
    shown = spanish_name(scenario_name, t)
    embed = discord.Embed(
        title=clip(t("Your classified objectives · {scenario}", scenario=shown), 256),
        description=t("Only you can see this message."),
        colour=PRIVATE_COLOUR,
    )
    _card_section(embed, t("Main Classified Objectives (open to both)"), view.main, t=t)
    if draw.setup.mode is DrawMode.COUNTERMEASURES:
        # Nothing is private in Countermeasures: the shared tracker in the channel holds it all.
        embed.description = t(
            "Countermeasures has no private cards: the Current Mission Objectives are shared, and "
            "the tracker in the channel shows them with what each player achieved."
        )
        if me.kept:
            _card_section(embed, t("Achieved by you ({n})", n=len(me.kept)), me.kept, t=t)
        else:
            embed.add_field(
                name=t("Achieved by you"),
                value=t("Nothing so far: an objective you achieve is yours to keep."),
                inline=False,
            )
        turn = player_turn_text(match, t)
        if turn:
            embed.add_field(name=t("Player Turn"), value=turn, inline=False)
    else:
        _card_section(embed, t("Kept ({n})", n=len(me.kept)), me.kept, empty=t("none yet"), t=t)
    _card_section(embed, t("Choose one to keep"), me.pair, t=t)
    if me.intelcom is not None:
        text = (
            t("Your first card ({card}) is your INTELCOM Card.", card=me.kept[0].label)
            if me.intelcom and me.kept
            else t("Your first card stays a Classified Objective.")
        )
        embed.add_field(name="INTELCOM", value=text, inline=False)
    if draw.setup.mode is DrawMode.HIGH_DIFFICULTY:
        embed.add_field(
            name=t("High Difficulty Mode"),
            value=t(
                "In this mode your Secondary Classified Objective is a single card dealt to you, with "
                "no second card to choose from: that is why you were given just one."
            ),
            inline=False,
        )
    p = draw.players[seat]
    if me.secure_hvt_replaces is not None:
        embed.add_field(
            name="Secure HVT",
            value=t("Replaces {card} (your end-of-game choice).", card=me.secure_hvt_replaces.label),
            inline=False,
        )
    elif choosing_hvt:
        return embed
    elif draw.phase is Phase.SECURE_HVT and not p.secure_hvt_decided and draw.secure_hvt_options(seat):
        embed.add_field(
            name=t("Secure HVT (at the end of the game)"),
            value=t(
                "Nothing to choose now. When the game is over, `/its classified reveal` first offers to "
                "swap one of your classified objectives for Secure HVT (or keep them all), asks you to "
                "confirm, and then shows your objectives to the channel."
            ),
            inline=False,
        )
    seated = {p.name for p in view.players[: len(match.seats)]}
    open_seat = len(match.seats) < len(view.players)
    mine_next = [t("{name}: {step}", name=s.player, step=s.own) for s in view.steps if s.player == me.name]
    if not mine_next:
        # Steps for the other seated player only: a seat nobody has taken is never described.
        mine_next = [
            _waiting_for(s, seated, t)
            for s in view.steps
            if not open_seat or (s.player is not None and s.player in seated)
        ]
    if open_seat and draw.phase is Phase.DRAWING and not me.pair and waiting_text(match, t) not in mine_next:
        mine_next.append(waiting_text(match, t))
    if draw.source.value == "physical" and draw.phase is Phase.DRAWING and me.step is not Step.DONE:
        count, _unused = draw.record_request(seat)
        if count:
            record = t.n(
                "Record it with `/its classified record cards:` ({n} card).",
                "Record them with `/its classified record cards:` ({n} cards).",
                count,
                n=count,
            )
            mine_next = [*mine_next, record]
    if mine_next:
        embed.add_field(name=t("Next"), value=clip("\n".join(mine_next), 1024), inline=False)
    return embed


def _waiting_for(step: NextStep, names: set[str], t: Translator) -> str:
    """Another player's step, told to this player as what they wait for (not as an order to them)."""
    if step.player is not None and step.player in names:
        return t("Waiting for {name} (their step: {step})", name=step.player, step=step.other or step.own)
    if step.player is not None:
        return t("{name}: {step}", name=step.player, step=step.own)
    return t(step.own)


def public_draw_text(match: ItsMatch, scenario_name: str, t: Translator | None = None) -> str:
    """What the channel may know: counts, open Main objectives, INTELCOM declarations."""
    t = _english(t)
    draw = match.draw
    assert draw is not None
    view = summary(draw, viewer=None)
    if draw.phase is Phase.COUNTERMEASURES or view.mode.value == "countermeasures":
        return countermeasures_text(match, scenario_name, t)
    lines = [t("**Classified objectives · {scenario}**", scenario=spanish_name(scenario_name, t))]
    if view.main:
        lines.append(
            t("Main Classified Objectives (open): {cards}", cards=", ".join(c.label for c in view.main))
        )
    for i, p in enumerate(view.players):
        if i >= len(match.seats):
            lines.append(f"• {waiting_text(match, t)}")
            continue
        done = p.step is Step.DONE
        if p.intelcom is None:
            bit = (
                t("• **{name}**: {n} kept, done", name=p.name, n=p.kept_count)
                if done
                else t("• **{name}**: {n} kept, choosing", name=p.name, n=p.kept_count)
            )
        elif p.intelcom:
            bit = (
                t(
                    "• **{name}**: {n} kept, done; first card used as INTELCOM Card",
                    name=p.name,
                    n=p.kept_count,
                )
                if done
                else t(
                    "• **{name}**: {n} kept, choosing; first card used as INTELCOM Card",
                    name=p.name,
                    n=p.kept_count,
                )
            )
        else:
            bit = (
                t("• **{name}**: {n} kept, done; no INTELCOM Card", name=p.name, n=p.kept_count)
                if done
                else t("• **{name}**: {n} kept, choosing; no INTELCOM Card", name=p.name, n=p.kept_count)
            )
        lines.append(bit)
    return "\n".join(lines)


def countermeasures_text(match: ItsMatch, scenario_name: str, t: Translator | None = None) -> str:
    """The shared Countermeasures tracker: all of it is open information."""
    t = _english(t)
    draw = match.draw
    assert draw is not None
    view = summary(draw, viewer=None)
    lines = [t("**Current Mission Objectives · {scenario}**", scenario=spanish_name(scenario_name, t))]
    lines.extend(f"• {c.label}: {c.objective}" if c.objective else f"• {c.label}" for c in view.current)
    if not view.current:
        lines.append(t("• (none on the table: end the Player Turn to refill)"))
    for i, p in enumerate(view.players):
        if i >= len(match.seats):
            lines.append(waiting_text(match, t))
            continue
        swapped = draw.swapped[i] if i < len(draw.swapped) else False
        bits = [t("{n} achieved", n=p.kept_count)]
        if p.kept:
            bits.append(", ".join(c.label for c in p.kept))
        if swapped:
            bits.append(t("swapped this turn"))
        lines.append(f"**{p.name}**: " + "; ".join(bits))
    if draw.phase is Phase.OVER:
        lines.append(t("The game is over."))
    else:
        turn = player_turn_text(match, t)
        if turn:
            lines.append(turn)
        lines.append(
            t(
                "✔ = you achieved it (press during your Order) · ⇄ = at the start of their Tactical Phase "
                "the player whose Player Turn it is may swap one, once per turn · end each Player Turn to "
                "refill to three and pass the turn."
            )
        )
    return "\n".join(lines)


def player_turn_text(match: ItsMatch, t: Translator | None = None) -> str:
    """Whose Countermeasures Player Turn it is, the Game Round, and who may change the first player.

    Empty while the player whose turn it is has not taken their seat (or for a tracker stored
    before turns were kept)."""
    t = _english(t)
    draw = match.draw
    assert draw is not None
    turn = draw.turn_player
    if turn is None or turn >= len(match.seats) or turn in draw.waiting:
        return ""
    name = draw.players[turn].name
    if draw.cm_turn and len(draw.players) == 2:
        text = t(
            "Player Turn: **{name}** (Game Round {round}). Only {name} ends it, with End Player Turn.",
            name=name,
            round=(draw.cm_turn + 1) // 2,
        )
    else:
        text = t("Player Turn: **{name}**. Only {name} ends it, with End Player Turn.", name=name)
    others = [p.name for i, p in enumerate(draw.players) if i != turn and i < len(match.seats)]
    if draw.first_player_open and others:
        goes_first = t("{name} goes first", name=others[0])
        text += " " + t(
            "{name} started the draw, so has the first Player Turn; if the Initiative roll-off "
            "gave it to {other}, press “{button}”.",
            name=name,
            other=others[0],
            button=goes_first,
        )
    return text


def reveal_embed(
    match: ItsMatch, seat: int, scenario_name: str, t: Translator | None = None
) -> discord.Embed:
    t = _english(t)
    draw = match.draw
    assert draw is not None
    me = summary(draw, viewer=seat).players[seat]
    title = t(
        "{name} reveals their classified objectives · {scenario}",
        name=match.seats[seat].name,
        scenario=spanish_name(scenario_name, t),
    )
    embed = discord.Embed(title=clip(title, 256), colour=COLOUR)
    for i, card in enumerate(me.kept):
        note = ""
        if i == 0 and me.intelcom:
            note = " " + t("(INTELCOM Card)")
        if me.secure_hvt_replaces is not None and card.key == me.secure_hvt_replaces.key:
            note += " " + t("(swapped for Secure HVT)")
        value = clip(_card_text(card, t), 1024)
        embed.add_field(name=clip(card.label + note, 256), value=value, inline=False)
    if not me.kept:
        embed.description = t("No cards kept.")
    elif me.secure_hvt_replaces is not None:
        embed.description = t(
            "Secure HVT replaces {card} (chosen at the end of the game).", card=me.secure_hvt_replaces.label
        )
    return embed
