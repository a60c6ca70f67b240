"""/tournament, setting up: create, organisers, players, scenarios and settings.

Each handler reads its options, applies one engine function as one kit step and answers; the
rules (who may join when, which scenario may be played) are the engine's.
"""

from __future__ import annotations

from typing import Any, Literal

import discord
from discord import app_commands

from bot.i18n import NAMES, reader
from bot.play import Change, Post, Shown, autocomplete, send
from bot.text import kept_name, public
from cogs.tournament.entries import (
    added_text,
    checked_language,
    entered_faction,
    joined_text,
    language_choices,
    refuse_in_team_event,
)
from cogs.tournament.links import NO_PAGE_LINK, link_view, new_page_url, page_url
from cogs.tournament.posts import summary
from cogs.tournament.state import (
    KIT,
    TournamentGame,
    add_organiser,
    checked_text,
    event_words,
    follow_up_step,
    home_channel,
    is_organiser,
    player_id,
    require_organiser,
    require_player,
)
from cogs.tournament.threads import rescore_threads
from rules.errors import RuleError
from rules.i18n import Message, _
from rules.its.content import ScenarioLibrary
from rules.its.scenario import ScenarioKind
from rules.tournament import (
    MAX_ROUNDS,
    add_player,
    create_tournament,
    drop_player,
    remove_player,
    set_fresh_tables,
    set_late_joins,
    set_rounds,
    set_scenario,
)
from rules.tournament import pin_table as pin_table_of
from rules.tournament.engine import few_rounds_note, set_bye_points
from rules.tournament.factions import load_factions
from rules.tournament.format_settings import GameSystem
from rules.tournament.formats import format_of
from rules.tournament.team_formats import team_format_of
from rules.tournament.teams import set_team_format, set_team_size

Tiers = Literal[150, 200, 250, 300, 400]
Extras = Literal["none", "escalation", "direct_action", "escalation+direct_action"]
Kinds = Literal["tournament", "league", "one-shot"]
Games = Literal["its", "40k", "boarding-actions"]
Scorings = Literal["record", "wtc"]
TeamFormats = Literal["wtc", "refused-play", "margin", "champion"]
TeamPointChoices = Literal["2-1-0", "3-2-1"]


