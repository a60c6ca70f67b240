"""How /si names things in autocomplete and replies: units, zones and vehicles with their state,
and the public line for an undone step that drew RNs."""

from __future__ import annotations

from typing import Any

from rules.distribution import percent
from rules.i18n import N_, SOURCE, Translator, translator
from rules.space_infantry import AVOdds, FightState, Vehicle, ZoneKind
from rules.space_infantry.boss import KIND_WORDS


def matches(current: str, *texts: str) -> bool:
    wanted = (current or "").strip().lower()
    return not wanted or any(wanted in t.lower() for t in texts)


def unit_label(state: FightState, name: str, t: Translator | None = None) -> str:
    t = t or translator(SOURCE)
    unit = state.unit(name)
    health = t("out") if unit.out else t("{left}/{max} wounds left", left=unit.wounds,
                                                                 max=unit.max_wounds)
    eng = state.engagements.get(name)
    where = t("engaged with {zone}", zone=eng.zone) if eng else t("free")
    kind = t(KIND_WORDS[unit.kind.value])
    return f"{name} · {kind} · {health} · {where}"


def vehicle_health(v: Vehicle, *, long: bool = False, t: Translator | None = None) -> str:
    """``1/3 SP left`` (with the wounds taken when ``long``): counted the way units' wounds are."""
    t = t or translator(SOURCE)
    if v.destroyed:
        return t("destroyed")
    left = t("{left}/{sp} SP left", left=v.sp - v.wounds, sp=v.sp)
    return t.n("{n} wound taken, {left}", "{n} wounds taken, {left}", v.wounds, n=v.wounds,
               left=left) if long else left


def vehicle_label(v: Vehicle, t: Translator) -> str:
    return f"{v.name} · {armour(v, t)} · {vehicle_health(v, t=t)}"


def opening_label(state: FightState, zone: str, t: Translator) -> str:
    """A destroyed outer zone as an opening, naming the internal zones it leads to."""
    leads_to = ", ".join(state.boss.internals_of(zone))
    return t("{zone} (destroyed, leads to {zones})", zone=zone, zones=leads_to)


def armour(v: Vehicle, t: Translator | None = None) -> str:
    """``DMG 4+, Heavy Armor``, or ``no Heavy Armor`` (where DMG plays no part)."""
    t = t or translator(SOURCE)
    return t("DMG {dmg}+, Heavy Armor", dmg=v.dmg) if v.heavy else t("no Heavy Armor")


def av_chances(odds: AVOdds, v: Vehicle, t: Translator | None = None) -> str:
    """The exact chances of an A-V attack before its RNs are drawn, for the reply."""
    t = t or translator(SOURCE)
    if not v.heavy:
        return t("Destroyed (any RN of 2+): **{chance}** with {sl} SL.",
                 chance=percent(odds.destroyed, t), sl=odds.sl)
    needed = t.n("{n} hit", "{n} hits", odds.hits_needed, n=odds.hits_needed)
    return t(
        "With {sl} SL and PEN {pen} (each RN hits {each}): at least one hit **{one}**, "
        "destroyed ({needed} needed) **{destroyed}**.",
        sl=odds.sl, pen=odds.pen, each=percent(odds.hit_each, t), one=percent(odds.at_least_one_hit, t),
        needed=needed, destroyed=percent(odds.destroyed, t),
    )


def or_list(names: list[str], t: Translator) -> str:
    """``A or B or C``, with the language's word for "or"."""
    text = names[0] if names else ""
    for name in names[1:]:
        text = t("{first} or {second}", first=text, second=name)
    return text


ZONE_KIND_WORDS = {ZoneKind.OUTER: N_("outer"), ZoneKind.INTERNAL: N_("internal")}


def zone_label(state: FightState, zone: str, legal: bool, t: Translator | None = None) -> str:
    t = t or translator(SOURCE)
    spec = state.boss.zone(zone)
    hp = state.zone_hp[zone]
    if hp <= 0:
        return t("{zone} · destroyed", zone=zone)
    if spec.kind is ZoneKind.OUTER:
        room = t("{n}/{limit} engaged", n=len(state.at_opening(zone)), limit=spec.engage_limit)
    else:
        open_via = [o for o in state.boss.outers_of(zone) if state.zone_hp[o] <= 0]
        room = (
            t("through {zones}", zones=", ".join(open_via))
            if open_via
            else t("closed until {zones} falls", zones=or_list(state.boss.outers_of(zone), t))
        )
    tag = "" if legal else " · " + t("can't engage now")
    kind = t(ZONE_KIND_WORDS[spec.kind])
    return t("{zone} · {kind} · {hp}/{max} HP · {room}{tag}", zone=zone, kind=kind, hp=hp, max=spec.hp,
             room=room, tag=tag)


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
