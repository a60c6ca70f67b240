"""What `/dice save` and `/dice delete` answer: one whole sentence per case, so each translates."""

from __future__ import annotations

from rules.dice import MAX_SAVED_ROLLS
from rules.i18n import Message, Translator, _


def too_many_saved(server: bool) -> Message:
    if server:
        return _(
            "This server has {n} saved rolls already, the most kept; delete one with /dice delete.",
            n=MAX_SAVED_ROLLS,
        )
    return _(
        "You have {n} saved rolls already, the most kept; delete one with /dice delete.", n=MAX_SAVED_ROLLS
    )


def saved_reply(t: Translator, name: str, typed: str, *, replaced: bool, server: bool) -> str:
    if replaced and server:
        return t(
            "Replaced `{name}` = `{typed}` for everyone in this server. "
            "Roll it with `/roll expression:{name}`.",
            name=name,
            typed=typed,
        )
    if replaced:
        return t(
            "Replaced `{name}` = `{typed}` for you, in every server. Roll it with `/roll expression:{name}`.",
            name=name,
            typed=typed,
        )
    if server:
        return t(
            "Saved `{name}` = `{typed}` for everyone in this server. Roll it with `/roll expression:{name}`.",
            name=name,
            typed=typed,
        )
    return t(
        "Saved `{name}` = `{typed}` for you, in every server. Roll it with `/roll expression:{name}`.",
        name=name,
        typed=typed,
    )


def no_saved_roll(server: bool, name: str) -> Message:
    if server:
        return _("This server has no saved roll called `{name}`; `/dice list` shows them.", name=name)
    return _("You have no saved roll called `{name}`; `/dice list` shows them.", name=name)
