"""The post-battle sequence's controls: the menus a player describes a battle with, Send, the
opponent's Confirm and Dispute, and the Scar / Devastating Blow choice. Every control carries the
campaign and the battle's number, so it works after a restart; the rules refuse a press that no
longer fits the battle (already sent, already confirmed)."""

from __future__ import annotations

import random
import re

import discord

from bot.i18n import channel, reader
from bot.play import Change, Post, Shown, StepButton, StepSelect, View, is_manager
from bot.text import pinging, public
from bot.views import open_form
from cogs.crusade.game import (
    ENGLISH,
    KIT,
    CrusadeGame,
    Words,
    battle_text,
    card,
    lines,
)
from rules.crusade import engine
from rules.crusade.model import Battle, Campaign, Honour, HonourKind
from rules.crusade.tables import load_tables, roll
from rules.crusade.words import CrusadeError, _


def rng(interaction: discord.Interaction) -> random.Random:
    """The bot's dice (seeded in tests and the console)."""
    return interaction.client.rng  # type: ignore[attr-defined,no-any-return]


def _options(
    campaign: Campaign, battle: Battle, only: tuple[str, ...] | None = None
) -> list[tuple[str, str]]:
    force = campaign.force(battle.player_id)
    units = force.units if force else ()
    return [(u.name, u.key) for u in units if only is None or u.key in only]


def details_post(shown: Shown[CrusadeGame], battle: Battle, t: Words = ENGLISH) -> Post:
    """The battle being described: what is said so far, the menus and Send."""
    c = shown.state.campaign
    force = c.force(battle.player_id)
    assert force is not None
    opts = _options(c, battle)
    items = [
        TookPart(shown.id, battle.id, options=opts, placeholder=t("Which units took part?"), up_to=len(opts)),
        Destroyed(
            shown.id,
            battle.id,
            options=opts,
            placeholder=t("Which were destroyed?"),
            up_to=len(opts),
            optional=True,
        ),
        Marked(shown.id, battle.id, options=opts, placeholder=t("Marked for Greatness")),
        KillsButton(shown.id, battle.id, label=t("Kills…")),
        SendBattle(shown.id, battle.id, label=t("Send to opponent")),
    ]
    text = battle_text(battle, force, t) + "\n\n"
    text += t("Choose with the menus, say each unit's kills with **Kills…**, then **Send to opponent**.")
    if len(force.units) > 25:
        text += "\n" + t(
            "Only the first 25 units are in the menus: name the others with the command's options."
        )
    title = t("Battle #{battle}: the post-battle steps", battle=battle.id)
    return card(title, text, view=View(*items))


def _battle(state: CrusadeGame, battle_id: int) -> Battle:
    return engine.require_battle(state.campaign, battle_id)


def _step(state: CrusadeGame, out: engine.Outcome, summary: str) -> Change[CrusadeGame]:
    return Change(state.model_copy(update={"campaign": out.campaign}), summary=summary, result=out)


class _Detail(StepSelect, template=r"crusade:detail-base"):
    field = ""

    async def run(self, interaction: discord.Interaction) -> None:
        t = await channel(interaction)
        chosen = [v for v in self.selected(interaction) if v != "-"]
        battle_id = self.step

        def change(state: CrusadeGame) -> Change[CrusadeGame]:
            value: object = chosen if self.field != "marked" else (chosen[0] if chosen else "")
            out = engine.set_details(
                state.campaign, battle_id, actor_id=interaction.user.id, **{self.field: value}
            )
            return _step(state, out, f"battle #{battle_id}: {self.field}")

        await KIT.play(
            interaction,
            f"battle-{self.field}",
            change,
            lambda s: details_post(s, s.result.battle, t),
            game_id=self.game,
            edit=True,
        )


class TookPart(_Detail, prefix="crusade:took"):
    field = "took_part"


class Destroyed(_Detail, prefix="crusade:lost"):
    field = "destroyed"


class Marked(_Detail, prefix="crusade:mark"):
    field = "marked"


