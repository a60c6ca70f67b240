"""/its: mission, rule and card look-up, classified draws, and the two-player score sheet.

Each handler reads options, loads the channel's game, calls ``rules.its``, saves and answers.
Private information (pairs, kept cards, the INTELCOM card, Highly Classified's Secondary) only
ever goes into ephemeral replies to its owner; the channel sees counts until ``reveal``.
"""

from __future__ import annotations

import asyncio
import io
import logging
import re
from collections.abc import Callable

import discord
from discord import app_commands
from discord.app_commands import Choice
from discord.ext import commands

from bot.games import ChannelBusy, Game, MovedOn, NoGameHere
from bot.limits import MAX_CHOICE_CHARS, clip
from bot.views import is_manager, open_form
from cogs.its import embeds
from cogs.its.library import ItsContent, SpecialRuleEntry
from cogs.its.state import KIND, ItsMatch, Seat, draw_names, open_seats
from cogs.its.views import (
    MODAL_PREFIX,
    countermeasures_view,
    end_view,
    entry_modal,
    find_entry,
    intelcom_view,
    pager,
    parse_entry,
    private_view,
    sheet_view,
    suggestions,
)
from renderers.its_scoresheet import render_score_sheet
from rules.errors import NotFoundError, RuleError
from rules.its.classified import (
    INTELCOM_DIE,
    CardSource,
    ClassifiedState,
    CmAccomplish,
    CmEndTurn,
    CmFinish,
    CmSwap,
    DeclareIntelcom,
    DrawMode,
    Keep,
    Phase,
    Record,
    SecureHvt,
    Step,
    draw_setup_for,
    new_draw,
)
from rules.its.decks import DeckKind, pick_decks
from rules.its.scenario import Scenario
from rules.its.scoring import ScoreResult, SheetSide, Side, apply, controls, new_sheet, score_sheet
from rules.its.tiers import Tier

log = logging.getLogger("herald.its")

TIER_CHOICES = [Choice(name=f"{int(t)} points", value=int(t)) for t in Tier]
MODES = {
    "standard": {},
    "extreme": {"extreme": True},
    "high_difficulty": {"high_difficulty": True},
    "double_deck": {"double_deck": True},
}
MODE_CHOICES = [
    Choice(name="Standard (green deck)", value="standard"),
    Choice(name="Extreme Mode (red deck)", value="extreme"),
    Choice(name="High Difficulty (Highly Classified)", value="high_difficulty"),
    Choice(name="Double Deck extra (green and red)", value="double_deck"),
]
MAX_RECORD_CARDS = 10
#: Where a player's private cards live: said whenever a command finds none in this channel.
WHERE_DRAWS_LIVE = (
    "Classified objectives belong to the channel (or thread) where the match is played: run "
    "this command there, or start a draw here with /its classified draw."
)


def _choices(pairs: list[tuple[str, str]]) -> list[Choice[str]]:
    return [Choice(name=clip(label), value=value[:MAX_CHOICE_CHARS]) for label, value in pairs[:25]]


async def _safe(make: Callable[[], list[tuple[str, str]]]) -> list[Choice[str]]:
    """Autocomplete never raises: a failure shows no choices and is logged."""
    try:
        return _choices(make())
    except Exception:  # an autocomplete must always answer
        log.exception("ITS autocomplete failed")
        return []


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def _set_values(side: SheetSide) -> tuple[int, dict[str, object]]:
    """A sheet side without its empty entries: an unset entry and one set to 0 (or no, or
    nothing) are the same, so an edit between them changes nothing."""

    def filled(value: object) -> bool:
        if isinstance(value, dict):
            return any(value.values())
        if isinstance(value, list | tuple):
            return any(value)
        return bool(value)

    return side.victory_points, {k: v for k, v in side.values.items() if filled(v)}


def _draw_mode(draw: ClassifiedState) -> str:
    """The ``mode`` option a draw was started with."""
    if draw.setup.mode is DrawMode.HIGH_DIFFICULTY:
        return "high_difficulty"
    if draw.setup.extreme:
        return "extreme"
    return "double_deck" if draw.setup.double_deck else "standard"


