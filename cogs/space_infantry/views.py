"""Buttons and modals of a Space Infantry fight: the turn's steps and the allocation of a zone's
successes (each success is a hit on one unit; under Deadly it inflicts several wounds on it).

Every button is a persistent :class:`~bot.views.PersistentButton` whose custom id carries what
it needs, so it still works after a restart:

* ``si:range:<game>:<version>`` / ``si:activate:<game>:<version>``: the turn's two draws. The
  version makes a press on an old message a polite "moved on" instead of a second draw.
* ``si:succ:<game>:<turn>:<zone>``: opens the modal for a zone's successes this turn. It has
  no version, so it stays usable while other players act; the turn number keeps it from
  answering for a later turn.
* ``si:accept:<game>:t<turn>:<zone>:<successes>:<digest>`` / ``si:own:<game>:t<turn>:...``: take
  Herald's proposed allocation, or type your own. The successes are saved when they are entered
  (so they stand whatever happens next); these buttons then appear on the proposal and on every
  later message of that turn until the successes are given out. They are pinned to the turn, zone
  and successes (not the fight's version), so they stay usable while that zone's attack is pending; Accept
  re-checks the shown allocation (its digest guards it) against the fight as it is then, and
  refuses it if it would now take out more units than Herald's current proposal.

The modals work the same way: ``si:m:succ:...`` and ``si:m:own:...`` carry what their button
carried; they are shown with :func:`bot.views.open_form` and answered by the bot's form router
(see ``FORMS``) from the custom id, so even a modal left open across a restart is answered.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from typing import Any

import discord

from bot.cards import read as read_cards
from bot.games import MovedOn
from bot.i18n import channel, reader
from bot.limits import MAX_BUTTON_LABEL, clip
from bot.play import Post, StepButton, View
from bot.views import PersistentButton, open_form
from cogs.space_infantry.game import CORE_ZONE_SUCCESSES, fight_message, load, step
from cogs.space_infantry.proposal import (
    allocation_form,
    allocation_text,
    already_entered,
    id_numbers,
    is_proposal,
    open_activation,
    pending_activation,
    proposal_digest,
    proposal_title,
    read_shown_allocation,
    shown_allocation,
    successes_form,
    units_taken_out,
    waiting_proposal,
    zone_index,
    zone_name,
)
from rules.errors import RuleError
from rules.i18n import Message, Translator, _, ngettext, translator
from rules.space_infantry import (
    ActivateZones,
    Activation,
    DetermineRange,
    EnterSuccesses,
    FightState,
    Phase,
    ZoneAttack,
    apply,
    legal_targets,
)

log = logging.getLogger("herald.space_infantry")

def controls(
    game_id: int, version: int, state: FightState, t: Translator | None = None
) -> discord.ui.View | None:
    """The buttons for the fight's next step (``None`` when there is nothing to press), labelled
    in ``t``'s language (the channel's: the buttons sit on a public post)."""
    if state.is_over() or not any(not u.out for u in state.units):
        return None
    t = t or translator("en")
    view = discord.ui.View(timeout=None)
    if state.phase is Phase.ENGAGEMENT:
        view.add_item(ActivateButton(game_id, state.turn, label=t("Activate the zones")))
    elif state.phase is Phase.SETUP:
        view.add_item(RangeButton(game_id, state.turn, first=True, label=t("Determine the range")))
    else:
        pending = state.pending_activations()
        for act in pending[:12]:
            index = zone_index(state, act.zone)
            if act.successes is None:
                label = t("{zone}: enter successes", zone=act.zone)
                view.add_item(SuccessesButton(game_id, state.turn, index, act.zone, text=label))
                continue
            plan = waiting_proposal(state, act)
            accept = t("{zone}: accept Herald's proposal", zone=act.zone)
            view.add_item(
                AcceptButton(
                    game_id, state.turn, index, act.successes, proposal_digest(plan), act.zone, text=accept
                )
            )
            own = t("{zone}: give my own allocation", zone=act.zone)
            view.add_item(OwnAllocationButton(game_id, state.turn, index, act.successes, act.zone, text=own))
        if not pending:
            label = t("Next turn: determine the range")
            view.add_item(RangeButton(game_id, state.turn, first=False, label=label))
    return view


async def send_step(
    interaction: discord.Interaction,
    done: Any,
    *,
    core: str | None = None,
    edit: bool = False,
    extra: list[tuple[str, str]] | None = None,
) -> None:
    """Answer a change with the events, the RNs, the map and the next step's buttons."""
    result = done.result
    t = await channel(interaction)
    post = fight_message(
        result.state,
        game_id=done.game_id,
        version=done.version,
        events=result.events,
        draws=result.draws,
        core=core,
        extra=extra,
        view=controls(done.game_id, done.version, result.state, t),
        t=t,
    )
    await post.send(interaction, edit=edit)


