"""Which edition a 40k attack runs under, and why: the option a player chose, else the edition
the first saved profile was kept for, else the default (11th).

>>> edition_for(None).text
'11th edition (the default for typed lines; `edition:10th` for 10th)'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from rules.wh40k.profiles import DEFAULT_EDITION, Edition, parse_edition


class Saved(Protocol):
    """A profile as read from an option: the name it was saved under and its edition, if any."""

    @property
    def name(self) -> str | None: ...

    @property
    def edition(self) -> Edition | None: ...

    @property
    def listed(self) -> bool:
        """Whether it is a unit of an imported army list (else a saved profile)."""
        ...


@dataclass(frozen=True)
class EditionUsed:
    """The edition a command runs under, and why (shown in every reply)."""

    edition: Edition
    reason: str

    @property
    def text(self) -> str:
        return f"{self.edition.value} edition ({self.reason})"


def edition_for(chosen: str | None, *reads: Saved) -> EditionUsed:
    """The option if given; else the edition the first saved profile was kept for; else 11th.

    A saved profile of the other edition is named, so a player sees why.

    >>> from types import SimpleNamespace
    >>> edition_for(None, SimpleNamespace(name="bolter", edition=Edition.TENTH)).text
    '10th edition (saved with bolter)'
    >>> edition_for("11", SimpleNamespace(name="bolter", edition=Edition.TENTH)).edition.value
    '11th'
    """
    if chosen:
        return EditionUsed(parse_edition(chosen), "chosen")
    for read_ in reads:
        if read_.edition is not None and read_.name:
            if getattr(read_, "listed", False):
                return EditionUsed(
                    read_.edition,
                    f"{read_.name}'s army list was built for it; `edition:` sets another",
                )
            return EditionUsed(read_.edition, f"saved with {read_.name}")
    if any(getattr(read_, "listed", False) for read_ in reads):
        return EditionUsed(
            DEFAULT_EDITION, "the default: the army list does not say; `edition:10th` for 10th"
        )
    return EditionUsed(DEFAULT_EDITION, "the default for typed lines; `edition:10th` for 10th")
