"""The captains' private pairing panel: a button anyone can press (only a captain of the match
gets a panel) and a select that only the captain who opened it sees (it lives in their ephemeral
message). Both are persistent (``tour:rit``, ``tour:rsel``): the ritual is stored in the
tournament, so a panel opened before a restart still works.

Each pick is one kit step; when it completes a step of the ritual, the revealed picks are posted
for everyone in the match's thread (where it has one), with the button again for the next step.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass

import discord
from pydantic import ValidationError

from bot.i18n import channel, reader
from bot.play import Change, Post, StepButton, StepSelect, View, send
from bot.send import acknowledge, private, send_to
from bot.text import pinging
from cogs.tournament.state import KIT, TournamentGame, home_channel, is_organiser, player_id
from cogs.tournament.team_posts import open_label, panel_text, reveal_text, team_name, team_pairing_text
from rules.errors import RuleError
from rules.i18n import Translator, _
from rules.tournament import Tournament
from rules.tournament.lists import SubmittedList, list_label
from rules.tournament.ritual import Ritual, Side, Step, legal_actions
from rules.tournament.team_model import TeamMatch
from rules.tournament.teams import current_match, ritual_pick

log = logging.getLogger("herald.tournament")


async def list_names(interaction: discord.Interaction, game_id: int, ev: Tournament) -> dict[str, str]:
    """Each player's list name (player id -> name) once the event's lists are revealed; before,
    nothing (a sealed list is its player's and the organisers' only)."""
    if not ev.lists_revealed:
        return {}
    summaries = await interaction.client.tournament_lists.summaries(game_id=game_id)  # type: ignore[attr-defined]
    found = {}
    for pid, raw in summaries.items():
        try:
            label = list_label(SubmittedList.model_validate_json(raw))
        except ValidationError:
            continue
        if label:
            found[pid] = label
    return found


@dataclass(frozen=True)
class MenuId:
    """What a captain's menu was made for: ``team.rROUND.xRESETS.PASS.STEP`` (``t1.r2.x0.1.defender``).

    The round and the number of restarts make a menu from an earlier round, or from before an
    organiser's reset, recognisable, so it is refused instead of applied to the pairing now.
    """

    team: str
    round: int
    resets: int
    ritual_pass: int
    step: str

    @property
    def arg(self) -> str:
        return f"{self.team}.r{self.round}.x{self.resets}.{self.ritual_pass}.{self.step}"

    @classmethod
    def parse(cls, arg: str | None) -> MenuId | None:
        """The menu's id, or None for one this version did not make (an older Herald's
        ``t1.1.defender``, or anything else)."""
        found = re.fullmatch(r"([^.:]+)\.r(\d{1,4})\.x(\d{1,6})\.(\d{1,3})\.([a-z]+)", arg or "")
        if found is None:
            return None
        team, round_number, resets, ritual_pass, step = found.groups()
        return cls(team, int(round_number), int(resets), int(ritual_pass), step)


def open_view(game_id: int, t: Translator | None = None) -> discord.ui.View | None:
    """The public button under the pairing messages (labelled in the language of the post ``t``):
    each captain who presses it gets their own match's panel, privately."""
    return View(OpenRitual(game_id, 0, label=open_label(t)))


def _captain_side(ev: Tournament, user_id: int, match: TeamMatch) -> Side | None:
    me = player_id(user_id)
    for side, team_id in ((Side.A, match.a), (Side.B, match.b)):
        team = next((x for x in ev.teams if x.id == team_id), None)
        if team is not None and team.captain == me:
            return side
    return None


def panel_view(
    game_id: int, ev: Tournament, match: TeamMatch, side: Side, t: Translator | None = None
) -> discord.ui.View | None:
    """The select of what this captain may pick now (none once the ritual is over), in the
    captain's language ``t``."""
    ritual = match.ritual
    assert ritual is not None
    if ritual.done:
        return None
    team_id = match.a if side is Side.A else match.b
    step = ritual.step
    if step is Step.ATTACKERS:
        players = [p for p in ritual.pool(side) if p != ritual.picks(side).defender]
    else:
        players = sorted(
            {p for action in legal_actions(ritual, side) for p in action.players},
            key=lambda p: [*ritual.roster_a, *ritual.roster_b].index(p),
        )
    placeholder = {
        Step.CHAMPION: _("Your champion…"),
        Step.DEFENDER: _("Your defender…"),
        Step.ATTACKERS: _("Two attackers…"),
        Step.REFUSE: _("The attacker you refuse…"),
    }[step]
    placeholder = t(placeholder) if t is not None else str(placeholder)
    arg = MenuId(team_id, ev.team_rounds[-1].number, match.resets, ritual.round, step.value).arg
    return View(
        RitualChoice(
            game_id,
            0,
            arg,
            options=[(ev.name_of(p), p) for p in players],
            placeholder=placeholder,
            choose=2 if step is Step.ATTACKERS else 1,
        )
    )


async def match_thread(interaction: discord.Interaction, match: TeamMatch, number: int) -> int | None:
    """The thread of a team match of round ``number`` (None: it has none, say paired with
    ``threads:false``)."""
    game = await KIT.find(interaction, channel_id=await home_channel(interaction))
    if game is None or match.first_table is None:
        return None
    return next(
        (g.thread_id for g in game.state.threads if g.round == number and g.table == match.first_table), None
    )


