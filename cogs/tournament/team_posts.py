"""What players read of a team event: the teams, a captain's private view of a pairing ritual,
what is revealed to everyone, the team pairings and the team standings.

A captain's panel is built from :func:`rules.tournament.ritual.visible_to` alone, so it can never
show the other captain's picks before both have picked. Every text takes ``t``, the reader's
translator: the captain's own language for a panel, the event's for what everyone sees
(English when none is given).
"""

from __future__ import annotations

from bot.text import plain, public
from cogs.tournament.posts import chunks, player_line
from rules.i18n import Message, Translator, _, translator
from rules.tournament import Tournament
from rules.tournament.ritual import How, Pairing, Ritual, Side, Step, refusals, visible_to
from rules.tournament.team_model import Team, TeamMatch


def _english(t: Translator | None) -> Translator:
    return t if t is not None else translator(None)


def team_name(ev: Tournament, team_id: str | None) -> str:
    team = next((x for x in ev.teams if x.id == team_id), None)
    return public(team.name, 60) if team else "?"


def name(ev: Tournament, player_id: str) -> str:
    return public(ev.name_of(player_id), 40)


def names(ev: Tournament, player_ids: list[str] | tuple[str, ...]) -> str:
    return ", ".join(name(ev, p) for p in player_ids) or "-"


def entry(ev: Tournament, player_id: str, lists: dict[str, str] | None = None, *, note: str = "") -> str:
    """A player with what a captain picks by: ``Ann (PanOceania · Ultramarines GT)``, their
    faction and, once the lists are revealed, their list's name (``lists``: player id -> name);
    ``note`` goes first (``captain``, already in the reader's language)."""
    player = ev.player(player_id)
    what = [note] if note else []
    # Kept short: a panel lists two pools of up to 8 players in one 2,000-character message.
    if player.faction:
        what.append(public(player.faction, 24))
    if lists and player_id in lists:
        what.append(public(lists[player_id], 24))
    return f"{name(ev, player_id)} ({' · '.join(what)})" if what else name(ev, player_id)


def entries(ev: Tournament, player_ids: list[str] | tuple[str, ...], lists: dict[str, str] | None) -> str:
    return ", ".join(entry(ev, p, lists) for p in player_ids) or "-"


def team_lines(
    ev: Tournament, team: Team, lists: dict[str, str] | None = None, *, t: Translator | None = None
) -> list[str]:
    """The team's heading and one line per player (the captain marked), with their factions and,
    once revealed, their lists' names."""
    t = _english(t)
    size = ev.team_size or 0
    status = "" if team.size == size else t(" · {n} of {size}", n=team.size, size=size)
    dropped = t(" · dropped") if team.dropped_after is not None else ""
    lines = [f"**{public(team.name, 60)}**{status}{dropped}"]
    for pid in team.players:
        mark = t(" (captain)") if pid == team.captain else ""
        listed = t(" · list: {name}", name=public(lists[pid], 40)) if lists and pid in lists else ""
        lines.append(f"• {player_line(ev, pid)}{mark}{listed}")
    return lines


def _team_show_line(ev: Tournament, team: Team, lists: dict[str, str] | None, t: Translator) -> str:
    """``**Owls** (3/3): Ann (captain · PanOceania), Bo (Nomads), Cy``."""
    captain = t("captain")
    players = ", ".join(entry(ev, p, lists, note=captain if p == team.captain else "") for p in team.players)
    dropped = t(" · dropped") if team.dropped_after is not None else ""
    return f"**{public(team.name, 60)}** ({team.size}/{ev.team_size or 0}{dropped}): {players}"


def teams_text(
    ev: Tournament, lists: dict[str, str] | None = None, *, t: Translator | None = None
) -> list[str]:
    """Every team on a line with its players' names and factions (and lists' names once
    revealed), in messages of at most 2,000 characters (64 teams of 8 take a few; ``team show
    team:`` lists one team with mentions)."""
    t = _english(t)
    size = ev.team_size or 0
    count = t.n("{n} team of {size}", "{n} teams of {size}", len(ev.teams), n=len(ev.teams), size=size)
    head = f"**{public(ev.name, 80)}: {count}**"
    if not ev.teams:
        return [f"{head}\n" + t("No team yet: a captain starts one with `/tournament team create`.")]
    return chunks(head, [_team_show_line(ev, team, lists, t) for team in ev.teams])


