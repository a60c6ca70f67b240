"""/bf: the Boss Fight cog. The lobby and turn commands come from their mixins; this file holds the
look-ups (board, log, cards, piles), undo, concede, end, remind, and the idle nudge.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.games import Game, MovedOn
from bot.i18n import channel, reader
from bot.limits import clip
from bot.play import Change, Post, Shown, StepButton, View, autocomplete, is_manager
from cogs.boss_fight import lobby
from cogs.boss_fight.building import LobbyCommands, card_choices, lobby_view
from cogs.boss_fight.game import (
    KIT,
    BFGame,
    board_image,
    placing_hint,
    setup_overlay,
    stored_log,
    table_post,
    turn_prompt,
)
from cogs.boss_fight.leaving import LeavingCommands, ending
from cogs.boss_fight.turns import TurnCommands
from cogs.boss_fight.views import schedule_nudge
from rules.boss_fight import Phase, public_view
from rules.boss_fight.narration import describe_card
from rules.boss_fight.table import (
    catalog,
    check_concede,
    concede_voters,
    conceding,
    controller,
    hero_players,
    mention,
    setup_board,
    side_of,
)
from rules.errors import RuleError
from rules.i18n import Translator, _

OVERLAYS = [app_commands.Choice(name=n, value=n) for n in ("moves", "sight", "areas")]
LOG_STEPS = 12


class _Ask(Exception):
    """The last step is the asker's own: the other side must confirm the undo."""

    def __init__(self, event: Any) -> None:
        super().__init__("confirm")
        self.event = event


def _other_side(state: BFGame, actor: int, user: int) -> bool:
    mine, theirs = side_of(state, user), side_of(state, actor)
    return mine is not None and theirs is not None and mine != theirs


def _other_players(state: BFGame, actor: int) -> list[int]:
    """The players of the side ``actor`` is not on (those who confirm an undo of their step)."""
    if side_of(state, actor) == "boss":
        return list(dict.fromkeys(s.player for s in state.heroes))
    return [state.boss_player] if state.boss_player else []


async def do_undo(interaction: discord.Interaction, *, confirming: int | None = None) -> None:
    """Undo the last step: the host or a manager at once; its player after the other side confirms."""
    game = await KIT.load(interaction)
    before: BFGame = game.state
    user = interaction.user.id
    privileged = user == before.host or is_manager(interaction)
    open_lobby = not before.started

    def may_undo(event: Any) -> bool:
        if confirming is not None:
            if event.id != confirming:
                raise RuleError(
                    _("This has moved on: the step that undo was asked for is no longer the last.")
                )
            if privileged or _other_side(before, event.actor_id, user):
                return True
            heroes = _("A player of the heroes side (or the host, {host}) confirms this undo: a step is "
                       "undone "
                       "when the other side agrees.", host=mention(before.host))
            boss = _("A player of the boss side (or the host, {host}) confirms this undo: a step is undone "
                     "when "
                     "the other side agrees.", host=mention(before.host))
            raise RuleError(heroes if side_of(before, event.actor_id) == "boss" else boss)
        if privileged or (open_lobby and event.actor_id == user):
            return True
        if event.actor_id == user:
            raise _Ask(event)
        return False

    try:
        restored, event = await KIT.undo(interaction, may_undo=may_undo)
    except _Ask as ask:
        t = await channel(interaction)
        what = stored_log(ask.event.detail, t) or ask.event.summary or ask.event.action
        button = UndoButton(
            game.id,
            game.version,
            str(ask.event.id),
            label=t("Confirm the undo"),
            style=discord.ButtonStyle.danger,
        )
        refuse = RefuseUndoButton(
            game.id, game.version, str(ask.event.id), label=t("Refuse"), style=discord.ButtonStyle.secondary
        )
        others = _other_players(before, ask.event.actor_id)
        whom = ", ".join(mention(u) for u in others) or t("A player of the other side")
        await Post(
            content=t("{who} asks to undo their last step ({step}). {others} (or the host) confirms or "
                      "refuses "
                      "with the buttons.", who=interaction.user.mention, step=clip(what, 200), others=whom),
            view=View(button, refuse),
            mentions=discord.AllowedMentions(
                users=[discord.Object(u) for u in others], everyone=False, roles=False
            ),
        ).send(interaction)
        return
    state: BFGame = restored.state
    t = await channel(interaction)
    step = stored_log(event.detail, t) or event.summary or event.action
    actor = "<@" + str(event.actor_id) + ">"
    lines = [t("{who} undid {actor}'s step: {step}", who=interaction.user.mention, actor=actor, step=step)]
    rolls = event.detail.get("rolls") or []
    if rolls:
        lines.append(t("The dice of that step are thrown away: {dice}.",
                       dice=", ".join(str(r["value"]) for r in rolls)))
    drawn: dict[str, int] = event.detail.get("drawn") or {}
    for name, n in drawn.items():
        lines.append(t("{name}'s {n} drawn card(s) go back to the deck.", name=name, n=n))
    if state.fight is None:
        await lobby.lobby_post(
            state,
            game_id=restored.id,
            version=restored.version,
            latest=lines[0],
            view=lobby_view(restored, t),
            t=t,
        ).send(interaction)  # type: ignore[arg-type]
    else:
        await table_post(
            state, game_id=restored.id, version=restored.version, title=t("Undo"), lines=lines, t=t
        ).send(interaction)
        # The reminder armed for the undone step would find the game moved on and stay silent.
        await schedule_nudge(
            interaction, Shown(restored.id, restored.version, state, restored.record.created_by)
        )
    if drawn and before.fight is not None and state.fight is not None:
        back = _returned(before, state, user)
        if back:
            t = reader(interaction)  # the cards are private: the player's own language
            await Post(
                content=t("Only you see this: the cards that went back to the deck: {cards}", cards=back),
                ephemeral=True,
            ).send(interaction)


