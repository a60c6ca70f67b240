"""Which event a channel's game belongs to, asked by one cog and answered by another.

A game played in a tournament's pairing thread needs two things the tournament knows: who plays
there (so ``/ba battle start`` need not ask again) and who organises it (so only they reopen a
finished battle whose result the tournament recorded). No cog imports another, so the one that
runs events registers an answer here and the others ask::

    bot.pairings.register(answer)          # the tournament cog, at setup
    found = await bot.pairings.of(guild_id, channel_id)   # a game cog, when it needs to know

``answer(guild_id, channel_id)`` returns a :class:`Pairing` or ``None`` (not one of its channels).
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

log = logging.getLogger("herald.pairings")


@dataclass(frozen=True)
class Pairing:
    """What an event says about one of its channels."""

    #: The event's name as its organiser typed it (pass it through ``bot.text.public`` to show it).
    event: str
    #: Who may override its games: the event's organisers (Manage Server members always may).
    organisers: tuple[int, ...] = ()
    #: The two players paired in this channel (user id, name), side A first; empty: no pairing
    #: here (the event's own channel, or a bye).
    players: tuple[tuple[int, str], ...] = ()
    #: The game the event plays, by its format key (``boarding-actions``, ``40k``, ``its``).
    game: str = ""
    #: The round the pairing belongs to (0: none).
    round: int = 0


Answer = Callable[[int | None, int], Awaitable[Pairing | None]]


@dataclass
class Pairings:
    """The answers registered by the cogs that run events (see the module docstring)."""

    answers: list[Answer] = field(default_factory=list)

    def register(self, answer: Answer) -> None:
        if answer not in self.answers:
            self.answers.append(answer)

    def unregister(self, answer: Answer) -> None:
        if answer in self.answers:
            self.answers.remove(answer)

    async def of(self, guild_id: int | None, channel_id: int | None) -> Pairing | None:
        """The event whose channel (or pairing thread) ``channel_id`` is, or ``None``."""
        if not guild_id or not channel_id:
            return None
        for answer in self.answers:
            found = await answer(guild_id, channel_id)
            if found is not None:
                return found
        return None