def match_label(ev: Tournament, match: TeamMatch, t: Translator | None = None) -> str:
    t = _english(t)
    return t("{a} v {b}", a=team_name(ev, match.a), b=team_name(ev, match.b))


_NEXT = {
    Step.CHAMPION: _("pick your **champion**, who plays theirs (secret until both captains have picked)"),
    Step.DEFENDER: _("pick your **defender** (secret until both captains have picked)"),
    Step.ATTACKERS: _("pick **two attackers** to send against their defender (secret until both have)"),
    Step.REFUSE: _(
        "**refuse one** of the two attackers sent against your defender (they go back to the pool)"
    ),
}


def game_lines(ev: Tournament, match: TeamMatch, ritual: Ritual, t: Translator | None = None) -> list[str]:
    t = _english(t)
    first = match.first_table or 1
    return [
        t("Table {table}: {a} v {b}", table=first + k, a=player_line(ev, p.a), b=player_line(ev, p.b))
        for k, p in enumerate(ritual.pairings)
    ]


def panel_text(
    ev: Tournament,
    match: TeamMatch,
    side: Side,
    number: int,
    lists: dict[str, str] | None = None,
    *,
    t: Translator | None = None,
) -> str:
    """One captain's private view of their match's ritual (from ``visible_to`` only): both pools
    with each player's faction and, once revealed, list (``lists``: player id -> list name), in
    the captain's language ``t``."""
    assert match.ritual is not None
    t = _english(t)
    view = visible_to(match.ritual, side)
    mine = match.a if side is Side.A else match.b
    theirs = match.b if side is Side.A else match.a
    label = match_label(ev, match, t)
    if match.ritual.done:
        head = t(
            "**{match}**, round {number} pairing · you pick for {team}",
            match=label,
            number=number,
            team=team_name(ev, mine),
        )
    else:
        head = t(
            "**{match}**, round {number} pairing · you pick for {team} · pass {ritual_pass}",
            match=label,
            number=number,
            team=team_name(ev, mine),
            ritual_pass=view.round,
        )
    lines = [head]
    if view.pairings:
        lines.append(t("Games so far:"))
        lines += game_lines(ev, match, match.ritual, t)
    if match.ritual.done:
        lines.append(t("The pairing is complete."))
        return "\n".join(lines)
    lines.append(t("Your pool: {players}", players=entries(ev, view.own_pool, lists)))
    lines.append(
        t(
            "Their pool ({team}): {players}",
            team=team_name(ev, theirs),
            players=entries(ev, view.other_pool, lists),
        )
    )
    if view.own.defender:
        lines.append(t("Your defender: {player}", player=name(ev, view.own.defender)))
    if view.other.defender:
        lines.append(t("Their defender: {player}", player=name(ev, view.other.defender)))
    if view.own.attackers:
        lines.append(t("You send: {players}", players=names(ev, view.own.attackers)))
    if view.other.attackers:
        lines.append(t("They send against your defender: {players}", players=names(ev, view.other.attackers)))
    if view.own.refused:
        lines.append(t("You refuse: {player}", player=name(ev, view.own.refused)))
    if view.own.made(view.step):
        if view.other_has_picked:
            waiting = t(
                "Waiting for the captain of {team}, who has picked too; you may change your pick until "
                "they pick.",
                team=team_name(ev, theirs),
            )
        else:
            waiting = t(
                "Waiting for the captain of {team}, who has not picked yet; you may change your pick "
                "until they pick.",
                team=team_name(ev, theirs),
            )
        lines.append(waiting)
    else:
        lines.append(t("Now: {what}.", what=_next_text(match.ritual, view.step)))
    return "\n".join(lines)


