"""/awards: sportsmanship ballots, painting scores and the awards of this channel's tournament.

The rules are :mod:`rules.tournament.ballots`; the ballots are kept in the stored tournament's
``ballots`` (beside the tournament, never inside it, so the live page and the exports never read
them). A ballot is a form (radio groups and checkboxes in Labels) answered from its custom id.
Its sender reads back only that it was counted; the organisers read totals and bad-game reports,
privately; nobody else reads anything of a ballot.

(These are a group of their own: ``/tournament`` holds Discord's limit of 25 subcommands.)
"""

from __future__ import annotations

import re
from typing import Any

import discord
from discord import app_commands
from discord.ext.commands import Bot, GroupCog

from bot.i18n import channel, reader
from bot.play import Change, Post, send
from bot.text import public
from bot.views import PersistentButton, open_form
from cogs.tournament.posts import MEDALS
from cogs.tournament.state import (
    KIT,
    TournamentGame,
    home_channel,
    player_id,
    require_organiser,
    require_player,
)
from rules.errors import RuleError
from rules.i18n import SOURCE, Translator, _, translator
from rules.tournament import Tournament, standings
from rules.tournament.ballots import (
    CHECKLIST,
    MAX_CRITERIA,
    MAX_REASON,
    Award,
    BallotBook,
    Weights,
    add_judge,
    awards,
    ballot_due,
    cast_ballot,
    cast_favourites,
    cast_paint_vote,
    favourites_open,
    paint_scores,
    score_paint,
    set_rubric,
    sport_scores,
)

BALLOT_FORM = r"herald:ballot:(\d+):(\d+)"
FAVOURITE_FORM = r"herald:favourite:(\d+)"
PAINT_FORM = r"herald:paint:(\d+):(\d+)"
NOBODY = "-"


def _book(state: TournamentGame) -> BallotBook:
    return state.ballots


def _with(state: TournamentGame, book: BallotBook) -> TournamentGame:
    return state.update(ballots=book)


# --- the forms ------------------------------------------------------------------------------------


def ballot_form(game_id: int, round_number: int, opponent: str, t: Translator) -> discord.ui.Modal:
    """The voter's secret ballot, in the voter's language (``t = reader(interaction)``)."""
    modal = discord.ui.Modal(
        title=t("Round {round} ballot", round=round_number)[:45],
        custom_id=f"herald:ballot:{game_id}:{round_number}",
    )
    ticks = discord.ui.CheckboxGroup(
        custom_id="ticks",
        options=[
            discord.CheckboxGroupOption(label=t(text)[:100], value=str(i)) for i, text in enumerate(CHECKLIST)
        ],
        min_values=0,
        max_values=len(CHECKLIST),
        required=False,
    )
    # A Label holds 45 characters: the opponent's name gives way to the sentence in any language.
    room = max(8, 45 - len(t("{opponent}: tick what was true", opponent="")))
    label = t("{opponent}: tick what was true", opponent=opponent[:room])[:45]
    modal.add_item(discord.ui.Label(text=label, component=ticks))
    bad = discord.ui.RadioGroup(
        custom_id="bad",
        options=[
            discord.RadioGroupOption(label=t("No: a fine game"), value="no"),
            discord.RadioGroupOption(label=t("Yes: report a bad game to the organisers"), value="yes"),
        ],
    )
    modal.add_item(discord.ui.Label(text=t("Was it a bad game?"), component=bad))
    reason = discord.ui.TextInput(
        custom_id="reason", style=discord.TextStyle.paragraph, required=False, max_length=MAX_REASON
    )
    modal.add_item(discord.ui.Label(text=t("If it was a bad game: why?"), component=reason))
    return modal


def favourite_form(game_id: int, opponents: list[tuple[str, str]], t: Translator) -> discord.ui.Modal:
    modal = discord.ui.Modal(
        title=t("Your favourite opponents")[:45], custom_id=f"herald:favourite:{game_id}"
    )
    titles = (t("First choice (4 points)"), t("Second choice (2 points)"), t("Third choice (1 point)"))
    for place, title in enumerate(titles):
        options = [discord.RadioGroupOption(label=name[:100], value=pid) for pid, name in opponents[:9]]
        options.append(discord.RadioGroupOption(label=t("Nobody"), value=NOBODY))
        group = discord.ui.RadioGroup(custom_id=f"pick{place}", options=options, required=place == 0)
        modal.add_item(discord.ui.Label(text=title[:45], component=group))
    return modal


