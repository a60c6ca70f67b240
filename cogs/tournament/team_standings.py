"""The team standings a channel sees: the pictures (32 teams a page) and the same table as text,
in the event's language (``t``; English when none is given)."""

from __future__ import annotations

import discord

from bot.play import Image, Post
from bot.text import public
from cogs.tournament.posts import COLOUR, MEDALS, chunks
from cogs.tournament.team_posts import _english
from renderers.teams import render_team_standings
from renderers.tournament import page_count
from rules.errors import RuleError
from rules.i18n import Message, Translator, _, ngettext
from rules.its.scoring import Outcome
from rules.tournament import Tournament
from rules.tournament.team_formats import team_format_of
from rules.tournament.teams import scoring_for, team_standings


def team_standings_embed(ev: Tournament, *, t: Translator | None = None) -> discord.Embed:
    """The team standings as an embed: rank, team, team points, W-D-L, points and the next tie-break."""
    t = _english(t)
    scoring = scoring_for(ev)
    # The columns' abbreviations (TP, OP, VP...) are marked where the formats define them.
    points_label, next_label = t(scoring.points_label), t(scoring.next_label)
    rows = team_standings(ev)
    embed = discord.Embed(title=t("{event}: team standings", event=public(ev.name, 80)), colour=COLOUR)
    lines = []
    for row in rows:
        mark = (
            MEDALS[row.rank - 1]
            if row.rank <= 3 and (row.wins + row.draws + row.losses + row.byes)
            else row.rank
        )
        dropped = t(" (dropped)") if row.dropped else ""
        byes = t.n(" +{n} bye", " +{n} byes", row.byes, n=row.byes) if row.byes else ""
        lines.append(
            f"{mark} **{public(row.name, 50)}**{dropped}: "
            + t(
                "{team_points} pts · {wins}-{draws}-{losses}{byes} · {points} {points_label} · "
                "{next} {next_label}",
                team_points=row.team_points,
                wins=row.wins,
                draws=row.draws,
                losses=row.losses,
                byes=byes,
                points=row.points,
                points_label=points_label,
                next=row.next,
                next_label=next_label,
            )
        )
    parts = chunks("", lines, 1024) if lines else [t("No team yet.")]
    for k, part in enumerate(parts[:5]):
        embed.add_field(
            name=t("Teams") if k == 0 else t("Teams, continued"), value=part.strip() or "-", inline=False
        )
    points = _team_points_words(ev, t)
    embed.set_footer(
        text=t(
            "Ranked by team points ({points}), then {points_label}, then {next_label}",
            points=points,
            points_label=points_label,
            next_label=next_label,
        )
    )
    return embed


def _team_points_words(ev: Tournament, t: Translator) -> str:
    fmt = team_format_of(ev.team_format)
    return t(
        "win {win}, draw {draw}, loss {loss}",
        win=fmt.team_points(Outcome.VICTORY),
        draw=fmt.team_points(Outcome.TIE),
        loss=fmt.team_points(Outcome.DEFEAT),
    )


def team_standings_post(ev: Tournament, *, page: int = 1, t: Translator | None = None) -> Post:
    """The team standings: pictures (32 teams a page) and the same table as an embed."""
    t = _english(t)
    pages = page_count(len(ev.teams))
    if not 1 <= page <= pages:
        raise RuleError(
            _(
                "The team standings have {pages} of 32 teams; page {page} is not one.",
                pages=_pages(pages),
                page=page,
            )
        )
    images = [
        Image(lambda p=p: render_team_standings(ev, page=p, t=t), f"team-standings-{p}.png")
        for p in range(page, pages + 1)
    ]
    return Post(
        content=t("Team standings; the players' own: `/tournament standings players:true`."),
        embeds=[team_standings_embed(ev, t=t)],
        images=images[:4],
    )


def _pages(n: int) -> Message:
    return ngettext("{n} page", "{n} pages", n, n=n)
