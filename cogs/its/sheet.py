"""The two-player score sheet: ``/its score``, its entry forms, the confirmations and the result.

Custom ids:

=====================================  ==================================================
``its:ed:<game>:s<step>:<a|b>``         choose an objective of side A or B to edit
``its:ok:<game>:s<step>:<a|b>``         side A or B confirms (or takes it back)
``its:sm:<game>:<a|b>:<message>:<id>``  the form that sets one entry (see :mod:`cogs.its.sheet_forms`)
``its:fix:<game>:<a|b>:<message>:<id>`` the form again, with what was typed, after a bad value
=====================================  ==================================================

``step`` counts the sheet's own edits and confirmations (``ItsMatch.sheet_step``), so a draw
step never stales the sheet. Ids from before sheet steps carried the match's version instead
(no ``s``): they still parse, and using one says how to get current controls.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable

import discord

from bot.cards import read as read_cards
from bot.games import MovedOn
from bot.i18n import channel, reader
from bot.limits import clip
from bot.play import Change, StepSelect, View
from bot.send import Image, edit_message, send
from bot.text import kept_name, public
from bot.views import PersistentSelect, open_form
from cogs.its import pages, sheet_texts
from cogs.its.common import ItsButton, change_match, content_of, rng_of, scenario_name, tagged_step
from cogs.its.draw_news import progress, where_cards
from cogs.its.draw_steps import announce
from cogs.its.library import ItsContent
from cogs.its.seats import check_opponent, post_invitation
from cogs.its.sheet_access import (
    acting,
    after_acting,
    current_sheet,
    may_confirm,
    may_edit,
    seat_of_side,
)
from cogs.its.sheet_forms import MODAL_PREFIX, entry_modal, entry_ref, find_entry, modal_fields, parse_entry
from cogs.its.state import KIT, ItsMatch
from renderers.its_scoresheet import render_score_sheet
from rules.errors import RuleError
from rules.i18n import Translator, _, translator
from rules.its.match import MatchClosed
from rules.its.scenario import Scenario
from rules.its.scoring import (
    Control,
    ScoreInputError,
    ScoreResult,
    SheetSide,
    Side,
    controls,
    new_sheet,
    score_sheet,
)

#: The entry form's custom id: game, side, the sheet message to update, the entry.
FORM_ID = rf"{re.escape(MODAL_PREFIX)}(\d+):([ab]):(\d+):(#\d+|[a-z0-9_-]+)"
STALE_FORM_ID = rf"{re.escape(MODAL_PREFIX)}.*"


# -- /its score -------------------------------------------------------------------------------


async def score(
    interaction: discord.Interaction,
    mission: str | None = None,
    tier: int | None = None,
    opponent: discord.User | discord.Member | None = None,
) -> None:
    """Start (or post anew) the channel's sheet. What is left out comes from the match: the
    mission from its sheet or draw, the tier from its sheet, the opponent from its other seat.
    A named opponent who is not seated yet is invited (see :mod:`cogs.its.seats`)."""
    user = interaction.user
    if opponent is not None:
        check_opponent(user, opponent)
    content = content_of(interaction)
    wanted = content.scenario(mission).id if mission else None
    rng = rng_of(interaction)
    name_of = functools.partial(scenario_name, content)

    def change(old: ItsMatch | None) -> Change[ItsMatch]:
        if old is not None and old.closed:
            raise MatchClosed(old.closed)
        match, _unused = (old or ItsMatch()).seat_for(user.id, kept_name(user.display_name), rng)
        scenario_id, points = match.sheet_to_start(wanted, tier)
        if opponent is not None:
            match = match.invite(user.id, opponent.id, kept_name(opponent.display_name))
        elif len(match.seats) < 2 and match.invited is None:
            raise RuleError(
                _(
                    "Name who you are playing: add `opponent:@them`. They are invited to the other seat "
                    "and accept it with a button."
                )
            )
        scored = match.with_sheet(new_sheet(content.scenarios.get(scenario_id), points), name_of)
        if scored is match:
            # The same sheet: post it anew (storing the seats when this took or named one).
            return Change(match, f"seats: {' vs '.join(match.names())}" if match is not old else "")
        return Change(scored, f"score sheet {name_of(scenario_id)}: {' vs '.join(match.names())}")

    shown = await change_match(interaction, "score_start", change)
    embed, view = sheet_message(content, shown.id, shown.state, await channel(interaction))
    await send(interaction, embed=embed, view=view)
    await post_invitation(interaction, shown.id, shown.state, shown.before)
    await seated_by_score(interaction, shown.id, shown.state, shown.before)


async def seated_by_score(
    interaction: discord.Interaction, game_id: int, match: ItsMatch, old: ItsMatch | None
) -> None:
    """Tell the channel when /its score gave someone the open seat of a waiting draw.

    Taking the seat deals them the hand kept for it, just as drawing would; the channel hears
    it the same way, plus where the newcomer finds their cards (never which cards)."""
    if old is None or old.draw is None or match.draw is None:
        return
    draw = match.draw
    newcomers = [
        i for i, s in enumerate(match.seats) if old.seat_of(s.user_id) is None and i < len(draw.players)
    ]
    if not newcomers:
        return
    name = scenario_name(content_of(interaction), match.draw_scenario)
    t = await channel(interaction)
    lines: list[str] = []
    for seat in newcomers:
        joined = t(
            "{player} joined the classified draw for **{scenario}** with this score sheet.",
            player=f"<@{match.seats[seat].user_id}>",
            scenario=pages.scenario_name(name, t),
        )
        lines.append(joined + where_cards(draw, t))
        lines.extend(progress(old, match, seat, joined=True, t=t))
    await announce(interaction, game_id, match, lines, old)


# -- what the sheet shows -----------------------------------------------------------------------


def sheet_parts(content: ItsContent, match: ItsMatch) -> tuple[Scenario, ScoreResult]:
    assert match.sheet is not None
    scenario = content.scenarios.get(match.sheet.scenario_id)
    return scenario, score_sheet(scenario, match.sheet)


def sheet_message(
    content: ItsContent, game_id: int, match: ItsMatch, t: Translator | None = None
) -> tuple[discord.Embed, discord.ui.View | None]:
    """The sheet's embed and controls; a final sheet (both confirmed) has no controls."""
    t = t if t is not None else translator(None)
    scenario, result = sheet_parts(content, match)
    sheet = match.sheet
    assert sheet is not None
    embed = sheet_texts.sheet_embed(match, scenario, result, t)
    if match.final:
        return embed, None
    controls_ = controls(scenario, sheet.tier)
    view = sheet_view(
        game_id,
        match.sheet_step,
        match.names(),
        (sheet.a, sheet.b),
        controls_,
        match.confirmed,
        functools.partial(sheet_texts.entry_text, t=t),
        t,
    )
    return embed, view


