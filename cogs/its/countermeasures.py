"""The shared Countermeasures tracker: a player achieved or swaps an objective, the turn ends.

The tracker shows whose Player Turn it is from the start (the player who started the draw goes
first until the other player says they won the Initiative roll-off and go first); only that player,
or a Manage Server member who is not playing, ends it.

Custom id: ``its:cm:<game>:t<step>:<act>:<i>``, where ``step`` counts the tracker's own presses
(``ItsMatch.tracker_step``), so only another press of the tracker makes a copy stale. An id
from before tracker steps (a bare number there) still parses and explains itself.
"""

from __future__ import annotations

import discord

from bot.games import MovedOn
from bot.i18n import channel
from bot.play import Change, View, is_manager
from bot.send import send
from bot.text import kept_name
from cogs.its import draw_texts
from cogs.its.common import ItsButton, change_match, content_of, rng_of, scenario_name, tagged_step
from cogs.its.state import ItsMatch
from rules.errors import RuleError
from rules.i18n import Message, Translator, _, translator
from rules.its.classified import (
    ClassifiedState,
    CmAccomplish,
    CmEndTurn,
    CmFinish,
    CmFirstPlayer,
    CmSwap,
    Phase,
)

STYLES = {
    "a": discord.ButtonStyle.success,
    "s": discord.ButtonStyle.secondary,
    "e": discord.ButtonStyle.primary,
    "f": discord.ButtonStyle.danger,
    "p": discord.ButtonStyle.secondary,
}


class CountermeasuresButton(
    ItsButton, template=r"its:cm:(?P<game>\d+):(?P<step>t?\d+):(?P<act>[asefp]):(?P<pick>\d)"
):
    """Achieved (``a``), swap (``s``), end the turn (``e``), finish (``f``), player ``i`` goes
    first (``p``).

    ``step`` is None for a button from before tracker steps existed: it only explains itself."""

    fields = (("game", int), ("step", tagged_step), ("act", str), ("pick", int))

    def __init__(self, game: int, step: int | None, act: str, pick: int = 0, *, label: str = "?") -> None:
        self.button(f"its:cm:{game}:t{step or 0}:{act}:{pick}", label, STYLES[act])
        self.game, self.step, self.act, self.pick = game, step, act, pick

    async def pressed(self, interaction: discord.Interaction) -> None:
        await press(interaction, self.game, self.step, self.act, self.pick)


def tracker_view(
    game_id: int, step: int, draw: ClassifiedState, t: Translator | None = None
) -> discord.ui.View | None:
    """One row of "achieved", one of "swap", then end of turn and game over (labels in ``t``'s
    language: the channel's, or the player's on their own copy)."""
    if draw.phase is not Phase.COUNTERMEASURES:
        return None
    t = t if t is not None else translator(None)
    labels = [draw.card(key).label for key in draw.current]
    turn = draw.turn_player
    first = [
        CountermeasuresButton(game_id, step, "p", i, label=t("{name} goes first", name=p.name))
        for i, p in enumerate(draw.players)
        if draw.first_player_open and i != turn and i not in draw.waiting
    ]
    if turn is not None and turn not in draw.waiting:
        end = t("End Player Turn: {name} (refill)", name=draw.players[turn].name)
    else:
        end = t("End Player Turn (refill)")
    return View(
        *(CountermeasuresButton(game_id, step, "a", i, label=f"✔ {label}") for i, label in enumerate(labels)),
        *(CountermeasuresButton(game_id, step, "s", i, label=f"⇄ {label}") for i, label in enumerate(labels)),
        *first,
        CountermeasuresButton(game_id, step, "e", label=end),
        CountermeasuresButton(game_id, step, "f", label=t("Game over")),
    )


def tracker_text(interaction: discord.Interaction, match: ItsMatch, t: Translator | None = None) -> str:
    return draw_texts.countermeasures_text(
        match, scenario_name(content_of(interaction), match.draw_scenario), t
    )