def confirm_post(shown: Shown[CrusadeGame], battle: Battle, t: Words = ENGLISH) -> Post:
    force = shown.state.campaign.force(battle.player_id)
    assert force is not None
    mention = "<@" + str(battle.opponent_id) + ">"
    asked = t(
        "{opponent}, {player} recorded this battle. Confirm it, or dispute it if it is wrong.",
        opponent=mention,
        player=public(force.player_name, 40),
    )
    text = asked + "\n\n" + battle_text(battle, force, t)
    view = View(
        ConfirmBattle(shown.id, battle.id, label=t("Confirm")),
        DisputeBattle(shown.id, battle.id, label=t("Dispute")),
    )
    return card(
        t("Battle #{battle}: waiting for the opponent", battle=battle.id),
        text,
        view=view,
        mentions=pinging([battle.opponent_id]),
    )


KILLS_FORM = r"crusade:kills:(\d+):(\d+)"


class KillsButton(StepButton, prefix="crusade:killsbtn"):
    label = "Kills…"

    async def run(self, interaction: discord.Interaction) -> None:
        t = reader(interaction)
        modal = discord.ui.Modal(
            title=t("Units each of yours destroyed"),
            custom_id=f"crusade:kills:{self.game}:{self.step}",
            timeout=None,
        )
        modal.add_item(
            discord.ui.TextInput(
                label=t("Unit and count, commas between"),
                custom_id="kills",
                placeholder="Intercessors 2, Captain 1",
                max_length=1000,
            )
        )
        await open_form(interaction, modal)


async def submit_kills(interaction: discord.Interaction, found: re.Match[str], texts: dict[str, str]) -> None:
    t = await channel(interaction)
    game_id, battle_id = int(found[1]), int(found[2])
    typed = texts.get("kills", "")

    def change(state: CrusadeGame) -> Change[CrusadeGame]:
        force = engine.require_force(state.campaign, interaction.user.id)
        out = engine.set_details(
            state.campaign, battle_id, actor_id=interaction.user.id, kills=engine.parse_kills(force, typed)
        )
        return _step(state, out, f"battle #{battle_id}: kills")

    await KIT.play(
        interaction,
        "battle-kills",
        change,
        lambda s: details_post(s, s.result.battle, t),
        game_id=game_id,
        edit=True,
    )


class SendBattle(StepButton, prefix="crusade:send"):
    label, style = "Send to opponent", discord.ButtonStyle.primary

    async def run(self, interaction: discord.Interaction) -> None:
        t = await channel(interaction)
        battle_id = self.step

        def change(state: CrusadeGame) -> Change[CrusadeGame]:
            out = engine.submit(state.campaign, battle_id, actor_id=interaction.user.id)
            return _step(state, out, f"sent battle #{battle_id}")

        await KIT.play(
            interaction,
            "battle-send",
            change,
            lambda s: confirm_post(s, s.result.battle, t),
            game_id=self.game,
        )


def sequence_post(shown: Shown[CrusadeGame], out: engine.Outcome, t: Words = ENGLISH) -> Post:
    battle = out.battle
    assert battle is not None
    c = shown.state.campaign
    force = c.force(battle.player_id)
    items = []
    for test in battle.open_choices:
        unit = force.unit(test.unit) if force else None
        if unit is None:
            continue
        items.append(Choice(shown.id, battle.id, f"scar.{unit.key}", label=t("Scar: {unit}", unit=unit.name)))
        items.append(
            Choice(
                shown.id, battle.id, f"blow.{unit.key}", label=t("Devastating Blow: {unit}", unit=unit.name)
            )
        )
    before = shown.before.campaign.force(battle.player_id) if shown.before is not None else None
    for unit in force.units if force else ():
        earlier = before.unit(unit.key) if before else None
        if unit.honours_due and (earlier is None or earlier.honours_due < unit.honours_due):
            items.append(
                RollHonour(
                    shown.id, battle.id, unit.key, label=t("Roll a Battle Trait: {unit}", unit=unit.name)
                )
            )
    title = t("Battle #{battle}: after the battle", battle=battle.id)
    return card(title, lines(t, out.lines), view=View(*items[:25]))