def _returned(after: BFGame, restored: BFGame, user: int) -> str:
    """The undone draws of ``user``'s characters (card names), for their eyes only."""
    assert after.fight is not None and restored.fight is not None
    parts = []
    for a, r in zip(after.fight.characters, restored.fight.characters, strict=True):
        if controller(after, a.id) != user:
            continue
        gone = Counter(a.piles.hand) - Counter(r.piles.hand)
        if gone and len(a.piles.deck) < len(r.piles.deck):
            parts.append(f"{a.name}: " + ", ".join(after.fight.cards[c].name for c in gone.elements()))
    return "; ".join(parts)


async def do_concede(
    interaction: discord.Interaction, *, game_id: int | None = None, answering: bool = False
) -> None:
    """Give up for your side. The party is shared: a hero player's `/bf concede` (or Concede too)
    is a vote, and the party concedes once every hero player with a hero in play agrees; any action
    in between cancels the question."""
    user = interaction.user.id

    def change(state: BFGame) -> Change[BFGame]:
        new = conceding(state, user, answering=answering)
        what = f"the {new.conceded} conceded" if new.conceded else "agreed to concede"
        return Change(new, summary=what)

    shown = await KIT.step(interaction, "concede", change, game_id=game_id)
    state = shown.state
    t = await channel(interaction)  # a public post: the channel's language
    if state.conceded is None:
        votes = concede_voters(state)
        missing = [u for u in hero_players(state) if u not in votes]
        button = ConcedeButton(
            shown.id, shown.version, label=t("Concede too"), style=discord.ButtonStyle.danger
        )
        asking = ", ".join(mention(u) for u in votes)
        others = ", ".join(mention(u) for u in missing)
        await Post(
            content=t.n(
                "{asking} wants the heroes to concede. The party gives up together: {others} press Concede "
                "too (or type `/bf concede`) to agree, or just play on: the next action cancels this.",
                "{asking} want the heroes to concede. The party gives up together: {others} press Concede "
                "too (or type `/bf concede`) to agree, or just play on: the next action cancels this.",
                len(votes),
                asking=asking,
                others=others,
            ),
            view=View(button),
            mentions=discord.AllowedMentions(
                users=[discord.Object(u) for u in missing], everyone=False, roles=False
            ),
        ).send(interaction)
        return
    conceded = state.conceded
    voters = concede_voters(state) if conceded == "heroes" else []
    who = ", ".join(mention(u) for u in voters) if len(voters) > 1 else interaction.user.mention
    if conceded == "boss":
        line = t("{who} concedes for the boss: the heroes win.", who=who)
    elif len(voters) > 1:
        line = t("{who} concede for the heroes: the boss wins.", who=who)
    else:
        line = t("{who} concedes for the heroes: the boss wins.", who=who)
    await table_post(
        state,
        game_id=shown.id,
        version=shown.version,
        title=t("Conceded"),
        lines=[line, t("`/bf end` closes the game (`/bf undo` takes a mistaken concession back).")],
        t=t,
        ping=False,
    ).send(interaction)
    await interaction.client.scheduler.cancel(f"bf:nudge:{shown.id}")  # type: ignore[attr-defined]


