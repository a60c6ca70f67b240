"""Herald's process: settings, the bot, storage, error handling, the offline driver and console.

This package knows Discord and SQLite and no game rules (those live in ``rules/``).
"""
