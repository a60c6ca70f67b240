"""``python -m bot`` runs Herald; ``python -m bot console`` tries it offline in a terminal.

``python -m bot check`` opens the configured database, applies pending migrations and prints
the schema version and row counts (exit code 1 when it cannot): for operators and health checks.
``python -m bot migrate-db --to postgresql://...`` copies the SQLite database into another one.
``python -m bot sync`` logs in and syncs the slash commands now, even when they look unchanged.
``python -m bot web`` serves the tournament web pages from a process of their own.
"""

from __future__ import annotations

import asyncio
import logging
import sys
from pathlib import Path

from pydantic import ValidationError

from bot.settings import Settings

NOT_CONFIGURED = 3
"""The exit code when Herald was not started for want of a setting (no token): the Makefile's
``run`` rule ends quietly on it after Herald's own explanation, and fails on any other."""


def _settings() -> Settings:
    try:
        return Settings()
    except ValidationError as error:
        for problem in error.errors():
            field = ".".join(str(p) for p in problem["loc"]).upper()
            print(f"Setting {field}: {problem['msg']} (see .env.example)", file=sys.stderr)
        raise SystemExit(2) from None


def configure_logging(settings: Settings) -> None:
    """LOG_LEVEL sets Herald's own loggers (``herald.*``); every library stays at
    LIBRARY_LOG_LEVEL (WARNING by default). discord.py at DEBUG logs each interaction with its
    token, and the database driver each statement with its parameters, private cards included."""
    logging.basicConfig(
        level=settings.library_log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s", force=True
    )
    logging.getLogger().setLevel(settings.library_log_level)
    logging.getLogger("herald").setLevel(settings.log_level)


def explain(error: BaseException, settings: Settings) -> str:
    """What a fatal error at start-up means for the person running Herald, and what to do."""
    import aiohttp
    import discord

    if isinstance(error, StartupError):
        return str(error)
    if isinstance(error, discord.LoginFailure):
        return (
            "Discord refused the token. Copy a fresh one from the Developer Portal (your application -> "
            "Bot -> Reset Token) into DISCORD_TOKEN in .env."
        )
    if isinstance(error, discord.PrivilegedIntentsRequired):
        return "Discord asks for a privileged intent Herald does not use; check the bot's settings."
    if isinstance(error, aiohttp.ClientConnectorError | aiohttp.ClientConnectionError | TimeoutError):
        return (
            "Herald could not reach Discord (discord.com): check this machine's internet connection, "
            "its DNS, and any proxy or firewall, then start it again."
        )
    return f"Herald stopped: {type(error).__name__}. The log above has the details."


class StartupError(Exception):
    """A problem found before connecting, with the message for the person running Herald."""


def _unavailable(error: Exception, settings: Settings) -> StartupError:
    if settings.database_url:
        hint = (
            "Check DATABASE_URL in .env: that the server runs and is reachable from here, and that "
            "the user, password and database name are right."
        )
    else:
        hint = (
            "Check that the folder exists and is writable, or set DATABASE_PATH in .env to a file Herald "
            "may create, such as ./herald.sqlite3."
        )
    label = getattr(error, "label", settings.database_target)
    return StartupError(f"Herald could not open its database at {label} ({error}). {hint}")


async def check_database(settings: Settings) -> None:
    """Open the database and apply migrations before logging in, so a bad DATABASE_PATH or
    DATABASE_URL is reported as such instead of as an error deep inside the bot."""
    from bot.storage import DatabaseUnavailable, connect

    try:
        db = await connect(settings.database_target)
    except DatabaseUnavailable as error:
        logging.getLogger("herald").debug("database check failed", exc_info=True)
        raise _unavailable(error, settings) from error
    await db.close()


async def check(settings: Settings) -> int:
    """``python -m bot check``: connect, migrate, print the schema version and row counts."""
    from bot.storage import connect
    from bot.storage.health import check as health

    try:
        db = await connect(settings.database_target, migrate=False)
        try:
            report = await health(db)
        finally:
            await db.close()
    except Exception as error:  # DatabaseUnavailable, or a migration that failed
        print(_unavailable(error, settings), file=sys.stderr)
        return 1
    for line in report.lines():
        print(line)
    return 0