class SetupCommands:
    """Mixed into the /tournament cog (see ``cogs/tournament/__init__.py``)."""

    scenarios: ScenarioLibrary
    bot: Any
    organiser = app_commands.Group(name="organiser", description="Who runs this tournament")

    def scenario_name(self, scenario_id: str) -> str:
        try:
            return self.scenarios.get(scenario_id).name
        except RuleError:
            return scenario_id

    def shown(self, interaction: discord.Interaction, what: Message | str, *, full: bool = True) -> Any:
        """The public answer to a setup step: ``what`` (a lazy message, in the tournament's language)
        and the summary, or (``full=False``) the count of players still in it."""

        async def show(shown: Shown[TournamentGame]) -> Post:
            t = await event_words(interaction, shown.state.tournament)
            said = t(what)
            if not full:
                # Players still in it: a drop is answered with the count after it.
                count = sum(1 for p in shown.state.tournament.players if p.dropped_after is None)
                return Post(
                    content=t.n(
                        "{said} {name}: {n} player.",
                        "{said} {name}: {n} players.",
                        count,
                        said=said,
                        name=public(shown.state.tournament.name, 80),
                        n=count,
                    )
                )
            return Post(content=said, embeds=[summary(shown.state, self.scenario_name, t)])

        return show

    async def _player_step(
        self,
        interaction: discord.Interaction,
        action: str,
        change: Any,
        what: Message | str,
        *,
        full: bool = False,
    ) -> None:
        home = await home_channel(interaction)
        await KIT.play(interaction, action, change, self.shown(interaction, what, full=full), channel_id=home)

    # -- the tournament ----------------------------------------------------------------------

    @app_commands.command(name="create", description="Start a tournament in this channel (you organise it)")
    @app_commands.describe(
        name="The tournament's name",
        tier="ITS army points (required for ITS)",
        rounds=f"Number of rounds (default: from the player count; 1 to {MAX_ROUNDS})",
        extras="ITS Extras that change how the event runs",
        kind="Sets the rating's K factor",
        game="The game played (default: ITS)",
        points="40k / Boarding Actions: the army points limit (default 2000 / 500)",
        scoring="40k / Boarding Actions: record (W/D/L 10/5/0) or wtc (VP difference as 20-0)",
        band="wtc: VP of difference per match point (default 5: 0-5 is 10-10, 51+ is 20-0)",
        team_size="A team event: players per team, 3 to 8 (default: a singles event)",
        bye_points="40k / Boarding Actions: a bye's battle points, 0-100 or `average` (default 0)",
        team_format="Team event: wtc (default), refused-play, margin or champion (docs/team-formats.md)",
        team_points="Team event: a team match's win/draw/loss points (default 2-1-0)",
        team_margin="team_format:margin: a win needs more than this many points a player (default 1)",
        language="Its posts, pictures, threads and web page (default: the server's language)",
    )
    @app_commands.choices(language=language_choices())
    async def create(
        self,
        interaction: discord.Interaction,
        name: str,
        tier: Tiers | None = None,
        rounds: app_commands.Range[int, 1, 99] | None = None,
        extras: Extras = "none",
        kind: Kinds = "tournament",
        game: Games = "its",
        points: app_commands.Range[int, 1, 99_999] | None = None,
        scoring: Scorings | None = None,
        band: app_commands.Range[int, 1, 99] | None = None,
        team_size: app_commands.Range[int, 1, 99] | None = None,
        bye_points: app_commands.Range[str, 1, 20] | None = None,
        team_format: TeamFormats | None = None,
        team_points: TeamPointChoices | None = None,
        team_margin: app_commands.Range[int, 0, 99] | None = None,
        language: str | None = None,
    ) -> None:
        checked_text(name, _("tournament name"))
        if team_size is None and (team_format or team_points or team_margin is not None):
            raise RuleError(
                _("`team_format:`, `team_points:` and `team_margin:` are for a team event: add `team_size:`.")
            )
        chosen_language = checked_language(language) if language is not None else None
        chosen = [] if extras == "none" else extras.split("+")
        tournament = create_tournament(
            name,
            tier,
            kind=kind.replace("-", "_"),
            extras=chosen,
            rounds=rounds,
            game=game,
            scoring=scoring,
            points=points,
            band=band,
            bye_points=bye_points,
        )
        if team_size is not None:
            tournament = set_team_size(tournament, team_size)
            tournament = set_team_format(tournament, team_format, team_points, team_margin)
        if chosen_language is not None:
            tournament = tournament.model_copy(update={"language": chosen_language})
        old = await KIT.find(interaction)
        if old is not None and old.state.tournament.finished:
            # A finished tournament stays viewable until the next one here replaces it.
            await follow_up_step(
                interaction, int(interaction.channel_id or 0), "archived", lambda s: s, end=True
            )
        state = TournamentGame(tournament=tournament, organisers=[interaction.user.id])
        shown = await KIT.start(interaction, state, summary=f"created {tournament.name}")
        url = await page_url(self.bot, shown.id)  # the live page's address is made with the tournament
        t = await event_words(interaction, tournament)
        who, name = interaction.user.mention, public(tournament.name, 80)
        if team_size is not None:
            opened = t(
                "{organiser} opened **{name}**: captains start their team of {size} with "
                "`/tournament team create name:...` ({format}).",
                organiser=who,
                name=name,
                size=team_size,
                format=team_format_of(tournament.team_format).describe(),
            )
        else:
            opened = t(
                "{organiser} opened **{name}**: join with `/tournament join faction:...`.",
                organiser=who,
                name=name,
            )
        few = few_rounds_note(tournament)
        fmt = format_of(tournament)
        if not fmt.uses_op:
            opened += "\n" + t(
                "{record} (`/tournament settings bye_points:` changes a bye's).", record=t(fmt.record_words())
            )
        show = self.shown(interaction, opened if few is None else f"{opened}\n{public(t(few), 400)}")

        async def with_page(shown: Shown[TournamentGame]) -> Post:
            post = await show(shown)
            post.view = post.view or link_view(url, t)
            return post

        await KIT.reply(interaction, shown, with_page)

    @organiser.command(name="add", description="Let someone else run this tournament too")
    @app_commands.rename(user="member")
    @app_commands.describe(user="The member who will run it with you")
    async def organiser_add(self, interaction: discord.Interaction, user: discord.User) -> None:
        def change(state: TournamentGame) -> Change[TournamentGame]:
            require_organiser(interaction, state, _("add organisers"))
            return Change(add_organiser(state, user.id), summary=f"added organiser {user.id}")

        await self._player_step(
            interaction, "organiser", change, _("{user} now organises too.", user=user.mention), full=True
        )

    @app_commands.command(
        name="settings", description="Organisers: late joins, rounds, a bye's points, fresh and fixed tables"
    )
    @app_commands.describe(
        late_joins="Let players join after round 1 is paired",
        rounds=f"Number of rounds (1 to {MAX_ROUNDS})",
        bye_points="40k / Boarding Actions: a bye's battle points, 0-100 or `average` (the player's average)",
        fresh_tables="Pair so nobody returns to a table while another is free (before the points gaps)",
        pin_player="A player who always plays at one table (accessibility); give pin_table too",
        pin_table="The table pin_player always plays at (0: no fixed table)",
        language="Its posts, pictures, threads and web page (or the server's language again)",
    )
    @app_commands.choices(language=language_choices(server=True))
    async def settings(
        self,
        interaction: discord.Interaction,
        late_joins: bool | None = None,
        rounds: app_commands.Range[int, 1, 99] | None = None,
        bye_points: app_commands.Range[str, 1, 20] | None = None,
        fresh_tables: bool | None = None,
        pin_player: discord.User | None = None,
        pin_table: app_commands.Range[int, 0, 999] | None = None,
        language: str | None = None,
    ) -> None:
        if (pin_player is None) != (pin_table is None):
            raise RuleError(
                _("To fix a player's table give both `pin_player:` and `pin_table:` (0 takes the pin off).")
            )
        new_language = checked_language(language) if language is not None else None

        def change(state: TournamentGame) -> Change[TournamentGame]:
            require_organiser(interaction, state, _("change the settings"))
            t = state.tournament
            if language is not None:
                t = t.model_copy(update={"language": new_language})
            if late_joins is not None:
                t = set_late_joins(t, late_joins)
            if rounds is not None:
                t = set_rounds(t, rounds)
            if bye_points is not None:
                t = set_bye_points(t, bye_points)
            if fresh_tables is not None:
                t = set_fresh_tables(t, fresh_tables)
            if pin_player is not None and pin_table is not None:
                refuse_in_team_event(state)
                t = pin_table_of(t, player_id(pin_player.id), pin_table or None)
            return Change(state.update(tournament=t), summary="settings")

        tables: list[Message] = []
        if fresh_tables is not None:
            tables.append(
                _("Fresh tables: nobody returns to a table while another is free.")
                if fresh_tables
                else _("Fresh tables off: the pairing follows the points; the seating still avoids repeats.")
            )
        if pin_player is not None and pin_table:
            tables.append(
                _(
                    "{player} plays at table {table} from the next pairing on.",
                    player=pin_player.mention,
                    table=pin_table,
                )
            )
        elif pin_player is not None:
            tables.append(_("{player} no longer has a fixed table.", player=pin_player.mention))
        home = await home_channel(interaction)

        async def saved(shown: Shown[TournamentGame]) -> Post:
            t = await event_words(interaction, shown.state.tournament)
            few = few_rounds_note(shown.state.tournament) if rounds is not None else None
            said = t("Settings saved.") if few is None else f"{t('Settings saved.')} {public(t(few), 400)}"
            if bye_points is not None:
                said += f" {t(format_of(shown.state.tournament).record_words())}."
            if language is not None:
                lang = shown.state.tournament.language
                said += " " + (
                    t("Its posts are in {language} from now on.", language=NAMES.get(lang, lang))
                    if lang
                    else t("Its posts follow the server's language from now on.")
                )
            return await self.shown(interaction, " ".join([said, *(t(x) for x in tables)]))(shown)

        await KIT.play(interaction, "settings", change, saved, channel_id=home)

    # -- players -----------------------------------------------------------------------------

    @app_commands.command(name="join", description="Enter this tournament with your faction")
    @app_commands.describe(
        faction="Your army's faction or sectorial (pick from the list)",
        unlisted="Enter a faction that is not in the list, as typed",
        club="Your club or group: club-mates are kept apart in round 1",
    )
    async def join(
        self, interaction: discord.Interaction, faction: str, unlisted: bool = False, club: str = ""
    ) -> None:
        # "No tournament here" comes before anything about the faction: there is nothing to join.
        game = await KIT.load(interaction, channel_id=await home_channel(interaction))
        faction = entered_faction(game, faction, unlisted)
        club = checked_text(club, _("club")) if club else ""
        user = interaction.user

        def change(state: TournamentGame) -> Change[TournamentGame]:
            refuse_in_team_event(state)
            name = kept_name(user.display_name)
            t = add_player(state.tournament, player_id(user.id), name, faction, user_id=user.id, club=club)
            return Change(state.update(tournament=t), summary=f"{user.id} joined")

        await self._player_step(interaction, "join", change, joined_text(user.mention, faction, club))

    @app_commands.command(name="add", description="Organisers: enter a player")
    @app_commands.rename(user="player")
    @app_commands.describe(
        user="The player to enter",
        faction="Their army's faction or sectorial (pick from the list)",
        unlisted="Enter a faction that is not in the list, as typed",
        club="Their club or group: club-mates are kept apart in round 1",
    )
    async def add(
        self,
        interaction: discord.Interaction,
        user: discord.User,
        faction: str,
        unlisted: bool = False,
        club: str = "",
    ) -> None:
        game = await KIT.load(interaction, channel_id=await home_channel(interaction))
        require_organiser(interaction, game.state, _("add players (anyone can /tournament join)"))
        faction = entered_faction(game, faction, unlisted)
        club = checked_text(club, _("club")) if club else ""

        def change(state: TournamentGame) -> Change[TournamentGame]:
            require_organiser(interaction, state, _("add players (anyone can /tournament join)"))
            refuse_in_team_event(state)
            name = kept_name(user.display_name)
            t = add_player(state.tournament, player_id(user.id), name, faction, user_id=user.id, club=club)
            return Change(state.update(tournament=t), summary=f"added {user.id}")

        await self._player_step(interaction, "add", change, added_text(user.mention, faction, club))

    @join.autocomplete("faction")
    @add.autocomplete("faction")
    @autocomplete
    async def _faction_choices(self, interaction: discord.Interaction, current: str) -> list[tuple[str, str]]:
        game = await KIT.find(interaction, channel_id=await home_channel(interaction))
        if game is not None and format_of(game.state.tournament).game is not GameSystem.ITS:
            return [(current, current)] if current.strip() else []
        return load_factions().choices(current)

    @app_commands.command(name="remove", description="Organisers: take a player out before round 1")
    @app_commands.describe(user="The player to take out")
    @app_commands.rename(user="player")
    async def remove(self, interaction: discord.Interaction, user: discord.User) -> None:
        def change(state: TournamentGame) -> Change[TournamentGame]:
            require_organiser(interaction, state, _("remove players"))
            t = remove_player(state.tournament, require_player(state, user.id))
            return Change(state.update(tournament=t), summary=f"removed {user.id}")

        await self._player_step(
            interaction, "remove", change, _("{player} was removed.", player=user.mention)
        )

    @app_commands.command(name="drop", description="Leave the tournament (results stay); organisers: anyone")
    @app_commands.describe(user="Organisers: the player who leaves (default: you)")
    @app_commands.rename(user="player")
    async def drop(self, interaction: discord.Interaction, user: discord.User | None = None) -> None:
        target = user or interaction.user

        def change(state: TournamentGame) -> Change[TournamentGame]:
            if target.id != interaction.user.id:
                require_organiser(interaction, state, _("drop other players"))
            t = drop_player(state.tournament, require_player(state, target.id))
            return Change(state.update(tournament=t), summary=f"dropped {target.id}")

        await self._player_step(
            interaction,
            "drop",
            change,
            _("{player} dropped: no longer paired, results kept.", player=target.mention),
        )

    # -- scenarios ---------------------------------------------------------------------------

    @app_commands.command(name="mission", description="Organisers: the scenario of a round")
    @app_commands.describe(round="Round number", scenario="An ITS scenario (never the same one twice)")
    async def mission(
        self, interaction: discord.Interaction, round: app_commands.Range[int, 1, MAX_ROUNDS], scenario: str
    ) -> None:
        home = await home_channel(interaction)
        await KIT.load(interaction, channel_id=home)  # "no tournament here" before the scenario
        found = self.scenarios.get(scenario)

        def change(state: TournamentGame) -> Change[TournamentGame]:
            require_organiser(interaction, state, _("set scenarios"))
            t = set_scenario(state.tournament, round, found)
            return Change(
                state.update(tournament=t),
                summary=f"round {round}: {found.id}",
                result=state.tournament.scenarios.get(round),
            )

        shown = await KIT.step(interaction, "mission", change, channel_id=home)
        plays = _("Round {round} plays **{scenario}**.", round=round, scenario=found.name)
        await KIT.reply(interaction, shown, self.shown(interaction, plays))
        if shown.result != found.id:
            words = await event_words(interaction, shown.state.tournament)
            await rescore_threads(
                self.bot, interaction.guild_id, shown.state, round, self.scenario_name, words
            )

    @mission.autocomplete("scenario")
    @autocomplete
    async def _scenario_choices(
        self, interaction: discord.Interaction, current: str
    ) -> list[tuple[str, str]]:
        found = self.scenarios.search(current, limit=50) if current else list(self.scenarios)
        game = await KIT.find(interaction, channel_id=await home_channel(interaction))
        if game is not None:
            if format_of(game.state.tournament).game is not GameSystem.ITS:
                return []  # only ITS rounds have scenarios
            used = set(game.state.tournament.scenarios.values())
            direct = "direct_action" in {e.value for e in game.state.tournament.extras}
            wanted = ScenarioKind.DIRECT_ACTION if direct else ScenarioKind.ITS
            found = [s for s in found if s.id not in used and s.kind is wanted]
        return [(s.name, s.id) for s in found]

    @app_commands.command(name="info", description="This channel's tournament: settings, players, rounds")
    async def info(self, interaction: discord.Interaction) -> None:
        game = await KIT.load(interaction, channel_id=await home_channel(interaction))
        t = await event_words(interaction, game.state.tournament)
        embed = summary(game.state, self.scenario_name, t)
        url = await page_url(self.bot, game.id)
        if url is not None:
            embed.add_field(name=t("Live page (pairings and standings on the web)"), value=url, inline=False)
        await Post(embeds=[embed], view=link_view(url, t)).send(interaction)
        # What is for the organisers alone (that they organise it; how whoever runs Herald gives
        # the pages an address) is shown to them, not to the channel.
        if is_organiser(interaction, game.state):
            mine = reader(interaction)
            notes = [mine(_("You organise **{name}**.", name=public(game.state.tournament.name, 80)))]
            if url is None:
                notes.append(mine(NO_PAGE_LINK))
            await send(interaction, content="\n".join(notes), ephemeral=True)

    link = app_commands.Group(name="link", description="The tournament's live web page")

    @link.command(name="reset", description="Organisers: a new address for the live page (the old one stops)")
    async def link_reset(self, interaction: discord.Interaction) -> None:
        game = await KIT.load(interaction, channel_id=await home_channel(interaction))
        require_organiser(interaction, game.state, _("change the live page's address"))
        url = await new_page_url(self.bot, game.id)
        if url is None:
            raise RuleError(_("There is no live page link to reset. {why}", why=_(NO_PAGE_LINK)))
        t = await event_words(interaction, game.state.tournament)
        await Post(
            content=t(
                "{name} has a new live page; the old address no longer works.",
                name=public(game.state.tournament.name, 80),
            ),
            view=link_view(url, t),
        ).send(interaction)