def _next_text(ritual: Ritual, step: Step) -> Message:
    """What a captain picks now, in the event's team format's words (a lazy message)."""
    if step is Step.DEFENDER and len(ritual.pool_a) == 2:
        return _(
            "the **last pick**: name one of your last two as defender (secret until both have); "
            "each defender plays the other side's player not named"
        )
    if step is Step.REFUSE and ritual.play_refused:
        return _(
            "**refuse one** of the two attackers sent against your defender "
            "(the refused attackers play each other)"
        )
    return _NEXT[step]


def _versus(ev: Tournament, pairs: list[Pairing], t: Translator) -> str:
    return "; ".join(t("{a} v {b}", a=name(ev, p.a), b=name(ev, p.b)) for p in pairs)


def reveal_text(
    ev: Tournament, match: TeamMatch, before: Ritual, number: int, *, t: Translator | None = None
) -> str | None:
    """What everyone may now see, when a pick completed a step (None: nothing new revealed), in
    the event's language ``t``."""
    t = _english(t)
    after = match.ritual
    assert after is not None
    if (after.step, after.round) == (before.step, before.round):
        return None
    label = match_label(ev, match, t)
    a, b = team_name(ev, match.a), team_name(ev, match.b)
    if before.step is Step.CHAMPION:
        champions = _versus(ev, [p for p in after.pairings if p.how is How.CHAMPION], t)
        if after.done:
            text = t(
                "**{match}**, round {number}: champions revealed: {games}. The pairing is complete:",
                match=label,
                number=number,
                games=champions,
            )
            return "\n".join([text, *game_lines(ev, match, after, t)])
        return t(
            "**{match}**, round {number}: champions revealed: {games}. Captains, pick your defenders.",
            match=label,
            number=number,
            games=champions,
        )
    if before.step is Step.DEFENDER and after.done:
        text = t(
            "**{match}**, round {number}, the last pick is revealed. The pairing is complete:",
            match=label,
            number=number,
        )
        return "\n".join([text, *game_lines(ev, match, after, t)])
    if after.step is Step.ATTACKERS:
        return t(
            "**{match}**, round {number}, pass {ritual_pass}: defenders revealed: {a}: {defender_a}; "
            "{b}: {defender_b}. Captains, send two attackers.",
            match=label,
            number=number,
            ritual_pass=after.round,
            a=a,
            defender_a=name(ev, after.picks_a.defender or ""),
            b=b,
            defender_b=name(ev, after.picks_b.defender or ""),
        )
    if after.step is Step.REFUSE:
        return t(
            "**{match}**, round {number}, pass {ritual_pass}: attackers revealed: {a} sends "
            "{attackers_a}; {b} sends {attackers_b}. Captains, refuse one.",
            match=label,
            number=number,
            ritual_pass=after.round,
            a=a,
            attackers_a=names(ev, after.picks_a.attackers or ()),
            b=b,
            attackers_b=names(ev, after.picks_b.attackers or ()),
        )
    # The pick that resolved the pass is not in ``before`` (and ``after`` starts the next pass with
    # no picks): the refusals come from the games the pass made.
    refused = refusals(before, after)
    values = {
        "match": label,
        "number": number,
        "ritual_pass": before.round,
        "a": a,
        "refused_a": name(ev, refused.get(Side.A, "?")),
        "b": b,
        "refused_b": name(ev, refused.get(Side.B, "?")),
    }
    if after.done:
        text = t(
            "**{match}**, round {number}, pass {ritual_pass}: {a} refused {refused_a}; {b} refused "
            "{refused_b}. The pairing is complete:",
            **values,
        )
        return "\n".join([text, *game_lines(ev, match, after, t)])
    made = after.pairings[len(before.pairings) :]
    return t(
        "**{match}**, round {number}, pass {ritual_pass}: {a} refused {refused_a}; {b} refused "
        "{refused_b}. Games: {games}. Captains, pick your next defenders.",
        games=_versus(ev, made, t),
        **values,
    )


