"""Hostile input as a bench (issue 26.8): a fuzz corpus over every command of the live command
tree, through the offline driver, then heavy /odds while other channels play.

Printed: the calls made, the incidents (target 0: an incident id shown, an error logged, a reply
Discord would refuse, or a handler that never finished), the worst event-loop hold (target under
100 ms, measured by a probe task that sleeps 2 ms at a time and records how late it wakes), and
the slowest other-channel reply while heavy /odds run (target under 1 s).
"""

from __future__ import annotations

import asyncio
import gc
import logging
import random
import statistics
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import discord
from discord import app_commands

from bot.offline import OfflineDriver, OfflineError, Reply
from tests.bench import FigureCase

CALLS = 3000
SEED = 26
#: Discord's longest string option.
MAX_STRING = 6000
_SAFE_INTEGER = 2**53

STRINGS = [
    "",
    " ",
    "\0",
    "Ka\0i",
    "\u202eevil\u202c",
    "\u200b\u200d\ufeff",
    "<@100000000000000999>",
    "@everyone",
    "@here <@&100000000000000001>",
    "<#100000000000000010>",
    "[Free Nitro](https://evil.example/login)",
    "```py\nprint(1)\n```",
    "||spoiler|| # heading\n> quote",
    "9" * 5000,
    "99999999999999999999",
    "-99999999999999999999",
    "1d99999999999999999999",
    "1d100000000",
    "1d300*1d300",
    "1000d6kh999",
    "1d",
    "d",
    "((((((((((1d6",
    "1d6)" * 40,
    "1d6+" * 60,
    "4d6k",
    "10d6 4+ 1-",
    "NaN",
    "inf",
    "-0",
    "😀" * 200,
    "e\u0301" * 300,
    "Ω" * 6000,
    "Kai:basic:2, Lee:2",
    "'; DROP TABLE games; --",
    "%s %n {0} {{}}",
    "\n\n\n\t",
    "A" * MAX_STRING,
    "x" * 101,
    "ＡＢＣ１２３",
    "\x1b[31mred",
]
NUMBERS = [0.0, -1.0, 3.5, 1e-300, 1e308, -1e308]
USERS = ["alice", "bob", "mallory"]


@dataclass
class Incident:
    command: str
    what: str


@dataclass
class _Log(logging.Handler):
    records: list[logging.LogRecord] = field(default_factory=list)

    def __post_init__(self) -> None:
        super().__init__(level=logging.ERROR)

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)

    def __hash__(self) -> int:
        return id(self)


