"""Tournament tiers (army sizes) and the table set-up each scenario gives them.

>>> Tier.parse("300")
<Tier.T300: 300>
>>> Size.parse("24x32").long
32
"""

from __future__ import annotations

import re
from enum import IntEnum

from pydantic import BaseModel, ConfigDict, Field, model_validator

from rules.errors import RuleError, quote
from rules.i18n import _
from rules.text import small_number

_SIZE = re.compile(r"^\s*(\d+)\s*x\s*(\d+)\s*$")


class Tier(IntEnum):
    """The army sizes ITS games are played at (army points)."""

    T150 = 150
    T200 = 200
    T250 = 250
    T300 = 300
    T400 = 400

    @classmethod
    def parse(cls, value: int | str | Tier) -> Tier:
        """Turn ``300``, ``"300"`` or ``"300pts"`` into a tier, or raise a RuleError.

        >>> Tier.parse("400pts")
        <Tier.T400: 400>
        """
        if isinstance(value, Tier):
            return value
        digits = re.sub(r"\D", "", str(value))
        try:
            return cls(small_number(digits))
        except ValueError:
            allowed = ", ".join(str(t.value) for t in cls)
            shown = quote(value, 20)
            raise RuleError(
                _("'{shown}' is not an ITS tier: use one of {allowed} points.", shown=shown, allowed=allowed)
            ) from None


class Size(BaseModel):
    """A rectangle in inches, written short side first as the ITS tables do (``"12x24"``).

    For a table the short side is its width; for a Deployment Zone it is its depth.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    short: int = Field(gt=0)
    long: int = Field(gt=0)

    @model_validator(mode="after")
    def _short_first(self) -> Size:
        if self.short > self.long:
            raise ValueError(f"write the short side first: {self.long}x{self.short}")
        return self

    @model_validator(mode="before")
    @classmethod
    def _from_text(cls, data: object) -> object:
        if isinstance(data, str):
            match = _SIZE.match(data)
            if not match:
                raise ValueError(f"size {data!r} should look like '24x32' (inches)")
            return {"short": int(match[1]), "long": int(match[2])}
        return data

    @classmethod
    def parse(cls, text: str) -> Size:
        """Read ``"24x32"`` as a 24 by 32 inch rectangle."""
        return cls.model_validate(text)

    def __str__(self) -> str:
        return f"{self.short} x {self.long} in"


class TierSetup(BaseModel):
    """Army points, SWC, table and deployment zone for one tier of one scenario."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    swc: int = Field(gt=0)
    table: Size
    deployment_zone: Size

    @model_validator(mode="after")
    def _zone_fits(self) -> TierSetup:
        # A zone runs along the table's short side (its width), so it can be no wider than that.
        if self.deployment_zone.long > self.table.short:
            raise ValueError(
                f"a {self.deployment_zone} Deployment Zone does not fit across a {self.table} table"
            )
        return self
