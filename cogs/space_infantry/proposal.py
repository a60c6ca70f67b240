"""What the /si buttons and forms need to know about a zone's attack, without any button:
the proposal an Accept button carries (its digest, the allocation a message shows), whether an
attack still waits for the successes a button was made for, and the two forms.

views.py builds the buttons on these; keeping them apart keeps each file short and lets the
buttons import this module without it importing them back.
"""

from __future__ import annotations

import re
import zlib

import discord

from bot.cards import read as read_cards
from bot.games import MovedOn
from rules.errors import RuleError
from rules.i18n import N_, SOURCE, Translator, _, offered, translator
from rules.space_infantry import (
    Activation,
    FightState,
    ZoneAttack,
    allocation_words,
    apply,
    propose_allocation,
)

MAX_SUCCESSES_TEXT = 4

#: A proposal message's title (see :func:`is_proposal`): ``{attack}`` is "Mouth's attack".
PROPOSAL_TITLE = N_("{attack}: who takes its successes?")


def id_numbers(match: re.Match[str], *names: str) -> list[int]:
    return [int(match[n]) for n in names]


def zone_name(state: FightState, index: int) -> str:
    if not 0 <= index < len(state.boss.zones):
        raise MovedOn(_("That button belongs to another boss's fight."))
    return state.boss.zones[index].name


def zone_index(state: FightState, zone: str) -> int:
    return next(i for i, z in enumerate(state.boss.zones) if z.name == zone)


def allocation_text(allocation: dict[str, int]) -> str:
    """The allocation as a player types it, successes per unit: ``Kai:1, Lee:1``."""
    return ", ".join(f"{name}:{n}" for name, n in allocation.items())


def waiting_proposal(state: FightState, act: Activation) -> dict[str, int]:
    """Herald's proposal (successes per unit) for an attack whose successes are entered."""
    return propose_allocation(state, act.zone, act.successes or 0)


def already_entered(zone: str, act: Activation) -> RuleError:
    return RuleError(_(
        "{zone}'s successes are already entered ({n}) and wait for their allocation. Press Accept or "
        "'Give my own allocation' on the proposal (`/si status` shows it again); `/si undo` takes the "
        "successes back if they were wrong.", zone=zone, n=act.successes
    ))


def proposal_title(zone: str, t: Translator) -> str:
    return t(PROPOSAL_TITLE, attack=t("{unit}'s attack", unit=zone))


def is_proposal(message: discord.Message | None) -> bool:
    """Whether ``message`` is a proposal, whatever language it was posted in."""
    cards = read_cards(message)
    title = (cards[0].title or "") if cards else ""
    return bool(title) and any(title.endswith(translator(lang)(PROPOSAL_TITLE,
                                                               attack="")) for lang in offered())


def successes_form(
    game: int, turn: int, zone: int, act: Activation, typed: str = "", t: Translator | None = None
) -> discord.ui.Modal:
    """The modal for a zone's successes, in ``t``'s language (the player's: only they see it); its
    custom id carries the game, turn and zone (``typed``: what was typed before, when the form opens
    again to fix it)."""
    t = t or translator(SOURCE)
    title = t("{unit}'s attack", unit=act.zone)
    form = discord.ui.Modal(title=title[:45], custom_id=f"si:m:succ:{game}:{turn}:{zone}")
    form.add_item(
        discord.ui.TextInput(
            label=t("Successes"),
            custom_id="successes",
            max_length=MAX_SUCCESSES_TEXT,
            placeholder=t("{activation} 0 if it missed.", activation=act.describe())[:100],
            default=typed[:MAX_SUCCESSES_TEXT] or None,
        )
    )
    return form


def proposal_digest(allocation: dict[str, int]) -> str:
    """A short fingerprint of a proposed allocation, carried by its Accept button's custom id."""
    return f"{zlib.crc32(allocation_text(allocation).encode()) & 0xFFFFFFFF:08x}"


def shown_allocation(allocation: dict[str, int], wounds_per_success: int = 1,
                     t: Translator | None = None) -> str:
    """The allocation as the proposal shows it: ``Kai 1 success = 2 wounds, Lee 1 success = 2 wounds``."""
    t = t or translator(SOURCE)
    return ", ".join(t(share) for share in allocation_words(allocation, wounds_per_success))


