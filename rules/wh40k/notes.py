"""What an import says about a roster, kept so that it can be said again in any language.

A roster keeps its notes (what was applied, offered or left out) with the list, and the list is
shown again months later, maybe to a player with another language. So a note is a :class:`Note`:
a ``str`` holding the English (it compares, joins and prints as the English text, as before) that
also remembers its message id and values. Stored, it is ``{"msgid": ..., "params": ...}``; a note
stored as plain text by an older Herald reads back as that text. The edge shows one with
:func:`shown`.

>>> from rules.i18n import _
>>> note = Note.of(_("{unit}: no Unit profile (T, Sv, W), so it can't be a target.", unit="Boyz"))
>>> note
"Boyz: no Unit profile (T, Sv, W), so it can't be a target."
>>> note.message().params["unit"]
'Boyz'
"""

from __future__ import annotations

from typing import Any

from pydantic_core import core_schema

from rules.i18n import Message, Text


class Note(str):
    """An English sentence (this ``str``) that remembers its message id and values."""

    msgid: str
    params: dict[str, str | int]
    plural: str | None
    n: int | None

    def __new__(
        cls, msgid: str, params: dict[str, Any] | None = None, plural: str | None = None, n: int | None = None
    ) -> Note:
        values = {k: (v if isinstance(v, int) else str(v)) for k, v in (params or {}).items()}
        note = super().__new__(cls, str(Message(msgid, values, plural, n)))
        note.msgid, note.params, note.plural, note.n = msgid, values, plural, n
        return note

    @classmethod
    def of(cls, message: Message) -> Note:
        """``message`` kept as a note (its values kept as text or whole numbers)."""
        return cls(message.msgid, dict(message.params), message.plural, message.n)

    def message(self) -> Message:
        """The lazy message the edge renders in the reader's language."""
        return Message(self.msgid, self.params, self.plural, self.n)

    def stored(self) -> dict[str, Any]:
        data: dict[str, Any] = {"msgid": self.msgid, "params": self.params}
        if self.plural is not None:
            data.update(plural=self.plural, n=self.n)
        return data

    def __reduce__(self) -> Any:
        return (Note, (self.msgid, self.params, self.plural, self.n))

    @classmethod
    def __get_pydantic_core_schema__(cls, source: Any, handler: Any) -> core_schema.CoreSchema:
        return core_schema.no_info_plain_validator_function(
            _validate,
            serialization=core_schema.plain_serializer_function_ser_schema(_serialize),
        )


def _validate(value: Any) -> str:
    if isinstance(value, str):
        return value  # a Note, or text an older Herald stored: shown as it is
    if isinstance(value, dict) and isinstance(value.get("msgid"), str):
        return Note(value["msgid"], value.get("params") or {}, value.get("plural"), value.get("n"))
    raise ValueError("a roster note is text or {msgid, params}")


def _serialize(value: str) -> Any:
    return value.stored() if isinstance(value, Note) else str(value)


def shown(note: str) -> Text:
    """What the edge renders: a note's message, or older plain text as it is."""
    return note.message() if isinstance(note, Note) else note