# The turn's draws --------------------------------------------------------------------------


def _made_for(button: StepButton, phases: tuple[Phase, ...], what: Message) -> Callable[[FightState], None]:
    """The check a turn button makes before its draw: the fight is still at the turn (and phase) the
    button was made for. New buttons carry the turn (``...:<turn>:t``), so a squad change or an
    engagement does not spoil them; old ones carry the fight's version and are checked on it."""

    def check(fight: FightState) -> None:
        if button.arg != "t":
            return  # an old button: the version check applies instead
        if fight.turn != button.step or fight.phase not in phases:
            raise MovedOn(_("This has moved on: {what} for turn {turn} is already done. Use the newest "
                            "message's "
                            "buttons.", what=what, turn=button.step))

    return check


class RangeButton(StepButton, prefix="si:range"):
    """``si:range:<game>:<turn>:t``: draws the range of turn ``<turn> + 1``; pressed again once that
    is done (or on an old message), it answers "moved on" instead of drawing twice."""

    label, style, emoji = "Determine the range", discord.ButtonStyle.primary, "🎲"

    def __init__(
        self, game: int, turn: int, arg: str | None = "t", *, first: bool = True, **kw: Any
    ) -> None:
        kw.setdefault("label", self.label if first else "Next turn: determine the range")
        super().__init__(game, turn, arg, **kw)

    async def run(self, interaction: discord.Interaction) -> None:
        check = _made_for(self, (Phase.SETUP, Phase.COMBAT), _("The range"))
        done = await step(
            interaction, DetermineRange(), name="range", expect_game_id=self.game,
            expect_version=None if self.arg == "t" else self.step, expect=check,
        )
        await send_step(interaction, done)


class ActivateButton(StepButton, prefix="si:activate"):
    """``si:activate:<game>:<turn>:t``: activates the zones of turn ``<turn>``, once."""

    label, style, emoji = "Activate the zones", discord.ButtonStyle.danger, "🎲"

    def __init__(self, game: int, turn: int, arg: str | None = "t", **kw: Any) -> None:
        super().__init__(game, turn, arg, **kw)

    async def run(self, interaction: discord.Interaction) -> None:
        check = _made_for(self, (Phase.ENGAGEMENT,), _("The zones' activation"))
        done = await step(
            interaction, ActivateZones(), name="activate", expect_game_id=self.game,
            expect_version=None if self.arg == "t" else self.step, expect=check,
        )
        core = CORE_ZONE_SUCCESSES if done.result.state.pending_activations() else None
        await send_step(interaction, done, core=core)


# A zone's successes and their allocation ---------------------------------------------------


class SuccessesButton(PersistentButton, template=r"si:succ:(?P<game>\d+):(?P<turn>\d+):(?P<zone>\d+)"):
    changes_game = True

    def __init__(self, game: int, turn: int, zone: int, label: str = "", *, text: str = "") -> None:
        text = text or (f"{label}: enter successes" if label else "Enter successes")
        super().__init__(
            discord.ui.Button(
                label=text[:MAX_BUTTON_LABEL],
                style=discord.ButtonStyle.secondary,
                custom_id=f"si:succ:{game}:{turn}:{zone}",
                emoji="⚔️",
            )
        )
        self.game, self.turn, self.zone = game, turn, zone

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]
    ) -> SuccessesButton:
        return cls(*id_numbers(match, "game", "turn", "zone"))

    async def pressed(self, interaction: discord.Interaction) -> None:
        await _open_successes(interaction, self.game, self.turn, self.zone)


