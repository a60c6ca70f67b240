"""N4 saves read die by die as N4 reads them (issue 25 item 3): a hit wounds when the d20 plus
ARM does not beat DAM, so the low faces fail (N5 fails the high ones)."""

from __future__ import annotations

import random
import re

import pytest

from bot.offline import OfflineDriver
from rules.infinity import Edition, parse_side, roll
from rules.infinity.saves import Save, SaveAttribute, roll_saves, save_plan


def test_n4_saves_fail_on_the_attack_damage_or_less() -> None:
    plan = save_plan(parse_side("SV11+3 B4 DAM13"), parse_side("SV12 B1 ARM3"), Edition.N4)
    save = plan.per_hit[0]
    assert save.wounds_at_most == 10 and save.passes_on == 10  # DAM 13 - ARM 3: 10 or less wounds
    assert not save.passes(2) and not save.passes(10) and save.passes(11) and save.passes(12)
    covered = save_plan(parse_side("SV13 DAM13"), parse_side("SV10 ARM3 cover"), Edition.N4).per_hit[0]
    assert covered.wounds_at_most == 7 and covered.passes(8) and not covered.passes(7)
    n5 = save_plan(parse_side("SV13 PS7"), parse_side("SV10 ARM3"), Edition.N5).per_hit[0]
    assert n5.wounds_at_most is None and n5.passes(2) and not n5.passes(12)


def test_n4_rolled_saves_match_their_faces_and_keep_the_odds() -> None:
    save = Save(attribute=SaveAttribute.ARM, passes_on=10, wounds_at_most=10)
    rng = random.Random(5)
    rolls = [r for _ in range(2000) for r in roll_saves(0, save, rng)]
    assert all(r.passed == (r.face > 10) and r.wounds == (0 if r.passed else 1) for r in rolls)
    assert 0.45 < sum(r.passed for r in rolls) / len(rolls) < 0.55


def _twin(driver: OfflineDriver) -> random.Random:
    twin = random.Random()
    twin.setstate(driver.bot.rng.getstate())  # type: ignore[attr-defined]
    return twin


async def test_f2f_in_n4_marks_low_saves_as_wounds(driver: OfflineDriver) -> None:
    active, reactive = parse_side("SV11+3 B4 DAM13"), parse_side("SV12 B1 ARM3")
    checked = 0
    for _ in range(30):
        expected = roll(active, reactive, rng=_twin(driver), edition=Edition.N4)
        message = (
            await driver.command('/inf f2f active:"SV11+3 B4 DAM13" reactive:"SV12 B1 ARM3" edition:N4')
        ).message
        if expected.winner is None or expected.winner.value != "active":
            continue
        saves = message.card.fields[2].value
        assert "fail on ARM 10 or less" in saves and "pass on" not in saves
        shown = re.findall(r"ARM: rolled (\d+) \(fails on 10 or less\): \w+ (✓|✗)", saves)
        assert [int(f) for f, _ in shown] == [s.face for s in expected.saves]
        for face, mark in shown:
            assert mark == ("✗" if int(face) <= 10 else "✓")
        assert f"{sum(1 for _, m in shown if m == '✗')} wound" in message.card.description
        checked += 1
    assert checked >= 3


@pytest.mark.parametrize(
    ("edition", "weapon", "rule"),
    [("N5", "PS3", "passes on {} or less"), ("N4", "DAM13", "fails on {} or less")],
)
async def test_a_save_line_writes_the_die_and_the_target_apart(
    driver: OfflineDriver, edition: str, weapon: str, rule: str
) -> None:
    """Issue 38, item 22: ``ARM 12 ✗`` read as if 12 were the target; the die and the target apart."""
    active, reactive = parse_side(f"SV20 B2 {weapon}"), parse_side("B0 ARM3")
    expected = roll(active, reactive, rng=_twin(driver), edition=Edition[edition])
    message = (
        await driver.command(f'/inf f2f active:"SV20 B2 {weapon}" reactive:"B0 ARM3" edition:{edition}')
    ).message
    shown = re.findall(r"ARM: rolled (\d+) \(([a-z]+ on \d+ or less)\): (saved ✓|failed ✗)", message.text)
    assert [int(face) for face, _, _ in shown] == [s.face for s in expected.saves]
    for (_, target, verdict), save in zip(shown, expected.saves, strict=True):
        assert target == rule.format(save.passes_on if edition == "N5" else save.wounds_at_most)
        assert verdict == ("saved ✓" if save.passed else "failed ✗")
    assert "ARM `" not in message.text
