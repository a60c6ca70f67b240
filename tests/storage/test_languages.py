"""Languages, on SQLite and PostgreSQL: a server's chosen language, and each player's last locale."""

from __future__ import annotations

from bot.storage import connect
from bot.storage.languages import LanguageRepository


async def test_a_server_chooses_a_language_and_goes_back_to_discords(database_url: str) -> None:
    db = await connect(database_url, migrate=False)
    await db.migrate()
    repo = LanguageRepository(db)
    assert await repo.guild_language(100) is None
    await repo.set_guild_language(100, "es", set_by=7)
    await repo.set_guild_language(100, "es", set_by=8)  # chosen again: one row, replaced
    assert await repo.guild_language(100) == "es"
    assert await LanguageRepository(db).guild_language(100) == "es"  # read back, not only remembered
    assert await LanguageRepository(db).guild_language(200) is None
    await repo.set_guild_language(100, None, set_by=7)
    assert await repo.guild_language(100) is None
    assert await LanguageRepository(db).guild_language(100) is None
    await db.close()


async def test_a_players_locale_is_noted_in_memory_and_written_in_one_batch(database_url: str) -> None:
    db = await connect(database_url, migrate=False)
    await db.migrate()
    repo = LanguageRepository(db)
    assert await repo.user_locale(7) is None
    before = db.query_count
    assert repo.remember_user(7, "es-ES") is True
    assert repo.remember_user(7, "es-ES") is False  # known: nothing to write
    assert repo.remember_user(8, "pt-BR") is True
    assert await repo.user_locale(7) == "es-ES"
    assert db.query_count == before  # no interaction waits on the database
    assert await repo.flush() == 2
    assert await repo.flush() == 0
    assert await LanguageRepository(db).user_locale(7) == "es-ES"
    assert repo.remember_user(7, "en-GB") is True
    assert await repo.flush() == 1
    assert await LanguageRepository(db).user_locale(7) == "en-GB"
    assert await LanguageRepository(db).user_locale(8) == "pt-BR"
    await db.close()