def sheet_view(
    game_id: int,
    step: int,
    names: tuple[str, str],
    sides: tuple[SheetSide, SheetSide],
    controls: list[Control],
    confirmed: list[Side],
    describe: Callable[..., str],
    t: Translator | None = None,
) -> discord.ui.View:
    """Two "choose an objective" menus (one per side) and the two confirm buttons."""
    t = t if t is not None else translator(None)
    items: list[discord.ui.Item[discord.ui.View]] = []
    for side, name, values in ((Side.A, names[0], sides[0]), (Side.B, names[1], sides[1])):
        options = [
            discord.SelectOption(
                label=clip(c.label, 100),
                value=entry_ref(c, i),
                description=clip(
                    t("now: {value}", value=describe(c, values.values.get(c.entry_id), values.victory_points))
                    + (f" · {c.help}" if c.help else ""),
                    100,
                ),
            )
            for i, c in enumerate(controls[:25])
        ]
        placeholder = t("{name}: choose an objective to edit", name=name)
        items.append(SheetSelect(game_id, step, side, placeholder=placeholder, options=options))
    for side, name in ((Side.A, names[0]), (Side.B, names[1])):
        done = side in confirmed
        label = t("{name}: take back confirmation", name=name) if done else t("{name}: confirm", name=name)
        items.append(ConfirmButton(game_id, step, side, label=label, done=done))
    view = View(*items)
    assert view is not None
    return view


class SheetSelect(PersistentSelect, template=r"its:ed:(?P<game>\d+):(?P<step>s?\d+):(?P<side>[ab])"):
    """``step`` is None for a menu from before sheet steps existed: it only explains itself."""

    changes_game = True

    def __init__(
        self,
        game: int,
        step: int | None,
        side: Side,
        *,
        placeholder: str = "",
        options: list[discord.SelectOption] | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"its:ed:{game}:s{step or 0}:{side.value}",
                placeholder=clip(placeholder, 150) or None,
                options=options or [discord.SelectOption(label="-", value="-")],
                min_values=1,
                max_values=1,
            )
        )
        self.game, self.step, self.side = game, step, side

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Select, match: re.Match[str]
    ) -> SheetSelect:
        return cls(int(match["game"]), tagged_step(match["step"]), Side(match["side"]))

    async def chosen(self, interaction: discord.Interaction) -> None:
        values = StepSelect.selected(interaction)
        await open_entry(interaction, self.game, self.step, self.side, values[0])