async def _open_successes(interaction: discord.Interaction, game_id: int, turn: int, zone_index: int,
                          typed: str = "") -> None:
    """The zone's successes form, unless they were entered already (``typed``: what it shows)."""
    game = await load(interaction, game_id=game_id)
    zone, act = open_activation(game.state.fight, turn, zone_index, "button")
    if act.successes is not None:
        raise already_entered(zone, act)
    form = successes_form(game_id, turn, zone_index, act, typed, reader(interaction))
    await open_form(interaction, form)


#: The field of a "Not saved" answer that holds what was typed (read back by Fix it); EMPTY when nothing was.
TYPED = "You typed"
EMPTY = "—"


class FixSuccessesButton(PersistentButton, template=r"si:fix:(?P<game>\d+):(?P<turn>\d+):(?P<zone>\d+)"):
    """Opens a zone's successes form again, filled in with what was typed (shown on its message)."""

    def __init__(self, game: int, turn: int, zone: int, label: str = "Fix it") -> None:
        super().__init__(
            discord.ui.Button(
                label=label, style=discord.ButtonStyle.primary, custom_id=f"si:fix:{game}:{turn}:{zone}"
            )
        )
        self.game, self.turn, self.zone = game, turn, zone

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]
    ) -> FixSuccessesButton:
        return cls(*id_numbers(match, "game", "turn", "zone"))

    async def pressed(self, interaction: discord.Interaction) -> None:
        cards = read_cards(interaction.message)
        typed = next((f.value for c in cards for f in c.fields if f.name == TYPED), "") or ""
        await _open_successes(interaction, self.game, self.turn, self.zone, "" if typed == EMPTY else typed)


async def successes_entered(
    interaction: discord.Interaction, game_id: int, turn: int, zone_index: int, text: str
) -> None:
    text = text.strip()
    # isdecimal, not isdigit: "²" is a digit that int() refuses.
    if not text.isdecimal():
        # Nothing is saved; the form is offered again with what was typed, so it is fixed, not redone.
        t = reader(interaction)
        error = t("'{typed}' is not a number of successes: enter a whole number like 2 (0 if the zone "
                     "missed).",
                     typed=text[:10])
        embed = discord.Embed(
            title=t("Not saved: the successes need fixing"),
            description=t("{error}\nPress **Fix it** to open the form again with what you typed.",
                             error=error),
            colour=discord.Colour.orange(),
        )
        embed.add_field(name=TYPED, value=clip(text, 1024) or EMPTY, inline=False)
        fix = View(FixSuccessesButton(game_id, turn, zone_index, label=t("Fix it")))
        await Post(embeds=[embed], view=fix, ephemeral=True).send(interaction)
        return
    successes = int(text)
    game = await load(interaction, game_id=game_id)
    state: FightState = game.state.fight
    if state.turn != turn:
        raise MovedOn(_("Turn {turn} is over, so that attack can no longer be entered.", turn=turn))
    zone = zone_name(state, zone_index)
    act = next((a for a in state.activations if a.zone == zone), None)
    if act is not None and act.successes is not None and not act.resolved:
        raise already_entered(zone, act)
    # Entered successes are saved at once: from here on they stand, whatever happens to the zone.
    done = await step(
        interaction,
        EnterSuccesses(zone=zone, successes=successes),
        name="zone successes",
        expect_game_id=game.id,
    )
    after: FightState = done.result.state
    entered = next(a for a in after.activations if a.zone == zone)
    if entered.resolved:
        await send_step(interaction, done)
        return
    embed, view = proposal_message(done.game_id, after, entered, await channel(interaction))
    await Post(embeds=[embed], view=view).send(interaction)


