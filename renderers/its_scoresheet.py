"""Draw a finished ITS score sheet as a PNG: scenario, tier, each objective's points for both
players, totals, Victory Points, Tournament Points and the winner.

The image is opaque, so it reads the same in Discord's dark and light themes; fonts are large
because a phone shows the picture about 400 pixels wide.

>>> from rules.its.content import load_scenarios
>>> from rules.its.scoring import apply, new_sheet, score_sheet
>>> acquisition = load_scenarios().get("acquisition")
>>> sheet = apply(acquisition, new_sheet(acquisition, 300), "a", "tech_coffin", True)
>>> png = render_score_sheet(acquisition, sheet, score_sheet(acquisition, sheet), names=("Ann", "Bo"))
>>> png[:8] == b"\\x89PNG\\r\\n\\x1a\\n"
True
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageDraw

from renderers.canvas import RGB, Surface, Theme, draw, encode_png, fit, font, palette, words, wrap
from rules.i18n import N_, Translator
from rules.its.scenario import Scenario
from rules.its.scoring import MAX_OBJECTIVE_POINTS, ScoreResult, ScoreSheet, Side, TournamentPoints

MAX_PNG_BYTES = 500_000
WIDTH = 900
PAD = 28
NAME_CHARS = 24


@dataclass(frozen=True)
class Palette(Surface):
    header: RGB
    a: RGB
    b: RGB
    win: RGB
    win_text: RGB
    zero: RGB


PALETTES: dict[str, Palette] = {
    "dark": palette(
        Palette,
        "dark",
        header=(0, 110, 150),
        a=(110, 200, 255),
        b=(255, 176, 90),
        win=(67, 181, 129),
        win_text=(255, 255, 255),
        zero=(120, 124, 134),
    ),
    "light": palette(
        Palette,
        "light",
        header=(0, 120, 165),
        a=(0, 95, 170),
        b=(190, 90, 0),
        win=(36, 140, 90),
        win_text=(255, 255, 255),
        zero=(150, 154, 164),
    ),
}


_OUTCOMES = {"victory": N_("win {points}"), "tie": N_("tie {points}"), "defeat": N_("loss {points}")}


def _tp_detail(tp: TournamentPoints, t: Translator | None = None) -> str:
    """``"win 4|+1 OB"``: the result's base points, then any Offensive / Defensive Bonus."""
    t = words(t)
    bonuses = []
    if tp.offensive_bonus:
        bonuses.append(t("+{points} OB", points=tp.offensive_bonus))
    if tp.defensive_bonus:
        bonuses.append(t("+{points} DB", points=tp.defensive_bonus))
    base = t(_OUTCOMES[tp.outcome.value], points=tp.base)
    return "|".join([base, *([" ".join(bonuses)] if bonuses else [])])


