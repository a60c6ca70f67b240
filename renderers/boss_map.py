"""Draw a Space Infantry boss fight as a PNG: the boss's zones, connections, engagements and the squad.

Outer zones sit in a row above and (when there are more than three) below the internal zones,
each outer zone placed over the internal zones it leads to, so connection lines stay short. Each
zone card shows its name, skill levels, HP as pips, the vital-part icon, and for outer zones a
yellow marker with engaged/limit; destroyed zones are greyed and struck through in red. The
header gives the turn and range (or the outcome, as the headline), the footer the squad roster
with wounds (and the Scorpio, when the squad has it: ready, or who used it this turn), then the
vehicles.

Our fonts have no emoji, so characters they can't draw (emoji, pictographs, their joiners) are
left out of names in the picture, with a note under the roster; the embed beside the map keeps
the names as typed.

>>> from rules.space_infantry import load_boss, start_fight
>>> png = render_boss_map(start_fight(load_boss("elder_leviathan")).state)
>>> png[:8] == b"\\x89PNG\\r\\n\\x1a\\n"
True
"""

from __future__ import annotations

import io
import unicodedata
from dataclasses import dataclass, field
from typing import Literal

from PIL import Image, ImageDraw

from renderers._fonts import Font, font
from renderers.canvas import draw as _surface
from renderers.canvas import fit as _fit
from renderers.canvas import words
from rules.i18n import N_, Translator
from rules.space_infantry.boss import Activation, FightState, Outcome, Phase, Resource, UnitKind
from rules.space_infantry.content import Range, ZoneKind, ZoneSpec
from rules.space_infantry.vehicles import SCORPIO_AV, SCORPIO_PEN

Theme = Literal["dark", "light"]
MAX_PNG_BYTES = 300_000
MIN_WIDTH = 600
MAX_WIDTH = 2000

RGB = tuple[int, int, int]


@dataclass(frozen=True)
class Palette:
    bg: RGB
    panel: RGB
    text: RGB
    muted: RGB
    border: RGB
    outer_fill: RGB
    internal_fill: RGB
    pip_full: RGB
    pip_lost: RGB
    destroyed_fill: RGB
    strike: RGB
    marker: RGB
    marker_text: RGB
    vital: RGB
    accent: RGB
    line: RGB
    fire: RGB
    melee: RGB
    charge: RGB


PALETTES: dict[str, Palette] = {
    "dark": Palette(
        bg=(30, 31, 34), panel=(43, 45, 49), text=(242, 243, 245), muted=(160, 166, 176),
        border=(96, 100, 110), outer_fill=(47, 56, 74), internal_fill=(66, 46, 62),
        pip_full=(87, 242, 135), pip_lost=(84, 86, 94), destroyed_fill=(62, 62, 66),
        strike=(237, 66, 69), marker=(254, 231, 92), marker_text=(20, 20, 20),
        vital=(237, 66, 69), accent=(160, 170, 255), line=(140, 146, 160),
        fire=(250, 166, 26), melee=(88, 140, 255), charge=(237, 66, 69),
    ),
    "light": Palette(
        bg=(250, 250, 252), panel=(234, 236, 240), text=(22, 24, 28), muted=(92, 98, 110),
        border=(150, 156, 168), outer_fill=(222, 231, 248), internal_fill=(246, 226, 236),
        pip_full=(30, 150, 70), pip_lost=(196, 198, 206), destroyed_fill=(206, 206, 210),
        strike=(214, 40, 46), marker=(250, 204, 21), marker_text=(20, 20, 20),
        vital=(214, 40, 46), accent=(60, 72, 200), line=(120, 126, 140),
        fire=(204, 110, 0), melee=(40, 90, 220), charge=(214, 40, 46),
    ),
}


@dataclass(frozen=True)
class Rect:
    x0: float
    y0: float
    x1: float
    y1: float

    @property
    def centre(self) -> tuple[int, int]:
        return (round((self.x0 + self.x1) / 2), round((self.y0 + self.y1) / 2))

    @property
    def box(self) -> tuple[float, float, float, float]:
        return (self.x0, self.y0, self.x1, self.y1)

    @property
    def width(self) -> float:
        return self.x1 - self.x0


