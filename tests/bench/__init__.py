"""``make bench``: in-process latency of commands through the offline driver, and sizes.

Each ``cases_*.py`` module here defines ``CASES``, a list of :class:`Case`, :class:`SizeCase` and
:class:`FigureCase`.
Figures are printed, never asserted: these machines are noisy. What is checked is that a case
times what its name says: every reply a :class:`Case` gets is held to its ``expect`` (a public
answer, a private one, a refusal, autocomplete choices) and ``contains``, and a case whose reply
is not what it claims is reported FAILED, not timed. A bench run that logs an incident fails.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from bot.offline import OfflineDriver, Reply


@dataclass
class Case:
    """A command timed over ``calls`` runs. ``setup`` runs once and its result goes to ``run``."""

    name: str
    run: Callable[[OfflineDriver, Any], Awaitable[Any]]
    setup: Callable[[OfflineDriver], Awaitable[Any]] | None = None
    calls: int = 1000
    target_p99_ms: float | None = None
    #: What every reply must be: "public" (a message or edit everyone sees), "private" (an
    #: ephemeral answer that is not an error), "refused" (an ephemeral error), "choices"
    #: (autocomplete), or "engine" (no reply: the case times the rules alone).
    expect: str = "public"
    #: Text every reply must contain (an engine case's result is checked with ``str``).
    contains: str | None = None
    #: Runs before each call, untimed, with ``setup``'s result: what a call needs that is not the
    #: command timed (the next game when one ended; caches emptied for a cold case).
    prepare: Callable[[OfflineDriver, Any], Awaitable[Any]] | None = None


@dataclass
class SizeCase:
    """Something whose time and size matter (a rendered PNG): ``make`` returns the bytes."""

    name: str
    make: Callable[[], bytes]
    calls: int = 50
    target_ms: float | None = None
    target_kb: float | None = None


@dataclass
class FigureCase:
    """A measurement that is not one command's latency (two commands at once, a burst): ``measure``
    returns (label, figure) lines to print."""

    name: str
    measure: Callable[[OfflineDriver], Awaitable[list[tuple[str, str]]]]


def mismatch(case: Case, result: Any) -> str | None:
    """Why ``result`` is not the reply ``case`` claims to time, or None when it is."""
    if case.expect == "engine":
        if isinstance(result, Reply):
            return "an engine case got a reply"
        if case.contains is not None and case.contains not in str(result):
            return f"the result lacks {case.contains!r}: {str(result)[:200]}"
        return None
    if case.expect == "choices" and isinstance(result, list):  # the driver's autocomplete
        return None if result else "no autocomplete choices"
    if not isinstance(result, Reply):
        return f"expected a reply, got {type(result).__name__}"
    text = result.text
    if "Incident `" in text:
        return f"the command reported an incident: {text[:200]}"
    if case.expect == "choices":
        if not result.choices:
            return "no autocomplete choices"
        text = " ".join(str(c.get("name")) for c in result.choices)
    else:
        shown = [*result.messages, *result.edited]
        if not shown:
            return "the bot sent nothing"
        public = [m for m in shown if not m.ephemeral]
        if case.expect == "public" and not public:
            return f"expected a public answer, got only a private one: {text[:200]}"
        if case.expect in ("private", "refused") and public:
            return f"expected a private answer, got a public one: {text[:200]}"
    if case.contains is not None and case.contains not in text:
        return f"the reply lacks {case.contains!r}: {text[:300]}"
    return None
