"""Heavy work (exact odds and their charts) on its own small pool of threads.

Every exact-odds request is costed in the core and refused past its budget before any work, so
one request is bounded (about a second at worst). Several at once could still fill the default
thread pool that renders every game's map and card images; so heavy work runs here instead, on
:data:`WORKERS` threads of its own, with at most :data:`MAX_WAITING` requests queued behind
them. Past that, a request is refused at once with a :class:`Busy` error asking the player to
try again, rather than queued for minutes. The rest of the bot (other channels' replies, their
images through :func:`bot.send.send`) never waits for this pool.

    result = await run_heavy(odds, "10d6>=4")
"""

from __future__ import annotations

import asyncio
import contextvars
import functools
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

from rules.errors import RuleError

T = TypeVar("T")

#: Threads for heavy work. Python runs one thread's bytecode at a time, so more would not be
#: faster, and each busy thread takes turns with the event loop: with two, the loop (every other
#: channel's reply) ran at a third of its speed while heavy odds ran; with one, at half.
WORKERS = 1
#: Requests waiting or running at most; one more is refused with :class:`Busy`.
MAX_WAITING = 8

_pool = ThreadPoolExecutor(max_workers=WORKERS, thread_name_prefix="herald-heavy")
_in_flight = 0


class Busy(RuleError):
    """Too much heavy work is already waiting: the player should try again shortly."""


def in_flight() -> int:
    """Heavy requests waiting or running now."""
    return _in_flight


async def run_heavy(function: Callable[..., T], *args: object, **kwargs: object) -> T:
    """``function(*args, **kwargs)`` on the heavy pool; :class:`Busy` if too much already waits."""
    global _in_flight
    if _in_flight >= MAX_WAITING:
        raise Busy(
            f"I am already working out {_in_flight} other sets of odds; ask again in a minute. "
            "Rolling (`/roll`) and every game still answer at once."
        )
    _in_flight += 1
    try:
        context = contextvars.copy_context()
        call = functools.partial(context.run, function, *args, **kwargs)
        return await asyncio.get_running_loop().run_in_executor(_pool, call)
    finally:
        _in_flight -= 1
