"""``python -m bot`` runs Herald; ``python -m bot console`` tries it offline in a terminal."""

from __future__ import annotations

import asyncio
import logging
import sys

from pydantic import ValidationError

from bot.settings import Settings


def _settings() -> Settings:
    try:
        return Settings()
    except ValidationError as error:
        for problem in error.errors():
            field = ".".join(str(p) for p in problem["loc"]).upper()
            print(f"Setting {field}: {problem['msg']} (see .env.example)", file=sys.stderr)
        raise SystemExit(2) from None


def main(argv: list[str]) -> int:
    if argv[:1] == ["console"]:
        from bot.console import run_console

        return asyncio.run(run_console(argv[1:]))
    if argv[:1] not in ([], ["run"]):
        print("usage: python -m bot [run|console]", file=sys.stderr)
        return 2
    settings = _settings()
    logging.basicConfig(level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if settings.discord_token is None:
        print(
            "No DISCORD_TOKEN: create a bot at https://discord.com/developers/applications (Bot -> Reset "
            "Token) and put DISCORD_TOKEN=... in .env or the environment.",
            file=sys.stderr,
        )
        print("To try Herald without a token, run: make console", file=sys.stderr)
        return 1
    from bot.app import create_bot

    bot = create_bot(settings)
    try:
        bot.run(settings.discord_token.get_secret_value(), log_handler=None)
    except Exception as error:  # LoginFailure and friends: never print the token
        logging.getLogger("herald").error("Herald stopped: %s", type(error).__name__)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