class Its(commands.Cog, name="ITS"):
    """Infinity ITS Season 14."""

    its = app_commands.Group(
        name="its", description="Infinity ITS Season 14: missions, rules, classified objectives, scores"
    )
    classified = app_commands.Group(name="classified", description="Classified objectives", parent=its)

    def __init__(self, bot: commands.Bot, content: ItsContent) -> None:
        self.bot = bot
        self.content = content

    async def cog_load(self) -> None:
        # The sheet's entry form is answered from its custom id, even after a restart.
        self.bot.forms.add(rf"{MODAL_PREFIX}(\d+):([ab]):(\d+):(#\d+|[a-z0-9_-]+)", self._submit_entry)  # type: ignore[attr-defined]
        self.bot.forms.add(rf"{MODAL_PREFIX}.*", self._stale_form)  # type: ignore[attr-defined]

    async def cog_unload(self) -> None:
        self.bot.forms.remove(self._submit_entry)  # type: ignore[attr-defined]
        self.bot.forms.remove(self._stale_form)  # type: ignore[attr-defined]

    # -- look-up ------------------------------------------------------------------------------

    @its.command(name="mission", description="An ITS scenario: objectives, deployment, special rules")
    @app_commands.describe(
        name="Scenario name or alias (any part of it)", tier="Army points (all tiers if left out)"
    )
    @app_commands.choices(tier=TIER_CHOICES)
    async def mission(self, interaction: discord.Interaction, name: str, tier: int | None = None) -> None:
        if not name.strip():
            raise RuleError(
                "Type a scenario name (or part of one, for example `acqui`) and pick it from the list."
            )
        try:
            scenario = self.content.scenario(name)
        except NotFoundError:
            await self._did_you_mean(interaction, "m", name, tier or 0)
            return
        await self.show_lookup(interaction, "m", scenario.id, tier or 0, 0, edit=False)

    @mission.autocomplete("name")
    async def _mission_names(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        return await _safe(lambda: self.content.scenario_choices(current))

    @its.command(name="rule", description="An ITS rule, or a scenario special rule by name")
    @app_commands.describe(topic="Topic or special rule (for example Pairings, Master Breacher)")
    async def rule(self, interaction: discord.Interaction, topic: str) -> None:
        try:
            item = self.content.rule(topic)
        except NotFoundError:
            await self._did_you_mean(interaction, "r", topic, 0)
            return
        ref = f"r:{item.key}" if isinstance(item, SpecialRuleEntry) else f"t:{item.id}"
        await self.show_lookup(interaction, "r", ref, 0, 0, edit=False)

    @rule.autocomplete("topic")
    async def _rule_names(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        return await _safe(lambda: self.content.rule_choices(current))

    @classified.command(name="card", description="One Classified Objective card")
    @app_commands.describe(name="Card name (or deck:number)")
    async def card(self, interaction: discord.Interaction, name: str) -> None:
        try:
            deck, found = self.content.card(name)
        except NotFoundError:
            if not self.content.suggest_cards(name):
                raise  # its message says why (a card number no deck has, say)
            await self._did_you_mean(interaction, "c", name, 0)
            return
        await interaction.response.send_message(embed=embeds.card_embed(deck, found))

    @card.autocomplete("name")
    async def _card_names(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        return await _safe(lambda: self.content.card_choices(current))

    async def _did_you_mean(self, interaction: discord.Interaction, kind: str, text: str, tier: int) -> None:
        what = {"m": "ITS scenario", "r": "ITS rule or scenario special rule", "c": "classified card"}[kind]
        if kind == "m":
            options = [(self.content.scenarios.get(v).name, v) for v in self.content.suggest_scenarios(text)]
        elif kind == "r":
            options = [(self.content.rule_label(v), v) for v in self.content.suggest_rules(text)]
        else:
            options = [(self.content.card(v)[1].label, v) for v in self.content.suggest_cards(text)]
        shown = clip(text.strip(), 60)
        if not options:
            raise NotFoundError(f"No {what} is called {shown!r}.")
        await interaction.response.send_message(
            f"No {what} is called {shown!r}. Did you mean one of these?",
            view=suggestions(kind, tier, options),
            ephemeral=True,
        )

    async def show_lookup(
        self, interaction: discord.Interaction, kind: str, ref: str, tier: int, page: int, *, edit: bool
    ) -> None:
        """Show a mission (``m``), rule (``r``) or card (``c``) page, as a reply or in place."""
        view: discord.ui.View | None
        if kind == "c":
            deck, found = self.content.card(ref)
            embed, view = embeds.card_embed(deck, found), None
        else:
            if kind == "m":
                pages = embeds.mission_pages(self.content.scenarios.get(ref), Tier(tier) if tier else None)
            else:
                item = self.content.rule(ref)
                pages = (
                    embeds.special_rule_pages(item)
                    if isinstance(item, SpecialRuleEntry)
                    else embeds.topic_pages(item)
                )
            page = max(0, min(page, len(pages) - 1))
            embed, view = embeds.page_embed(pages, page), pager(kind, ref, tier, page, len(pages))
        if edit:
            await interaction.response.edit_message(content=None, embed=embed, view=view)
        elif view is None:
            await interaction.response.send_message(embed=embed)
        else:
            await interaction.response.send_message(embed=embed, view=view)

    # -- the channel's match ------------------------------------------------------------------

    async def _change(
        self,
        interaction: discord.Interaction,
        action: str,
        change: Callable[[ItsMatch | None], tuple[ItsMatch, str]],
        *,
        expect_game_id: int | None = None,
        expect_version: int | None = None,
    ) -> tuple[int, int, ItsMatch, ItsMatch | None]:
        """Start the channel's match or update it with ``change``; (game id, version, new, old)."""
        store = self.bot.games  # type: ignore[attr-defined]
        channel_id = interaction.channel_id
        assert channel_id is not None
        if expect_game_id is None and await store.active_record(channel_id) is None:
            state, summary = change(None)
            try:
                game: Game[ItsMatch] = await store.start(
                    channel_id=channel_id,
                    guild_id=interaction.guild_id,
                    kind=KIND.key,
                    state=state,
                    actor_id=interaction.user.id,
                    summary=summary,
                )
                return game.id, game.version, state, None
            except ChannelBusy:
                pass  # someone started a game here at the same moment: update theirs below
        async with store.update(
            channel_id,
            ItsMatch,
            kind=KIND.key,
            actor_id=interaction.user.id,
            action=action,
            expect_game_id=expect_game_id,
            expect_version=expect_version,
        ) as handle:
            old = handle.state
            state, summary = change(old)
            if state is not old:
                handle.state, handle.summary = state, summary
        return handle.id, handle.version or handle.record.version, handle.state, old

    async def _load(self, interaction: discord.Interaction) -> Game[ItsMatch]:
        return await self.bot.games.get(interaction.channel_id, ItsMatch, KIND.key)  # type: ignore[attr-defined]

    async def _load_for(self, interaction: discord.Interaction, game_id: int) -> Game[ItsMatch]:
        """The channel's match for a button of match ``game_id``: "moved on" when it has ended."""
        try:
            game = await self._load(interaction)
        except NoGameHere:
            game = None
        if game is None or game.id != game_id:
            raise MovedOn(
                "This match has moved on (it was ended or replaced), so that control no longer applies."
            )
        return game

    def _scenario_name(self, scenario_id: str | None) -> str:
        try:
            return self.content.scenarios.get(scenario_id or "").name
        except NotFoundError:
            return scenario_id or "?"

    def _decks(self, deck: str | None):  # type: ignore[no-untyped-def]
        if deck is None:
            return pick_decks(self.content.decks)
        chosen = self.content.decks.get(deck)
        if chosen is None:
            known = ", ".join(sorted(self.content.decks)) or "none"
            raise NotFoundError(f"No classified deck {deck!r} is loaded; the loaded decks are: {known}.")
        if chosen.kind is DeckKind.EXTREME:
            return pick_decks(self.content.decks, extreme_id=deck)
        return pick_decks(self.content.decks, standard_id=deck)

    # -- classified ---------------------------------------------------------------------------

    @classified.command(name="draw", description="Draw your classified objectives for a scenario (privately)")
    @app_commands.describe(
        mission="Scenario name",
        deck="Classified deck to deal from (default: Season 14 standard)",
        mode="Extreme, High Difficulty or the Double Deck extra",
    )
    @app_commands.choices(mode=MODE_CHOICES)
    async def draw(
        self, interaction: discord.Interaction, mission: str, deck: str | None = None, mode: str | None = None
    ) -> None:
        await self._draw_or_record(interaction, mission, deck, mode or "standard", CardSource.DEALT)

    @draw.autocomplete("mission")
    async def _draw_missions(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        return await _safe(lambda: self.content.scenario_choices(current))

    @draw.autocomplete("deck")
    async def _draw_decks(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        key = current.casefold()
        return await _safe(
            lambda: [
                (f"{d.name} ({d.kind.value})", d.id)
                for d in self.content.decks.values()
                if key in d.id.casefold() or key in d.name.casefold()
            ]
        )

    async def _draw_or_record(
        self,
        interaction: discord.Interaction,
        mission: str | None,
        deck: str | None,
        mode: str,
        source: CardSource,
        cards: list[str] | None = None,
    ) -> None:
        user = interaction.user
        rng = self.bot.rng  # type: ignore[attr-defined]
        scenario: Scenario | None = self.content.scenario(mission) if mission else None
        seat_box: list[int] = []
        notes: list[str] = []

        def fresh(match_seats: list[Seat], chosen: Scenario) -> ClassifiedState:
            setup = draw_setup_for(chosen.id, scenario_name=chosen.name, **MODES.get(mode, {}))  # type: ignore[arg-type]
            standard, extreme = self._decks(deck)
            return new_draw(
                setup,
                players=draw_names(match_seats),
                deck=standard,
                extreme_deck=extreme,
                rng=rng,
                source=source,
                waiting=open_seats(match_seats),
            )

        def change(old: ItsMatch | None) -> tuple[ItsMatch, str]:
            notes.clear()
            match = old or ItsMatch()
            match, seat = match.seat_for(user.id, user.display_name, rng)
            seat_box.append(seat)
            chosen = scenario
            if match.draw is None:
                if chosen is None and match.sheet is not None:
                    chosen = self.content.scenarios.get(match.sheet.scenario_id)
                if chosen is None:
                    raise RuleError(
                        "Say which scenario these cards are for: add the mission option, for example "
                        "`/its classified record cards:Sabotage mission:Acquisition`."
                    )
                if match.sheet is not None and chosen.id != match.sheet.scenario_id:
                    scored = self._scenario_name(match.sheet.scenario_id)
                    raise RuleError(
                        f"This channel's match is {scored}: its score sheet is for {scored}, so draw "
                        f"for it too (`mission:{scored}`). To play {chosen.name} instead, finish this "
                        "match with /its end first, or use another thread."
                    )
                match = match.model_copy(
                    update={"draw": fresh(match.seats, chosen), "draw_scenario": chosen.id}
                )
                notes.append("new")
            elif chosen is not None and chosen.id != match.draw_scenario:
                raise RuleError(
                    f"This channel's classified draw is for {self._scenario_name(match.draw_scenario)}, not "
                    f"{chosen.name}. Finish that match with /its end, or draw in another channel or thread."
                )
            else:
                draw = match.draw
                decks = {c.deck_id for c in draw.pool}
                if (deck is not None and deck not in decks) or (
                    source is CardSource.DEALT and mode != "standard" and mode != _draw_mode(draw)
                ):
                    notes.append("options ignored")
            if cards is not None:
                draw = match.draw
                assert draw is not None
                match = match.model_copy(update={"draw": draw.apply(Record(player=seat, cards=cards), rng)})
            summary = (
                f"{user.display_name} recorded classified cards" if cards else f"{user.display_name} drew"
            )
            return match, summary

        game_id, _version, match, old = await self._change(interaction, "classified", change)
        seat = seat_box[-1]
        draw = match.draw
        assert draw is not None
        name = self._scenario_name(match.draw_scenario)
        ignored = ""
        if "options ignored" in notes:
            decks = ", ".join(
                sorted(
                    {self.content.decks[c.deck_id].name for c in draw.pool if c.deck_id in self.content.decks}
                )
            )
            started = (
                f"{match.seats[0].name} started this draw" if seat != 0 else "this draw is already dealt"
            )
            ignored = (
                f"Your deck/mode choice was not used: {started}, and both players "
                f"draw with the same setup ({decks}; mode {_draw_mode(draw).replace('_', ' ')}). To "
                "use other options, end this match with /its end and draw again."
            )
        await interaction.response.send_message(
            ignored or discord.utils.MISSING,
            embed=embeds.private_draw_embed(match, seat, name),
            view=private_view(game_id, draw, seat) or discord.utils.MISSING,
            ephemeral=True,
        )
        public: list[str] = []
        joined = old is not None and old.draw is not None and old.seat_of(user.id) is None
        if "new" in notes:
            if source is CardSource.PHYSICAL:
                public.append(
                    f"{user.mention} started recording the classified objectives they draw from "
                    f"printed cards for **{name}**."
                )
            else:
                public.append(f"{user.mention} started drawing classified objectives for **{name}**.")
        elif joined:
            public.append(f"{user.mention} joined the classified draw for **{name}**.")
        elif draw.phase is Phase.COUNTERMEASURES:
            # A player asking again gets the tracker anew (older copies may be far up the channel).
            public.append(f"{user.mention} asked for the current Countermeasures tracker.")
        public.extend(self._progress(old, match, seat, joined=joined))
        await self._announce(interaction, game_id, match, public, old)

    def _progress(self, old: ItsMatch | None, new: ItsMatch, seat: int, *, joined: bool = False) -> list[str]:
        """Public lines about what changed for ``seat``: counts and open information only.

        ``joined``: the player just took the open seat, so a hand dealt earlier counts as new."""
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
                f"{name} recorded Main Classified Objectives: "
                + ", ".join(draw.card(k).label for k in new_mains)
            )
        if p.step is Step.DONE and (before is None or before.step is not Step.DONE):
            lines.append(f"**{name}** has drawn {_plural(len(p.kept), 'classified objective')}.")
        elif (
            draw.phase is Phase.DRAWING
            and draw.setup.intelcom
            and not draw.intelcom_order
            and p.kept
            and (before is None or not before.kept)
        ):
            lines.append(
                f"**{name}** has kept their first classified objective. The INTELCOM roll-off comes "
                "as soon as both players have, before anyone sees more cards."
            )
        return lines

    async def _announce(
        self,
        interaction: discord.Interaction,
        game_id: int,
        match: ItsMatch,
        lines: list[str],
        old: ItsMatch | None,
    ) -> None:
        """Post public news of the draw: progress, the INTELCOM roll, the start of the game.

        A Countermeasures announcement carries a working tracker (at the match's tracker step)."""
        draw = match.draw
        assert draw is not None
        old_phase = old.draw.phase if old is not None and old.draw is not None else None
        names = [p.name for p in draw.players]
        view: discord.ui.View | None = None
        if draw.phase is Phase.INTELCOM and old_phase is not Phase.INTELCOM:
            rolls = "; ".join(
                f"{names[i]} rolled {', then '.join(map(str, draw.players[i].intelcom_roll))}"
                for i in range(len(names))
            )
            first = names[draw.intelcom_order[0]]
            lines.append(
                f"INTELCOM roll-off (each player rolls a d{INTELCOM_DIE}, a tie is rolled again, the "
                f"higher roll wins): {rolls}. **{first}** wins and declares first whether their first "
                "card is their INTELCOM Card."
            )
            view = intelcom_view(game_id, draw, names)
        elif draw.phase is Phase.DRAWING and old_phase is Phase.INTELCOM:
            how = (
                "record them with `/its classified record`"
                if draw.source is CardSource.PHYSICAL
                else "`/its classified mine` shows your next pair"
            )
            lines.append(
                f"INTELCOM declarations are made. Now choose the rest of your classified objectives: {how}."
            )
        elif draw.phase is Phase.SECURE_HVT and old_phase is not Phase.SECURE_HVT:
            hvt = (
                " At the end of the game, `/its classified mine` offers the Secure HVT swap (it stays "
                "private until you reveal)."
                if draw.setup.secure_hvt_offered
                else ""
            )
            lines.append(f"Classified objectives are set: play the game!{hvt}")
        if not lines:
            return
        if draw.phase is Phase.COUNTERMEASURES:
            view = countermeasures_view(game_id, match.tracker_step, draw)
        text = "\n".join(
            [*lines, "", embeds.public_draw_text(match, self._scenario_name(match.draw_scenario))]
        )
        if view is not None:
            await interaction.followup.send(clip(text, 2000), view=view)
        else:
            await interaction.followup.send(clip(text, 2000))

    def _owner(self, match: ItsMatch, seat: int, user_id: int) -> None:
        if seat >= len(match.seats) or match.seats[seat].user_id != user_id:
            owner = f"<@{match.seats[seat].user_id}>" if seat < len(match.seats) else "the other player"
            raise RuleError(
                f"Those are {owner}'s cards: only they can choose. Use /its classified mine for yours."
            )

    async def keep(
        self, interaction: discord.Interaction, game_id: int, seat: int, step: int, pick: int
    ) -> None:
        rng = self.bot.rng  # type: ignore[attr-defined]

        def change(old: ItsMatch | None) -> tuple[ItsMatch, str]:
            assert old is not None
            self._owner(old, seat, interaction.user.id)
            draw = old.draw
            if draw is None or draw.phase is not Phase.DRAWING:
                raise MovedOn("The draw has moved on: use /its classified mine to see your cards.")
            p = draw.players[seat]
            if len(p.kept) != step or pick >= len(p.pair):
                raise MovedOn(
                    "You already chose from that pair: use /its classified mine to see your cards now."
                )
            new = draw.apply(Keep(player=seat, card=p.pair[pick]), rng)
            return old.model_copy(update={"draw": new}), f"{old.seats[seat].name} kept a classified card"

        game_id, _, match, old = await self._change(
            interaction, "classified_keep", change, expect_game_id=game_id
        )
        draw = match.draw
        assert draw is not None
        await interaction.response.edit_message(
            embed=embeds.private_draw_embed(match, seat, self._scenario_name(match.draw_scenario)),
            view=private_view(game_id, draw, seat),
        )
        await self._announce(interaction, game_id, match, self._progress(old, match, seat), old)

    async def declare_intelcom(
        self, interaction: discord.Interaction, game_id: int, seat: int, use: bool
    ) -> None:
        def change(old: ItsMatch | None) -> tuple[ItsMatch, str]:
            assert old is not None
            self._owner(old, seat, interaction.user.id)
            draw = old.draw
            if draw is None or draw.phase is not Phase.INTELCOM or draw.players[seat].intelcom is not None:
                raise MovedOn("That INTELCOM choice is already made.")
            new = draw.apply(DeclareIntelcom(player=seat, use=use), self.bot.rng)  # type: ignore[attr-defined]
            return old.model_copy(update={"draw": new}), f"{old.seats[seat].name} declared INTELCOM"

        game_id, _, match, old = await self._change(
            interaction, "classified_intelcom", change, expect_game_id=game_id
        )
        draw = match.draw
        assert draw is not None
        names = [p.name for p in draw.players]
        text = embeds.public_draw_text(match, self._scenario_name(match.draw_scenario))
        view = intelcom_view(game_id, draw, names)
        await interaction.response.edit_message(content=clip(text, 2000), view=view)
        await self._announce(interaction, game_id, match, [], old)

    async def secure_hvt(
        self, interaction: discord.Interaction, game_id: int, seat: int, pick: int | None
    ) -> None:
        def change(old: ItsMatch | None) -> tuple[ItsMatch, str]:
            assert old is not None
            self._owner(old, seat, interaction.user.id)
            draw = old.draw
            if draw is None or draw.phase is not Phase.SECURE_HVT or draw.players[seat].secure_hvt_decided:
                raise MovedOn("Your Secure HVT choice is already made.")
            p = draw.players[seat]
            if pick is not None and pick >= len(p.kept):
                raise MovedOn("Those cards have changed: use /its classified mine again.")
            replace = None if pick is None else p.kept[pick]
            new = draw.apply(SecureHvt(player=seat, replace=replace), self.bot.rng)  # type: ignore[attr-defined]
            return old.model_copy(update={"draw": new}), f"{old.seats[seat].name} made a private choice"

        game_id, _, match, _old = await self._change(
            interaction, "classified_hvt", change, expect_game_id=game_id
        )
        draw = match.draw
        assert draw is not None
        await interaction.response.edit_message(
            embed=embeds.private_draw_embed(match, seat, self._scenario_name(match.draw_scenario)),
            view=private_view(game_id, draw, seat),
        )
        # The swap is private information: the channel learns it from /its classified reveal,
        # unless this player's cards are already revealed.
        p = draw.players[seat]
        if seat in match.revealed and p.secure_hvt_replaces is not None:
            name = match.seats[seat].name
            await interaction.followup.send(
                f"**{name}** swapped {draw.card(p.secure_hvt_replaces).label} for Secure HVT at the end "
                "of the game."
            )

    async def countermeasures(
        self, interaction: discord.Interaction, game_id: int, step: int | None, act: str, pick: int
    ) -> None:
        """The shared Countermeasures tracker: a player achieved or swaps a card, the turn ends.

        ``step`` is the tracker step the message showed (None on a button from an older Herald):
        only another press of the tracker makes it stale, never the draw or the sheet."""
        user = interaction.user
        rng = self.bot.rng  # type: ignore[attr-defined]

        def change(old: ItsMatch | None) -> tuple[ItsMatch, str]:
            assert old is not None
            draw = old.draw
            if draw is None or draw.phase is not Phase.COUNTERMEASURES:
                raise MovedOn("The Countermeasures tracker has finished.")
            if step is None or step != old.tracker_step:
                raise MovedOn(self._stale_tracker(old, step is None))
            match, found = old, old.seat_of(user.id)
            if found is not None:
                seat = found
            elif act in "ef" and is_manager(interaction):
                seat = -1
            elif len(old.seats) >= 2:
                raise RuleError(
                    f"This channel's ITS match is between {old.player_list()}: only they can take part."
                )
            else:
                name = self._scenario_name(old.draw_scenario)
                raise RuleError(
                    f"Only {old.player_list()} is playing this {name} game so far. To be the second "
                    f"player, run `/its classified draw mission:{name}` yourself; pressing these "
                    "buttons doesn't make you a player."
                )
            draw = match.draw
            assert draw is not None
            if act in "as" and pick >= len(draw.current):
                raise MovedOn("That objective is no longer on the table: use the newest tracker message.")
            name = match.seats[seat].name if seat >= 0 else user.display_name
            if act == "a":
                card = draw.current[pick]
                action, summary = (
                    CmAccomplish(players=[seat], card=card),
                    f"{name} achieved a mission objective",
                )
            elif act == "s":
                action, summary = CmSwap(player=seat, card=draw.current[pick]), f"{name} swapped an objective"
            elif act == "e":
                action, summary = CmEndTurn(), f"{name} ended the Player Turn"
            else:
                action, summary = CmFinish(), f"{name} ended the Countermeasures game"
            new = draw.apply(action, rng)
            return match.model_copy(update={"draw": new, "tracker_step": old.tracker_step + 1}), summary

        game_id, _version, match, _old = await self._change(
            interaction, "countermeasures", change, expect_game_id=game_id
        )
        draw = match.draw
        assert draw is not None
        await interaction.response.edit_message(
            content=clip(embeds.countermeasures_text(match, self._scenario_name(match.draw_scenario)), 2000),
            view=countermeasures_view(game_id, match.tracker_step, draw),
        )

    def _stale_tracker(self, match: ItsMatch, legacy: bool) -> str:
        """Why a tracker button no longer applies, and how to get one that does."""
        why = (
            "These tracker buttons are from an older version of Herald"
            if legacy
            else "This tracker message is out of date: the tracker was used from another copy of it"
        )
        name = self._scenario_name(match.draw_scenario)
        return (
            f"{why}. To get the current tracker, run `/its classified draw mission:{name}` again (it "
            "posts the tracker to the channel) or `/its classified mine` (only you see it)."
        )

    @classified.command(name="mine", description="See your own classified objectives again (only you)")
    async def mine(self, interaction: discord.Interaction) -> None:
        try:
            game = await self._load(interaction)
        except NoGameHere:
            raise RuleError(
                f"There is no ITS match in this channel, so no classified objectives. {WHERE_DRAWS_LIVE}"
            ) from None
        match = game.state
        seat = match.seat_of(interaction.user.id)
        if match.draw is None or seat is None:
            raise RuleError(f"You have no classified objectives in this channel. {WHERE_DRAWS_LIVE}")
        name = self._scenario_name(match.draw_scenario)
        if match.draw.phase is Phase.COUNTERMEASURES:
            # The tracker is open information; this copy works like the channel's.
            await interaction.response.send_message(
                clip(embeds.countermeasures_text(match, name), 2000),
                view=countermeasures_view(game.id, match.tracker_step, match.draw) or discord.utils.MISSING,
                ephemeral=True,
            )
            return
        await interaction.response.send_message(
            embed=embeds.private_draw_embed(match, seat, name),
            view=private_view(game.id, match.draw, seat) or discord.utils.MISSING,
            ephemeral=True,
        )

    @classified.command(name="reveal", description="Show your classified objectives to the channel")
    async def reveal(self, interaction: discord.Interaction) -> None:
        def change(old: ItsMatch | None) -> tuple[ItsMatch, str]:
            if old is None or old.draw is None or old.seat_of(interaction.user.id) is None:
                raise RuleError(
                    "You have no classified objectives in this channel: start with /its classified draw."
                )
            seat = old.seat_of(interaction.user.id)
            assert seat is not None
            if old.draw.players[seat].step is not Step.DONE or not old.draw.players[seat].kept:
                raise RuleError(
                    "Finish choosing your classified objectives first (see /its classified mine)."
                )
            if seat in old.revealed:
                raise RuleError(
                    "You have already revealed your classified objectives: they are in the channel "
                    "above. /its classified mine shows them to you again."
                )
            revealed = sorted({*old.revealed, seat})
            return old.model_copy(update={"revealed": revealed}), f"{old.seats[seat].name} revealed"

        game = await self._load(interaction)
        _, _, match, _old = await self._change(
            interaction, "classified_reveal", change, expect_game_id=game.id
        )
        seat = match.seat_of(interaction.user.id)
        assert seat is not None
        await interaction.response.send_message(
            embed=embeds.reveal_embed(match, seat, self._scenario_name(match.draw_scenario))
        )

    @classified.command(name="record", description="Record the printed cards you drew yourself")
    @app_commands.describe(
        cards="Card numbers or names, separated by commas (for example: 3, 7 or Sabotage, Predator)",
        mission="Scenario (needed only when nothing is drawn in this channel yet)",
    )
    async def record(self, interaction: discord.Interaction, cards: str, mission: str | None = None) -> None:
        parts = [p.strip() for p in re.split(r"[,;\n]+", cards) if p.strip()]
        if not parts:
            raise RuleError("List the cards you kept, by number or name, separated by commas.")
        if len(parts) > MAX_RECORD_CARDS:
            raise RuleError(f"That is {len(parts)} cards; no scenario needs more than {MAX_RECORD_CARDS}.")
        await self._draw_or_record(interaction, mission, None, "standard", CardSource.PHYSICAL, parts)

    @record.autocomplete("mission")
    async def _record_missions(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        return await _safe(lambda: self.content.scenario_choices(current))

    # -- the score sheet ----------------------------------------------------------------------

    @its.command(name="score", description="Start the interactive score sheet for your game")
    @app_commands.describe(mission="Scenario name", tier="Army points", opponent="Who you are playing")
    @app_commands.choices(tier=TIER_CHOICES)
    async def score(
        self, interaction: discord.Interaction, mission: str, tier: int, opponent: discord.User
    ) -> None:
        user = interaction.user
        if opponent.id == user.id:
            raise RuleError("Pick your opponent, not yourself, for the score sheet.")
        if opponent.bot:
            raise RuleError("Bots don't play Infinity: pick the person you are playing against.")
        scenario = self.content.scenario(mission)
        fresh = new_sheet(scenario, tier)

        def change(old: ItsMatch | None) -> tuple[ItsMatch, str]:
            match = old or ItsMatch()
            rng = self.bot.rng  # type: ignore[attr-defined]
            match, _ = match.seat_for(user.id, user.display_name, rng)
            match, _ = match.seat_for(opponent.id, opponent.display_name, rng)
            if match.draw is not None and match.draw_scenario != fresh.scenario_id:
                drawn = self._scenario_name(match.draw_scenario)
                raise RuleError(
                    f"This channel's match is {drawn}: the classified objectives were drawn for it, so "
                    f"the score sheet must be for {drawn} too (`/its score mission:{drawn}`). To play "
                    f"{scenario.name} instead, finish this match with /its end first, or use another "
                    "thread."
                )
            if match.sheet is not None:
                if match.sheet.scenario_id == fresh.scenario_id and match.sheet.tier == fresh.tier:
                    return match, ""  # the same sheet again: post it anew
                raise RuleError(
                    "This channel already has a score sheet for "
                    f"{self._scenario_name(match.sheet.scenario_id)} at {int(match.sheet.tier)} points. "
                    "Finish it with /its end first, or use another thread."
                )
            names = " vs ".join(s.name for s in match.seats)
            return match.model_copy(
                update={"sheet": fresh, "confirmed": [], "sheet_step": match.sheet_step + 1}
            ), f"score sheet {scenario.name}: {names}"

        game_id, _version, match, old = await self._change(interaction, "score_start", change)
        embed, view = self._sheet_message(game_id, match)
        await interaction.response.send_message(embed=embed, view=view or discord.utils.MISSING)
        await self._seated_by_score(interaction, game_id, match, old)

    async def _seated_by_score(
        self, interaction: discord.Interaction, game_id: int, match: ItsMatch, old: ItsMatch | None
    ) -> None:
        """Tell the channel when /its score gave someone the open seat of a waiting draw.

        Taking the seat deals them the hand kept for it, just as drawing would; the channel hears
        it the same way, plus where the newcomer finds their cards (never which cards)."""
        if old is None or old.draw is None or match.draw is None:
            return
        newcomers = [
            i
            for i, s in enumerate(match.seats)
            if old.seat_of(s.user_id) is None and i < len(match.draw.players)
        ]
        if not newcomers:
            return
        name = self._scenario_name(match.draw_scenario)
        lines: list[str] = []
        for seat in newcomers:
            who = f"<@{match.seats[seat].user_id}>"
            lines.append(
                f"{who} joined the classified draw for **{name}** with this score sheet."
                + self._where_cards(match.draw)
            )
            lines.extend(self._progress(old, match, seat, joined=True))
        await self._announce(interaction, game_id, match, lines, old)

    @staticmethod
    def _where_cards(draw: ClassifiedState) -> str:
        if draw.phase is Phase.COUNTERMEASURES:
            return " The objectives are shared: the tracker below is for both players."
        if draw.source is CardSource.PHYSICAL:
            return (
                " Record the printed cards you draw with `/its classified record`; "
                "`/its classified mine` shows what you have recorded (only to you)."
            )
        return " Your cards are dealt: `/its classified mine` shows them to you alone."

    @score.autocomplete("mission")
    async def _score_missions(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        return await _safe(lambda: self.content.scenario_choices(current))

    def _sheet_parts(self, match: ItsMatch) -> tuple[Scenario, ScoreResult]:
        assert match.sheet is not None
        scenario = self.content.scenarios.get(match.sheet.scenario_id)
        return scenario, score_sheet(scenario, match.sheet)

    def _sheet_message(self, game_id: int, match: ItsMatch) -> tuple[discord.Embed, discord.ui.View | None]:
        """The sheet's embed and controls; a final sheet (both confirmed) has no controls."""
        scenario, result = self._sheet_parts(match)
        sheet = match.sheet
        assert sheet is not None
        if self._final(match):
            return embeds.sheet_embed(match, scenario, result), None
        view = sheet_view(
            game_id,
            match.sheet_step,
            match.names(),
            (sheet.a, sheet.b),
            controls(scenario, sheet.tier),
            match.confirmed,
            embeds.entry_text,
        )
        return embeds.sheet_embed(match, scenario, result), view

    @staticmethod
    def _final(match: ItsMatch) -> bool:
        return set(match.confirmed) == {Side.A, Side.B}

    def _not_final(self, match: ItsMatch) -> None:
        if self._final(match):
            raise RuleError(
                "This score sheet is final: both players confirmed it and the result is posted. "
                "To score the game again, start over with /its end and then /its score."
            )

    def _may_confirm(self, interaction: discord.Interaction, match: ItsMatch, side: Side) -> None:
        seat = 0 if side is Side.A else 1
        if seat < len(match.seats) and match.seats[seat].user_id == interaction.user.id:
            return
        owner = match.seats[seat].name if seat < len(match.seats) else "that player"
        raise RuleError(
            f"Only {owner} can confirm {owner}'s side: confirming is each player's own agreement "
            "with the result (a Manage Server member may still correct entries)."
        )

    def _may_edit(self, interaction: discord.Interaction, match: ItsMatch, side: Side) -> None:
        seat = 0 if side is Side.A else 1
        if seat < len(match.seats) and match.seats[seat].user_id == interaction.user.id:
            return
        if is_manager(interaction):
            return
        owner = match.seats[seat].name if seat < len(match.seats) else "that player"
        raise RuleError(
            f"Only {owner} (or a Manage Server member) can change {owner}'s side of this score sheet."
        )

    async def open_entry(
        self, interaction: discord.Interaction, game_id: int, step: int | None, side: Side, entry_id: str
    ) -> None:
        game = await self._load_for(interaction, game_id)
        match = game.state
        if match.sheet is None:
            raise MovedOn("This channel's score sheet is gone: start one with /its score.")
        self._not_final(match)
        if step is None or step != match.sheet_step:
            raise MovedOn(self._stale_sheet(match, step is None, interaction.user.id))
        self._may_edit(interaction, match, side)
        scenario = self.content.scenarios.get(match.sheet.scenario_id)
        found = find_entry(controls(scenario, match.sheet.tier), entry_id)
        if found is None:
            raise MovedOn("That objective is not on this sheet any more.")
        index, control = found
        values = match.sheet.side(side)
        message_id = interaction.message.id if interaction.message else 0
        modal = entry_modal(
            game_id=game.id,
            side=side,
            message_id=message_id,
            control=control,
            index=index,
            name=match.names()[0 if side is Side.A else 1],
            value=values.values.get(control.entry_id),
            victory_points=values.victory_points,
        )
        await open_form(interaction, modal)

    async def _stale_form(
        self, interaction: discord.Interaction, match: re.Match[str], texts: dict[str, str]
    ) -> None:
        raise MovedOn("That form is from an older version of Herald: open it again from the sheet.")

    async def _submit_entry(
        self, interaction: discord.Interaction, match_id: re.Match[str], texts: dict[str, str]
    ) -> None:
        game_id, side, message_id, entry_id = (
            int(match_id[1]),
            Side(match_id[2]),
            int(match_id[3]),
            match_id[4],
        )
        ordered = [texts[k] for k in sorted(texts, key=lambda k: int(k[1:]) if k[1:].isdecimal() else 99)]

        def change(old: ItsMatch | None) -> tuple[ItsMatch, str]:
            assert old is not None
            if old.sheet is None:
                raise MovedOn("This channel's score sheet is gone: start one with /its score.")
            self._not_final(old)
            self._may_edit(interaction, old, side)
            scenario = self.content.scenarios.get(old.sheet.scenario_id)
            found = find_entry(controls(scenario, old.sheet.tier), entry_id)
            if found is None:
                raise MovedOn("That objective is not on this sheet any more.")
            control = found[1]
            value = parse_entry(control, ordered)
            sheet = apply(scenario, old.sheet, side, control.entry_id, value)
            if _set_values(sheet.side(side)) == _set_values(old.sheet.side(side)):
                return old, ""  # nothing changed (say 0 to 0): the confirmations stand
            who = old.names()[0 if side is Side.A else 1]
            update = {"sheet": sheet, "confirmed": [], "sheet_step": old.sheet_step + 1}
            return old.model_copy(update=update), f"{who}: {control.label}"

        game_id, _version, match, _old = await self._change(
            interaction, "score_edit", change, expect_game_id=game_id
        )
        await interaction.response.defer()
        embed, view = self._sheet_message(game_id, match)
        channel = interaction.channel
        if message_id and channel is not None and hasattr(channel, "get_partial_message"):
            try:
                await channel.get_partial_message(message_id).edit(embed=embed, view=view)
                return
            except discord.HTTPException:
                log.warning("could not edit ITS sheet message %s; posting a new one", message_id)
        await interaction.followup.send(embed=embed, view=view or discord.utils.MISSING)

    async def confirm(
        self, interaction: discord.Interaction, game_id: int, step: int | None, side: Side
    ) -> None:
        await self._load_for(interaction, game_id)

        def change(old: ItsMatch | None) -> tuple[ItsMatch, str]:
            assert old is not None
            if old.sheet is None:
                raise MovedOn("This channel's score sheet is gone: start one with /its score.")
            self._not_final(old)  # before the step check: say why, not just "out of date"
            if step is None or step != old.sheet_step:
                # Confirming means agreeing with what you saw: a changed sheet must be seen first.
                raise MovedOn(self._stale_sheet(old, step is None, interaction.user.id))
            self._may_confirm(interaction, old, side)
            who = old.names()[0 if side is Side.A else 1]
            if side in old.confirmed:
                confirmed = [s for s in old.confirmed if s is not side]
                summary = f"{who} unconfirmed"
            else:
                confirmed, summary = sorted({*old.confirmed, side}), f"{who} confirmed"
            update = {"confirmed": confirmed, "sheet_step": old.sheet_step + 1}
            return old.model_copy(update=update), summary

        game_id, _version, match, _old = await self._change(
            interaction, "score_confirm", change, expect_game_id=game_id
        )
        embed, view = self._sheet_message(game_id, match)
        await interaction.response.edit_message(embed=embed, view=view)
        if self._final(match) and not (_old is not None and self._final(_old)):
            await self._post_result(interaction, match)

    def _stale_sheet(self, match: ItsMatch, legacy: bool, user_id: int) -> str:
        """Why a sheet control no longer applies, and the command that posts the current sheet."""
        assert match.sheet is not None
        why = (
            "This sheet's controls are from an older version of Herald"
            if legacy
            else "This copy of the score sheet is out of date: the sheet was edited or confirmed since"
        )
        # Named from the presser's side: a player re-posts the sheet naming the other player.
        others = [s for s in match.seats if s.user_id != user_id][-1:]
        opponent = f" opponent:<@{others[0].user_id}>" if others else ""
        again = (
            f"/its score mission:{self._scenario_name(match.sheet.scenario_id)} "
            f"tier:{int(match.sheet.tier)}{opponent}"
        )
        return (
            f"{why}. To get the current sheet with working controls, run `{again}` again "
            "(the same options post this sheet anew; nothing is reset)."
        )

    async def _post_result(self, interaction: discord.Interaction, match: ItsMatch) -> None:
        scenario, result = self._sheet_parts(match)
        assert match.sheet is not None
        png = await asyncio.to_thread(render_score_sheet, scenario, match.sheet, result, names=match.names())
        await interaction.followup.send(
            embed=embeds.result_embed(match, scenario, result),
            file=discord.File(io.BytesIO(png), filename="score.png"),
        )

    # -- ending -------------------------------------------------------------------------------

    @its.command(name="end", description="Finish this channel's ITS match (players or Manage Server)")
    async def end(self, interaction: discord.Interaction) -> None:
        game = await self._load(interaction)
        self._may_end(interaction, game.state)
        await interaction.response.send_message(
            "End this match? This deletes both players' drawn objectives and the sheet. The channel "
            "then gets a short note of what was ended (revealed objectives and the score, never a "
            "card that is still private).",
            view=end_view(game.id),
            ephemeral=True,
        )

    def _may_end(self, interaction: discord.Interaction, match: ItsMatch) -> None:
        if match.seat_of(interaction.user.id) is None and not is_manager(interaction):
            raise RuleError(
                f"Only the players ({match.player_list()}) or a Manage Server member can end this match."
            )

    async def end_confirmed(self, interaction: discord.Interaction, game_id: int) -> None:
        """The confirm button of ``/its end``: end that match (not a newer one) and say so."""
        store = self.bot.games  # type: ignore[attr-defined]
        ended: list[ItsMatch] = []
        async with store.update(
            interaction.channel_id,
            ItsMatch,
            kind=KIND.key,
            actor_id=interaction.user.id,
            action="end",
            expect_game_id=game_id,
        ) as handle:
            self._may_end(interaction, handle.state)
            ended.append(handle.state)
            handle.end = True
            handle.summary = "match ended"
        await interaction.response.edit_message(content="The match is ended.", view=None)
        await interaction.followup.send(clip(self._end_summary(interaction.user.mention, ended[0]), 2000))

    def _end_summary(self, who: str, match: ItsMatch) -> str:
        """The public note of an ended match: only what the channel already could know."""
        scenario_id = match.draw_scenario or (match.sheet.scenario_id if match.sheet else None)
        what = f" ({self._scenario_name(scenario_id)})" if scenario_id else ""
        players = " and ".join(s.name for s in match.seats) or "nobody"
        lines = [f"{who} ended this channel's ITS match{what} between {players}. Start a new one any time."]
        draw = match.draw
        if draw is not None and draw.setup.mode is DrawMode.COUNTERMEASURES:
            achieved = ", ".join(
                f"{match.seats[i].name} {len(p.kept)}"
                for i, p in enumerate(draw.players)
                if i < len(match.seats)
            )
            lines.append(f"Current Mission Objectives achieved: {achieved}.")
        elif draw is not None:
            for i, seat in enumerate(match.seats):
                if i >= len(draw.players):
                    continue
                p = draw.players[i]
                if i in match.revealed:
                    labels = []
                    for n, key in enumerate(p.kept):
                        label = draw.card(key).label
                        if n == 0 and p.intelcom:
                            label += " (INTELCOM Card)"
                        if key == p.secure_hvt_replaces:
                            label += " (swapped for Secure HVT)"
                        labels.append(label)
                    lines.append(f"{seat.name} revealed: {', '.join(labels)}.")
                elif p.kept or p.pair:
                    lines.append(f"{seat.name}'s classified objectives were not revealed and stay secret.")
        if match.sheet is not None:
            _, result = self._sheet_parts(match)
            a, b = match.names()
            if self._final(match):
                lines.append(
                    f"Final score (confirmed by both): {a} {result.total_a} OP, {result.tp_a.total} TP · "
                    f"{b} {result.total_b} OP, {result.tp_b.total} TP. "
                    f"{embeds.winner_text(match, result)}."
                )
            else:
                lines.append(
                    f"Score sheet, not confirmed by both players: {a} {result.total_a} OP · "
                    f"{b} {result.total_b} OP."
                )
        return "\n".join(lines)