def proposal_message(
    game_id: int, state: FightState, act: Activation, t: Translator | None = None
) -> tuple[discord.Embed, discord.ui.View]:
    """The message asking who takes an entered attack's successes, with Accept and 'my own', in
    ``t``'s language (the channel's: the proposal is public)."""
    t = t or translator("en")
    zone, successes = act.zone, act.successes or 0
    per = state.boss.special_rules.wounds_per_success
    plan = waiting_proposal(state, act)
    preview = apply(state, ZoneAttack(zone=zone, successes=successes, allocation=plan))
    targets = legal_targets(state, zone)
    engaged = [u for u in targets if u in state.engaged_with(zone)]
    names = ", ".join(targets)
    engaged_with = t("The successes may go to {units} (engaged with it).", units=names)
    may = engaged_with if engaged else t("The successes may go to {units} (not engaged with any zone).",
                                         units=names)
    hit = t("Each success hits one unit and inflicts 1 wound on it.") if per == 1 else t(
        "Each success hits one unit and inflicts {per} wounds on it (Deadly); wounds beyond what that unit "
            "has "
        "left are lost.", per=per)
    embed = discord.Embed(
        title=proposal_title(zone, t),
        description="\n".join(
            [
                t(preview.events[0]),
                t("Herald proposes **{allocation}**.", allocation=shown_allocation(plan, per, t)),
                hit,
                may,
                t("The successes are saved: they stand even if the zone falls before they are given out."),
            ]
        ),
        colour=discord.Colour.from_rgb(254, 231, 92),
    )
    after = "\n".join(t(event) for event in preview.events[1:])
    embed.add_field(name=t("If you accept"), value=after[:1024] or "-", inline=False)
    embed.set_footer(
        text=t.n("Fight #{id} · turn {turn} · {n} success for {zone}", "Fight #{id} · turn {turn} · {n} "
                 "successes for {zone}",
                 successes, id=game_id, turn=state.turn, n=successes, zone=zone)
    )
    index = zone_index(state, zone)
    view = discord.ui.View(timeout=None)
    view.add_item(AcceptButton(game_id, state.turn, index, successes, proposal_digest(plan),
                               text=t("Accept")))
    view.add_item(OwnAllocationButton(game_id, state.turn, index, successes, text=t("Give my own "
                                                                                    "allocation")))
    return embed, view


# A proposal is pinned to the turn, the zone and the successes (not the fight's version), so
# resolving another zone first does not spoil it: Accept re-checks the shown allocation then.
_ALLOC = r"(?P<game>\d+):t(?P<turn>\d+):(?P<zone>\d+):(?P<successes>\d+)"