@dataclass
class MapLayout:
    """Where everything goes; :func:`layout_boss_map` builds it and tests use ``zones`` centres."""

    width: int
    height: int
    scale: float
    header: Rect
    diagram: Rect
    roster: Rect
    zones: dict[str, Rect] = field(default_factory=dict)
    roster_rows: list[Rect] = field(default_factory=list)
    #: Where the "Vehicles" title goes (``None`` without vehicles).
    vehicles_title: Rect | None = None


HEADER_H = 112
ZONE_W = 280
ZONE_H = 196
ROW_GAP = 84
ROSTER_ROW_H = 50
ROSTER_TITLE_H = 92
VEHICLE_TITLE_H = 48
ROSTER_NOTE_H = 44
ROSTER_ONE_COLUMN = 8
MARGIN = 28


def _rows(state: FightState) -> list[list[ZoneSpec]]:
    boss = state.boss
    internal = boss.internal_zones
    outer = boss.outer_zones
    if not internal:
        half = (len(outer) + 1) // 2
        return [r for r in (outer[:half], outer[half:]) if r]
    n_top = len(outer) if len(outer) <= 3 else (len(outer) + 1) // 2
    slot = {z.name: i for i, z in enumerate(internal)}

    def target(z: ZoneSpec) -> float:
        inner = boss.internals_of(z.name)
        return sum(slot[i] for i in inner) / len(inner) if inner else (len(internal) - 1) / 2

    top = sorted(outer[:n_top], key=target)
    bottom = sorted(outer[n_top:], key=target)
    return [r for r in (top, internal, bottom) if r]


def _place_over_targets(state: FightState, row: list[ZoneSpec], placed: dict[str, float], zone_w: float,
                        gap: float, lo: float, hi: float, size: int) -> list[float]:
    """Left edges for a row of outer zones, each as close as it can be above its internal zones."""
    want = []
    for z in row:
        inner = [placed[i] for i in state.boss.internals_of(z.name) if i in placed]
        want.append((sum(inner) / len(inner) if inner else size / 2) - zone_w / 2)
    xs = [max(lo, min(hi - zone_w, w)) for w in want]
    for i in range(1, len(xs)):  # push right to remove overlaps
        xs[i] = max(xs[i], xs[i - 1] + zone_w + gap)
    if xs and xs[-1] + zone_w > hi:  # then back left if the row ran off the edge
        xs[-1] = hi - zone_w
        for i in range(len(xs) - 2, -1, -1):
            xs[i] = min(xs[i], xs[i + 1] - zone_w - gap)
    return xs


