"""Draw a Boarding Actions scoreboard as a PNG: the mission, where the battle is, and for each
player the VP of every objective per round, the mission VP against the 90 VP cap, Battle Ready
and the total out of 100.

The image is opaque, so it reads the same in Discord's dark and light themes, and its type is
large because a phone shows it about 400 pixels wide.

>>> from rules.boarding_actions.battle import Player, new_battle
>>> from rules.boarding_actions.content import load_missions_strict
>>> from rules.boarding_actions.scoreboard import scoreboard
>>> teeth = load_missions_strict().get("pull-their-teeth")
>>> state = new_battle(teeth, attacker=Player(name="Ann"), defender=Player(name="Bo"))
>>> png = render_scoreboard(scoreboard(state))
>>> png[:8] == b"\\x89PNG\\r\\n\\x1a\\n"
True
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from PIL import Image

from renderers.canvas import RGB, Surface, Theme, centre, draw, encode_png, fit, font, palette, words
from rules.boarding_actions.battle import ROLE_WORDS
from rules.boarding_actions.missions import Role
from rules.boarding_actions.scoreboard import BoardSide, Scoreboard
from rules.i18n import N_, Translator

MAX_PNG_BYTES = 500_000
WIDTH = 900
MIN_WIDTH, MAX_WIDTH = 600, 1600
PAD = 24
NAME_CHARS = 28
NUMBER_W = 64
ROW_H = 50
HEADER_H = 142
BANNER_H = 56


@dataclass(frozen=True)
class Palette(Surface):
    header: RGB
    header_text: RGB
    header_sub: RGB
    attacker: RGB
    defender: RGB
    win: RGB
    lead: RGB
    draw: RGB
    banner_text: RGB
    bar: RGB
    bar_fill: RGB
    over_cap: RGB
    current: RGB


PALETTES: dict[str, Palette] = {
    "dark": palette(
        Palette,
        "dark",
        header=(88, 40, 36),
        header_text=(255, 255, 255),
        header_sub=(240, 220, 214),
        attacker=(255, 138, 110),
        defender=(110, 190, 255),
        win=(56, 160, 110),
        lead=(70, 76, 90),
        draw=(110, 114, 124),
        banner_text=(255, 255, 255),
        bar=(62, 65, 72),
        bar_fill=(214, 170, 60),
        over_cap=(235, 120, 90),
        current=(70, 64, 44),
    ),
    "light": palette(
        Palette,
        "light",
        header=(120, 50, 40),
        header_text=(255, 255, 255),
        header_sub=(250, 232, 226),
        attacker=(180, 60, 30),
        defender=(0, 95, 170),
        win=(36, 140, 90),
        lead=(74, 82, 100),
        draw=(120, 124, 134),
        banner_text=(255, 255, 255),
        bar=(222, 224, 230),
        bar_fill=(190, 140, 20),
        over_cap=(200, 70, 40),
        current=(252, 240, 200),
    ),
}


_COLUMN_WORDS = {"start": N_("Start"), "end": N_("End")}
_KIND_WORDS = {"symmetric": N_("Symmetric mission · {roll}"), "asymmetric": N_("Asymmetric mission · {roll}")}
_OUTCOME_WORDS = {"win": N_("win"), "loss": N_("loss"), "draw": N_("draw")}


def _column_label(key: str, t: Translator | None = None) -> str:
    return words(t)(_COLUMN_WORDS[key]) if key in _COLUMN_WORDS else f"R{key}"


def _side_height(side: BoardSide) -> int:
    return 64 + 40 + ROW_H * max(len(side.lines), 1) + 150


def render_scoreboard(
    board: Scoreboard,
    *,
    theme: Theme = "dark",
    width: int = WIDTH,
    t: Translator | None = None,
    position: str | None = None,
) -> bytes:
    """The scoreboard as PNG bytes (under :data:`MAX_PNG_BYTES`). Pure: no I/O but the bytes.
    Its words are ``t``'s language (English by default); ``position`` is where the battle is in
    that language (default: the board's English); mission and objective names stay as printed."""
    t = words(t)
    pal = PALETTES[theme]
    width = max(MIN_WIDTH, min(MAX_WIDTH, width))
    title_f, sub_f, banner_f = font(38, bold=True), font(23), font(28, bold=True)
    name_f, head_f, label_f = font(28, bold=True), font(20, bold=True), font(23)
    num_f, big_f, small_f = font(24, bold=True), font(34, bold=True), font(19)

    header_h, banner_h = HEADER_H, BANNER_H
    height = header_h + banner_h + sum(_side_height(s) for s in board.sides) + 20 * len(board.sides) + 44
    img = Image.new("RGB", (width, height), pal.bg)
    d = draw(img)

    # Header: mission, kind and roll, where the battle is.
    d.rectangle((0, 0, width, header_h), fill=pal.header)
    d.text((PAD, 14), fit(d, board.mission, title_f, width - 2 * PAD), font=title_f, fill=pal.header_text)
    kind = _KIND_WORDS.get(board.kind)
    sub = t(kind, roll=board.roll) if kind else f"{board.kind.capitalize()} mission · {board.roll}"
    d.text((PAD, 62), fit(d, sub, sub_f, width - 2 * PAD), font=sub_f, fill=pal.header_sub)
    where = position or board.position
    d.text((PAD, 96), fit(d, where, sub_f, width - 2 * PAD), font=sub_f, fill=pal.header_text)

    # Banner: the result, or who leads.
    y = header_h
    colour = pal.draw if board.leader is None else (pal.win if board.over else pal.lead)
    d.rectangle((0, y, width, y + banner_h), fill=colour)
    headline = fit(d, t(board.headline), banner_f, width - 2 * PAD)
    centre(d, 0, width, y + 12, headline, banner_f, pal.banner_text)
    y += banner_h + 10

    columns = [*board.columns, "vp"]
    label_w = width - 2 * PAD - NUMBER_W * len(columns)
    current = str(board.round) if not board.over and board.position.startswith("Round") else None
    for side in board.sides:
        tint = pal.attacker if side.role is Role.ATTACKER else pal.defender
        # Name, role, underdog, outcome.
        tags = [t(ROLE_WORDS[side.role])]
        if side.underdog:
            tags.append("Underdog")
        if side.outcome is not None:
            tags.append(t(_OUTCOME_WORDS[side.outcome.value]).upper())
        name = fit(d, side.name[:NAME_CHARS], name_f, width * 0.55)
        d.text((PAD, y + 14), name, font=name_f, fill=tint)
        tag = fit(d, " · ".join(tags), head_f, width * 0.45 - 2 * PAD)
        d.text((width - PAD - d.textlength(tag, font=head_f), y + 22), tag, font=head_f, fill=pal.muted)
        y += 64
        # Column heads.
        d.text((PAD, y + 8), fit(d, t("Objective"), head_f, label_w - 8), font=head_f, fill=pal.muted)
        for i, key in enumerate(columns):
            x = PAD + label_w + i * NUMBER_W
            if key == current:
                d.rectangle((x + 2, y, x + NUMBER_W - 2, y + 40 + ROW_H * len(side.lines)), fill=pal.current)
            head = t("VP") if key == "vp" else _column_label(key, t)
            face = head_f if d.textlength(head, font=head_f) <= NUMBER_W - 6 else font(16, bold=True)
            top = y + 8 if face is head_f else y + 10
            centre(d, x, NUMBER_W, top, fit(d, head, face, NUMBER_W - 4), face, pal.muted)
        y += 40
        d.line((PAD, y, width - PAD, y), fill=pal.rule, width=2)
        # One row per objective.
        for n, line in enumerate(side.lines):
            d.rectangle((PAD, y, PAD + label_w - 4, y + ROW_H), fill=pal.row if n % 2 == 0 else pal.row_alt)
            d.text((PAD + 10, y + 12), fit(d, line.name, label_f, label_w - 24), font=label_f, fill=pal.text)
            for i, key in enumerate(columns):
                x = PAD + label_w + i * NUMBER_W
                if key == "vp":
                    value, fill = str(line.total), pal.text
                elif key in line.cells:
                    amount = line.cells[key]
                    value = f"{amount:+d}" if amount < 0 else str(amount)
                    fill = pal.over_cap if amount < 0 else pal.text
                else:
                    value, fill = "·", pal.muted
                centre(d, x, NUMBER_W, y + 11, value, num_f, fill)
            y += ROW_H
        if not side.lines:
            nothing = fit(d, t("Nothing to score in this mission"), label_f, width - 2 * PAD - 20)
            d.text((PAD + 10, y + 12), nothing, font=label_f, fill=pal.muted)
            y += ROW_H
        d.line((PAD, y, width - PAD, y), fill=pal.rule, width=2)
        y += 14
        # Mission VP against the cap.
        mission_vp = t("Mission VP (max {cap})", cap=board.cap)
        label_room = max(250, math.ceil(d.textlength(mission_vp, font=label_f)) + 14)  # a longer language
        bar_x, bar_w = PAD + label_room, width - 2 * PAD - label_room - 150
        d.text((PAD, y + 4), mission_vp, font=label_f, fill=pal.text)
        d.rounded_rectangle((bar_x, y + 8, bar_x + bar_w, y + 30), radius=8, fill=pal.bar)
        filled = round(bar_w * side.mission_vp / board.cap)
        if filled:
            d.rounded_rectangle((bar_x, y + 8, bar_x + filled, y + 30), radius=8, fill=pal.bar_fill)
        vp_text = f"{side.mission_vp} / {board.cap}"
        d.text((width - PAD - d.textlength(vp_text, font=num_f), y + 4), vp_text, font=num_f, fill=pal.text)
        if side.discounted:
            note = t("{vp} VP over the cap not counted", vp=side.discounted)
            note = fit(d, note, small_f, width - PAD - bar_x)
            d.text((bar_x, y + 34), note, font=small_f, fill=pal.over_cap)
        y += 58
        ready = t("Battle Ready +{bonus}", bonus=board.bonus) if side.battle_ready else t("Battle Ready: no")
        d.text((PAD, y + 6), ready, font=label_f, fill=pal.text if side.battle_ready else pal.muted)
        total = f"{side.total} / {board.cap + board.bonus}"
        d.text((width - PAD - d.textlength(total, font=big_f), y), total, font=big_f, fill=tint)
        total_word = t("Total")
        total_x = width - PAD - d.textlength(total, font=big_f) - 16 - d.textlength(total_word, font=head_f)
        d.text(
            (total_x, y + 12),
            total_word,
            font=head_f,
            fill=pal.muted,
        )
        y += 78 + 20
    footer = t("Herald · Boarding Actions")
    if board.underdog_bonus:
        footer = t("Underdog bonus: {bonus}", bonus=board.underdog_bonus)
    d.text((PAD, height - 36), fit(d, footer, small_f, width - 2 * PAD), font=small_f, fill=pal.muted)

    return encode_png(img, max_bytes=MAX_PNG_BYTES, level=3)