async def post_for_match(
    interaction: discord.Interaction,
    match: TeamMatch,
    number: int,
    *,
    content: str,
    view: discord.ui.View | None,
    mentions: discord.AllowedMentions,
) -> None:
    """Post in the match's thread (whose opening message says each step is shown there), or, for a
    match without one, where the interaction happened."""
    thread = await match_thread(interaction, match, number)
    if thread is not None and thread != interaction.channel_id:
        where = interaction.client.get_partial_messageable(thread)
        try:
            await send_to(where, content=content, view=view, mentions=mentions)
            return
        except discord.HTTPException:
            log.warning("could not post in team match thread %s; posting where it was asked", thread)
    await send(interaction, content=content, view=view, mentions=mentions)


async def reveal(
    interaction: discord.Interaction, game_id: int, ev: Tournament, team_id: str, before: Ritual
) -> None:
    """Post what a pick revealed, for everyone (the next step's button with it), in the match's
    thread."""
    match, _side = current_match(ev, team_id)
    number = len(ev.team_rounds)
    t = await channel(interaction, language=ev.language)
    text = reveal_text(ev, match, before, number, t=t)
    if text is None:
        return
    players = [*match.ritual.roster_a, *match.ritual.roster_b] if match.ritual and match.ritual.done else []
    users = [u for p in players if (u := ev.player(p).user_id)]
    await post_for_match(
        interaction,
        match,
        number,
        content=text,
        view=None if match.paired else open_view(game_id, t),
        mentions=pinging(users),
    )


def team_pairing_post(game_id: int, state: TournamentGame, number: int, t: Translator | None = None) -> Post:
    """The message of a paired team round: its matches and the captains' button, in the event's
    language ``t``."""
    threads = {g.table: g.thread_id for g in state.threads if g.round == number}
    text, users = team_pairing_text(state.tournament, number, threads, t)
    return Post(content=text, view=open_view(game_id, t), mentions=pinging(users))


class OpenRitual(StepButton, prefix="tour:rit"):
    """Opens the pressing captain's private panel for their team's match of the current round."""

    label, style = "Open my pairing (captains)", discord.ButtonStyle.primary

    async def run(self, interaction: discord.Interaction) -> None:
        private(interaction)  # a late acknowledgement thinks privately: the panel is the captain's
        home = await home_channel(interaction)
        game = await KIT.load(interaction, game_id=self.game, channel_id=home)
        ev = game.state.tournament
        me = player_id(interaction.user.id)
        team = next((x for x in ev.teams if x.captain == me), None)
        if team is None:
            if is_organiser(interaction, game.state):
                raise RuleError(
                    _(
                        "Only the teams' captains pick the pairings. As an organiser you can pick for "
                        "an absent captain with `/tournament team defender`, `attackers` and `refuse` "
                        "(give `team:`)."
                    )
                )
            raise RuleError(_("Only the teams' captains pick the pairings."))
        match, side = current_match(ev, team.id)
        lists = await list_names(interaction, game.id, ev)
        t = reader(interaction)
        await send(
            interaction,
            content=panel_text(ev, match, side, len(ev.team_rounds), lists, t=t),
            view=panel_view(game.id, ev, match, side, t),
            ephemeral=True,
        )


class RitualChoice(StepSelect, prefix="tour:rsel"):
    """A captain's pick; ``arg`` is a :class:`MenuId`, so a pick made for a step that is over, in
    an earlier round or before a reset is refused rather than applied to the pairing now."""

    async def run(self, interaction: discord.Interaction) -> None:
        menu = MenuId.parse(self.arg)
        if menu is None:
            raise RuleError(
                _(
                    "This pairing menu comes from an older version of Herald and can no longer be "
                    "used; nothing was applied. Press **{button}** for a new one.",
                    button=open_label(reader(interaction)),
                )
            )
        team_id, step = menu.team, menu.step
        chosen = tuple(self.selected(interaction))
        # Acknowledged at once (a 512-player event's step takes a while to store); the panel is
        # then edited in place, privately as it was sent.
        await acknowledge(interaction)
        home = await home_channel(interaction)
        before: list[Ritual] = []
        t = reader(interaction)
        button = open_label(t)

        def change(state: TournamentGame) -> Change[TournamentGame]:
            ev = state.tournament
            match, side = current_match(ev, team_id)
            ritual = match.ritual
            assert ritual is not None
            if _captain_side(ev, interaction.user.id, match) is not side:
                raise RuleError(
                    _("Only the captain of {team} picks for {team}.", team=team_name(ev, team_id))
                )
            now = ev.team_rounds[-1].number
            if menu.round != now:
                raise RuleError(
                    _(
                        "This menu is from the pairing of round {old} and round {now} is being paired "
                        "now; nothing was applied. Press **{button}** for this round's panel.",
                        old=menu.round,
                        now=now,
                        button=button,
                    )
                )
            if menu.resets != match.resets:
                raise RuleError(
                    _(
                        "This match's pairing was restarted (an organiser's reset or a substitute) after "
                        "this menu was opened; nothing was applied. Press **{button}** for a new panel.",
                        button=button,
                    )
                )
            if ritual.done or ritual.round != menu.ritual_pass or ritual.step.value != step:
                raise RuleError(
                    _(
                        "This pick is for a step of the pairing that is over; press **{button}** again.",
                        button=button,
                    )
                )
            before[:] = [ritual]
            new = ritual_pick(ev, team_id, step, chosen)
            return Change(state.update(tournament=new), summary=f"{team_id} {step}")

        shown = await KIT.step(interaction, "ritual", change, game_id=self.game, channel_id=home)
        ev = shown.state.tournament
        match, side = current_match(ev, team_id)
        number = len(ev.team_rounds)
        await send(
            interaction,
            content=panel_text(ev, match, side, number, await list_names(interaction, shown.id, ev), t=t),
            view=panel_view(shown.id, ev, match, side, t),
            edit=True,
        )
        await reveal(interaction, shown.id, ev, team_id, before[0])


DYNAMIC_ITEMS = (OpenRitual, RitualChoice)
