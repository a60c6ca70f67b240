"""What the lazy layer and the catalogue tools share: names, places, and the placeholder rule."""

from __future__ import annotations

import re
from pathlib import Path

#: The language every msgid is written in; always offered.
SOURCE = "en"
DOMAIN = "herald"
#: ``locale/`` beside the packages (an editable install, as `make` makes, reads it in place).
LOCALE_DIR = Path(__file__).resolve().parent.parent.parent / "locale"
#: An entry every compiled catalogue carries: whether the language was complete when compiled.
COMPLETE_CONTEXT, COMPLETE_MSGID = "herald-catalogue", "complete"

_PLACEHOLDER = re.compile(r"(?<!\{)\{([A-Za-z_][A-Za-z0-9_]*)(?:[!:][^{}]*)?\}")


def placeholders(text: str) -> frozenset[str]:
    """The named ``{placeholders}`` of a message (``{{`` is a literal brace).

    >>> sorted(placeholders("{name} rolled {total:,} {{not}}"))
    ['name', 'total']
    """
    return frozenset(_PLACEHOLDER.findall(text.replace("{{", "").replace("}}", "")))
