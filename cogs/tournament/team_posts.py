"""What players read of a team event: the teams, a captain's private view of a pairing ritual,
what is revealed to everyone, the team pairings and the team standings.

A captain's panel is built from :func:`rules.tournament.ritual.visible_to` alone, so it can never
show the other captain's picks before both have picked.
"""

from __future__ import annotations

import discord

from bot.play import Image, Post
from bot.text import plain, public
from cogs.tournament.posts import COLOUR, MEDALS, chunks, player_line
from renderers.teams import render_team_standings
from renderers.tournament import page_count
from rules.errors import RuleError
from rules.i18n import Translator
from rules.tournament import Tournament
from rules.tournament.model import counted
from rules.tournament.ritual import How, Ritual, Side, Step, refusals, visible_to
from rules.tournament.team_model import Team, TeamMatch
from rules.tournament.teams import scoring_for, team_standings


def team_name(t: Tournament, team_id: str | None) -> str:
    team = next((x for x in t.teams if x.id == team_id), None)
    return public(team.name, 60) if team else "?"


def team_possessive(t: Tournament, team_id: str | None) -> str:
    """``Red Dice's``, but ``Blue Shells'``: the team's name owning what follows."""
    shown = team_name(t, team_id)
    return f"{shown}'" if shown.endswith(("s", "S")) else f"{shown}'s"


def name(t: Tournament, player_id: str) -> str:
    return public(t.name_of(player_id), 40)


def names(t: Tournament, player_ids: list[str] | tuple[str, ...]) -> str:
    return ", ".join(name(t, p) for p in player_ids) or "nobody"


def entry(t: Tournament, player_id: str, lists: dict[str, str] | None = None, *, note: str = "") -> str:
    """A player with what a captain picks by: ``Ann (PanOceania · Ultramarines GT)``, their
    faction and, once the lists are revealed, their list's name (``lists``: player id -> name);
    ``note`` goes first (``captain``)."""
    player = t.player(player_id)
    what = [note] if note else []
    # Kept short: a panel lists two pools of up to 8 players in one 2,000-character message.
    if player.faction:
        what.append(public(player.faction, 24))
    if lists and player_id in lists:
        what.append(public(lists[player_id], 24))
    return f"{name(t, player_id)} ({' · '.join(what)})" if what else name(t, player_id)


def entries(
    t: Tournament, player_ids: list[str] | tuple[str, ...], lists: dict[str, str] | None = None
) -> str:
    return ", ".join(entry(t, p, lists) for p in player_ids) or "nobody"


def team_lines(t: Tournament, team: Team, lists: dict[str, str] | None = None) -> list[str]:
    """The team's heading and one line per player (the captain marked), with their factions and,
    once revealed, their lists' names."""
    size = t.team_size or 0
    status = "" if team.size == size else f" · {team.size} of {size}"
    dropped = " · dropped" if team.dropped_after is not None else ""
    lines = [f"**{public(team.name, 60)}**{status}{dropped}"]
    for pid in team.players:
        mark = " (captain)" if pid == team.captain else ""
        listed = f" · list: {public(lists[pid], 40)}" if lists and pid in lists else ""
        lines.append(f"• {player_line(t, pid)}{mark}{listed}")
    return lines


def _team_show_line(t: Tournament, team: Team, lists: dict[str, str] | None) -> str:
    """``**Owls** (3/3): Ann (captain · PanOceania), Bo (Nomads), Cy``."""
    players = ", ".join(
        entry(t, p, lists, note="captain" if p == team.captain else "") for p in team.players
    )
    dropped = " · dropped" if team.dropped_after is not None else ""
    return f"**{public(team.name, 60)}** ({team.size}/{t.team_size or 0}{dropped}): {players}"


def teams_text(t: Tournament, lists: dict[str, str] | None = None) -> list[str]:
    """Every team on a line with its players' names and factions (and lists' names once
    revealed), in messages of at most 2,000 characters (64 teams of 8 take a few; ``team show
    team:`` lists one team with mentions)."""
    size = t.team_size or 0
    head = f"**{public(t.name, 80)}: {counted(len(t.teams), 'team')} of {size}**"
    if not t.teams:
        return [f"{head}\nNo team yet: a captain starts one with `/tournament team create`."]
    return chunks(head, [_team_show_line(t, team, lists) for team in t.teams])


def match_label(t: Tournament, match: TeamMatch) -> str:
    return f"{team_name(t, match.a)} v {team_name(t, match.b)}"


_NEXT = {
    Step.CHAMPION: "pick your **champion**, who plays theirs (secret until both captains have picked)",
    Step.DEFENDER: "pick your **defender** (secret until both captains have picked)",
    Step.ATTACKERS: "pick **two attackers** to send against their defender (secret until both have)",
    Step.REFUSE: "**refuse one** of the two attackers sent against your defender (they go back to the pool)",
}