class _LoopProbe:
    """Sleeps :data:`TICK` at a time; how late it wakes is how long the event loop was held.

    The machine is shared, so a hold can also be the process waiting for a core: the probe also
    records the longest garbage collection, to tell the bot's own pauses apart."""

    TICK = 0.002

    def __init__(self) -> None:
        self.worst = 0.0
        self.longest_gc = 0.0
        self._gc_started = 0.0
        self._task: asyncio.Task[None] | None = None

    def _gc(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._gc_started = time.perf_counter()
        else:
            self.longest_gc = max(self.longest_gc, time.perf_counter() - self._gc_started)

    async def _run(self) -> None:
        while True:
            started = time.perf_counter()
            await asyncio.sleep(self.TICK)
            self.worst = max(self.worst, time.perf_counter() - started - self.TICK)

    def __enter__(self) -> _LoopProbe:
        self._task = asyncio.get_running_loop().create_task(self._run(), name="bench-loop-probe")
        gc.callbacks.append(self._gc)
        return self

    def __exit__(self, *_: object) -> None:
        assert self._task is not None
        self._task.cancel()
        gc.callbacks.remove(self._gc)


def _leaves(tree: app_commands.CommandTree) -> list[app_commands.Command[Any, ..., Any]]:
    return sorted(
        (c for c in tree.walk_commands() if isinstance(c, app_commands.Command)),
        key=lambda c: c.qualified_name,
    )


def _value(param: app_commands.Parameter, rng: random.Random) -> Any:
    kind = param.type
    if param.choices:
        return rng.choice(param.choices).value
    if kind is discord.AppCommandOptionType.string:
        text = rng.choice(STRINGS)
        limit = param.max_value if param.max_value is not None else MAX_STRING
        text = text[: int(limit)]
        if param.min_value is not None and len(text) < param.min_value:
            text = (text or "x") * int(param.min_value)
            text = text[: int(limit)]
        return text
    if kind is discord.AppCommandOptionType.integer:
        low = int(param.min_value) if param.min_value is not None else -_SAFE_INTEGER
        high = int(param.max_value) if param.max_value is not None else _SAFE_INTEGER
        return rng.choice([low, high, max(low, min(high, 0)), max(low, min(high, 1)), rng.randint(low, high)])
    if kind is discord.AppCommandOptionType.number:
        low = float(param.min_value) if param.min_value is not None else -1e308
        high = float(param.max_value) if param.max_value is not None else 1e308
        return max(low, min(high, rng.choice(NUMBERS)))
    if kind is discord.AppCommandOptionType.boolean:
        return rng.choice([True, False])
    if kind in (discord.AppCommandOptionType.user, discord.AppCommandOptionType.mentionable):
        return rng.choice(USERS)
    if kind is discord.AppCommandOptionType.channel:
        return "general"
    return None


def _calls(driver: OfflineDriver, count: int, seed: int) -> Iterator[tuple[str, dict[str, Any], str | None]]:
    """(command, options, focused option or None for a command) for ``count`` hostile calls,
    round-robin over every command; about one in five is an autocomplete."""
    rng = random.Random(seed)
    commands = _leaves(driver.bot.tree)
    for i in range(count):
        command = commands[i % len(commands)]
        options: dict[str, Any] = {}
        for param in command.parameters:
            if param.required or rng.random() < 0.5:
                value = _value(param, rng)
                if value is not None:
                    options[param.display_name] = value
        completing = [p for p in command.parameters if p.autocomplete]
        if completing and rng.random() < 0.2:
            focused = rng.choice(completing)
            options[focused.display_name] = str(rng.choice(STRINGS))[:100]
            yield command.qualified_name, options, focused.display_name
        else:
            yield command.qualified_name, options, None


PRESS_SHARE = 0.5
"""Share of answers whose buttons are pressed (and forms submitted) too."""


async def _press(driver: OfflineDriver, reply: Reply, rng: random.Random) -> tuple[str | None, str | None]:
    """Press one button of ``reply`` as a random player; fill any form it opens with hostile text.
    (what was done, why it is an incident) like :func:`_one`."""
    buttons = [
        (message, button)
        for message in [*reply.messages, *reply.edited]
        if not message.deleted
        for button in message.buttons
        if not button.url and not button.disabled
    ]
    if not buttons:
        return None, None
    message, button = rng.choice(buttons)
    user = driver.users.get("alice") if message.visible_to else rng.choice(USERS)
    done = f"pressed {button.label!r}"
    try:
        pressed = await driver.press(message, button, user=user or "alice")
        if "Incident `" in pressed.text:
            return done, "an incident id was shown"
        if pressed.modal is not None:
            values = {}
            for field_ in pressed.modal.fields:
                limit = int(field_.get("max_length") or 4000)
                values[field_["custom_id"]] = rng.choice(STRINGS)[:limit]
            done += f", form {pressed.modal.title!r} submitted"
            submitted = await driver.submit(pressed.modal, values)
            if "Incident `" in submitted.text:
                return done, "an incident id was shown"
    except OfflineError:
        return done, None
    except TimeoutError:
        return done, "the handler never finished"
    except discord.HTTPException as error:
        return done, f"Discord would refuse the reply: {error}"
    return done, None


def _shown(command: str, options: dict[str, Any]) -> str:
    parts = [f"/{command}"]
    for name, value in options.items():
        text = repr(value) if isinstance(value, str) else str(value)
        parts.append(f"{name}:{text[:40]}{'…' if len(text) > 40 else ''}")
    return " ".join(parts)


async def _one(
    driver: OfflineDriver, command: str, options: dict[str, Any], focused: str | None, user: str
) -> tuple[Reply | None, str | None]:
    """Run one call; (reply, None), or (None, why it is an incident), or (None, None) when Discord
    would not have sent it (the driver refuses what Discord's client refuses)."""
    channel = driver.add_channel(_CHANNELS.get(command.split()[0], "fuzz-other"))
    try:
        if focused is not None:
            value = options.pop(focused)
            await driver.autocomplete(command, focused, value, user=user, channel=channel, **options)
            return None, None
        return await driver.command(command, user=user, channel=channel, **options), None
    except OfflineError:
        return None, None
    except TimeoutError:
        return None, "the handler never finished"
    except discord.HTTPException as error:
        return None, f"Discord would refuse the reply: {error}"


#: Each game's commands go to a channel where that game is under way, so that they reach its rules.
_CHANNELS = {"si": "fuzz-si", "tournament": "fuzz-tournament", "bf": "fuzz-bf"}


async def _games(driver: OfflineDriver) -> None:
    si = driver.add_channel("fuzz-si")
    await driver.command("/si boss start boss:elder_leviathan", channel=si)
    await driver.command('/si squad add name:"Kai:basic:2, Lee:2"', channel=si)
    await driver.command("/si turn", channel=si)
    tournament = driver.add_channel("fuzz-tournament")
    await driver.command("/tournament create name:Cup tier:300", channel=tournament)
    for user in USERS:
        await driver.command("/tournament join faction:Ariadna", channel=tournament, user=user)
    bf = driver.add_channel("fuzz-bf")
    await driver.command("/bf new", channel=bf)
    await driver.command("/bf join side:boss preset:bone_colossus", channel=bf, user="alice")


def _freeze_earlier_cases() -> None:
    """Everything earlier cases left alive (the driver keeps every message it was sent, images
    included) is frozen out of the garbage collector: the probes then measure the collections
    of this case's own work, as a bot's would be, not of the bench's history."""
    gc.collect()
    gc.freeze()


async def _fuzz(driver: OfflineDriver) -> list[tuple[str, str]]:
    await _games(driver)
    _freeze_earlier_cases()
    log = _Log()
    root = logging.getLogger()
    root.addHandler(log)
    incidents: list[Incident] = []
    calls = 0
    holds: list[tuple[float, str]] = []
    rng = random.Random(SEED + 1)
    presses = forms = 0
    try:
        with _LoopProbe() as probe:
            for index, (command, options, focused) in enumerate(_calls(driver, CALLS, SEED)):
                shown = _shown(command, options) + (f" (autocomplete {focused})" if focused else "")
                before = len(log.records)
                probe.worst = 0.0
                reply, problem = await _one(driver, command, dict(options), focused, USERS[index % 3])
                holds.append((probe.worst, shown))
                calls += 1
                if problem is not None:
                    incidents.append(Incident(shown, problem))
                elif reply is not None and "Incident `" in reply.text:
                    incidents.append(Incident(shown, "an incident id was shown"))
                elif len(log.records) > before:
                    record = log.records[-1]
                    incidents.append(Incident(shown, f"logged: {record.getMessage()[:120]}"))
                elif reply is not None and rng.random() < PRESS_SHARE:
                    # a button of the answer, pressed by someone, and any form it opens filled
                    # with hostile text
                    before = len(log.records)
                    pressed, problem = await _press(driver, reply, rng)
                    presses += 1 if pressed else 0
                    forms += 1 if pressed and "form" in pressed else 0
                    what = f"{shown} then {pressed}"
                    if problem is not None:
                        incidents.append(Incident(what, problem))
                    elif len(log.records) > before:
                        incidents.append(Incident(what, f"logged: {log.records[-1].getMessage()[:120]}"))
    finally:
        root.removeHandler(log)
    lines = [
        (
            f"{calls} hostile calls over {len(_leaves(driver.bot.tree))} commands "
            f"(+{presses} presses, {forms} forms)",
            f"{len(incidents)} incidents (target 0)",
        ),
    ]
    holds.sort(reverse=True)
    lines.append(
        (
            "worst event-loop hold (fuzz)",
            f"{holds[0][0] * 1000:.1f} ms (target < 100); longest garbage collection "
            f"{probe.longest_gc * 1000:.0f} ms",
        )
    )
    for hold, shown in holds[:3]:
        lines.append(("  held by", f"{hold * 1000:.0f} ms: {shown[:150]}"))
    for incident in incidents[:15]:
        lines.append(("  incident", f"{incident.command} -> {incident.what}"))
    return lines


HEAVY = ["1d1000*1d100", "1d300*1d300", "100d6kh50", "40d20kh20", "1d10000*1d10", "(300d6rr1)*(999d2e6)"]


async def _heavy_odds(driver: OfflineDriver) -> list[tuple[str, str]]:
    """Six heavy /odds at once in their own channels, and meanwhile /roll and a Space Infantry
    map in another: how long the other channel waits, and how long the loop is held."""
    _freeze_earlier_cases()
    other = driver.add_channel("bench-hostile-other")
    await driver.command("/si boss start boss:elder_leviathan", channel=other)
    await driver.command("/si squad add name:Kai wounds:2", channel=other)
    others: list[float] = []
    odds: list[float] = []

    async def timed(coroutine: Any, into: list[float], public: bool = True) -> None:
        started = time.perf_counter()
        reply = await coroutine
        into.append(time.perf_counter() - started)
        message = reply.message
        if public and (message.ephemeral or "Incident `" in message.text):
            raise AssertionError(f"expected a public answer: {message.text[:200]}")

    with _LoopProbe() as probe:
        for _ in range(3):
            heavy = [
                asyncio.create_task(
                    timed(driver.command("odds", expression=e, channel=driver.add_channel(f"h-{i}")), odds),
                )
                for i, e in enumerate(HEAVY)
            ]
            await asyncio.sleep(0.05)  # the heavy work is running now
            for _ in range(5):
                await timed(driver.command("roll", expression="2d6", channel=other), others)
                await timed(driver.command("si status", channel=other), others)
            await asyncio.gather(*heavy)
    return [
        (
            f"{len(odds)} heavy /odds ({', '.join(HEAVY[:3])}...)",
            f"slowest {max(odds):.2f} s, median {statistics.median(odds):.2f} s",
        ),
        (
            "other channel meanwhile (/roll, /si status map)",
            f"slowest {max(others) * 1000:.0f} ms (target < 1000), "
            f"median {statistics.median(others) * 1000:.0f} ms",
        ),
        (
            "worst event-loop hold (heavy /odds)",
            f"{probe.worst * 1000:.1f} ms (target < 100); longest garbage collection "
            f"{probe.longest_gc * 1000:.0f} ms",
        ),
    ]


CASES = [
    FigureCase("hostile: fuzz corpus", _fuzz),
    FigureCase("hostile: heavy /odds", _heavy_odds),
]