def concede_question(state: BFGame, user: int, game_id: int, version: int, t: Translator) -> Post:
    """The private "are you sure?" before a concession, with Confirm and Cancel."""
    side = check_concede(state, user)
    if side == "boss":
        text = t(
            "Concede for the boss? The fight ends at once and **the heroes win**. "
            "(Only you see this; nothing happens unless you confirm.)"
        )
    elif [u for u in hero_players(state) if u != user]:
        text = t(
            "Ask the party to concede? The other hero players are asked to agree; once they all do, "
            "**the boss wins**. (Only you see this; nothing happens unless you confirm.)"
        )
    else:
        text = t(
            "Concede for the heroes? The fight ends at once and **the boss wins**. "
            "(Only you see this; nothing happens unless you confirm.)"
        )
    return Post(
        content=text,
        view=View(
            ConcedeConfirmButton(
                game_id, version, label=t("Confirm: concede"), style=discord.ButtonStyle.danger
            ),
            ConcedeCancelButton(game_id, version, label=t("Cancel"), style=discord.ButtonStyle.secondary),
        ),
        ephemeral=True,
    )


class ConcedeConfirmButton(StepButton, prefix="bf:concede-yes"):
    """The conceder confirms (while the fight has not moved on since they asked)."""

    async def run(self, interaction: discord.Interaction) -> None:
        game = await KIT.load(interaction, game_id=self.game)
        if game.version != self.step:
            raise MovedOn(
                _("The fight has moved on since you asked: `/bf concede` again if you still want to.")
            )
        await do_concede(interaction, game_id=self.game)


class ConcedeCancelButton(StepButton, prefix="bf:concede-no"):
    async def run(self, interaction: discord.Interaction) -> None:
        t = reader(interaction)
        cancelled = Post(content=t("Nothing conceded: the fight goes on."), ephemeral=True)
        await cancelled.send(interaction, edit=True)


class RefuseUndoButton(StepButton, prefix="bf:undo-no"):
    """The other side (or the host) refuses an undo: the step stands and the request is closed."""

    async def run(self, interaction: discord.Interaction) -> None:
        game = await KIT.load(interaction, game_id=self.game)
        state: BFGame = game.state
        user = interaction.user.id
        if game.version != self.step:
            raise MovedOn(_("This has moved on: the step that undo was asked for is no longer the last."))
        events = await KIT.store(interaction).events(game.id, limit=1)
        event = events[0] if events else None
        if event is None or str(event.id) != (self.arg or ""):
            raise MovedOn(_("This has moved on: the step that undo was asked for is no longer the last."))
        if event.actor_id == user:
            raise RuleError(
                _("You asked for this undo: the other side answers it (just play on to drop it).")
            )
        if not (user == state.host or is_manager(interaction) or _other_side(state, event.actor_id, user)):
            raise RuleError(_("Only a player of the other side (or the host) answers this undo request."))
        await Post(
            content=f"{interaction.user.mention} refused to undo <@{event.actor_id}>'s step "
            f"({clip(event.summary or event.action, 200)}): it stands.",
            mentions=discord.AllowedMentions.none(),
        ).send(interaction, edit=True)