class ConfirmButton(ItsButton, template=r"its:ok:(?P<game>\d+):(?P<step>s?\d+):(?P<side>[ab])"):
    """``step`` is None for a button from before sheet steps existed: it only explains itself."""

    changes_game = True

    fields = (("game", int), ("step", tagged_step), ("side", Side))

    def __init__(
        self, game: int, step: int | None, side: Side, *, label: str = "Confirm", done: bool = False
    ) -> None:
        style = discord.ButtonStyle.secondary if done else discord.ButtonStyle.success
        self.button(f"its:ok:{game}:s{step or 0}:{side.value}", label, style)
        self.game, self.step, self.side = game, step, side

    async def pressed(self, interaction: discord.Interaction) -> None:
        await confirm(interaction, self.game, self.step, self.side)


# -- editing and confirming ---------------------------------------------------------------------


async def open_entry(
    interaction: discord.Interaction,
    game_id: int,
    step: int | None,
    side: Side,
    entry_id: str,
    *,
    typed: list[str] | None = None,
    message: int | None = None,
) -> None:
    """The entry's form, prefilled with its value (or with ``typed``: a form re-offered after a
    bad value, which any sheet step may follow, so ``step`` is not checked then)."""
    content = content_of(interaction)
    game = await KIT.load(interaction, game_id=game_id)
    match = game.state
    if typed is None:
        scenario = current_sheet(content, match, step, interaction.user.id)
    else:
        if match.sheet is None:
            raise MovedOn(_("This channel's score sheet is gone: start one with /its score."))
        match.check_open()
        scenario = content.scenarios.get(match.sheet.scenario_id)
    may_edit(interaction, match, side)
    assert match.sheet is not None
    found = find_entry(controls(scenario, match.sheet.tier), entry_id)
    if found is None:
        raise MovedOn(_("That objective is not on this sheet any more."))
    index, control = found
    values = match.sheet.side(side)
    modal = entry_modal(
        game_id=game.id,
        side=side,
        message_id=message if message is not None else interaction.message.id if interaction.message else 0,
        control=control,
        index=index,
        name=match.names()[seat_of_side(side)],
        value=values.values.get(control.entry_id),
        victory_points=values.victory_points,
        typed=typed,
        t=reader(interaction),
    )
    await open_form(interaction, modal)


async def stale_form(interaction: discord.Interaction, found: re.Match[str], texts: dict[str, str]) -> None:
    raise MovedOn(_("That form is from an older version of Herald: open it again from the sheet."))


async def submit_entry(interaction: discord.Interaction, found: re.Match[str], texts: dict[str, str]) -> None:
    game_id, side, message_id, entry_id = int(found[1]), Side(found[2]), int(found[3]), found[4]
    ordered = [texts[k] for k in sorted(texts, key=lambda k: int(k[1:]) if k[1:].isdecimal() else 99)]
    content = content_of(interaction)
    asked: list[Control] = []

    def change(old: ItsMatch | None) -> Change[ItsMatch]:
        assert old is not None
        if old.sheet is None:
            raise MovedOn(_("This channel's score sheet is gone: start one with /its score."))
        old.check_open()
        may_edit(interaction, old, side)
        scenario = content.scenarios.get(old.sheet.scenario_id)
        entry = find_entry(controls(scenario, old.sheet.tier), entry_id)
        if entry is None:
            raise MovedOn(_("That objective is not on this sheet any more."))
        control = entry[1]
        asked.append(control)
        value = parse_entry(control, ordered)
        new = acting(old, side, interaction.user.id, interaction)
        new = new.edit_entry(scenario, side, control.entry_id, value)
        return Change(new, f"{old.names()[seat_of_side(side)]}: {control.label}")

    try:
        shown = await change_match(interaction, "score_edit", change, game_id=game_id)
    except ScoreInputError as error:
        if not asked:
            raise
        await offer_fix(interaction, found, asked[0], ordered, error)
        return
    embed, view = sheet_message(content, shown.id, shown.state, await channel(interaction))
    if not await edit_message(interaction, message_id, embeds=[embed], view=view):
        await send(interaction, embed=embed, view=view)
    await say_cleared(interaction, shown.before, shown.state)
    await after_acting(interaction, shown.id, shown.state, shown.before)


#: Shown for a form field left empty (an embed field can't be empty); read back as empty.
EMPTY = "—"


async def offer_fix(
    interaction: discord.Interaction,
    found: re.Match[str],
    control: Control,
    typed: list[str],
    error: ScoreInputError,
) -> None:
    """A form with a bad value saved nothing: say what to fix, show everything that was typed,
    and offer the form again filled in with it."""
    t = reader(interaction)
    embed = discord.Embed(
        title=t("Not saved: one value needs fixing"),
        description=t(
            "{error}\nPress **Fix it** to open the form again with what you typed.", error=t(error.text)
        ),
        colour=discord.Colour.orange(),
    )
    labels = [label for label, _unused, _hint in modal_fields(control, None, 0, t)]
    for label, text in zip(labels, typed, strict=False):
        embed.add_field(name=clip(label, 256), value=clip(text.strip(), 1024) or EMPTY, inline=False)
    game_id, side, message_id, ref = int(found[1]), Side(found[2]), int(found[3]), found[4]
    fix = FixButton(game_id, side, message_id, ref, label=t("Fix it"))
    await send(interaction, embed=embed, view=View(fix), ephemeral=True)