class AcceptButton(PersistentButton, template=rf"si:accept:{_ALLOC}:(?P<digest>[0-9a-f]{{8}})"):
    changes_game = True

    def __init__(
        self, game: int, turn: int, zone: int, successes: int, digest: str, label: str = "", *, text: str = ""
    ) -> None:
        shown = text or (f"{label}: accept Herald's proposal" if label else "Accept")
        super().__init__(
            discord.ui.Button(
                label=shown[:MAX_BUTTON_LABEL],
                style=discord.ButtonStyle.success,
                custom_id=f"si:accept:{game}:t{turn}:{zone}:{successes}:{digest}",
            )
        )
        self.game, self.turn, self.zone, self.successes, self.digest = game, turn, zone, successes, digest

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]
    ) -> AcceptButton:
        return cls(*id_numbers(match, "game", "turn", "zone", "successes"), match["digest"])

    async def pressed(self, interaction: discord.Interaction) -> None:
        game = await load(interaction, game_id=self.game)
        state: FightState = game.state.fight
        zone = pending_activation(state, self.turn, self.zone, self.successes)
        shown = read_shown_allocation(interaction.message)
        now = apply(state, ZoneAttack(zone=zone, successes=self.successes)).allocation or {}
        if shown is None or proposal_digest(shown) != self.digest:
            # The message can't be read back: accept only if Herald would still propose the same.
            if proposal_digest(now) != self.digest:
                raise RuleError(_(
                    "The squad has changed since this proposal, so it was not applied. Use 'Give my own "
                    "allocation', or `/si status` for Herald's proposal as things stand now."
                ))
            shown = now
        per = state.boss.special_rules.wounds_per_success
        try:
            needless = shown != now and units_taken_out(state, zone, self.successes, shown) > units_taken_out(
                state, zone, self.successes, now
            )
        except RuleError:
            needless = False  # the step below refuses it and says why
        if needless:
            mine = reader(interaction)
            raise RuleError(_(
                "The squad has changed since this proposal: {shown} would now take out a unit that {now} "
                "spares, so it was not applied. Use 'Give my own allocation', or `/si status` for Herald's "
                "proposal as things stand now.", shown=shown_allocation(shown, per, mine),
                now=shown_allocation(now, per, mine)
            ))
        try:
            done = await step(
                interaction,
                ZoneAttack(zone=zone, successes=self.successes, allocation=shown),
                name="zone attack",
                expect_game_id=self.game,
            )
        except RuleError as error:
            raise RuleError(ngettext(
                "This proposal ({shown}) is no longer legal: {error} Nothing was applied. Use 'Give my own "
                "allocation', or `/si status` for Herald's new proposal for {zone}'s {n} success.",
                "This proposal ({shown}) is no longer legal: {error} Nothing was applied. Use 'Give my own "
                "allocation', or `/si status` for Herald's new proposal for {zone}'s {n} successes.",
                self.successes, shown=shown_allocation(shown, per, reader(interaction)), error=error.text,
                zone=zone, n=self.successes
            )) from None
        await send_step(interaction, done, edit=True)


class OwnAllocationButton(PersistentButton, template=rf"si:own:{_ALLOC}"):
    changes_game = True

    def __init__(
        self, game: int, turn: int, zone: int, successes: int, label: str = "", *, text: str = ""
    ) -> None:
        shown = text or (f"{label}: give my own allocation" if label else "Give my own allocation")
        super().__init__(
            discord.ui.Button(
                label=shown[:MAX_BUTTON_LABEL],
                style=discord.ButtonStyle.secondary,
                custom_id=f"si:own:{game}:t{turn}:{zone}:{successes}",
            )
        )
        self.game, self.turn, self.zone, self.successes = game, turn, zone, successes

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]
    ) -> OwnAllocationButton:
        return cls(*id_numbers(match, "game", "turn", "zone", "successes"))

    async def pressed(self, interaction: discord.Interaction) -> None:
        game = await load(interaction, game_id=self.game)
        state: FightState = game.state.fight
        zone = pending_activation(state, self.turn, self.zone, self.successes)
        act = next(a for a in state.activations if a.zone == zone)
        proposal = waiting_proposal(state, act)
        # Only a proposal message is closed once the player's own allocation is applied; the same
        # button on a status or turn message must leave that message (its map, other zones) alone.
        message_id = interaction.message.id if is_proposal(interaction.message) else 0
        form = allocation_form(
            self.game,
            self.turn,
            self.zone,
            self.successes,
            message_id,
            zone,
            allocation_text(proposal),
            state.boss.special_rules.wounds_per_success,
            reader(interaction),
        )
        await open_form(interaction, form)


class OldProposalButton(PersistentButton, template=r"si:(?:accept|own):\d+:\d+:\d+:\d+"):
    """Proposals posted by an older Herald (pinned to a version): answered politely."""

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]
    ) -> OldProposalButton:
        return cls(item)

    async def pressed(self, interaction: discord.Interaction) -> None:
        raise MovedOn(_(
            "That proposal comes from an older version of Herald: enter the zone's successes again from the "
            "newest message."
        ))


DYNAMIC_ITEMS: tuple[type[PersistentButton], ...] = (
    RangeButton,
    ActivateButton,
    SuccessesButton,
    FixSuccessesButton,
    AcceptButton,
    OwnAllocationButton,
    OldProposalButton,
)