def read_shown_allocation(message: discord.Message | None) -> dict[str, int] | None:
    """The allocation (successes per unit) a proposal message showed (``None`` if the message
    can't be read, e.g. a proposal from before successes were the unit of allocation)."""
    cards = read_cards(message)
    if not cards:
        return None
    found = _PROPOSED.search(cards[0].text or "")
    if found is None:
        return None
    out: dict[str, int] = {}
    for part in found[1].split(", "):
        share = _SHARE.fullmatch(part)
        if share is None:
            return None
        out[share["name"]] = int(share["n"])
    return out


#: Read back in English or Spanish (a Spanish server's fight post shows the proposal in Spanish).
_PROPOSED = re.compile(r"Herald (?:proposes|propone) \*\*(.+?)\*\*")


_SHARE = re.compile(r"(?P<name>.+) (?P<n>\d+) (?:success(?:es)?|éxitos?) = \d+ (?:wounds?|heridas?)")


def units_taken_out(state: FightState, zone: str, successes: int, plan: dict[str, int]) -> int:
    """How many units ``plan`` would take out."""
    after = apply(state, ZoneAttack(zone=zone, successes=successes, allocation=plan)).state
    return sum(1 for u in after.units if u.out) - sum(1 for u in state.units if u.out)


def open_activation(state: FightState, turn: int, zone_index: int, what: str) -> tuple[str, Activation]:
    """The zone's name and its attack of ``turn`` if that attack is still to be resolved; else
    MovedOn saying why. ``what`` names the control that asked ("button", "proposal")."""
    if state.turn != turn:
        said = (_("That proposal was for turn {turn}; the fight is on turn {now}, so it no longer applies: "
                  "use "
                  "the newest message's buttons.", turn=turn, now=state.turn) if what == "proposal"
                else _("That button was for turn {turn}; the fight is on turn {now}, so it no longer "
                       "applies: use "
                       "the newest message's buttons.", turn=turn, now=state.turn))
        raise MovedOn(said)
    zone = zone_name(state, zone_index)
    act = next((a for a in state.activations if a.zone == zone), None)
    if act is not None and act.dropped:
        raise MovedOn(_("{zone} was destroyed before its successes were entered: it does not attack this "
                        "turn.",
                        zone=zone))
    if act is None or act.resolved:
        raise MovedOn(_("{zone}'s attack this turn is already resolved (use /si undo to change it).",
                        zone=zone))
    return zone, act


def pending_activation(state: FightState, turn: int, zone_index: int, successes: int) -> str:
    """The zone's name if its attack of ``turn`` waits for the allocation of ``successes``; else
    MovedOn."""
    zone, act = open_activation(state, turn, zone_index, "proposal")
    if act.successes is None:
        raise MovedOn(_("{zone}'s successes were taken back with /si undo, so this proposal no longer "
                        "applies: "
                        "press '{zone}: enter successes' on the newest message.", zone=zone))
    if act.successes != successes:
        raise MovedOn(_("This proposal was for {n} successes, but {zone}'s successes are now entered as "
                        "{now}: "
                        "use `/si status` for the proposal that applies.", n=successes, zone=zone,
                        now=act.successes))
    return zone


def allocation_form(
    game: int,
    turn: int,
    zone: int,
    successes: int,
    message_id: int,
    zone_name: str,
    default: str,
    wounds_per_success: int = 1,
    t: Translator | None = None,
) -> discord.ui.Modal:
    """The modal for the player's own allocation (successes per unit), in ``t``'s language (the
    player's); its custom id carries what the button's did, and the proposal message to close once
    the allocation is applied."""
    t = t or translator(SOURCE)
    per = wounds_per_success
    if per > 1:
        title = t.n("{zone}: give out {n} success, {per} wounds each", "{zone}: give out {n} successes, "
                    "{per} wounds each",
                    successes, zone=zone_name, n=successes, per=per)
        example = t("Kai:1, Lee:1 = one success each ({per} wounds each: Deadly)", per=per)
    else:
        title = t.n("{zone}: give out {n} success", "{zone}: give out {n} successes", successes,
                    zone=zone_name,
                    n=successes)
        example = t("Kai:2, Lee:1 = successes per unit")
    form = discord.ui.Modal(
        title=title[:45],
        custom_id=f"si:m:own:{game}:t{turn}:{zone}:{successes}:{message_id}",
    )
    form.add_item(
        discord.ui.TextInput(
            label=t("Successes per unit"),
            custom_id="allocation",
            placeholder=example[:100],
            default=default,
            style=discord.TextStyle.paragraph,
            max_length=400,
        )
    )
    return form