def team_pairing_lines(ev: Tournament, number: int, t: Translator | None = None) -> list[str]:
    """One line per team match of round ``number`` (its tables), the bye last."""
    t = _english(t)
    rnd = ev.team_rounds[number - 1]
    size = ev.team_size or 0
    lines = []
    for match in rnd.matches:
        if match.is_bye:
            lines.append(t("Bye: {team} (a team win)", team=team_name(ev, match.a)))
            continue
        first = match.first_table or 1
        label = match_label(ev, match, t)
        if match.rematch:
            line = t(
                "Tables {first}-{last}: {match} ⚠ rematch", first=first, last=first + size - 1, match=label
            )
        else:
            line = t("Tables {first}-{last}: {match}", first=first, last=first + size - 1, match=label)
        lines.append(line)
    return lines


def team_thread_name(ev: Tournament, number: int, match: TeamMatch, t: Translator | None = None) -> str:
    """``R1 T1-3: Owls v Bears``, cut to Discord's 100 characters."""
    first = match.first_table or 1
    last = first + (ev.team_size or 1) - 1
    t = _english(t)
    text = t(
        "R{number} T{first}-{last}: {a} v {b}",
        number=number,
        first=first,
        last=last,
        a=_raw(ev, match.a),
        b=_raw(ev, match.b),
    )
    return plain(text, 100)


def _raw(ev: Tournament, team_id: str | None) -> str:
    return next((x.name for x in ev.teams if x.id == team_id), "?")


def match_users(ev: Tournament, match: TeamMatch) -> list[int]:
    """The Discord ids of both teams' players."""
    teams = [x for x in ev.teams if x.id in match.teams]
    return [u for team in teams for p in team.players if (u := ev.player(p).user_id)]


def team_thread_text(
    ev: Tournament, number: int, match: TeamMatch, t: Translator | None = None
) -> tuple[str, list[int]]:
    """The message opening a team match's thread (both teams' players mentioned), and whom it pings."""
    t = _english(t)
    teams = [x for x in ev.teams if x.id in match.teams]
    lines = [
        t(
            "**{event}**, round {number}: **{match}**.",
            event=public(ev.name, 80),
            number=number,
            match=match_label(ev, match, t),
        )
    ]
    for team in teams:
        lines.append(f"{public(team.name, 60)}: " + ", ".join(player_line(ev, p) for p in team.players))
    lines.append(
        t(
            "Captains: press **{button}** to pick privately; each step is shown here once both have "
            "picked. Report each game with `/tournament report` once it is paired.",
            button=open_label(t),
        )
    )
    return "\n".join(lines), match_users(ev, match)


def open_label(t: Translator | None = None) -> str:
    """The captains' button, as the reader's client shows it."""
    t = _english(t)
    return t("Open my pairing (captains)")


def team_pairing_text(
    ev: Tournament, number: int, threads: dict[int, int], t: Translator | None = None
) -> tuple[str, list[int]]:
    """Round ``number``'s team matches (with their threads), and the captains it pings."""
    t = _english(t)
    lines = []
    for line, match in zip(
        team_pairing_lines(ev, number, t), ev.team_rounds[number - 1].matches, strict=True
    ):
        where = f" → <#{threads[match.first_table]}>" if match.first_table in threads else ""
        lines.append(line + where)
    captains = [
        x.captain for x in ev.teams if any(x.id in m.teams for m in ev.team_rounds[number - 1].matches)
    ]
    users = [u for p in captains if (u := ev.player(p).user_id)]
    rounds = ev.round_count or number
    head = t(
        "**{event}: round {number} of {rounds}**, team matches",
        event=public(ev.name, 80),
        number=number,
        rounds=rounds,
    )
    call = t(
        "Captains ({captains}): press **{button}** to pick your defender, attackers and refusals privately.",
        captains=", ".join(f"<@{u}>" for u in users),
        button=open_label(t),
    )
    return chunks(head, [*lines, call])[0], users