def game_lines(t: Tournament, match: TeamMatch, ritual: Ritual) -> list[str]:
    first = match.first_table or 1
    return [
        f"Table {first + k}: {player_line(t, p.a)} v {player_line(t, p.b)}"
        for k, p in enumerate(ritual.pairings)
    ]


def panel_text(
    t: Tournament, match: TeamMatch, side: Side, number: int, lists: dict[str, str] | None = None
) -> str:
    """One captain's private view of their match's ritual (from ``visible_to`` only): both pools
    with each player's faction and, once revealed, list (``lists``: player id -> list name)."""
    assert match.ritual is not None
    view = visible_to(match.ritual, side)
    mine = match.a if side is Side.A else match.b
    theirs = match.b if side is Side.A else match.a
    head = f"**{match_label(t, match)}**, round {number} pairing · you pick for {team_name(t, mine)}" + (
        f" · pass {view.round}" if not match.ritual.done else ""
    )
    lines = [head]
    if view.pairings:
        lines.append("Games so far:")
        lines += game_lines(t, match, match.ritual)
    if match.ritual.done:
        lines.append("The pairing is complete.")
        return "\n".join(lines)
    lines.append(f"Your pool: {entries(t, view.own_pool, lists)}")
    lines.append(f"Their pool ({team_name(t, theirs)}): {entries(t, view.other_pool, lists)}")
    if view.own.defender:
        lines.append(f"Your defender: {name(t, view.own.defender)}")
    if view.other.defender:
        lines.append(f"Their defender: {name(t, view.other.defender)}")
    if view.own.attackers:
        lines.append(f"You send: {names(t, view.own.attackers)}")
    if view.other.attackers:
        lines.append(f"They send against your defender: {names(t, view.other.attackers)}")
    if view.own.refused:
        lines.append(f"You refuse: {name(t, view.own.refused)}")
    if view.own.made(view.step):
        waiting = "has picked too" if view.other_has_picked else "has not picked yet"
        lines.append(
            f"Waiting for {team_possessive(t, theirs)} captain, who {waiting}; you may change your pick "
            "until they pick."
        )
    else:
        lines.append(f"Now: {_next_text(match.ritual, view.step)}.")
    return "\n".join(lines)


def _next_text(ritual: Ritual, step: Step) -> str:
    """What a captain picks now, in the event's team format's words."""
    if step is Step.DEFENDER and len(ritual.pool_a) == 2:
        return (
            "the **last pick**: name one of your last two as defender (secret until both have); "
            "each defender plays the other side's player not named"
        )
    if step is Step.REFUSE and ritual.play_refused:
        return (
            "**refuse one** of the two attackers sent against your defender "
            "(the refused attackers play each other)"
        )
    return _NEXT[step]


def reveal_text(t: Tournament, match: TeamMatch, before: Ritual, number: int) -> str | None:
    """What everyone may now see, when a pick completed a step (None: nothing new revealed)."""
    after = match.ritual
    assert after is not None
    if (after.step, after.round) == (before.step, before.round):
        return None
    label = f"**{match_label(t, match)}**, round {number}"
    a, b = team_name(t, match.a), team_name(t, match.b)
    if before.step is Step.CHAMPION:
        champions = [p for p in after.pairings if p.how is How.CHAMPION]
        text = f"{label}: champions revealed: " + "; ".join(
            f"{name(t, p.a)} v {name(t, p.b)}" for p in champions
        )
        if after.done:
            return "\n".join([f"{text}. The pairing is complete:", *game_lines(t, match, after)])
        return f"{text}. Captains, pick your defenders."
    if before.step is Step.DEFENDER and after.done:
        return "\n".join(
            [f"{label}, the last pick is revealed. The pairing is complete:", *game_lines(t, match, after)]
        )
    if after.step is Step.ATTACKERS:
        return (
            f"{label}, pass {after.round}: defenders revealed: {a}: {name(t, after.picks_a.defender or '')}; "
            f"{b}: {name(t, after.picks_b.defender or '')}. Captains, send two attackers."
        )
    if after.step is Step.REFUSE:
        return (
            f"{label}, pass {after.round}: attackers revealed: {a} sends "
            f"{names(t, after.picks_a.attackers or ())}; {b} sends "
            f"{names(t, after.picks_b.attackers or ())}. Captains, refuse one."
        )
    # The pick that resolved the pass is not in ``before`` (and ``after`` starts the next pass with
    # no picks): the refusals come from the games the pass made.
    refused = refusals(before, after)
    text = (
        f"{label}, pass {before.round}: {a} refused {name(t, refused.get(Side.A, '?'))}; "
        f"{b} refused {name(t, refused.get(Side.B, '?'))}."
    )
    if after.done:
        return "\n".join([f"{text} The pairing is complete:", *game_lines(t, match, after)])
    made = after.pairings[len(before.pairings) :]
    games = "; ".join(f"{name(t, p.a)} v {name(t, p.b)}" for p in made)
    return f"{text} Games: {games}. Captains, pick your next defenders."


