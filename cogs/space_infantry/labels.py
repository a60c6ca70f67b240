"""How /si names things in autocomplete and replies: units, zones and vehicles with their state,
and the public line for an undone step that drew RNs."""

from __future__ import annotations

from typing import Any

from rules.distribution import percent
from rules.i18n import N_, SOURCE, Translator, translator
from rules.space_infantry import AVOdds, FightState, Vehicle, ZoneKind


def matches(current: str, *texts: str) -> bool:
    wanted = (current or "").strip().lower()
    return not wanted or any(wanted in t.lower() for t in texts)


def unit_label(state: FightState, name: str) -> str:
    unit = state.unit(name)
    health = "out" if unit.out else f"{unit.wounds}/{unit.max_wounds} wounds left"
    eng = state.engagements.get(name)
    where = f"engaged with {eng.zone}" if eng else "free"
    return f"{name} · {unit.kind.value} · {health} · {where}"


def vehicle_health(v: Vehicle, *, long: bool = False, t: Translator | None = None) -> str:
    """``1/3 SP left`` (with the wounds taken when ``long``): counted the way units' wounds are."""
    t = t or translator(SOURCE)
    if v.destroyed:
        return t("destroyed")
    left = t("{left}/{sp} SP left", left=v.sp - v.wounds, sp=v.sp)
    return t.n("{n} wound taken, {left}", "{n} wounds taken, {left}", v.wounds, n=v.wounds,
               left=left) if long else left


def armour(v: Vehicle, t: Translator | None = None) -> str:
    """``DMG 4+, Heavy Armor``, or ``no Heavy Armor`` (where DMG plays no part)."""
    t = t or translator(SOURCE)
    return t("DMG {dmg}+, Heavy Armor", dmg=v.dmg) if v.heavy else t("no Heavy Armor")


def av_chances(odds: AVOdds, v: Vehicle) -> str:
    """The exact chances of an A-V attack before its RNs are drawn, for the reply."""
    if not v.heavy:
        return f"Destroyed (any RN of 2+): **{percent(odds.destroyed)}** with {odds.sl} SL."
    needed = f"{odds.hits_needed} hit{'s' if odds.hits_needed != 1 else ''}"
    return (
        f"With {odds.sl} SL and PEN {odds.pen} (each RN hits {percent(odds.hit_each)}): at least one hit "
        f"**{percent(odds.at_least_one_hit)}**, destroyed ({needed} needed) **{percent(odds.destroyed)}**."
    )


def zone_label(state: FightState, zone: str, legal: bool) -> str:
    spec = state.boss.zone(zone)
    hp = state.zone_hp[zone]
    if hp <= 0:
        return f"{zone} · destroyed"
    if spec.kind is ZoneKind.OUTER:
        room = f"{len(state.at_opening(zone))}/{spec.engage_limit} engaged"
    else:
        open_via = [o for o in state.boss.outers_of(zone) if state.zone_hp[o] <= 0]
        room = (
            f"through {', '.join(open_via)}"
            if open_via
            else f"closed until {' or '.join(state.boss.outers_of(zone))} falls"
        )
    tag = "" if legal else " · can't engage now"
    return f"{zone} · {spec.kind.value} · {hp}/{spec.hp} HP · {room}{tag}"


_DRAW_STEPS = {
    "range": N_("the range draw"),
    "activate": N_("the zones' activation draw"),
    "vehicle attack": N_("the A-V attack"),
}


def undo_announcement(action: str, detail: dict[str, Any], who: str,
                      t: Translator | None = None) -> list[str]:
    """A public line for an undone step that drew RNs, naming every RN thrown away (so redrawing
    until a number suits is visible to the whole table), in ``t``'s language; nothing for a step
    without draws."""
    t = t or translator(SOURCE)
    draws = detail.get("draws") or []
    if not draws:
        return []
    values = [str(d.get("value")) for d in draws]
    if action in _DRAW_STEPS:
        step_name = t(_DRAW_STEPS[action])
    else:
        step_name = t("a step that drew RNs ({action})", action=action)
    if len(values) == 1:
        discarded = t("RN {value} discarded", value=values[0])
    else:
        shown = ", ".join(
            f"{d.get('value')} ({str(d.get('purpose', '')).removeprefix('activation: ')})" for d in draws
        )
        discarded = t("RNs {values} discarded", values=shown)
    return [t("**{who} undid {step} ({discarded}).** The next draw is a new one.", who=who, step=step_name,
              discarded=discarded)]