def paint_form(game_id: int, user_id: int, name: str, book: BallotBook, t: Translator) -> discord.ui.Modal:
    modal = discord.ui.Modal(
        title=t("Painting: {player}", player=name[:34])[:45], custom_id=f"herald:paint:{game_id}:{user_id}"
    )
    for i, criterion in enumerate(book.rubric):
        options = [discord.RadioGroupOption(label=str(n), value=str(n)) for n in range(criterion.top + 1)]
        group = discord.ui.RadioGroup(custom_id=f"c{i}", options=options)
        modal.add_item(discord.ui.Label(text=f"{criterion.name} (0-{criterion.top})", component=group))
    return modal


def _number(text: str, low: int, high: int) -> int:
    if not text.strip().isdigit() or not low <= int(text) <= high:
        raise RuleError(
            _("{typed} is not one of the choices offered; open the form again.", typed=repr(public(text, 20)))
        )
    return int(text)


# --- answering them -------------------------------------------------------------------------------


async def submit_ballot(
    interaction: discord.Interaction, found: re.Match[str], values: dict[str, str]
) -> None:
    game_id, round_number = int(found[1]), int(found[2])
    ticks = [_number(v, 0, len(CHECKLIST) - 1) for v in values.get("ticks", "").split("\n") if v]
    bad = values.get("bad") == "yes"
    reason = values.get("reason", "").strip()
    if bad and not reason:
        raise RuleError(_("A bad-game report needs its reason: send the ballot again and say what happened."))
    voter = player_id(interaction.user.id)

    def change(state: TournamentGame) -> Change[TournamentGame]:
        require_player(state, interaction.user.id)
        book = cast_ballot(
            state.tournament, _book(state), voter, round_number, ticks, reason if bad else None
        )
        return Change(_with(state, book), summary="a sportsmanship ballot")  # never what it says

    await KIT.step(interaction, "ballot", change, game_id=game_id, channel_id=await home_channel(interaction))
    t = reader(interaction)
    await send(
        interaction,
        content=t(
            "Your round {round} ballot is counted. Only the organisers see totals.", round=round_number
        ),
        ephemeral=True,
    )


async def submit_favourites(
    interaction: discord.Interaction, found: re.Match[str], values: dict[str, str]
) -> None:
    game_id = int(found[1])
    picks = [values.get(f"pick{i}", "") for i in range(3)]
    picks = [p for p in picks if p and p != NOBODY]
    voter = player_id(interaction.user.id)

    def change(state: TournamentGame) -> Change[TournamentGame]:
        require_player(state, interaction.user.id)
        return Change(
            _with(state, cast_favourites(state.tournament, _book(state), voter, picks)), summary="a vote"
        )

    await KIT.step(
        interaction, "favourites", change, game_id=game_id, channel_id=await home_channel(interaction)
    )
    await send(
        interaction, content=reader(interaction)("Your favourite-opponent vote is counted."), ephemeral=True
    )


async def submit_paint(
    interaction: discord.Interaction, found: re.Match[str], values: dict[str, str]
) -> None:
    game_id, user_id = int(found[1]), int(found[2])

    def change(state: TournamentGame) -> Change[TournamentGame]:
        book = _book(state)
        scores = [_number(values.get(f"c{i}", ""), 0, c.top) for i, c in enumerate(book.rubric)]
        pid = require_player(state, user_id)
        book = score_paint(state.tournament, book, interaction.user.id, pid, scores)
        return Change(_with(state, book), summary="a painting score")

    shown = await KIT.step(
        interaction, "paint", change, game_id=game_id, channel_id=await home_channel(interaction)
    )
    name = shown.state.tournament.name_of(player_id(user_id))
    t = reader(interaction)
    await send(
        interaction,
        content=t("Your painting score of {player}'s army is kept.", player=public(name, 40)),
        ephemeral=True,
    )


