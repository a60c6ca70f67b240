"""Space Infantry: /si hit and /si status, each including the boss zone map, and the map's size."""

from __future__ import annotations

import itertools
from typing import Any

from bot.offline import OfflineDriver
from renderers.boss_map import render_boss_map
from rules.space_infantry import (
    ActivateZones,
    AddUnit,
    AddVehicle,
    DetermineRange,
    Engage,
    FightState,
    UnitKind,
    apply,
    load_boss,
    start_fight,
)
from tests.bench import Case, SizeCase
from tests.rules.space_infantry.helpers import ScriptedRandom


async def _fight(driver: OfflineDriver, name: str) -> Any:
    """A Leviathan fight in its own channel, mid-turn, with Kai engaging the Mouth (the range and
    the activation scripted, whatever the bench's random numbers did before)."""
    channel = driver.add_channel(name)
    rng = driver.bot.rng
    try:
        await driver.command("/si boss start boss:elder_leviathan", channel=channel)
        await driver.command("/si squad add name:Kai wounds:2", channel=channel)
        await driver.command("/si squad add name:Lee wounds:2", channel=channel)
        driver.bot.rng = ScriptedRandom([4, 2])  # range RN 4: Charge; Mouth activates on RN 2
        await driver.command("/si turn", channel=channel)
        engaged = await driver.command("/si engage unit:Kai zone:Mouth", channel=channel)
        assert "Kai engages Mouth" in engaged.text, engaged.text
        await _zones_missed(driver, await driver.command("/si turn", channel=channel))
    finally:
        driver.bot.rng = rng
    return channel


async def _zones_missed(driver: OfflineDriver, turn: Any) -> None:
    """Every zone's attack of this turn entered as a miss: the zones attack first, and until they
    have, a unit's hit is refused (the case would time the refusal)."""
    message = turn.message
    for label in [b.label for b in message.buttons if b.label.endswith("enter successes")]:
        opened = await driver.press(message, label)
        assert opened.modal is not None, opened.text
        submitted = await driver.submit(opened.modal, {"Successes": "0"})
        assert "scores 0 successes" in submitted.text, submitted.text


async def _busy_fight(driver: OfflineDriver) -> Any:
    """The Brood Queen with twelve units, nine of them engaged, mid-turn: the heaviest map. A new
    channel each time; the bot's random numbers are given back afterwards."""
    channel = driver.add_channel(f"bench-si-busy-{next(_busy)}")
    rng = driver.bot.rng
    try:
        await driver.command("/si boss start boss:brood_queen", channel=channel)
        for i in range(12):
            kind = "specialist" if i >= 9 else "basic"
            await driver.command(f"/si squad add name:T{i + 1:02d} kind:{kind} wounds:3", channel=channel)
        driver.bot.rng = ScriptedRandom([7])
        await driver.command("/si turn", channel=channel)
        for i, zone in enumerate(_ZONES):
            await driver.command(f'/si engage unit:T{i + 1:02d} zone:"{zone}"', channel=channel)
        driver.bot.rng = ScriptedRandom([3, 4, 5, 6, 7])
        turn = await driver.command("/si turn", channel=channel)
        assert turn.message.buttons, turn.text
    finally:
        driver.bot.rng = rng
    return channel, turn


async def _busy_fight_ready(driver: OfflineDriver) -> Any:
    """:func:`_busy_fight` with the zones' attacks entered, so that units may hit."""
    channel, turn = await _busy_fight(driver)
    await _zones_missed(driver, turn)
    return channel


_busy = itertools.count(1)
_ZONES = ["Left Claw", "Left Claw", "Right Claw", "Right Claw", "Crest", "Tail", "Tail", "Egg Sac", "Egg Sac"]


def _busy_state() -> FightState:
    """The largest shipped boss with a full squad, engagements, activations and vehicles."""
    s = start_fight(load_boss("brood_queen")).state
    for i in range(12):
        kind = UnitKind.SPECIALIST if i >= 9 else UnitKind.BASIC
        s = apply(s, AddUnit(name=f"Trooper {i + 1:02d}", unit_kind=kind, wounds=3)).state
    for v in range(3):
        s = apply(s, AddVehicle(name=f"Walker {v + 1}", dmg=4, sp=3)).state
    s = apply(s, DetermineRange(), ScriptedRandom([7])).state
    for i, zone in enumerate(_ZONES):
        s = apply(s, Engage(unit=f"Trooper {i + 1:02d}", zone=zone)).state
    return apply(s, ActivateZones(), ScriptedRandom([3, 4, 5, 6, 7])).state


_BUSY = _busy_state()

CASES = [
    # damage 0: every call is a hit the engine applies (and says so), the boss never falls
    Case(
        "/si hit (with the map)",
        lambda d, ch: d.command("si hit", unit="Kai", damage=0, channel=ch),
        setup=lambda d: _fight(d, "bench-si-hit"),
        target_p99_ms=150,
        contains="Kai's attack on Mouth",
    ),
    Case(
        "/si status (with the map)",
        lambda d, ch: d.command("si status", channel=ch),
        setup=lambda d: _fight(d, "bench-si-status"),
        target_p99_ms=150,
        contains="Elder Leviathan",
    ),
    Case(
        "/si hit (Brood Queen, 12 units, with the map)",
        lambda d, ch: d.command("si hit", unit="T01", damage=0, channel=ch),
        setup=_busy_fight_ready,
        target_p99_ms=150,
        contains="T01's attack on",
    ),
    SizeCase(
        "/si map PNG (Brood Queen, 12 units, dark)",
        lambda: render_boss_map(_BUSY, theme="dark"),
        calls=30,
        target_ms=150,
        target_kb=300,
    ),
    SizeCase(
        "/si map PNG (Brood Queen, 12 units, light)",
        lambda: render_boss_map(_BUSY, theme="light"),
        calls=30,
        target_ms=150,
        target_kb=300,
    ),
]
