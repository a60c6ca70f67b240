"""Discord's size limits, in one place, and the one way to shorten text to fit them."""

from __future__ import annotations

#: Autocomplete: at most this many choices, each name and value this long.
MAX_CHOICES = 25
MAX_CHOICE_CHARS = 100
#: Components.
MAX_CUSTOM_ID = 100
MAX_BUTTON_LABEL = 80
MAX_SELECT_OPTIONS = 25
#: Modals: a title or a text input's label.
MAX_MODAL_LABEL = 45
#: Embeds.
MAX_EMBED_TITLE = 256
MAX_EMBED_DESCRIPTION = 4096
MAX_FIELD_VALUE = 1024
MAX_EMBED_TOTAL = 6000


def clip(text: str, limit: int = MAX_CHOICE_CHARS) -> str:
    """``text`` cut to ``limit`` characters, with an ellipsis when it was longer.

    >>> clip("Communication Antennas", 10)
    'Communica…'
    """
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"
#: Messages: content, embeds per message, fields per embed, and the smaller embed parts.
MAX_CONTENT = 2000
MAX_EMBEDS = 10
MAX_FIELDS = 25
MAX_FIELD_NAME = 256
MAX_FOOTER = 2048
MAX_AUTHOR = 256


def quote(text: str, limit: int = 60) -> str:
    """A player's input echoed back in a message: one line, at most ``limit`` characters.

    >>> quote("a" * 100, 10)
    'aaaaaaaaa…'
    """
    return clip(" ".join(str(text).split()), limit)
