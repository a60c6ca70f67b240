"""HTML of a Crusade campaign's page: standings, every Order of Battle, and the campaign's log.

Read-only, from the stored campaign (:mod:`rules.crusade.model`); every value a player typed
(campaign, force, player, unit, honour and scar names) goes through :func:`web.pages.e`. Only what
the campaign made final is shown: tallies and the log change when an opponent confirms a battle,
and a battle still waiting for its confirmation is only counted, never described.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from rules.crusade.engine import RANK_NAMES, standings
from rules.crusade.model import Campaign, CrusadeUnit, Force, HonourKind
from rules.i18n import N_, Translator
from web.pages import ENGLISH, _shell, e, switch

LOG_SHOWN = 100
"""The newest log lines a page shows (a campaign keeps at most 200)."""

ORDER_WORDS = {
    "victories": N_("Ranked by victories, then battles, then Crusade Points."),
    "battles": N_("Ranked by battles, then victories, then Crusade Points."),
    "points": N_("Ranked by Crusade Points, then victories, then battles."),
}


class StoredCampaign(BaseModel):
    """What the page reads of a stored Crusade game (``cogs.crusade.game.CrusadeGame``)."""

    model_config = ConfigDict(extra="ignore")

    campaign: Campaign


def _standings(campaign: Campaign, t: Translator) -> str:
    rows = standings(campaign)
    if not rows:
        empty = e(t("No force has joined yet."))
        return f'<p class="empty">{empty}</p>'
    player, force = e(t("Player")), e(t("Force"))
    numbers = (t("Victories"), t("Battles"), t("Crusade Points"))
    head = (
        f"<thead><tr><th>#</th><th>{player}</th><th class=fac>{force}</th>"
        + "".join(f"<th>{e(h)}</th>" for h in numbers)
        + "</tr></thead>"
    )
    body = "".join(
        f'<tr><td>{place}</td><td class="name">{e(f.player_name)}</td><td class="fac">{e(f.name)}</td>'
        f"<td>{f.victories}</td><td>{f.battles}</td><td>{f.crusade_points}</td></tr>"
        for place, f in enumerate(rows, 1)
    )
    return f'<table class="standings">{head}<tbody>{body}</tbody></table>'


def _honours(unit: CrusadeUnit, t: Translator) -> str:
    names = []
    for h in unit.honours:
        if h.kind is HonourKind.RELIC and h.tier:
            names.append(t("{name} (relic, tier {tier})", name=h.name, tier=h.tier))
        else:
            names.append(h.name)
    return e(", ".join(names)) if names else "—"


def _unit(unit: CrusadeUnit, t: Translator) -> str:
    xp = str(unit.xp)
    if not unit.gains_xp:
        xp = t("{xp} (gains none)", xp=unit.xp)
    elif unit.xp_cap is not None and unit.xp >= unit.xp_cap:
        xp = t("{xp} (the most it may hold)", xp=unit.xp)
    points = "?" if unit.points is None else unit.points  # its list gave none: unknown, as in the picture
    return (
        f'<tr><td class="name">{e(unit.name)}</td><td>{points}</td><td>{e(xp)}</td>'
        f"<td>{e(t(RANK_NAMES[unit.rank]))}</td><td>{_honours(unit, t)}</td>"
        f"<td>{e(', '.join(unit.scars)) if unit.scars else '—'}</td><td>{unit.crusade_points}</td></tr>"
    )


def _force(force: Force, t: Translator) -> str:
    about = t(force.tally())
    over = ""
    if force.supply_used > force.supply_limit:
        over = t("Over the Supply Limit by {points} points.", points=force.supply_used - force.supply_limit)
        over = f'<p class="meta">{e(over)}</p>'
    faction = f" <small>{e(force.faction)}</small>" if force.faction else ""
    heads = (t("Unit"), t("Points"), t("XP"), t("Unit rank"), t("Battle Honours"), t("Battle Scars"), t("CP"))
    head = "<thead><tr>" + "".join(f"<th>{e(h)}</th>" for h in heads) + "</tr></thead>"
    units = "".join(_unit(u, t) for u in force.units)
    empty = e(t("No unit."))
    table = (
        f'<table class="standings oob">{head}<tbody>{units}</tbody></table>'
        if units
        else f'<p class="empty">{empty}</p>'
    )
    return (
        f'<details class="force"><summary>{e(force.name)}{faction}</summary>'
        f'<p class="meta">{e(about)}</p>{over}<div class="table-wrap">{table}</div></details>'
    )


def campaign_page(
    campaign: Campaign,
    *,
    t: Translator = ENGLISH,
    address: str = "",
    languages: list[tuple[str, str]] | None = None,
) -> str:
    """A campaign's whole page (no script: it changes after a battle, not by the second)."""
    done = sum(1 for b in campaign.battles if b.stage == "done")
    waiting = sum(1 for b in campaign.battles if b.stage == "confirm")
    meta = t.n(
        "Crusade campaign · {n} force · confirmed battles: {battles}",
        "Crusade campaign · {n} forces · confirmed battles: {battles}",
        len(campaign.forces),
        n=len(campaign.forces),
        battles=done,
    )
    parts = [f'<header><h1>{e(campaign.name)}</h1><p class="meta">{e(meta)}</p>']
    if waiting:
        pending = t.n(
            "{n} battle waits for its confirmation.",
            "{n} battles wait for their confirmation.",
            waiting,
            n=waiting,
        )
        parts.append(f'<p class="status">{e(pending)}</p>')
    parts.append("</header>")
    order = ORDER_WORDS.get(campaign.order)
    note = f'<p class="meta">{e(t(order))}</p>' if order else ""
    title = e(t("Standings"))
    parts.append(f'<section class="table-wrap"><h2>{title}</h2>{_standings(campaign, t)}{note}</section>')
    if campaign.forces:
        forces = "".join(_force(f, t) for f in standings(campaign))
        title = e(t("Orders of Battle"))
        parts.append(f'<section class="forces"><h2>{title}</h2>{forces}</section>')
    shown = list(reversed(campaign.log[-LOG_SHOWN:]))
    empty, title = e(t("Nothing yet.")), e(t("Campaign log"))
    log = (
        "<ol class=log>" + "".join(f"<li>{e(t(line))}</li>" for line in shown) + "</ol>"
        if shown
        else f'<p class="empty">{empty}</p>'
    )
    parts.append(f'<section class="log"><h2>{title}</h2>{log}</section>')
    nav = switch(address, t, languages or []) if address else ""
    return (
        f'{_shell(campaign.name, t, stylesheet="../static/page.css")}<body><div id="live">'
        f'{"".join(parts)}</div><footer>{nav}</footer></body></html>'
    )