class RollHonour(StepButton, prefix="crusade:honour"):
    """The Battle Honour a new rank grants, rolled on the Battle Traits table (or typed with
    ``/crusade honour``): only while the unit still has one to choose."""

    label, style = "Roll a Battle Trait", discord.ButtonStyle.primary

    async def run(self, interaction: discord.Interaction) -> None:
        t = await channel(interaction)
        key = self.arg or ""
        number, entry = roll(load_tables()["battle_traits"], rng(interaction))
        organiser = is_manager(interaction)

        def change(state: CrusadeGame) -> Change[CrusadeGame]:
            battle = _battle(state, self.step)
            force = engine.require_force(state.campaign, battle.player_id)
            unit = force.unit(key)
            if unit is None or not unit.honours_due:
                raise CrusadeError(_("That unit has no Battle Honour left to choose."))
            honour = Honour(name=entry.name, kind=HonourKind.TRAIT, note=f"rolled {number}")
            out = engine.add_honour(
                state.campaign,
                battle.player_id,
                key,
                honour,
                actor_id=interaction.user.id,
                organiser=organiser,
            )
            return _step(state, out, f"battle #{self.step}: honour rolled")

        await KIT.play(
            interaction,
            "honour-roll",
            change,
            lambda s: card(t("Battle Honour"), lines(t, s.result.lines)),
            game_id=self.game,
        )


class ConfirmBattle(StepButton, prefix="crusade:confirm"):
    label, style = "Confirm", discord.ButtonStyle.success
    beside_text = True  # shown beside the battle it confirms (bot.cards)

    async def run(self, interaction: discord.Interaction) -> None:
        t = await channel(interaction)
        battle_id = self.step
        organiser = is_manager(interaction)
        dice = rng(interaction)

        def change(state: CrusadeGame) -> Change[CrusadeGame]:
            actor = interaction.user.id
            if organiser and actor != _battle(state, battle_id).opponent_id:
                actor = state.campaign.organiser_id
            out = engine.confirm(state.campaign, battle_id, actor_id=actor, rng=dice)
            return _step(state, out, f"confirmed battle #{battle_id}")

        await KIT.play(
            interaction, "battle-confirm", change, lambda s: sequence_post(s, s.result, t), game_id=self.game
        )


class DisputeBattle(StepButton, prefix="crusade:dispute"):
    label, style = "Dispute", discord.ButtonStyle.danger

    async def run(self, interaction: discord.Interaction) -> None:
        t = await channel(interaction)
        battle_id = self.step

        def change(state: CrusadeGame) -> Change[CrusadeGame]:
            out = engine.dispute(state.campaign, battle_id, actor_id=interaction.user.id)
            return _step(state, out, f"disputed battle #{battle_id}")

        await KIT.play(
            interaction,
            "battle-dispute",
            change,
            lambda s: card(t("Battle #{battle} disputed", battle=battle_id), lines(t, s.result.lines)),
            game_id=self.game,
        )


class Choice(StepButton, prefix="crusade:ooa"):
    label, style = "Choose", discord.ButtonStyle.secondary

    async def run(self, interaction: discord.Interaction) -> None:
        t = await channel(interaction)
        battle_id = self.step
        choice, _dot, key = (self.arg or "").partition(".")
        organiser = is_manager(interaction)
        _number, scar = roll(load_tables()["battle_scars"], rng(interaction))

        def change(state: CrusadeGame) -> Change[CrusadeGame]:
            out = engine.choose(
                state.campaign,
                battle_id,
                key,
                choice,
                actor_id=interaction.user.id,
                scar=scar.name,
                organiser=organiser,
            )
            return _step(state, out, f"battle #{battle_id}: {choice}")

        await KIT.play(
            interaction,
            "battle-choice",
            change,
            lambda s: card(t("Battle #{battle}: Out of Action", battle=battle_id), lines(t, s.result.lines)),
            game_id=self.game,
        )


CONTROLS = (
    TookPart,
    Destroyed,
    Marked,
    KillsButton,
    SendBattle,
    RollHonour,
    ConfirmBattle,
    DisputeBattle,
    Choice,
)
