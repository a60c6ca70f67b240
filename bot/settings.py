"""Typed settings read from the environment and ``.env`` (see ``.env.example``)."""

from __future__ import annotations

import logging
from pathlib import Path

from pydantic import Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    """Everything Herald can be told at start-up. Every key is documented in ``.env.example``."""

    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    discord_token: SecretStr | None = Field(
        default=None, description="The bot token from the Developer Portal."
    )
    database_path: Path = Field(default=Path("./herald.sqlite3"), description="SQLite file for all state.")
    dev_guild_id: int | None = Field(
        default=None, description="Sync commands to this one server only (they appear at once)."
    )
    ended_game_retention_days: int = Field(
        default=180,
        ge=1,
        description="`python -m bot maintenance` deletes ended games untouched for this many days.",
    )
    log_level: str = Field(default="INFO", description="Herald's own log: DEBUG, INFO, WARNING or ERROR.")
    library_log_level: str = Field(
        default="WARNING",
        description="discord.py's and the database driver's log. At DEBUG they print interaction "
        "tokens and SQL parameters (private cards): only for a private debugging session.",
    )

    @field_validator("discord_token", mode="before")
    @classmethod
    def _blank_token_is_none(cls, value: object) -> object:
        return None if isinstance(value, str) and not value.strip() else value

    @field_validator("dev_guild_id", mode="before")
    @classmethod
    def _blank_guild_is_none(cls, value: object) -> object:
        return None if isinstance(value, str) and not value.strip() else value

    @field_validator("log_level", "library_log_level")
    @classmethod
    def _known_level(cls, value: str) -> str:
        level = value.strip().upper()
        if level not in logging.getLevelNamesMapping():
            raise ValueError("must be one of DEBUG, INFO, WARNING, ERROR, CRITICAL")
        return level