def layout_boss_map(state: FightState, *, size: int = 1000) -> MapLayout:
    """Compute the picture's layout for ``state`` at ``size`` pixels wide.

    >>> from rules.space_infantry import load_boss, start_fight
    >>> lay = layout_boss_map(start_fight(load_boss("elder_leviathan")).state)
    >>> lay.zones["Mouth"].centre[1] < lay.zones["Body"].centre[1]
    True
    """
    if not MIN_WIDTH <= size <= MAX_WIDTH:
        raise ValueError(f"size must be between {MIN_WIDTH} and {MAX_WIDTH} pixels")
    k = size / 1000
    rows = _rows(state)
    widest = max(len(r) for r in rows)
    gap = 24 * k
    zone_w = min(ZONE_W * k, (size - 2 * MARGIN * k - (widest - 1) * gap) / widest)
    zone_h = ZONE_H * k
    header = Rect(0, 0, size, HEADER_H * k)
    diagram_h = len(rows) * zone_h + (len(rows) - 1) * ROW_GAP * k + 2 * 36 * k
    diagram = Rect(0, header.y1, size, header.y1 + diagram_h)
    zones: dict[str, Rect] = {}
    lo, hi = MARGIN * k, size - MARGIN * k
    placed_x: dict[str, float] = {}
    # Place the internal row first so outer zones can sit above or below their targets.
    for index in sorted(range(len(rows)), key=lambda i: rows[i][0].kind is not ZoneKind.INTERNAL):
        row = rows[index]
        y = diagram.y0 + 36 * k + index * (zone_h + ROW_GAP * k)
        if row[0].kind is ZoneKind.INTERNAL or not state.boss.internal_zones:
            # The middle row (or a boss with no internal zones): spread evenly, centred.
            spread = max(gap, min(gap * 3, (hi - lo - len(row) * zone_w) / max(1, len(row) - 1)))
            total = len(row) * zone_w + (len(row) - 1) * spread
            xs = [(size - total) / 2 + i * (zone_w + spread) for i in range(len(row))]
        else:
            xs = _place_over_targets(state, row, placed_x, zone_w, gap, lo, hi, size)
        for z, x in zip(row, xs, strict=True):
            zones[z.name] = Rect(x, y, x + zone_w, y + zone_h)
            placed_x[z.name] = x + zone_w / 2
    # The squad, then the vehicles under their own title: one column (names at full width) unless
    # a section has more rows than ROSTER_ONE_COLUMN.
    rows_out: list[Rect] = []
    y = diagram.y1 + ROSTER_TITLE_H * k
    vehicles_title = None
    for index, count in enumerate((len(state.units), len(state.vehicles))):
        if index == 1:
            if not count:
                break
            vehicles_title = Rect(0, y, size, y + VEHICLE_TITLE_H * k)
            y = vehicles_title.y1
        cols = 2 if count > ROSTER_ONE_COLUMN else 1
        per_col = max(1, -(-count // cols))
        col_w = (size - 2 * MARGIN * k - (cols - 1) * gap) / cols
        for i in range(count):
            c, r = divmod(i, per_col)
            x0 = MARGIN * k + c * (col_w + gap)
            y0 = y + r * ROSTER_ROW_H * k
            rows_out.append(Rect(x0, y0, x0 + col_w, y0 + ROSTER_ROW_H * k - 6 * k))
        y += per_col * ROSTER_ROW_H * k
    roster = Rect(0, diagram.y1, size, y + ROSTER_NOTE_H * k)
    return MapLayout(width=size, height=round(roster.y1), scale=k, header=header, diagram=diagram,
                     roster=roster, zones=zones, roster_rows=rows_out, vehicles_title=vehicles_title)


# Drawing helpers --------------------------------------------------------------------------------

_NOT_DRAWN = {"So", "Cs", "Co", "Cn"}


def drawable(text: str) -> str:
    """``text`` without the characters our fonts can't draw (emoji and other pictographs, with
    their joiners and variation selectors); ``?`` if nothing is left.

    >>> drawable("Kai 🔥"), drawable("Doc ✨ Two"), drawable("⚔")
    ('Kai', 'Doc Two', '?')
    """
    kept = "".join(
        c for c in text
        if ord(c) <= 0xFFFF and unicodedata.category(c) not in _NOT_DRAWN
        and c not in "\u200d\ufe0e\ufe0f\u20e3"
    )
    return " ".join(kept.split()) or "?"


def _lost_characters(state: FightState) -> bool:
    names = [state.boss.name, *(z.name for z in state.boss.zones), *(u.name for u in state.units),
             *(v.name for v in state.vehicles)]
    return any(drawable(n) != " ".join(n.split()) for n in names)

def _fit_font(draw: ImageDraw.ImageDraw, text: str, size: int, width: float, *, bold: bool,
              smallest: int) -> Font:
    s = size
    while s > smallest and draw.textlength(text, font=font(s, bold=bold)) > width:
        s -= 1
    return font(s, bold=bold)


def _vital_icon(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, pal: Palette) -> None:
    """A red target (disc, white ring, red bull's-eye): the vital-part mark. Not a cross, which
    reads as healing."""
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=pal.vital, outline=pal.bg, width=max(2, round(r / 5)))
    ring = r * 0.62
    draw.ellipse((cx - ring, cy - ring, cx + ring, cy + ring), fill=(255, 255, 255))
    eye = r * 0.34
    draw.ellipse((cx - eye, cy - eye, cx + eye, cy + eye), fill=pal.vital)


def _pips(draw: ImageDraw.ImageDraw, rect: Rect, hp: int, total: int, pal: Palette, k: float,
          *, dead: bool) -> None:
    """Draw ``total`` pips, the first ``hp`` filled, centred in ``rect`` (wrapping to two rows)."""
    per_row = total if total <= 10 else -(-total // 2)
    rows = -(-total // per_row)
    d = min(26 * k, (rect.width - 8 * k) / per_row - 6 * k, (rect.y1 - rect.y0) / rows - 6 * k)
    gap = 6 * k
    for i in range(total):
        r, c = divmod(i, per_row)
        in_row = min(per_row, total - r * per_row)
        x0 = rect.x0 + (rect.width - (in_row * d + (in_row - 1) * gap)) / 2 + c * (d + gap)
        y0 = rect.y0 + r * (d + gap)
        box = (x0, y0, x0 + d, y0 + d)
        if i < hp:
            draw.ellipse(box, fill=pal.pip_full, outline=pal.pip_full)
        else:
            ring = pal.muted if dead else pal.pip_lost
            draw.ellipse(box, fill=None, outline=ring, width=max(2, round(3 * k)))


def _range_text(state: FightState, t: Translator | None = None) -> tuple[str, RGB | None]:
    t = words(t)
    if state.range is None:
        return t("Range: not yet drawn"), None
    if state.range is Range.CHARGE:
        bonus = state.boss.special_rules.charge.ap_bonus if state.boss.special_rules.charge else 0
        return t("CHARGE (Melee, +{bonus}AP)", bonus=bonus), None
    return state.range.value.upper(), None  # FIRE and MELEE: the game's keywords


_PHASES = {
    Phase.ENGAGEMENT: N_("Turn {turn} · engage / disengage now"),
    Phase.COMBAT: N_("Turn {turn} · combat"),
}


def _draw_header(draw: ImageDraw.ImageDraw, state: FightState, lay: MapLayout, pal: Palette,
                 t: Translator | None = None) -> None:
    t = words(t)
    k = lay.scale
    h = lay.header
    draw.rectangle(h.box, fill=pal.panel)
    boss = drawable(state.boss.name)
    # A decided fight makes its outcome the headline; the boss's name moves to the line below.
    headline, head_colour = boss, pal.text
    if state.outcome is Outcome.BOSS_ELIMINATED:
        headline, head_colour = t("VICTORY"), pal.pip_full
    elif state.outcome is Outcome.SQUAD_OUT:
        headline, head_colour = t("DEFEAT"), pal.strike
    title = _fit_font(draw, headline, round(40 * k), lay.width * 0.55, bold=True, smallest=round(24 * k))
    draw.text((MARGIN * k, h.y0 + 14 * k), headline, font=title, fill=head_colour)
    if state.outcome is Outcome.BOSS_ELIMINATED:
        sub, colour = t("{boss} eliminated: every vital part destroyed", boss=boss), pal.text
    elif state.outcome is Outcome.SQUAD_OUT:
        sub, colour = t("The squad is out: {boss} wins", boss=boss), pal.text
    elif state.turn == 0:
        sub, colour = t("Before turn 1: engage, then draw the range"), pal.muted
    else:
        phase = _PHASES.get(state.phase)
        turn = t(phase, turn=state.turn) if phase else t("Turn {turn}", turn=state.turn)
        sub, colour = turn, pal.muted
    badge = state.range is not None and not state.is_over()
    room = lay.width * 0.6 if badge else lay.width - 2 * MARGIN * k  # the range badge takes the right
    draw.text((MARGIN * k, h.y0 + 66 * k), _fit(draw, sub, font(round(24 * k)), room),
              font=font(round(24 * k)), fill=colour)
    # Range badge on the right (not once the fight is decided: the header says how it ended).
    if state.range is not None and not state.is_over():
        label, _colour = _range_text(state, t)
        colour = {Range.FIRE: pal.fire, Range.MELEE: pal.melee, Range.CHARGE: pal.charge}[state.range]
        f = font(round(30 * k), bold=True)
        tw = max(draw.textlength(label, font=f), draw.textlength(t("RANGE"), font=font(round(18 * k))))
        x1 = lay.width - MARGIN * k
        x0 = x1 - tw - 36 * k
        y0, y1 = h.y0 + 22 * k, h.y0 + 90 * k
        small = font(round(18 * k))
        draw.rounded_rectangle((x0, y0, x1, y1), radius=14 * k, fill=colour)
        draw.text((x0 + 18 * k, y0 + 4 * k), t("RANGE"), font=small, fill=(255, 255, 255))
        draw.text((x0 + 18 * k, y0 + 26 * k), label, font=f, fill=(255, 255, 255))


def _zone_units(state: FightState, zone: str) -> list[str]:
    names = []
    for u, e in state.engagements.items():
        if e.zone == zone:
            names.append(drawable(u))
    return names


def _names_line(draw: ImageDraw.ImageDraw, names: list[str], fnt: Font, width: float) -> str:
    """``⚔ A, B`` or, when that is too wide, as many names as fit and ``+N``."""
    for shown in range(len(names), 0, -1):
        rest = len(names) - shown
        text = "⚔ " + ", ".join(names[:shown]) + (f" +{rest}" if rest else "")
        if draw.textlength(text, font=fnt) <= width:
            return text
    return _fit(draw, f"⚔ {names[0]}", fnt, width - draw.textlength(f" +{len(names) - 1}", font=fnt)) + (
        f" +{len(names) - 1}" if len(names) > 1 else "")


def _activation_label(act: Activation, t: Translator | None = None) -> str:
    """This turn's activation in a few words, e.g. ``RN 4 · Melee 3 +1AP`` (``✓`` once resolved)."""
    t = words(t)
    if act.skill is None:
        return t("RN {rn} · no {range} attack", rn=act.rn, range=act.range.value.title())
    if act.awaiting_allocation:  # successes entered, wounds not given out yet
        return t("RN {rn} · to allocate", rn=act.rn)
    shown = "Melee" if act.range is Range.CHARGE else act.range.value.title()
    bonus = f" +{act.ap_bonus}AP" if act.ap_bonus else ""
    return f"{'✓ ' if act.resolved else ''}RN {act.rn} · {shown} {act.skill}{bonus}"


def _live_activation(state: FightState, zone: str) -> Activation | None:
    """This turn's activation of ``zone`` while the fight goes on (none once it is decided)."""
    if state.is_over():
        return None
    return next((a for a in state.activations if a.zone == zone), None)


_ZONE_KINDS = {ZoneKind.OUTER: N_("outer"), ZoneKind.INTERNAL: N_("internal")}


def zone_status_label(state: FightState, z: ZoneSpec, t: Translator | None = None) -> str:
    """The line under a zone's skills: its HP with its kind, or with this turn's activation (the
    HP stays visible either way), or DESTROYED."""
    t = words(t)
    hp = state.zone_hp[z.name]
    if hp <= 0:
        return t("DESTROYED")
    act = _live_activation(state, z.name)
    said = _activation_label(act, t) if act is not None else t(_ZONE_KINDS[z.kind])
    return t("{hp}/{total} HP · {status}", hp=hp, total=z.hp, status=said)


def _draw_zone(draw: ImageDraw.ImageDraw, state: FightState, z: ZoneSpec, rect: Rect, pal: Palette,
               k: float, t: Translator | None = None) -> None:
    hp = state.zone_hp[z.name]
    dead = hp <= 0
    fill = pal.destroyed_fill if dead else (pal.outer_fill if z.kind is ZoneKind.OUTER else pal.internal_fill)
    outline = pal.strike if dead else (pal.marker if z.kind is ZoneKind.OUTER else pal.border)
    draw.rounded_rectangle(rect.box, radius=16 * k, fill=fill, outline=outline, width=max(2, round(4 * k)))
    if dead:
        # A thin cross under the text: the zone reads as destroyed and its stats stay readable.
        w = max(3, round(4 * k))
        inset = 12 * k
        x0, y0, x1, y1 = rect.x0 + inset, rect.y0 + inset, rect.x1 - inset, rect.y1 - inset
        draw.line((x0, y0, x1, y1), fill=pal.strike, width=w)
        draw.line((x0, y1, x1, y0), fill=pal.strike, width=w)
    text = pal.muted if dead else pal.text
    pad = 14 * k
    inner_w = rect.width - 2 * pad
    # Name, kept clear of the corner marker and icon.
    zone_name = drawable(z.name)
    name_font = _fit_font(draw, zone_name, round(30 * k), inner_w - 30 * k, bold=True, smallest=round(16 * k))
    _plated(draw, (rect.centre[0], rect.y0 + 22 * k), zone_name, name_font, text, fill, "mt", k, dead)
    # Kind and skills.
    melee = "—" if z.skills.melee is None else str(z.skills.melee)
    fire = "—" if z.skills.fire is None else str(z.skills.fire)
    skills = f"Melee {melee} · Fire {fire}"
    sf = _fit_font(draw, skills, round(24 * k), inner_w, bold=False, smallest=round(14 * k))
    _plated(draw, (rect.centre[0], rect.y0 + 60 * k), skills, sf, text, fill, "mt", k, dead)
    # HP pips, kept clear of the centre line so the strike colour reads there.
    _pips(draw, Rect(rect.x0 + pad, rect.y0 + 110 * k, rect.x1 - pad, rect.y0 + 160 * k), hp, z.hp, pal, k,
          dead=dead)
    act = _live_activation(state, z.name)
    hp_label = zone_status_label(state, z, t)
    label_colour = pal.strike if dead else pal.accent if act is not None and not act.resolved else pal.muted
    label_font = _fit_font(draw, hp_label, round(23 * k), inner_w, bold=dead or (act is not None
                           and not act.resolved), smallest=round(16 * k))
    _plated(draw, (rect.centre[0], rect.y0 + 96 * k), hp_label, label_font, label_colour, fill, "mm", k, dead)
    # Engaged units.
    units = _zone_units(state, z.name)
    if units:
        uf = _fit_font(draw, "⚔ " + ", ".join(units), round(20 * k), inner_w, bold=True,
                       smallest=round(16 * k))
        line = _names_line(draw, units, uf, inner_w)
        draw.text((rect.centre[0], rect.y1 - 14 * k), line, font=uf, fill=pal.accent, anchor="mb")
    # Vital icon (top-left corner) and the engage marker (top-right corner).
    if z.vital:
        _vital_icon(draw, rect.x0 + 4 * k, rect.y0 + 4 * k, 20 * k, pal)
    leads_on = any(state.zone_hp[i] > 0 for i in state.boss.internals_of(z.name))
    if z.kind is ZoneKind.OUTER and (not dead or leads_on):
        # A destroyed outer zone keeps its limit only as a way into a standing internal zone.
        count = len(state.at_opening(z.name))
        label = f"{count}/{z.engage_limit}"
        mf = font(round(24 * k), bold=True)
        tw = draw.textlength(label, font=mf)
        x1, y0 = rect.x1 + 8 * k, rect.y0 - 14 * k
        x0 = x1 - tw - 22 * k
        draw.rounded_rectangle((x0, y0, x1, y0 + 36 * k), radius=8 * k, fill=pal.marker, outline=pal.bg,
                               width=max(2, round(3 * k)))
        draw.text(((x0 + x1) / 2, y0 + 18 * k), label, font=mf, fill=pal.marker_text, anchor="mm")


def _plated(draw: ImageDraw.ImageDraw, at: tuple[float, float], text: str, fnt: Font, colour: RGB,
            plate: RGB, anchor: str, k: float, on: bool) -> None:
    """Draw ``text``; on a destroyed zone, on a plate of the card's colour so the cross stays behind."""
    if on:
        left, top, right, bottom = draw.textbbox(at, text, font=fnt, anchor=anchor)
        pad = 4 * k
        draw.rounded_rectangle((left - pad, top - pad, right + pad, bottom + pad), radius=5 * k, fill=plate)
    draw.text(at, text, font=fnt, fill=colour, anchor=anchor)


def _draw_connections(draw: ImageDraw.ImageDraw, state: FightState, lay: MapLayout, pal: Palette) -> None:
    k = lay.scale
    for c in state.boss.connections:
        a, b = lay.zones[state.zone_name(c.outer)], lay.zones[state.zone_name(c.internal)]
        ax, bx = a.centre[0], b.centre[0]
        ay = a.y1 if a.y0 < b.y0 else a.y0
        by = b.y0 if a.y0 < b.y0 else b.y1
        open_ = state.zone_hp[state.zone_name(c.outer)] <= 0
        colour = pal.pip_full if open_ else pal.line
        draw.line((ax, ay, bx, by), fill=colour, width=max(3, round(6 * k)))
        r = 7 * k
        draw.ellipse((bx - r, by - r, bx + r, by + r), fill=colour)


def scorpio_label(state: FightState, t: Translator | None = None) -> str | None:
    """The Scorpio as the map shows it beside the squad's title: None when the squad has none.

    >>> from rules.space_infantry import load_boss, start_fight
    >>> scorpio_label(start_fight(load_boss("elder_leviathan")).state) is None
    True
    """
    t = words(t)
    if Resource.SCORPIO not in state.resources:
        return None
    users = [u for u in state.scorpio_users if u in {x.name for x in state.units}]
    if users:
        return t(
            "Scorpio (A-V {av}, PEN {pen}): used by {names} this turn",
            av=SCORPIO_AV,
            pen=SCORPIO_PEN,
            names=", ".join(users),
        )
    return t("Scorpio (A-V {av}, PEN {pen}): ready", av=SCORPIO_AV, pen=SCORPIO_PEN)


def _roster_status(state: FightState, unit: str, *, via: bool, t: Translator | None = None) -> str:
    t = words(t)
    if state.unit(unit).out:
        return t("OUT")
    eng = state.engagements.get(unit)
    if eng is None:
        return t("free")
    if eng.via and via:
        return t("→ {zone} via {via}", zone=eng.zone, via=eng.via)
    return f"→ {eng.zone}"


LEGEND = N_("⚔ engaged · yellow badge: units / limit · red target: vital part · green line: open way in")


def _name_font(draw: ImageDraw.ImageDraw, text: str, width: float, k: float) -> tuple[str, Font]:
    """A name at the roster's size, a smaller size if that fits it whole, cut only as a last resort."""
    fnt = _fit_font(draw, text, round(22 * k), width, bold=True, smallest=round(16 * k))
    return _fit(draw, text, fnt, width), fnt


def _draw_roster(draw: ImageDraw.ImageDraw, state: FightState, lay: MapLayout, pal: Palette,
                 t: Translator | None = None) -> None:
    t = words(t)
    k = lay.scale
    ro = lay.roster
    draw.rectangle(ro.box, fill=pal.panel)
    tf = font(round(26 * k), bold=True)
    squad = t("Squad")
    draw.text((MARGIN * k, ro.y0 + 12 * k), squad, font=tf, fill=pal.text)
    scorpio = scorpio_label(state, t)
    if scorpio is not None:  # a squad resource: a badge at the right of the squad's title
        sx0 = MARGIN * k + draw.textlength(squad, font=tf) + 30 * k
        room = lay.width - MARGIN * k - sx0 - 24 * k
        bf = _fit_font(draw, drawable(scorpio), round(20 * k), room, bold=True, smallest=round(14 * k))
        text = _fit(draw, drawable(scorpio), bf, room)
        tw = draw.textlength(text, font=bf)
        badge = (lay.width - MARGIN * k - tw - 24 * k, ro.y0 + 10 * k, lay.width - MARGIN * k, ro.y0 + 44 * k)
        draw.rounded_rectangle(badge, radius=8 * k, fill=pal.fire)
        draw.text(((badge[0] + badge[2]) / 2, (badge[1] + badge[3]) / 2), text, font=bf, fill=pal.bg,
                  anchor="mm")
    legend = t(LEGEND)
    lf = _fit_font(draw, legend, round(21 * k), lay.width - 2 * MARGIN * k, bold=False,
                   smallest=round(15 * k))
    draw.text((MARGIN * k, ro.y0 + 50 * k), _fit(draw, legend, lf, lay.width - 2 * MARGIN * k), font=lf,
              fill=pal.muted)
    if not state.units:
        draw.text((MARGIN * k, ro.y0 + ROSTER_TITLE_H * k + 4 * k), t("No units yet."),
                  font=font(round(22 * k)), fill=pal.muted)
    sf = font(round(19 * k))
    pip_d, pip_gap = 18 * k, 5 * k
    unit_rows = lay.roster_rows[: len(state.units)]
    col_w = unit_rows[0].width if unit_rows else lay.width
    wide = col_w > lay.width * 0.6
    labels = {u.name: _roster_status(state, u.name, via=wide, t=t) for u in state.units}
    status_w = min(col_w * 0.34, max([draw.textlength(text, font=sf) for text in labels.values()] + [0]))
    pips_w = max([u.max_wounds for u in state.units] + [0]) * (pip_d + pip_gap)
    for unit, rect in zip(state.units, unit_rows, strict=False):
        colour = pal.muted if unit.out else pal.text
        mid = rect.y0 + 21 * k
        tag = "S" if unit.kind is UnitKind.SPECIALIST else "B"
        tag_box = (rect.x0, rect.y0 + 6 * k, rect.x0 + 30 * k, rect.y0 + 36 * k)
        draw.rounded_rectangle(tag_box, radius=6 * k, fill=pal.accent if not unit.out else pal.pip_lost)
        draw.text(((tag_box[0] + tag_box[2]) / 2, mid), tag, font=sf, fill=pal.bg, anchor="mm")
        px = rect.x1 - status_w - 14 * k - pips_w
        nx = rect.x0 + 42 * k
        name, nf = _name_font(draw, drawable(unit.name), max(40 * k, px - nx - 12 * k), k)
        draw.text((nx, mid), name, font=nf, fill=colour, anchor="lm")
        if unit.out:
            tw = draw.textlength(name, font=nf)
            draw.line((nx, mid + 1, nx + tw, mid + 1), fill=pal.strike, width=max(2, round(3 * k)))
        for i in range(unit.max_wounds):
            x0 = px + i * (pip_d + pip_gap)
            box = (x0, mid - pip_d / 2, x0 + pip_d, mid + pip_d / 2)
            if i < unit.wounds:
                draw.rectangle(box, fill=pal.pip_full)
            else:
                draw.rectangle(box, outline=pal.pip_lost, width=max(2, round(2 * k)))
        eng = state.engagements.get(unit.name)
        label = _fit(draw, labels[unit.name], sf, status_w)
        draw.text((rect.x1 - status_w, mid), label, font=sf,
                  fill=pal.strike if unit.out else (pal.accent if eng else pal.muted), anchor="lm")
    if lay.vehicles_title is not None:
        draw.text((MARGIN * k, lay.vehicles_title.y0 + 8 * k), t("Vehicles"), font=tf, fill=pal.text)
    for vehicle, rect in zip(state.vehicles, lay.roster_rows[len(state.units):], strict=False):
        colour = pal.muted if vehicle.destroyed else pal.text
        mid = rect.y0 + 21 * k
        armour = f"DMG {vehicle.dmg}+ · Heavy Armor" if vehicle.heavy else t("no Heavy Armor")
        left = vehicle.sp - vehicle.wounds
        status = t("DESTROYED") if vehicle.destroyed else t("{left}/{sp} SP left", left=left, sp=vehicle.sp)
        sw = draw.textlength(status, font=sf)
        aw = draw.textlength(armour, font=sf)
        nx = rect.x0 + 42 * k
        room = rect.x1 - sw - 24 * k - nx
        name, nf = _name_font(draw, drawable(vehicle.name), max(40 * k, room - aw - 18 * k), k)
        draw.text((nx, mid), name, font=nf, fill=colour, anchor="lm")
        ax = nx + draw.textlength(name, font=nf) + 18 * k
        draw.text((ax, mid), _fit(draw, armour, sf, max(10 * k, rect.x1 - sw - 24 * k - ax)), font=sf,
                  fill=pal.muted, anchor="lm")
        draw.text((rect.x1, mid), status, font=sf, fill=pal.strike if vehicle.destroyed else pal.muted,
                  anchor="rm")
        draw.rounded_rectangle((rect.x0, rect.y0 + 6 * k, rect.x0 + 30 * k, rect.y0 + 36 * k), radius=6 * k,
                               fill=pal.fire)
        draw.text((rect.x0 + 15 * k, mid), "V", font=sf, fill=pal.bg, anchor="mm")
    if _lost_characters(state):
        draw.text((MARGIN * k, ro.y1 - 34 * k), t("Emoji in names are left out of this picture."),
                  font=font(round(18 * k)), fill=pal.muted)


def render_boss_map(state: FightState, *, theme: Theme = "dark", size: int = 1000,
                    t: Translator | None = None) -> bytes:
    """Render ``state`` as PNG bytes, ``size`` pixels wide, for Discord's ``theme``, its words in
    ``t``'s language (English by default; boss, zone and unit names and the game's keywords stay).

    >>> from rules.space_infantry import load_boss, start_fight
    >>> from PIL import Image
    >>> import io
    >>> png = render_boss_map(start_fight(load_boss("brood_queen")).state, theme="light", size=900)
    >>> Image.open(io.BytesIO(png)).width
    900
    """
    if theme not in PALETTES:
        raise ValueError(f"theme must be one of {', '.join(PALETTES)}")
    pal = PALETTES[theme]
    lay = layout_boss_map(state, size=size)
    image = Image.new("RGB", (lay.width, lay.height), pal.bg)
    draw = _surface(image)
    _draw_header(draw, state, lay, pal, t)
    _draw_connections(draw, state, lay, pal)
    for z in state.boss.zones:
        _draw_zone(draw, state, z, lay.zones[z.name], pal, lay.scale, t)
    _draw_roster(draw, state, lay, pal, t)
    return _to_png(image)


def _to_png(image: Image.Image) -> bytes:
    out = io.BytesIO()
    # compress_level 6 instead of optimize: a few % larger, four times faster on busy maps.
    image.save(out, format="PNG", compress_level=6)
    if out.tell() <= MAX_PNG_BYTES:
        return out.getvalue()
    out = io.BytesIO()
    image.quantize(colors=128, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE).save(
        out, format="PNG", compress_level=6)
    return out.getvalue()