class FixButton(
    ItsButton, template=r"its:fix:(?P<game>\d+):(?P<side>[ab]):(?P<message>\d+):(?P<ref>#\d+|[a-z0-9_-]+)"
):
    """Opens the entry's form again, filled in with the values shown on the message it sits on."""

    fields = (("game", int), ("side", Side), ("message", int), ("ref", str))

    def __init__(self, game: int, side: Side, message: int, ref: str, *, label: str = "Fix it") -> None:
        self.button(f"its:fix:{game}:{side.value}:{message}:{ref}", label, discord.ButtonStyle.primary)
        self.game, self.side, self.message, self.ref = game, side, message, ref

    async def pressed(self, interaction: discord.Interaction) -> None:
        shown = read_cards(interaction.message)
        typed = [f.value if f.value != EMPTY else "" for f in (shown[0].fields if shown else [])]
        await open_entry(interaction, self.game, None, self.side, self.ref, typed=typed, message=self.message)


async def say_cleared(interaction: discord.Interaction, old: ItsMatch | None, new: ItsMatch) -> None:
    """An edit cleared confirmations someone else gave: tell the channel and who must confirm again."""
    if old is None:
        return
    cleared = [side for side in old.confirmed if side not in new.confirmed]
    seats = [new.seats[seat_of_side(side)] for side in cleared if seat_of_side(side) < len(new.seats)]
    others = [seat for seat in seats if seat.user_id != interaction.user.id]
    if others:
        t = await channel(interaction)
        mentions = [f"<@{seat.user_id}>" for seat in others]
        who = (
            t("{first} and {second}", first=", ".join(mentions[:-1]), second=mentions[-1])
            if len(mentions) > 1
            else mentions[0]
        )
        await send(
            interaction,
            content=t(
                "{player} changed the score sheet, so the confirmation of {who} is cleared: please check "
                "the sheet and confirm again.",
                player=public(interaction.user.display_name, 40),
                who=who,
            ),
        )


async def confirm(interaction: discord.Interaction, game_id: int, step: int | None, side: Side) -> None:
    content = content_of(interaction)
    await KIT.load(interaction, game_id=game_id)

    def change(old: ItsMatch | None) -> Change[ItsMatch]:
        assert old is not None
        current_sheet(content, old, step, interaction.user.id)
        may_confirm(interaction, old, side)
        scenario = content.scenarios.get(old.sheet.scenario_id) if old.sheet is not None else None
        new = acting(old, side, interaction.user.id, interaction).toggle_confirmation(side, scenario)
        did = "confirmed" if side in new.confirmed else "unconfirmed"
        return Change(new, f"{old.names()[seat_of_side(side)]} {did}")

    shown = await change_match(interaction, "score_confirm", change, game_id=game_id)
    match, old = shown.state, shown.before
    embed, view = sheet_message(content, shown.id, match, await channel(interaction))
    await send(interaction, embed=embed, view=view, edit=True)
    await after_acting(interaction, shown.id, match, old)
    if match.final and not (old is not None and old.final):
        await post_result(interaction, content, match)
        announce_final(interaction, content, match)


def announce_final(interaction: discord.Interaction, content: ItsContent, match: ItsMatch) -> None:
    """Tell other cogs (a tournament this game belongs to) that both players confirmed the sheet,
    as the event ``its_sheet_final``; no cog imports another."""
    assert match.sheet is not None
    _unused, result = sheet_parts(content, match)
    interaction.client.dispatch(
        "its_sheet_final",
        interaction.channel_id,
        interaction.guild_id,
        {
            "scenario": match.sheet.scenario_id,
            "tier": int(match.sheet.tier),
            "players": [seat.user_id for seat in match.seats],
            "result": result.model_dump(mode="json"),
        },
    )


async def post_result(interaction: discord.Interaction, content: ItsContent, match: ItsMatch) -> None:
    """The confirmed result for the channel, with the sheet drawn as a picture."""
    scenario, result = sheet_parts(content, match)
    assert match.sheet is not None
    t = await channel(interaction)
    draw = functools.partial(render_score_sheet, scenario, match.sheet, result, names=match.names(), t=t)
    await send(
        interaction,
        embed=sheet_texts.result_embed(match, scenario, result, t),
        images=[Image(render=draw, filename="score.png")],
    )


ITEMS = (SheetSelect, ConfirmButton, FixButton)
