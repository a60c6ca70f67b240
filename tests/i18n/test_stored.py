"""A Message kept in game state: JSON both ways, nested messages, plurals, and old plain strings."""

from __future__ import annotations

import json
from pathlib import Path

from pydantic import BaseModel, Field

from rules.i18n import Message, _, catalogues_from, ngettext
from tests.i18n.test_layer import COMPLETE, _part


class Stored(BaseModel):
    """A game state that keeps sentences to show later."""

    log: list[Message] = Field(default_factory=list)
    last: Message | None = None


def test_a_message_round_trips_through_json_with_plurals_values_and_nested_messages() -> None:
    said = [
        _("Rolled {total}", total=7),
        ngettext("{n} die", "{n} dice", 3, n=3),
        _("Refused: {why}", why=_("too big")),
        _("Heard: {terms}", terms=(_("too big"), _("Rolled {total}", total=2))),
        _("No values at all."),
    ]
    state = Stored(log=said, last=said[2])
    text = state.model_dump_json()
    back = Stored.model_validate_json(text)
    assert back.log == said and back.last == said[2]
    assert [str(m) for m in back.log] == [str(m) for m in said]
    # The stored form is plain JSON: the msgid and its values, never the rendered English only.
    plural = {"msgid": "{n} die", "params": {"n": 3}, "plural": "{n} dice", "n": 3}
    assert json.loads(text)["log"][1] == plural
    assert json.loads(text)["last"]["params"]["why"] == {"msgid": "too big"}


def test_a_stored_message_is_rendered_in_the_readers_language_when_loaded(tmp_path: Path) -> None:
    _part(tmp_path, "es", COMPLETE)
    stored = Stored(log=[_("Refused: {why}", why=_("too big")), ngettext("{n} die", "{n} dice", 1, n=1)])
    back = Stored.model_validate(json.loads(stored.model_dump_json()))
    with catalogues_from(tmp_path):
        assert [m.render("es-ES") for m in back.log] == ["Rechazado: demasiado grande", "1 dado"]


def test_an_old_state_with_plain_strings_loads_and_shows_them_as_they_were(tmp_path: Path) -> None:
    # A state saved before its lines were messages: the lines are plain English strings, one of
    # them even matching a msgid and one holding braces.
    old = '{"log": ["Kai hits Mouth for 3.", "Rolled {total}", "too big"], "last": "The boss wins."}'
    back = Stored.model_validate_json(old)
    _part(tmp_path, "es", COMPLETE)
    with catalogues_from(tmp_path):
        assert [m.render("es-ES") for m in back.log] == ["Kai hits Mouth for 3.", "Rolled {total}", "too big"]
        assert str(back.last) == "The boss wins."
    # Saved again, it loads again the same.
    assert Stored.model_validate_json(back.model_dump_json()) == back