async def migrate_db(settings: Settings, argv: list[str]) -> int:
    """``python -m bot migrate-db --to URL [--from PATH]``: copy every row into another database."""
    import argparse

    from bot.storage import DatabaseUnavailable, connect
    from bot.storage.copy import copy_database

    parser = argparse.ArgumentParser(prog="python -m bot migrate-db", description=migrate_db.__doc__)
    parser.add_argument(
        "--to", required=True, help="the target, e.g. postgresql://herald:pw@localhost/herald"
    )
    parser.add_argument(
        "--from",
        dest="source",
        default=str(settings.database_path),
        help="the SQLite file to copy from (default: DATABASE_PATH)",
    )
    args = parser.parse_args(argv)
    source_path = args.source.removeprefix("sqlite:///")
    if not Path(source_path).exists():
        print(f"There is no database at {source_path}: give the SQLite file with --from.", file=sys.stderr)
        return 1
    try:
        source = await connect(args.source)
    except DatabaseUnavailable as error:
        print(f"Could not open the source {error.label}: {error}", file=sys.stderr)
        return 1
    try:
        try:
            target = await connect(args.to)
        except DatabaseUnavailable as error:
            print(f"Could not open the target {error.label}: {error}", file=sys.stderr)
            return 1
        try:
            report = await copy_database(source, target)
        finally:
            await target.close()
    finally:
        await source.close()
    for line in report.lines():
        print(line)
    if report.ok:
        print("Now set DATABASE_URL to the target and restart Herald; the SQLite file is left as it was.")
    return 0 if report.ok else 1


async def maintenance(settings: Settings, argv: list[str] | None = None) -> int:
    """``python -m bot maintenance [--vacuum]``: prune what ended games no longer need and give
    space back. Safe while the bot runs (short writes, no full rewrite); ``--vacuum`` also
    rewrites the whole database to its smallest, which holds the bot's writes off: stop it first."""
    import argparse
    from datetime import UTC, datetime

    from bot.storage import connect
    from bot.storage.maintenance import run_maintenance

    parser = argparse.ArgumentParser(prog="python -m bot maintenance", description=maintenance.__doc__)
    parser.add_argument(
        "--vacuum",
        action="store_true",
        help="also rewrite the whole database (VACUUM); only while the bot is stopped",
    )
    args = parser.parse_args(argv or [])
    await check_database(settings)
    db = await connect(settings.database_target)
    try:
        report = await run_maintenance(
            db, now=datetime.now(UTC), retention_days=settings.ended_game_retention_days, vacuum=args.vacuum
        )
    except Exception as error:
        if args.vacuum and "locked" in str(error):
            print(
                f"{db.label} is in use: stop the bot before running maintenance with --vacuum "
                "(without it, maintenance is safe while the bot runs).",
                file=sys.stderr,
            )
            return 1
        raise
    finally:
        await db.close()
    print(f"{db.label}:")
    for line in report.lines():
        print(f"  {line}")
    return 0


def _no_token() -> int:
    print(
        "No DISCORD_TOKEN: create a bot at https://discord.com/developers/applications (Bot -> Reset "
        "Token) and put DISCORD_TOKEN=... in .env or the environment.",
        file=sys.stderr,
    )
    print("To try Herald without a token, run: make console", file=sys.stderr)
    return NOT_CONFIGURED


async def sync_commands(settings: Settings) -> int:
    """``python -m bot sync``: log in, sync the slash commands whether or not they changed, log out.

    Nothing else runs (no gateway connection, no scheduled job); the database is opened to load
    the cogs and to record the synced tree's hash for this application.
    """
    from bot.app import create_bot

    await check_database(settings)
    bot = create_bot(settings)
    bot.run_scheduler = False
    assert settings.discord_token is not None
    async with bot:
        await bot.login(settings.discord_token.get_secret_value())
        await bot.sync_commands_if_changed(force=True)
        where = f"to server {settings.dev_guild_id}" if settings.dev_guild_id else "globally"
        print(f"Synced {len(bot.tree.get_commands())} commands {where} for application {bot.application_id}.")
    return 0


