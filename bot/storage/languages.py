"""SQL for languages: each server's chosen language, and each player's last Discord locale.

Both are read far more often than written, and a server's events reach one process (its shard),
so each is kept in memory once read: a public reply asks the database for its server's language
once per process. A player's locale is noted in memory at each interaction and written in batches
(:meth:`LanguageRepository.flush`, every few minutes and at shutdown), only when it differs from
the one this process last noted: an interaction never waits on a write, and a restart loses at
most the last few minutes' changes.
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
        self._pending: dict[int, str] = {}

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

    def remember_user(self, user_id: int, locale: str) -> bool:
        """Note ``locale`` as the player's last, in memory; True when it is new to this process.
        :meth:`flush` writes what changed, in one transaction: no interaction waits on it."""
        if self._users.get(user_id) == locale:
            return False
        if len(self._users) >= MAX_REMEMBERED_USERS:
            self._users.clear()
        self._users[user_id] = locale
        self._pending[user_id] = locale
        return True

    async def flush(self) -> int:
        """Write the locales noted since the last flush; returns how many."""
        pending, self._pending = self._pending, {}
        if not pending:
            return 0
        now = utcnow()
        try:
            async with self._db.transaction() as tx:
                for user_id, locale in pending.items():
                    await tx.execute(
                        "INSERT INTO user_locales (user_id, locale, seen_at) VALUES (?, ?, ?) "
                        "ON CONFLICT (user_id) DO UPDATE SET locale = excluded.locale, "
                        "seen_at = excluded.seen_at",
                        (user_id, locale, now),
                    )
        except BaseException:
            self._pending = {**pending, **self._pending}  # kept for the next flush
            raise
        return len(pending)

    async def user_locale(self, user_id: int) -> str | None:
        """The Discord locale of the player's last interaction (``es-ES``), or None if never seen."""
        if user_id in self._users:
            return self._users[user_id]
        async with self._db.reading() as tx:
            row = await tx.fetchone("SELECT locale FROM user_locales WHERE user_id = ?", (user_id,))
        return None if row is None else str(row["locale"])
