"""SQL for languages: each server's chosen language, and each player's last Discord locale.

Both are read far more often than written, and a server's events reach one process (its shard),
so each is kept in memory once read: a public reply asks the database for its server's language
once per process, and a player's locale is written only when it differs from the one this process
last wrote (the first interaction after a restart, or a player who changed their Discord language).
"""

from __future__ import annotations

from bot.storage.database import Database, utcnow

#: Players whose locale this process remembers writing; past it, the memory starts again.
MAX_REMEMBERED_USERS = 50_000


class LanguageRepository:
    def __init__(self, db: Database) -> None:
        self._db = db
        self._guilds: dict[int, str | None] = {}
        self._users: dict[int, str] = {}

    async def guild_language(self, guild_id: int) -> str | None:
        """The language ``/herald language`` chose for the server (``es``), or None."""
        if guild_id in self._guilds:
            return self._guilds[guild_id]
        async with self._db.reading() as tx:
            row = await tx.fetchone("SELECT language FROM guild_languages WHERE guild_id = ?", (guild_id,))
        chosen = None if row is None else str(row["language"])
        self._guilds[guild_id] = chosen
        return chosen

    async def set_guild_language(self, guild_id: int, language: str | None, *, set_by: int) -> None:
        """Choose the server's language; None goes back to Discord's server language."""
        async with self._db.transaction() as tx:
            if language is None:
                await tx.execute("DELETE FROM guild_languages WHERE guild_id = ?", (guild_id,))
            else:
                await tx.execute(
                    "INSERT INTO guild_languages (guild_id, language, set_by, set_at) VALUES (?, ?, ?, ?) "
                    "ON CONFLICT (guild_id) DO UPDATE SET language = excluded.language, "
                    "set_by = excluded.set_by, set_at = excluded.set_at",
                    (guild_id, language, set_by, utcnow()),
                )
        self._guilds[guild_id] = language

    async def remember_user(self, user_id: int, locale: str) -> bool:
        """Keep ``locale`` as the player's last; True when it was written (not already known)."""
        if self._users.get(user_id) == locale:
            return False
        async with self._db.transaction() as tx:
            await tx.execute(
                "INSERT INTO user_locales (user_id, locale, seen_at) VALUES (?, ?, ?) "
                "ON CONFLICT (user_id) DO UPDATE SET locale = excluded.locale, seen_at = excluded.seen_at",
                (user_id, locale, utcnow()),
            )
        if len(self._users) >= MAX_REMEMBERED_USERS:
            self._users.clear()
        self._users[user_id] = locale
        return True

    async def user_locale(self, user_id: int) -> str | None:
        """The Discord locale of the player's last interaction (``es-ES``), or None if never seen."""
        async with self._db.reading() as tx:
            row = await tx.fetchone("SELECT locale FROM user_locales WHERE user_id = ?", (user_id,))
        return None if row is None else str(row["locale"])