def _sync(settings: Settings) -> int:
    try:
        return asyncio.run(sync_commands(settings))
    except Exception as error:  # never print the token: only our own explanation goes to stderr
        level = logging.DEBUG if _explained_fully(error) else logging.ERROR
        logging.getLogger("herald").log(level, "command sync failed", exc_info=True)
        print(explain(error, settings), file=sys.stderr)
        return 1


async def web_pages(settings: Settings, argv: list[str]) -> int:
    """``python -m bot web [--host H] [--port P]``: serve the tournament pages from this process,
    against the bot's database (SQLite file or PostgreSQL), until stopped."""
    import argparse
    import importlib

    parser = argparse.ArgumentParser(prog="python -m bot web", description=web_pages.__doc__)
    parser.add_argument("--host", default=settings.web_host, help="address to listen on (default WEB_HOST)")
    parser.add_argument(
        "--port", type=int, default=settings.web_port or 8080,
        help="port to listen on (default WEB_PORT, or 8080 when WEB_PORT is 0)",
    )
    args = parser.parse_args(argv)
    if not 0 < args.port < 65536:
        print("--port must be 1 to 65535.", file=sys.stderr)
        return 2
    try:
        await check_database(settings)
    except StartupError as error:
        print(error, file=sys.stderr)
        return 1
    # The pages are the web room's; the entry point reaches them by name, as create_bot loads cogs.
    serve = importlib.import_module("web.serve").serve
    return int(await serve(settings, args.host, args.port))


def main(argv: list[str]) -> int:
    if argv[:1] == ["console"]:
        from bot.console import run_console

        return asyncio.run(run_console(argv[1:]))
    if argv[:1] == ["maintenance"]:
        return asyncio.run(maintenance(_settings(), argv[1:]))
    if argv[:1] == ["check"]:
        return asyncio.run(check(_settings()))
    if argv[:1] == ["migrate-db"]:
        return asyncio.run(migrate_db(_settings(), argv[1:]))
    if argv[:1] == ["web"]:
        settings = _settings()
        configure_logging(settings)
        return asyncio.run(web_pages(settings, argv[1:]))
    if argv[:1] not in ([], ["run"], ["sync"]):
        usage = "usage: python -m bot [run|sync|console|web|maintenance|check|migrate-db --to URL]"
        print(usage, file=sys.stderr)
        return 2
    settings = _settings()
    configure_logging(settings)
    if settings.discord_token is None:
        return _no_token()
    if argv[:1] == ["sync"]:
        return _sync(settings)
    from bot.app import create_bot
    from bot.process import raise_file_limit

    before, after = raise_file_limit()
    if after != before:
        logging.getLogger("herald").info("open-file limit raised from %s to %s", before, after)
    try:
        asyncio.run(check_database(settings))
        bot = create_bot(settings)
        bot.run(settings.discord_token.get_secret_value(), log_handler=None)
    except Exception as error:  # never print the token: only our own explanation goes to stderr
        # Discord unreachable or the token refused: the line below says it all (the traceback only
        # at DEBUG); anything else keeps its traceback in the log.
        told = _explained_fully(error)
        logging.getLogger("herald").log(
            logging.DEBUG if told else logging.ERROR, "start-up failed", exc_info=True
        )
        print(explain(error, settings), file=sys.stderr)
        return 1
    return 0


def _explained_fully(error: BaseException) -> bool:
    """Whether :func:`explain` says all there is to know about ``error`` (no traceback needed)."""
    import aiohttp
    import discord

    return isinstance(
        error,
        discord.LoginFailure | aiohttp.ClientConnectorError | aiohttp.ClientConnectionError | TimeoutError,
    )


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
