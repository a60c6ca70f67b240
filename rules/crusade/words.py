"""What the Crusade rules say, kept as a message id and its named values, not as English.

A line the rules announce (a rank gained, a scar) is also stored in the campaign's log, so it is a
small pydantic model (:class:`Said`) rather than text: the edge renders it in the reader's
language when it is shown, now or months later. ``_`` and ``ngettext`` mark the sentences for
extraction, as everywhere in Herald (docs/i18n.md); ``str(said)`` is the English.

>>> str(_("{unit} gains the Battle Scar {scar}.", unit="Squad", scar="Fatigued"))
'Squad gains the Battle Scar Fatigued.'
>>> str(ngettext("{n} unit", "{n} units", 2, n=2))
'2 units'
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from rules.errors import NotFoundError, RuleError
from rules.i18n import Message


class Said(BaseModel):
    """One sentence: its English message id (with a plural form for a count) and its values."""

    model_config = ConfigDict(frozen=True)

    msgid: str
    params: dict[str, str | int | Said | tuple[Said, ...]] = {}
    plural: str | None = None
    n: int | None = None

    def english(self) -> str:
        text = self.plural if self.plural is not None and self.n != 1 else self.msgid
        return text.format(**{k: _english(v) for k, v in self.params.items()})

    def __str__(self) -> str:
        return self.english()

    def message(self) -> Message:
        """The lazy message the edge renders in the reader's language."""
        params = {k: _lazy(v) for k, v in self.params.items()}
        return Message(self.msgid, params, self.plural, self.n)


def _lazy(value: object) -> object:
    if isinstance(value, tuple):
        return tuple(v.message() if isinstance(v, Said) else v for v in value)
    return value.message() if isinstance(value, Said) else value


def _english(value: object) -> object:
    if isinstance(value, tuple):
        return ", ".join(str(v) for v in value)
    return str(value) if isinstance(value, Said) else value


Value = str | int | Said | tuple[Said, ...]


def _(msgid: str, /, **params: Value) -> Said:
    return Said(msgid=msgid, params=params)


def ngettext(singular: str, plural: str, n: int, /, **params: Value) -> Said:
    return Said(msgid=singular, params=params, plural=plural, n=n)


class CrusadeError(RuleError):
    """A Crusade action a player can put right; ``said`` is the sentence to render."""

    def __init__(self, said: Said) -> None:
        super().__init__(said.message())
        self.said = said


class CrusadeNotFound(NotFoundError):
    """A unit or battle that is not in the campaign; ``said`` is the sentence to render."""

    def __init__(self, said: Said) -> None:
        super().__init__(said.message())
        self.said = said