def team_pairing_lines(t: Tournament, number: int) -> list[str]:
    """One line per team match of round ``number`` (its tables), the bye last."""
    rnd = t.team_rounds[number - 1]
    size = t.team_size or 0
    lines = []
    for match in rnd.matches:
        if match.is_bye:
            lines.append(f"Bye: {team_name(t, match.a)} (a team win)")
            continue
        first = match.first_table or 1
        rematch = " ⚠ rematch" if match.rematch else ""
        lines.append(f"Tables {first}-{first + size - 1}: {match_label(t, match)}{rematch}")
    return lines


def team_standings_embed(t: Tournament) -> discord.Embed:
    """The team standings as an embed: rank, team, team points, W-D-L, points and the next tie-break."""
    scoring = scoring_for(t)
    rows = team_standings(t)
    embed = discord.Embed(title=f"{public(t.name, 80)}: team standings", colour=COLOUR)
    lines = []
    for row in rows:
        mark = (
            MEDALS[row.rank - 1]
            if row.rank <= 3 and (row.wins + row.draws + row.losses + row.byes)
            else row.rank
        )
        dropped = " (dropped)" if row.dropped else ""
        lines.append(
            f"{mark} **{public(row.name, 50)}**{dropped}: {row.team_points} pts · "
            f"{row.wins}-{row.draws}-{row.losses}{f' +{row.byes} bye' if row.byes else ''} · "
            f"{row.points} {scoring.points_label} · {row.next} {scoring.next_label}"
        )
    parts = chunks("", lines, 1024) if lines else ["No team yet."]
    for k, part in enumerate(parts[:5]):
        embed.add_field(
            name="Teams" if k == 0 else "Teams, continued", value=part.strip() or "-", inline=False
        )
    embed.set_footer(
        text=f"Ranked by team points (win 2, draw 1), then {scoring.points_label}, then {scoring.next_label}"
    )
    return embed


def team_thread_name(t: Tournament, number: int, match: TeamMatch) -> str:
    """``R1 T1-3: Owls v Bears``, cut to Discord's 100 characters."""
    first = match.first_table or 1
    last = first + (t.team_size or 1) - 1
    return plain(f"R{number} T{first}-{last}: {_raw(t, match.a)} v {_raw(t, match.b)}", 100)


def _raw(t: Tournament, team_id: str | None) -> str:
    return next((x.name for x in t.teams if x.id == team_id), "?")


def match_users(t: Tournament, match: TeamMatch) -> list[int]:
    """The Discord ids of both teams' players."""
    teams = [x for x in t.teams if x.id in match.teams]
    return [u for team in teams for p in team.players if (u := t.player(p).user_id)]


def team_thread_text(t: Tournament, number: int, match: TeamMatch) -> tuple[str, list[int]]:
    """The message opening a team match's thread (both teams' players mentioned), and whom it pings."""
    teams = [x for x in t.teams if x.id in match.teams]
    lines = [f"**{public(t.name, 80)}**, round {number}: **{match_label(t, match)}**."]
    for team in teams:
        lines.append(f"{public(team.name, 60)}: " + ", ".join(player_line(t, p) for p in team.players))
    lines.append(
        "Captains: press **Open my pairing** to pick privately; each step is shown here once both "
        "have picked. Report each game with `/tournament report` once it is paired."
    )
    return "\n".join(lines), match_users(t, match)


def team_pairing_text(t: Tournament, number: int, threads: dict[int, int]) -> tuple[str, list[int]]:
    """Round ``number``'s team matches (with their threads), and the captains it pings."""
    lines = []
    for line, match in zip(team_pairing_lines(t, number), t.team_rounds[number - 1].matches, strict=True):
        where = f" → <#{threads[match.first_table]}>" if match.first_table in threads else ""
        lines.append(line + where)
    captains = [x.captain for x in t.teams if any(x.id in m.teams for m in t.team_rounds[number - 1].matches)]
    users = [u for p in captains if (u := t.player(p).user_id)]
    rounds = t.round_count or number
    head = f"**{public(t.name, 80)}: round {number} of {rounds}**, team matches"
    call = (
        "Captains (" + ", ".join(f"<@{u}>" for u in users) + "): press **Open my pairing** to pick your "
        "defender, attackers and refusals privately."
    )
    return chunks(head, [*lines, call])[0], users


def team_standings_post(t: Tournament, *, page: int = 1, words: Translator | None = None) -> Post:
    """The team standings: pictures (32 teams a page) and the same table as an embed."""
    pages = page_count(len(t.teams))
    if not 1 <= page <= pages:
        raise RuleError(
            f"The team standings have {counted(pages, 'page')} of 32 teams; page {page} is not one."
        )
    images = [
        Image(lambda p=p: render_team_standings(t, page=p, t=words), f"team-standings-{p}.png")
        for p in range(page, pages + 1)
    ]
    return Post(
        content="Team standings; the players' own: `/tournament standings players:true`.",
        embeds=[team_standings_embed(t)],
        images=images[:4],
    )
