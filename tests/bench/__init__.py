"""``make bench``: in-process latency of commands through the offline driver, and sizes.

Each ``cases_*.py`` module here defines ``CASES``, a list of :class:`Case`, :class:`SizeCase` and
:class:`FigureCase`.
Figures are printed, never asserted: these machines are noisy.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from bot.offline import OfflineDriver


@dataclass
class Case:
    """A command timed over ``calls`` runs. ``setup`` runs once and its result goes to ``run``."""

    name: str
    run: Callable[[OfflineDriver, Any], Awaitable[Any]]
    setup: Callable[[OfflineDriver], Awaitable[Any]] | None = None
    calls: int = 1000
    target_p99_ms: float | None = None


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