async def open_ballot(interaction: discord.Interaction, game: Any) -> None:
    """The presser's ballot form for their latest confirmed game without one."""
    t = game.state.tournament
    pid = require_player(game.state, interaction.user.id)
    if t.finished:
        raise RuleError(_("{name} has finished: its ballots are closed.", name=public(t.name, 80)))
    due = ballot_due(t, game.state.ballots, pid)
    if due is None:
        raise RuleError(
            _("You have no confirmed game without a ballot: send one after your next result is confirmed.")
        )
    await open_form(interaction, ballot_form(game.id, due[0], t.name_of(due[1]), reader(interaction)))


class BallotButton(PersistentButton, template=r"herald:ballot-open:(?P<game>\d+)"):
    """Under a confirmed result: each player presses it for their own secret ballot."""

    def __init__(self, game: int, t: Translator | None = None) -> None:
        """``t``: the language of the message it sits under (a rebuilt button needs no label)."""
        t = t or translator(SOURCE)
        super().__init__(
            discord.ui.Button(
                label=t("Sportsmanship ballot"),
                emoji="📝",
                custom_id=f"herald:ballot-open:{game}",
                style=discord.ButtonStyle.secondary,
            )
        )
        self.game = game

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Any, match: re.Match[str]
    ) -> BallotButton:
        return cls(int(match["game"]))

    async def pressed(self, interaction: discord.Interaction) -> None:
        game = await KIT.load(interaction, game_id=self.game, channel_id=await home_channel(interaction))
        await open_ballot(interaction, game)


FORMS = ((BALLOT_FORM, submit_ballot), (FAVOURITE_FORM, submit_favourites), (PAINT_FORM, submit_paint))


def award_score(award: Award, t: Translator) -> str:
    """An award's winning score in ``t``'s language: ``24 sportsmanship points``, ``87,5 of 100``."""
    value = award.value
    if value is None:  # published before the number was kept: its English words
        return award.score
    whole = round(value)
    if award.unit == "sport":
        return t.n(
            "{points} sportsmanship point", "{points} sportsmanship points", whole, points=t.number(whole, 0)
        )
    if award.unit == "votes":
        return t.n("{n} vote", "{n} votes", whole, n=t.number(whole, 0))
    if award.unit == "paint":
        return t("{points} painting points", points=t.number(value, 1))
    return t("{points} of 100", points=t.number(value, 1))


def _award_lines(event: Tournament, book: BallotBook, t: Translator) -> list[str]:
    lines = [
        f"🏅 **{t(a.title)}**: {', '.join(public(n, 40) for n in a.names)} ({award_score(a, t)})"
        for a in awards(event, book)
    ]
    podium = [f"{MEDALS[r.rank - 1]} {public(r.name, 40)}" for r in standings(event)[:3] if r.rank <= 3]
    return [t("**{name}: awards**", name=public(event.name, 80)), " · ".join(podium), *lines]


