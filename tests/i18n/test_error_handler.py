"""The one error handler speaks the reader's language: refusals from rules/, Discord's checks, and
the incident text of an unexpected failure."""

from __future__ import annotations

import logging

import pytest
from discord import app_commands

from bot.errors import describe
from rules.dice import DiceError, parse
from rules.i18n import force_offer


def test_each_kind_of_error_is_told_in_the_readers_language(caplog: pytest.LogCaptureFixture) -> None:
    with pytest.raises(DiceError) as refused:
        parse("2d6 ++")
    with force_offer("es"):
        assert describe(app_commands.CheckFailure(), "es-ES") == ("Aquí no puedes usar ese comando.", None)
        assert describe(app_commands.CheckFailure(), "en-GB") == ("You can't use that command here.", None)
        text, _incident = describe(refused.value, "es-419")
        assert text.startswith("No puedo leer `2d6 ++`")
        with caplog.at_level(logging.ERROR, logger="herald.errors"):
            text, incident = describe(ZeroDivisionError(), "es-ES")
        assert incident is not None
        assert text == (
            f"Algo ha fallado por mi parte. Incidencia `{incident}`: avisa a los administradores del "
            "servidor si sigue pasando."
        )
    # A language Herald does not offer (no German catalogue): English.
    assert describe(app_commands.CheckFailure(), "de") == ("You can't use that command here.", None)
