"""What the Crusade rules say: lazy messages (:class:`rules.i18n.Message`), kept as they are.

A line the rules announce (a rank gained, a scar) is also stored in the campaign's log, so it is a
message, not text: pydantic keeps it as its message id and named values (JSON), and the edge
renders it in the reader's language when it is shown, now or months later. A campaign stored when
this was a model of its own (``msgid``, ``params``, ``plural``, ``n``) loads unchanged: that is the
message's JSON form. ``str(said)`` is the English.

>>> str(_("{unit} gains the Battle Scar {scar}.", unit="Squad", scar="Fatigued"))
'Squad gains the Battle Scar Fatigued.'
>>> str(ngettext("{n} unit", "{n} units", 2, n=2))
'2 units'
"""

from __future__ import annotations

from rules.errors import NotFoundError, RuleError
from rules.i18n import Message, _, ngettext

__all__ = ["CrusadeError", "CrusadeNotFound", "Said", "_", "ngettext"]

Said = Message
"""One sentence the Crusade rules said (the name the campaign's models and engine use)."""


class CrusadeError(RuleError):
    """A Crusade action a player can put right; ``said`` is the sentence to render."""

    def __init__(self, said: Message) -> None:
        super().__init__(said)
        self.said = said


class CrusadeNotFound(NotFoundError):
    """A unit or battle that is not in the campaign; ``said`` is the sentence to render."""

    def __init__(self, said: Message) -> None:
        super().__init__(said)
        self.said = said
