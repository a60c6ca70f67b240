"""Dice and help."""

from __future__ import annotations

from tests.bench import Case

CASES = [
    Case(
        "/roll 4d6kh3", lambda d, _: d.command("roll", expression="4d6kh3", label="fireball"), target_p99_ms=5
    ),
    Case(
        "/roll 10d6rr1e6>=4 (pool)",
        lambda d, _: d.command("roll", expression="10d6rr1e6>=4"),
        target_p99_ms=5,
    ),
    Case(
        "/roll bad expression (error path)",
        lambda d, _: d.command("roll", expression="4d6k"),
        target_p99_ms=5,
    ),
    Case("/help", lambda d, _: d.command("help")),
]
