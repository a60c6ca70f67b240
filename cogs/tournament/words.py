"""What every tournament post shares: its colour, and the English a post speaks when its caller
gives no translator (tests; callers not yet translated)."""

from __future__ import annotations

import discord

from rules.i18n import SOURCE, translator

COLOUR = discord.Colour.from_rgb(201, 162, 39)
ENGLISH = translator(SOURCE)
"""What a post says when its caller gives no translator (tests, other areas not yet translated)."""
