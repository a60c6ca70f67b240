"""All SQL lives here: the connection, numbered migrations and repository classes.

Cogs never see SQL. They use the repositories (``MetaRepository``, ``GameRepository``) through
:class:`bot.games.GameStore`; a PostgreSQL backend can later implement the same repository
protocols in ``bot/storage/base.py`` without touching cogs.
"""

from bot.storage.database import Database
from bot.storage.games import GameRecord, SqliteGameRepository
from bot.storage.jobs import SqliteJobRepository
from bot.storage.meta import SqliteMetaRepository
from bot.storage.ratings import SqliteRatingRepository
from bot.storage.saved_rolls import SavedRoll, SqliteSavedRollRepository

__all__ = [
    "Database",
    "GameRecord",
    "SavedRoll",
    "SqliteGameRepository",
    "SqliteJobRepository",
    "SqliteMetaRepository",
    "SqliteRatingRepository",
    "SqliteSavedRollRepository",
]
