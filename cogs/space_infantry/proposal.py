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
from rules.space_infantry import (
    Activation,
    FightState,
    ZoneAttack,
    allocation_words,
    apply,
    propose_allocation,
)

MAX_SUCCESSES_TEXT = 4

#: How a proposal message's title ends (see :func:`is_proposal`).
PROPOSAL_TITLE_END = ": who takes its successes?"


def id_numbers(match: re.Match[str], *names: str) -> list[int]:
    return [int(match[n]) for n in names]


def zone_name(state: FightState, index: int) -> str:
    if not 0 <= index < len(state.boss.zones):
        raise MovedOn("That button belongs to another boss's fight.")
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
    return RuleError(
        f"{zone}'s successes are already entered ({act.successes}) and wait for their "
        "allocation. Press Accept or 'Give my own allocation' on the proposal (`/si status` shows "
        "it again); `/si undo` takes the successes back if they were wrong."
    )


def is_proposal(message: discord.Message | None) -> bool:
    cards = read_cards(message)
    return bool(cards and (cards[0].title or "").endswith(PROPOSAL_TITLE_END))


def successes_form(game: int, turn: int, zone: int, activation: str, typed: str = "") -> discord.ui.Modal:
    """The modal for a zone's successes; its custom id carries the game, turn and zone (``typed``:
    what was typed before, when the form opens again to fix it)."""
    zone_label, _, rest = activation.partition(" (RN")
    form = discord.ui.Modal(title=f"{zone_label}'s attack"[:45], custom_id=f"si:m:succ:{game}:{turn}:{zone}")
    form.add_item(
        discord.ui.TextInput(
            label="Successes",
            custom_id="successes",
            max_length=MAX_SUCCESSES_TEXT,
            placeholder=f"RN{rest} 0 if it missed."[:100] if rest else "0 if it missed",
            default=typed[:MAX_SUCCESSES_TEXT] or None,
        )
    )
    return form


def proposal_digest(allocation: dict[str, int]) -> str:
    """A short fingerprint of a proposed allocation, carried by its Accept button's custom id."""
    return f"{zlib.crc32(allocation_text(allocation).encode()) & 0xFFFFFFFF:08x}"


def shown_allocation(allocation: dict[str, int], wounds_per_success: int = 1) -> str:
    """The allocation as the proposal shows it: ``Kai 1 success = 2 wounds, Lee 1 success = 2 wounds``."""
    return allocation_words(allocation, wounds_per_success)


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


_PROPOSED = re.compile(r"Herald proposes \*\*(.+?)\*\*")


_SHARE = re.compile(r"(?P<name>.+) (?P<n>\d+) success(?:es)? = \d+ wounds?")


def units_taken_out(state: FightState, zone: str, successes: int, plan: dict[str, int]) -> int:
    """How many units ``plan`` would take out."""
    after = apply(state, ZoneAttack(zone=zone, successes=successes, allocation=plan)).state
    return sum(1 for u in after.units if u.out) - sum(1 for u in state.units if u.out)


def open_activation(state: FightState, turn: int, zone_index: int, what: str) -> tuple[str, Activation]:
    """The zone's name and its attack of ``turn`` if that attack is still to be resolved; else
    MovedOn saying why. ``what`` names the control that asked ("button", "proposal")."""
    if state.turn != turn:
        raise MovedOn(
            f"That {what} was for turn {turn}; the fight is on turn {state.turn}, so it no longer applies: "
            "use the newest message's buttons."
        )
    zone = zone_name(state, zone_index)
    act = next((a for a in state.activations if a.zone == zone), None)
    if act is not None and act.dropped:
        raise MovedOn(
            f"{zone} was destroyed before its successes were entered: it does not attack this turn."
        )
    if act is None or act.resolved:
        raise MovedOn(f"{zone}'s attack this turn is already resolved (use /si undo to change it).")
    return zone, act


def pending_activation(state: FightState, turn: int, zone_index: int, successes: int) -> str:
    """The zone's name if its attack of ``turn`` waits for the allocation of ``successes``; else
    MovedOn."""
    zone, act = open_activation(state, turn, zone_index, "proposal")
    if act.successes is None:
        raise MovedOn(
            f"{zone}'s successes were taken back with /si undo, so this proposal no longer applies: "
            f"press '{zone}: enter successes' on the newest message."
        )
    if act.successes != successes:
        raise MovedOn(
            f"This proposal was for {successes} successes, but {zone}'s successes are now entered as "
            f"{act.successes}: use `/si status` for the proposal that applies."
        )
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
) -> discord.ui.Modal:
    """The modal for the player's own allocation (successes per unit); its custom id carries what
    the button's did, and the proposal message to close once the allocation is applied."""
    scored = f"{successes} success{'es' if successes != 1 else ''}"
    each = f", {wounds_per_success} wounds each" if wounds_per_success > 1 else ""
    example = f"Kai:1, Lee:1 = one success each ({wounds_per_success} wounds each: Deadly)"
    form = discord.ui.Modal(
        title=f"{zone_name}: give out {scored}{each}"[:45],
        custom_id=f"si:m:own:{game}:t{turn}:{zone}:{successes}:{message_id}",
    )
    form.add_item(
        discord.ui.TextInput(
            label="Successes per unit",
            custom_id="allocation",
            placeholder=(example if wounds_per_success > 1 else "Kai:2, Lee:1 = successes per unit")[:100],
            default=default,
            style=discord.TextStyle.paragraph,
            max_length=400,
        )
    )
    return form
