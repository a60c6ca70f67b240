"""Typed settings read from the environment and ``.env`` (see ``.env.example``)."""

from __future__ import annotations

import ipaddress
import logging
from pathlib import Path
from urllib.parse import urlsplit

from pydantic import Field, SecretStr, field_validator, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

MAX_LINK_BUTTON_URL = 512
"""Discord's longest URL for a link button."""
PAGE_TOKEN_CHARS = 22
"""A tournament page's token (bot.storage.links: 16 random bytes, URL-safe)."""

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def parse_proxies(text: str | None) -> tuple[Network, ...]:
    """``TRUSTED_PROXIES``: addresses or networks, comma-separated; ValueError names a wrong one.

    >>> [str(n) for n in parse_proxies("127.0.0.1, 10.0.0.0/8,::1")]
    ['127.0.0.1/32', '10.0.0.0/8', '::1/128']
    """
    found: list[Network] = []
    for part in (text or "").split(","):
        part = part.strip()
        if not part:
            continue
        try:
            found.append(ipaddress.ip_network(part, strict=False))
        except ValueError:
            raise ValueError(
                f"{part[:60]!r} is not an address or network: write 127.0.0.1, ::1 or 10.0.0.0/8"
            ) from None
    return tuple(found)


class Settings(BaseSettings):
    """Everything Herald can be told at start-up. Every key is documented in ``.env.example``."""

    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    discord_token: SecretStr | None = Field(
        default=None, description="The bot token from the Developer Portal."
    )
    database_path: Path = Field(default=Path("./herald.sqlite3"), description="SQLite file for all state.")
    database_url: str | None = Field(
        default=None,
        description="Where state lives, when not DATABASE_PATH: postgresql://user:password@host/name, "
        "or sqlite:///relative/file.sqlite3 (sqlite:////absolute/file.sqlite3).",
    )
    shard_count: int | None = Field(
        default=None, ge=1, description="Shards across every process (empty: Discord's recommendation)."
    )
    shard_ids: str | None = Field(
        default=None,
        description="The shards this process runs, as 0-3 or 0,1 (empty: all of them). Needs SHARD_COUNT.",
    )
    sync_commands: bool | None = Field(
        default=None,
        description="Whether this process syncs the slash commands "
        "(empty: only the process running shard 0).",
    )
    dev_guild_id: int | None = Field(
        default=None, description="Sync commands to this one server only (they appear at once)."
    )
    ended_game_retention_days: int = Field(
        default=180,
        ge=1,
        description="`python -m bot maintenance` deletes ended games untouched for this many days.",
    )
    boss_fight_nudge_hours: float = Field(
        default=12,
        ge=0,
        le=24 * 14,
        description="/bf pings the player to act once after this many idle hours (0: never).",
    )
    web_host: str = Field(
        default="127.0.0.1",
        description="Address the tournament web pages listen on (0.0.0.0: every interface).",
    )
    web_port: int = Field(
        default=8080, ge=0, le=65535, description="Port of the tournament web pages; 0 turns them off."
    )
    public_url: str | None = Field(
        default=None,
        description="The address people open the web pages at (https://herald.example.org behind a "
        "reverse proxy); Live page buttons link there. Empty: no button is posted.",
    )
    trusted_proxies: str | None = Field(
        default=None,
        description="Reverse proxies whose X-Forwarded-For the web pages believe (comma-separated "
        "addresses or networks, such as 127.0.0.1,::1); empty: believe none.",
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

    @field_validator(
        "dev_guild_id", "database_url", "shard_count", "shard_ids", "sync_commands", "public_url",
        "trusted_proxies", mode="before",
    )
    @classmethod
    def _blank_is_none(cls, value: object) -> object:
        return None if isinstance(value, str) and not value.strip() else value

    @field_validator("shard_ids")
    @classmethod
    def _shard_list(cls, value: str | None) -> str | None:
        if value is not None:
            parse_shard_ids(value)
        return value

    @model_validator(mode="after")
    def _shards_fit(self) -> Settings:
        ids = self.shard_id_list
        if ids is not None:
            if self.shard_count is None:
                raise ValueError("SHARD_IDS needs SHARD_COUNT: the number of shards over all processes")
            if max(ids) >= self.shard_count:
                raise ValueError(
                    f"SHARD_IDS goes up to {max(ids)}, but shards are 0 to {self.shard_count - 1}"
                )
        return self

    @property
    def database_target(self) -> str:
        """DATABASE_URL when set, else DATABASE_PATH."""
        return self.database_url or str(self.database_path)

    @field_validator("public_url")
    @classmethod
    def _web_address(cls, value: str | None) -> str | None:
        if value is None:
            return None
        value = value.strip().rstrip("/")
        if not value.startswith(("http://", "https://")):
            raise ValueError("must start with http:// or https:// (the address people open)")
        parts = urlsplit(value)
        if not parts.hostname or any(c.isspace() or c in "\"'<>" for c in value) or parts.query:
            raise ValueError("must be a web address such as https://herald.example.org (no spaces or ?)")
        longest = len(value) + len("/t/") + PAGE_TOKEN_CHARS
        if longest > MAX_LINK_BUTTON_URL:
            raise ValueError(
                f"is {len(value)} characters: a page's address (it adds /t/ and a {PAGE_TOKEN_CHARS}-"
                f"character token) must fit Discord's {MAX_LINK_BUTTON_URL}-character limit for link "
                f"buttons, so at most {MAX_LINK_BUTTON_URL - 3 - PAGE_TOKEN_CHARS}"
            )
        return value

    @field_validator("trusted_proxies")
    @classmethod
    def _proxies(cls, value: str | None) -> str | None:
        if value is not None:
            parse_proxies(value)
        return value

    @property
    def trusted_proxy_networks(self) -> tuple[Network, ...]:
        return parse_proxies(self.trusted_proxies)

    @property
    def local_web_url(self) -> str | None:
        """Where this machine opens the pages it serves itself, or None when it serves none."""
        if self.web_port == 0:
            return None
        host = "127.0.0.1" if self.web_host in ("0.0.0.0", "::", "") else self.web_host
        host = f"[{host}]" if ":" in host else host
        return f"http://{host}:{self.web_port}"

    @property
    def shard_id_list(self) -> list[int] | None:
        return None if self.shard_ids is None else parse_shard_ids(self.shard_ids)

    @property
    def syncs_commands(self) -> bool:
        """Only one process syncs the command tree: by default the one that runs shard 0."""
        if self.sync_commands is not None:
            return self.sync_commands
        ids = self.shard_id_list
        return ids is None or 0 in ids

    @field_validator("log_level", "library_log_level")
    @classmethod
    def _known_level(cls, value: str) -> str:
        level = value.strip().upper()
        if level not in logging.getLevelNamesMapping():
            raise ValueError("must be one of DEBUG, INFO, WARNING, ERROR, CRITICAL")
        return level


def parse_shard_ids(text: str) -> list[int]:
    """``"0-3"`` or ``"0,1"`` (or both: ``"0-2,5"``) as a sorted list of shard ids.

    >>> parse_shard_ids("0-2,5")
    [0, 1, 2, 5]
    """
    ids: set[int] = set()
    for part in text.replace(" ", "").split(","):
        first, dash, last = part.partition("-")
        if not first.isdigit() or (dash and not last.isdigit()):
            raise ValueError(f"{part!r} is not a shard number or range: write 0-3 or 0,1")
        low, high = int(first), int(last) if dash else int(first)
        if high < low:
            raise ValueError(f"{part!r} runs backwards: write the lower shard first")
        ids.update(range(low, high + 1))
    return sorted(ids)
