"""Herald's game rules: pure, synchronous Python and pydantic models.

Nothing in this package may import discord, aiosqlite, PIL or asyncio (a test guards it).
Randomness always comes in as a ``random.Random`` argument.
"""