async def press(
    interaction: discord.Interaction, game_id: int, step: int | None, act: str, pick: int
) -> None:
    """``step`` is the tracker step the message showed (None on a button from an older Herald)."""
    user = interaction.user
    rng = rng_of(interaction)
    content = content_of(interaction)

    def change(old: ItsMatch | None) -> Change[ItsMatch]:
        assert old is not None
        draw = old.draw
        if draw is None or draw.phase is not Phase.COUNTERMEASURES:
            raise MovedOn(_("The Countermeasures tracker has finished."))
        scenario = scenario_name(content, old.draw_scenario)
        if step is None or step != old.tracker_step:
            raise MovedOn(stale(scenario, legacy=step is None))
        seat = old.seat_of(user.id)
        if seat is None and act in "efp" and is_manager(interaction):
            seat = -1
        elif seat is None and len(old.seats) >= 2:
            raise RuleError(
                _(
                    "This channel's ITS match is between {players}: only they can take part.",
                    players=old.player_list(),
                )
            )
        elif seat is None and old.invited is not None and old.invited.user_id != user.id:
            guest = f"<@{old.invited.user_id}>"
            raise RuleError(
                _(
                    "Only {players} is playing this {scenario} game, and its second seat is reserved for "
                    "{guest}: pressing these buttons doesn't make you a player.",
                    players=old.player_list(),
                    scenario=scenario,
                    guest=guest,
                )
            )
        elif seat is None:
            raise RuleError(
                _(
                    "Only {players} is playing this {scenario} game so far. To be the second player, "
                    "run `/its classified draw mission:{scenario}` yourself; pressing these buttons "
                    "doesn't make you a player.",
                    players=old.player_list(),
                    scenario=scenario,
                )
            )
        if act in "as" and pick >= len(draw.current):
            raise MovedOn(_("That objective is no longer on the table: use the newest tracker message."))
        if act == "p" and pick >= len(draw.players):
            raise MovedOn(_("That choice is no longer on the tracker: use the newest tracker message."))
        name = old.seats[seat].name if seat >= 0 else kept_name(user.display_name)
        action: CmAccomplish | CmSwap | CmEndTurn | CmFirstPlayer | CmFinish
        if act == "a":
            action, done = (
                CmAccomplish(players=[seat], card=draw.current[pick]),
                "achieved a mission objective",
            )
        elif act == "s":
            action, done = CmSwap(player=seat, card=draw.current[pick]), "swapped an objective"
        elif act == "e":
            # A seated player ends only their own Player Turn; a manager who is not playing any.
            action, done = CmEndTurn(player=seat if seat >= 0 else None), "ended the Player Turn"
        elif act == "p":
            first = draw.players[pick].name
            action, done = CmFirstPlayer(player=pick), f"gave the first Player Turn to {first}"
        else:
            action, done = CmFinish(), "ended the Countermeasures game"
        summary = f"{name} {done}"
        new = draw.apply(action, rng)
        return Change(old.model_copy(update={"draw": new, "tracker_step": old.tracker_step + 1}), summary)

    shown = await change_match(interaction, "countermeasures", change, game_id=game_id)
    match = shown.state
    assert match.draw is not None
    t = await channel(interaction)
    await send(
        interaction,
        content=tracker_text(interaction, match, t),
        view=tracker_view(shown.id, match.tracker_step, match.draw, t),
        edit=True,
    )


def stale(scenario: str, *, legacy: bool) -> Message:
    """Why a tracker button no longer applies, and how to get one that does."""
    if legacy:
        return _(
            "These tracker buttons are from an older version of Herald. To get the current tracker, run "
            "`/its classified draw mission:{scenario}` again (it posts the tracker to the channel) or "
            "`/its classified mine` (only you see it).",
            scenario=scenario,
        )
    return _(
        "This tracker message is out of date: the tracker was used from another copy of it. To get the "
        "current tracker, run `/its classified draw mission:{scenario}` again (it posts the tracker to "
        "the channel) or `/its classified mine` (only you see it).",
        scenario=scenario,
    )


ITEMS = (CountermeasuresButton,)