class ConcedeButton(StepButton, prefix="bf:concede"):
    """Another hero player agrees to concede (while the fight has not moved on)."""

    async def run(self, interaction: discord.Interaction) -> None:
        await do_concede(interaction, game_id=self.game, answering=True)


class UndoButton(StepButton, prefix="bf:undo"):
    async def run(self, interaction: discord.Interaction) -> None:
        await do_undo(interaction, confirming=int(self.arg or 0))


@app_commands.allowed_installs(guilds=True, users=False)
@app_commands.allowed_contexts(guilds=True, dms=False, private_channels=False)
class BossFight(
    LobbyCommands,
    TurnCommands,
    LeavingCommands,
    commands.GroupCog,
    group_name="bf",
    group_description="Boss Fight: one player's boss against a party of heroes, on a hex board",
):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name="board", description="The board now (anyone), with an optional overlay")
    @app_commands.describe(
        overlay="moves, sight or areas", character="Whose overlay (default: the one to act)"
    )
    @app_commands.choices(overlay=OVERLAYS)
    async def board(
        self, interaction: discord.Interaction, overlay: str | None = None, character: str | None = None
    ) -> None:
        game = await KIT.load(interaction)
        fight = game.state.fight
        if fight is None or (overlay is None and fight.phase is Phase.SETUP and not game.state.started):
            # Before and during placing: the map with where the next piece may go.
            board = setup_board(game.state)
            t = reader(interaction)
            embed = discord.Embed(
                title=t("Boss Fight #{id} · set-up", id=game.id), description=placing_hint(game.state, t)
            )
            embed.set_image(url="attachment://board.png")
            image = board_image(board, setup_overlay(game.state), t=t)
            await Post(embeds=[embed], images=[image], ephemeral=True).send(interaction)
            return
        focus = fight.character(character).id if character else None
        t = reader(interaction)  # a private reply: the player's language
        embed = discord.Embed(
            title=t("Boss Fight #{id} · round {round}", id=game.id, round=fight.round),
            description=turn_prompt(game.state, t),
        )
        embed.set_image(url="attachment://board.png")
        image = board_image(fight, overlay, focus=focus, t=t)
        await Post(embeds=[embed], images=[image], ephemeral=True).send(interaction)

    @app_commands.command(name="log", description="The last steps of this game")
    async def log(self, interaction: discord.Interaction) -> None:
        game = await KIT.load(interaction)
        events = await KIT.store(interaction).events(game.id, limit=LOG_STEPS)
        t = reader(interaction)  # a private reply: the player's language
        undone = t(" (undone)")
        lines = [
            clip(
                f"`{e.version:>3}` <@{e.actor_id}> {e.action}{undone if e.undone else ''}: "
                f"{stored_log(e.detail, t) or e.summary}",
                300,
            )
            for e in reversed(events)
        ]
        embed = discord.Embed(
            title=t("Boss Fight #{id}: the last steps", id=game.id),
            description=clip("\n".join(lines) or t("Nothing yet."), 4000),
        )
        await Post(embeds=[embed], ephemeral=True).send(interaction)

    @app_commands.command(name="cards", description="A card's text and points (any time)")
    @app_commands.describe(name="The card")
    async def cards(self, interaction: discord.Interaction, name: str) -> None:
        game = await KIT.find(interaction)
        source = game.state.fight if game is not None and game.state.fight is not None else catalog()
        t = reader(interaction)
        try:
            text = describe_card(source, name).text(t)
        except RuleError:
            text = describe_card(catalog(), name).text(t)
        await Post(content=text, ephemeral=True).send(interaction)

    @app_commands.command(name="piles", description="A character's public piles: discard, expended, used")
    @app_commands.describe(character="A character")
    async def piles(self, interaction: discord.Interaction, character: str) -> None:
        game = await KIT.load(interaction)
        fight = game.state.fight
        if fight is None:
            raise RuleError(_("The piles exist once the pieces are being placed."))
        wanted = fight.character(character).id
        c = next(x for x in public_view(fight).characters if x.id == wanted)
        t = reader(interaction)
        discard, expended, used = (", ".join(pile) or t("empty") for pile in (c.discard, c.expended, c.used))
        lines = [
            t("**{name}**: deck {deck}, hand {hand} (private)", name=c.name, deck=c.deck_size,
              hand=c.hand_size),
            t("Discard: {cards}", cards=discard),
            t("Expended: {cards}", cards=expended),
            t("Used: {cards}", cards=used),
        ]
        await Post(content="\n".join(lines), ephemeral=True).send(interaction)

    @app_commands.command(
        name="undo", description="Undo the last step (the other side confirms; the host at once)"
    )
    async def undo(self, interaction: discord.Interaction) -> None:
        await do_undo(interaction)

    @app_commands.command(name="concede", description="Concede the fight for your side")
    async def concede(self, interaction: discord.Interaction) -> None:
        game = await KIT.load(interaction)
        state: BFGame = game.state
        user = interaction.user.id
        if (
            side_of(state, user) == "heroes"
            and state.fight is not None
            and concede_voters(state)
            and user not in concede_voters(state)
        ):
            # The party was already asked: this typed /bf concede is the agreement the button gives.
            await do_concede(interaction, answering=True)
            return
        await concede_question(state, user, game.id, game.version, reader(interaction)).send(interaction)

    @app_commands.command(name="end", description="Close this game (the host or Manage Server)")
    async def end(self, interaction: discord.Interaction) -> None:
        def change(state: BFGame, game: Game[BFGame]) -> Change[BFGame]:
            over = bool(state.conceded) or (state.fight is not None and state.fight.is_over())
            if not over and interaction.user.id != state.host and not is_manager(interaction):
                raise RuleError(
                    _(
                        "Only the host ({host}) or a Manage Server member can end the game before it "
                        "is over; `/bf concede` gives up your side.",
                        host=mention(state.host),
                    )
                )
            return Change(state, summary="ended the game", end=True)

        shown = await KIT.step(interaction, "end", change)
        t = await channel(interaction)
        text = t(
            "Boss Fight #{id} closed by {player}. `/bf new` opens another.",
            id=shown.id,
            player=interaction.user.mention,
        )
        if shown.state.fight is not None:
            text += f"\n{ending(shown.state, t)}"
        await Post(content=text).send(interaction)
        await self.bot.scheduler.cancel(f"bf:nudge:{shown.id}")  # type: ignore[attr-defined]

    @app_commands.command(name="remind", description="Ping the player whose turn it is")
    async def remind(self, interaction: discord.Interaction) -> None:
        game = await KIT.load(interaction)
        fight = game.state.fight
        if fight is None or fight.current is None or fight.is_over():
            raise RuleError(_("Nobody has a turn to take right now."))
        user = controller(game.state, fight.current.id)
        await Post(
            content=f"⏰ {interaction.user.mention} reminds: {turn_prompt(game.state)}",
            mentions=discord.AllowedMentions(
                users=[discord.Object(user)] if user else [], everyone=False, roles=False
            ),
        ).send(interaction)
        await schedule_nudge(interaction, Shown(game.id, game.version, game.state, game.record.created_by))

    @cards.autocomplete("name")
    @autocomplete
    async def _all_cards(self, interaction: discord.Interaction, current: str) -> list[tuple[str, str]]:
        return card_choices(current)

    @piles.autocomplete("character")
    @board.autocomplete("character")
    @autocomplete
    async def _people(self, interaction: discord.Interaction, current: str) -> list[tuple[str, str]]:
        game = await KIT.find(interaction)
        if game is None or game.state.fight is None:
            return []
        return [(c.name, c.name) for c in game.state.fight.characters if current.lower() in c.name.lower()]