@app_commands.allowed_installs(guilds=True, users=False)
@app_commands.allowed_contexts(guilds=True, dms=False, private_channels=False)
class Awards(
    GroupCog, group_name="awards", group_description="Tournament ballots: sportsmanship, painting, awards"
):
    def __init__(self, bot: Bot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        for pattern, handler in FORMS:
            self.bot.forms.add(pattern, handler)  # type: ignore[attr-defined]

    async def cog_unload(self) -> None:
        for _pattern, handler in FORMS:
            self.bot.forms.remove(handler)  # type: ignore[attr-defined]

    async def _game(self, interaction: discord.Interaction) -> Any:
        return await KIT.load(interaction, channel_id=await home_channel(interaction))

    @app_commands.command(name="ballot", description="Your secret sportsmanship ballot on your last opponent")
    async def ballot(self, interaction: discord.Interaction) -> None:
        await open_ballot(interaction, await self._game(interaction))

    @app_commands.command(
        name="favourites", description="After the last round: rank up to three favourite opponents"
    )
    async def favourites(self, interaction: discord.Interaction) -> None:
        game = await self._game(interaction)
        t = game.state.tournament
        pid = require_player(game.state, interaction.user.id)
        if t.finished or not favourites_open(t):
            raise RuleError(
                _(
                    "The favourite-opponent vote is open from the end of the last round until the event "
                    "finishes."
                )
            )
        met = list(dict.fromkeys(t.opponents_of(pid)))
        form = favourite_form(game.id, [(o, t.name_of(o)) for o in met], reader(interaction))
        await open_form(interaction, form)

    @app_commands.command(name="judge", description="Organisers: let a member score the painting")
    @app_commands.describe(member="The member who will judge the painting")
    async def judge(self, interaction: discord.Interaction, member: discord.User) -> None:
        def change(state: TournamentGame) -> Change[TournamentGame]:
            require_organiser(interaction, state, _("name painting judges"))
            return Change(_with(state, add_judge(state.ballots, member.id)), summary=f"judge {member.id}")

        shown = await KIT.step(interaction, "judge", change, channel_id=await home_channel(interaction))
        t = await channel(interaction, language=shown.state.tournament.language)
        text = t("{member} now judges the painting (`/awards paint player:...`).", member=member.mention)
        await Post(content=text).send(interaction)

    @app_commands.command(
        name="rubric", description="Organisers: the painting rubric, e.g. Basing:5, Detail:5"
    )
    @app_commands.describe(
        criteria=f"Up to {MAX_CRITERIA} criteria, each name:top score (1-9), separated by commas"
    )
    async def rubric(self, interaction: discord.Interaction, criteria: str) -> None:
        parsed = []
        for part in (p for p in criteria.split(",") if p.strip()):
            name, _colon, top = part.rpartition(":")
            if not name.strip() or not top.strip().isdigit():
                raise RuleError(
                    _(
                        "{typed} is not name:top score; write e.g. `Basing:5, Detail:5`.",
                        typed=repr(public(part.strip(), 40)),
                    )
                )
            parsed.append((name.strip(), int(top)))

        def change(state: TournamentGame) -> Change[TournamentGame]:
            require_organiser(interaction, state, _("set the painting rubric"))
            return Change(_with(state, set_rubric(state.ballots, parsed)), summary="painting rubric")

        shown = await KIT.step(interaction, "rubric", change, channel_id=await home_channel(interaction))
        t = await channel(interaction, language=shown.state.tournament.language)
        text = ", ".join(f"{public(c.name, 40)} 0-{c.top}" for c in shown.state.ballots.rubric)
        await Post(content=t("Painting rubric: {criteria}.", criteria=text)).send(interaction)

    @app_commands.command(name="paint", description="Judges: score a player's army on the rubric")
    @app_commands.describe(player="The player whose army you score")
    async def paint(self, interaction: discord.Interaction, player: discord.User) -> None:
        game = await self._game(interaction)
        book = game.state.ballots
        if interaction.user.id not in book.judges:
            raise RuleError(
                _("Only the painting judges the organisers named (`/awards judge`) score armies.")
            )
        if not book.rubric:
            raise RuleError(
                _("There is no painting rubric yet: an organiser sets one with `/awards rubric`.")
            )
        pid = require_player(game.state, player.id)
        name = game.state.tournament.name_of(pid)
        await open_form(interaction, paint_form(game.id, player.id, name, book, reader(interaction)))

    @app_commands.command(name="paintvote", description="Players: your vote for the best painted army")
    @app_commands.describe(player="The player whose army you vote for (not your own)")
    async def paintvote(self, interaction: discord.Interaction, player: discord.User) -> None:
        def change(state: TournamentGame) -> Change[TournamentGame]:
            voter = require_player(state, interaction.user.id)
            pick = require_player(state, player.id)
            book = cast_paint_vote(state.tournament, state.ballots, voter, pick)
            return Change(_with(state, book), summary="a vote")

        await KIT.step(interaction, "paintvote", change, channel_id=await home_channel(interaction))
        await send(
            interaction,
            content=reader(interaction)("Your vote for the best painted army is counted (it stays secret)."),
            ephemeral=True,
        )

    @app_commands.command(
        name="weights", description="Organisers: Best Overall's weights of battle, painting, sport"
    )
    @app_commands.describe(battle="Battle's weight", paint="Painting's weight", sport="Sporting's weight")
    async def weights(
        self,
        interaction: discord.Interaction,
        battle: app_commands.Range[int, 0, 100],
        paint: app_commands.Range[int, 0, 100],
        sport: app_commands.Range[int, 0, 100],
    ) -> None:
        if battle + paint + sport == 0:
            raise RuleError(_("At least one weight must be above 0."))

        def change(state: TournamentGame) -> Change[TournamentGame]:
            require_organiser(interaction, state, _("set the awards' weights"))
            book = state.ballots.model_copy(
                update={"weights": Weights(battle=battle, paint=paint, sport=sport)}
            )
            return Change(_with(state, book), summary="awards weights")

        shown = await KIT.step(interaction, "weights", change, channel_id=await home_channel(interaction))
        t = await channel(interaction, language=shown.state.tournament.language)
        text = t(
            "Best Overall weighs battle {battle}, painting {paint}, sportsmanship {sport}.",
            battle=battle,
            paint=paint,
            sport=sport,
        )
        await Post(content=text).send(interaction)

    @app_commands.command(
        name="totals", description="Organisers: sportsmanship and painting totals, bad-game reports"
    )
    async def totals(self, interaction: discord.Interaction) -> None:
        game = await self._game(interaction)
        require_organiser(interaction, game.state, _("read the ballots' totals"))
        event, book = game.state.tournament, game.state.ballots
        t = reader(interaction)
        sport, paint = sport_scores(event, book), paint_scores(book)
        ballots = t.n(
            "{n} sportsmanship ballot", "{n} sportsmanship ballots", len(book.sport), n=len(book.sport)
        )
        votes = t.n("{n} favourite vote", "{n} favourite votes", len(book.favourites), n=len(book.favourites))
        lines = [
            t(
                "**{name}: ballots** ({ballots}, {votes})",
                name=public(event.name, 80),
                ballots=ballots,
                votes=votes,
            )
        ]
        for p in event.players:
            s = sport[p.id]
            values = {
                "player": public(p.name, 40),
                "total": s.total,
                "checklist": s.checklist,
                "favourite": s.favourite,
            }
            if s.bad_games:
                line = t.n(
                    "{player}: sport {total} (checklist {checklist}, favourite {favourite}, {n} bad game)",
                    "{player}: sport {total} (checklist {checklist}, favourite {favourite}, {n} bad games)",
                    s.bad_games,
                    n=s.bad_games,
                    **values,
                )
            else:
                line = t("{player}: sport {total} (checklist {checklist}, favourite {favourite})", **values)
            if p.id in paint:
                line += " · " + t("paint {score}", score=t.number(paint[p.id], 1))
            lines.append(line)
            lines.extend(
                "  ⚠️ "
                + t("bad game, round {round}: {reason}", round=number, reason=public(reason, MAX_REASON))
                for number, reason in s.reports
            )
        await send(interaction, content="\n".join(lines)[:2000], ephemeral=True)

    @app_commands.command(
        name="show", description="Organisers: Best Sport, Best Painted, Best Overall with the podium"
    )
    @app_commands.describe(publish="Also show them on the live page and in the exports")
    async def show(self, interaction: discord.Interaction, publish: bool = False) -> None:
        def change(state: TournamentGame) -> Change[TournamentGame]:
            require_organiser(interaction, state, _("post the awards"))
            book = state.ballots.model_copy(update={"published": state.ballots.published or publish})
            new = _with(state, book)
            if book.published:
                new = new.update(published_awards=awards(state.tournament, book))
            return Change(new, summary="awards published" if book.published else "awards posted")

        shown = await KIT.step(interaction, "awards", change, channel_id=await home_channel(interaction))
        t = await channel(interaction, language=shown.state.tournament.language)
        lines = _award_lines(shown.state.tournament, shown.state.ballots, t)
        if shown.state.ballots.published:
            lines.append(t("Published: on the live page and in `/tournament export`."))
        await Post(content="\n".join(lines)).send(interaction)
