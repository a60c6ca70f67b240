"""A number inside a lazy message (rules.i18n.Number) is written the reader's way when rendered,
and a roster note keeps it so through storage."""

from __future__ import annotations

from pydantic import TypeAdapter

from rules.i18n import Number, _, force_offer
from rules.wh40k.notes import Note


def test_a_number_value_is_written_the_readers_way() -> None:
    message = _("one calculation may take {most}", most=Number(6_000_000))
    assert str(message) == "one calculation may take 6,000,000"
    with force_offer("es"):
        # An untranslated msgid still writes the number the Spanish way.
        assert message.render("es-ES") == "one calculation may take 6.000.000"
        assert _("{x}", x=Number(1234.5, 2)).render("es-419") == "1.234,50"
    assert str(_("{x}", x=Number(1234.5, 2))) == "1,234.50"


def test_a_note_keeps_a_number_through_storage() -> None:
    adapter = TypeAdapter(list[Note])
    note = Note.of(_("The roster has more than {n} weapon keywords.", n=Number(3000)))
    assert note == "The roster has more than 3,000 weapon keywords."
    stored = adapter.dump_python([note], mode="json")
    assert stored == [
        {
            "msgid": "The roster has more than {n} weapon keywords.",
            "params": {"n": {"number": 3000, "digits": None}},
        }
    ]
    again = adapter.validate_python(stored)[0]
    assert isinstance(again, Note) and again == note
    with force_offer("es"):
        assert again.message().render("es-ES").endswith("more than 3.000 weapon keywords.")
    # A note an older Herald stored with the number already written stays as it was.
    old = adapter.validate_python([{"msgid": "more than {n}", "params": {"n": "3,000"}}])[0]
    assert old == "more than 3,000"