def render_score_sheet(
    scenario: Scenario,
    sheet: ScoreSheet,
    result: ScoreResult,
    *,
    names: tuple[str, str],
    theme: Theme = "dark",
    width: int = WIDTH,
    t: Translator | None = None,
) -> bytes:
    """The sheet as PNG bytes (under :data:`MAX_PNG_BYTES`). Pure: no I/O but the returned bytes.
    Its words are ``t``'s language (English by default); objective labels are the scenario's."""
    t = words(t)
    pal = PALETTES[theme]
    names = (names[0][:NAME_CHARS] or t("Player A"), names[1][:NAME_CHARS] or t("Player B"))
    title_f, sub_f, head_f = font(40, bold=True), font(24), font(26, bold=True)
    label_f, num_f, big_f, small_f = font(26), font(34, bold=True), font(44, bold=True), font(20)
    col_w = 190
    col_a = width - PAD - 2 * col_w
    col_b = width - PAD - col_w
    label_w = col_a - PAD - 16
    probe = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    rows = [(wrap(probe, line.label, label_f, label_w), line.a, line.b) for line in result.lines]
    row_h = [max(64, 24 + 32 * len(lines)) for lines, _, _ in rows]
    header_h, banner_h, names_h = 118, 64, 66
    totals_h = 2 * 86 + 104
    height = header_h + banner_h + names_h + sum(row_h) + totals_h + 56
    img = Image.new("RGB", (width, height), pal.bg)
    d = draw(img)

    # Header: scenario and tier.
    d.rectangle((0, 0, width, header_h), fill=pal.header)
    title = fit(d, t(scenario.name), title_f, width - 2 * PAD)  # a scenario's Spanish name, if it has one
    d.text((PAD, 18), title, font=title_f, fill=(255, 255, 255))
    kind = "Direct Action" if scenario.kind.value == "direct_action" else t("ITS Season 14")
    tier = int(sheet.tier)
    sub = t.n("{points} point", "{points} points", tier, points=tier) + f" · {kind}"
    d.text((PAD, 72), fit(d, sub, sub_f, width - 2 * PAD), font=sub_f, fill=(225, 240, 250))

    # Winner banner.
    y = header_h
    leader = result.leader
    if leader is None:
        banner, colour = t("Tie"), pal.muted
    else:
        banner, colour = t("{name} wins", name=names[0] if leader is Side.A else names[1]), pal.win
    d.rectangle((0, y, width, y + banner_h), fill=colour)
    text = fit(d, banner, head_f, width - 2 * PAD)
    d.text(((width - d.textlength(text, font=head_f)) / 2, y + 16), text, font=head_f, fill=pal.win_text)
    y += banner_h

    # Column heads.
    d.text((PAD, y + 16), fit(d, t("Objective"), head_f, label_w), font=head_f, fill=pal.muted)
    name_f = font(22, bold=True)
    for x, name, tint in ((col_a, names[0], pal.a), (col_b, names[1], pal.b)):
        lines = wrap(d, name, name_f, col_w - 12)
        for n, shown in enumerate(lines):
            top = y + (names_h - 26 * len(lines)) / 2 + 26 * n
            d.text((x + (col_w - d.textlength(shown, font=name_f)) / 2, top), shown, font=name_f, fill=tint)
    y += names_h
    d.line((PAD, y, width - PAD, y), fill=pal.rule, width=2)

    # One row per objective.
    for i, ((lines, a, b), h) in enumerate(zip(rows, row_h, strict=True)):
        d.rectangle((0, y, width, y + h), fill=pal.row if i % 2 == 0 else pal.row_alt)
        ty = y + (h - 32 * len(lines)) / 2
        for line in lines:
            d.text((PAD, ty), line, font=label_f, fill=pal.text)
            ty += 32
        for x, value in ((col_a, a), (col_b, b)):
            number = str(value)
            d.text(
                (x + (col_w - d.textlength(number, font=num_f)) / 2, y + (h - 40) / 2),
                number,
                font=num_f,
                fill=pal.text if value else pal.zero,
            )
        y += h
    d.line((PAD, y, width - PAD, y), fill=pal.rule, width=2)

    # Totals: Objective Points (capped), Victory Points, Tournament Points.
    totals = [
        (
            t("Objective Points (max {op})", op=MAX_OBJECTIVE_POINTS),
            str(result.total_a),
            str(result.total_b),
            t("{raw} before cap", raw=result.raw_a) if result.raw_a > result.total_a else "",
            t("{raw} before cap", raw=result.raw_b) if result.raw_b > result.total_b else "",
        ),
        (t("Victory Points"), str(result.victory_points_a), str(result.victory_points_b), "", ""),
        (
            t("Tournament Points"),
            str(result.tp_a.total),
            str(result.tp_b.total),
            _tp_detail(result.tp_a, t),
            _tp_detail(result.tp_b, t),
        ),
    ]
    for row, (label, a, b, note_a, note_b) in enumerate(totals):
        # a longer language's label wraps onto a second line rather than running under the numbers
        label_lines = wrap(d, label, head_f, label_w + 8)
        for n, line in enumerate(label_lines):
            top = y + 26 - 16 * (len(label_lines) - 1) + 32 * n
            d.text((PAD, top), line, font=head_f, fill=pal.text)
        for x, value, note, tint in ((col_a, a, note_a, pal.a), (col_b, b, note_b, pal.b)):
            d.text((x + (col_w - d.textlength(value, font=big_f)) / 2, y + 8), value, font=big_f, fill=tint)
            for n, line in enumerate(fit(d, part, small_f, col_w - 4) for part in note.split("|") if note):
                d.text(
                    (x + (col_w - d.textlength(line, font=small_f)) / 2, y + 60 + 22 * n),
                    line,
                    font=small_f,
                    fill=pal.muted,
                )
        y += 104 if row == len(totals) - 1 else 86
    footer = fit(d, t("Herald · confirmed by both players"), small_f, width - 2 * PAD)
    d.text((PAD, y + 16), footer, font=small_f, fill=pal.muted)

    return encode_png(img, max_bytes=MAX_PNG_BYTES, level=6)
