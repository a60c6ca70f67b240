"""What the channel hears about a classified draw: counts, the INTELCOM roll, the start of play.

Only open information goes here; a player's own cards go to them alone (see :mod:`cogs.its.draws`).
"""

from __future__ import annotations

from cogs.its import draw_texts
from cogs.its.state import ItsMatch
from rules.i18n import Translator, translator
from rules.its.classified import INTELCOM_DIE, CardSource, ClassifiedState, DrawMode, Phase, Step


def progress(
    old: ItsMatch | None, new: ItsMatch, seat: int, *, joined: bool = False, t: Translator | None = None
) -> list[str]:
    """Public lines about what changed for ``seat``: counts and open information only, in ``t``'s
    language (the channel's).

    ``joined``: the player just took the open seat, so a hand dealt earlier counts as new."""
    t = t if t is not None else translator(None)
    draw = new.draw
    assert draw is not None
    if draw.setup.mode is DrawMode.COUNTERMEASURES:
        return []  # the shared tracker says it all
    before = old.draw.players[seat] if old is not None and old.draw is not None and not joined else None
    p = draw.players[seat]
    name = new.seats[seat].name
    lines: list[str] = []
    new_mains = [k for k in p.mains if before is None or k not in before.mains]
    if new_mains and draw.source is CardSource.PHYSICAL:
        lines.append(
            t(
                "{name} recorded Main Classified Objectives: {cards}",
                name=name,
                cards=", ".join(draw.card(k).label for k in new_mains),
            )
        )
    if p.step is Step.DONE and (before is None or before.step is not Step.DONE):
        lines.append(
            t.n(
                "**{name}** has drawn {n} classified objective.",
                "**{name}** has drawn {n} classified objectives.",
                len(p.kept),
                name=name,
                n=len(p.kept),
            )
        )
    elif (
        draw.phase is Phase.DRAWING
        and draw.setup.intelcom
        and not draw.intelcom_order
        and p.kept
        and (before is None or not before.kept)
    ):
        lines.append(
            t(
                "**{name}** has kept their first classified objective. The INTELCOM roll-off comes "
                "as soon as both players have, before anyone sees more cards.",
                name=name,
            )
        )
    return lines


def phase_news(match: ItsMatch, old: ItsMatch | None, t: Translator | None = None) -> list[str]:
    """A line when the draw entered a new phase: the INTELCOM roll-off, declarations made, play."""
    t = t if t is not None else translator(None)
    draw = match.draw
    assert draw is not None
    old_phase = old.draw.phase if old is not None and old.draw is not None else None
    names = [p.name for p in draw.players]
    if draw.phase is Phase.INTELCOM and old_phase is not Phase.INTELCOM:
        rolls = "; ".join(
            t(
                "{name} rolled {rolls}",
                name=names[i],
                rolls=t(", then ").join(map(str, draw.players[i].intelcom_roll)),
            )
            for i in range(len(names))
        )
        first = names[draw.intelcom_order[0]]
        return [
            t(
                "INTELCOM roll-off (each player rolls a d{die}, a tie is rolled again, the "
                "higher roll wins): {rolls}. **{first}** wins and declares first whether their first "
                "card is their INTELCOM Card.",
                die=INTELCOM_DIE,
                rolls=rolls,
                first=first,
            )
        ]
    if draw.phase is Phase.DRAWING and old_phase is Phase.INTELCOM:
        if draw.source is CardSource.PHYSICAL:
            return [
                t(
                    "INTELCOM declarations are made. Now choose the rest of your classified objectives: "
                    "record them with `/its classified record`."
                )
            ]
        return [
            t(
                "INTELCOM declarations are made. Now choose the rest of your classified objectives: "
                "`/its classified mine` shows your next pair."
            )
        ]
    if draw.phase is Phase.SECURE_HVT and old_phase is not Phase.SECURE_HVT:
        if draw.setup.secure_hvt_offered:
            return [
                t(
                    "Classified objectives are set: play the game! When the game is over, "
                    "`/its classified reveal` offers the Secure HVT swap before it shows your objectives."
                )
            ]
        return [t("Classified objectives are set: play the game!")]
    return []


def news_text(match: ItsMatch, lines: list[str], scenario: str, t: Translator | None = None) -> str:
    """The channel's message: what happened, then the draw as the channel may see it."""
    return "\n".join([*lines, "", draw_texts.public_draw_text(match, scenario, t)])


def where_cards(draw: ClassifiedState, t: Translator | None = None) -> str:
    """Where a player who just took a seat finds their cards (a sentence, with a leading space)."""
    t = t if t is not None else translator(None)
    if draw.phase is Phase.COUNTERMEASURES:
        return " " + t("The objectives are shared: the tracker below is for both players.")
    if draw.source is CardSource.PHYSICAL:
        return " " + t(
            "Record the printed cards you draw with `/its classified record`; "
            "`/its classified mine` shows what you have recorded (only to you)."
        )
    return " " + t("Your cards are dealt: `/its classified mine` shows them to you alone.")
