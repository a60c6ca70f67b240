"""The one error base every rules engine raises.

A :class:`RuleError` carries a message written for a player: the bot shows it as it is, in an
ephemeral reply, so say what was wrong and how to put it right.

>>> raise RuleError("Mouth is an outer zone: at most 3 units can engage it.")
Traceback (most recent call last):
...
rules.errors.RuleError: Mouth is an outer zone: at most 3 units can engage it.
"""

from __future__ import annotations

from rules.i18n import Text, render


class RuleError(Exception):
    """Base class for every error a player can cause and fix by changing their input.

    The message may be a lazy :class:`rules.i18n.Message` (``_("...", value=...)``): the handler
    that shows it renders it in the reader's language (:meth:`render`); ``str(error)`` and
    ``error.message`` are the English.
    """

    def __init__(self, message: Text) -> None:
        super().__init__(str(message))
        self.text = message
        self.message = str(message)

    def __str__(self) -> str:
        return self.message

    def render(self, locale: str | None) -> str:
        """The message in the language of ``locale`` (a Discord locale such as ``es-ES``)."""
        return render(self.text, locale)


def quote(text: object, limit: int = 60) -> str:
    """A player's input as an error message repeats it: one line, cut to ``limit`` characters.

    Whatever was typed, the message stays short enough to read and to fit in a reply.

    >>> quote("Elder   Leviathan")
    'Elder Leviathan'
    >>> quote("x" * 100, 8)
    'xxxxxxx…'
    """
    flat = " ".join(str(text).split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


class NotFoundError(RuleError):
    """A name (mission, boss, card, topic) that is not in the content."""


class ContentError(RuleError):
    """A content file that does not validate; the message names the file, the field and why."""
