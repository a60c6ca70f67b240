"""``make console``: try Herald in a terminal, as you would in Discord, without a token.

Type slash commands exactly as in Discord (``/roll expression:4d6kh3 label:fireball``). Each reply
is printed as text; images are saved under ``./out/`` and their paths printed; buttons are
numbered so you can press them. Lines starting with ``:`` control the console (``:help``).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import logging
import os
import re
import secrets
import sys
import textwrap
import time
from pathlib import Path

from bot.offline import Message, Modal, OfflineDriver, OfflineError, Reply
from bot.settings import Settings
from rules.i18n import language_of
from rules.i18n import offered as offered_languages

#: A Discord locale as typed to :locale (es-ES, es-419, en-GB, de).
LOCALE = re.compile(r"[a-z]{2}(-[A-Z0-9]{2,3})?")

HELP = """\
Type a slash command as in Discord, options as name:value (quote values with spaces or not):
  /roll expression:4d6kh3 label:fireball
  /roll expression:10d6>=4 private:true
  /help                          lists every command
An attachment option takes a file's path, as if you attached that file:
  /40k list import file:tests/data/rosters/cinder_host.ros

Console commands:
  :as NAME [--manage]     act as another user (made on first use); --manage gives Manage Server
  :manage on|off          give or take Manage Server from the current user
  :locale CODE            the current user's Discord language (es-ES, en-GB...): private replies
  :server-locale CODE     the server's Discord language: what public posts follow unless
                          /herald language chose one
  :press N [M]            press button N of message M (default: the newest message with buttons)
  :press LABEL [M]        press the button with that label (or containing it): in message M, or
                          in the newest message here that has one
  :choose [N] VALUE[,VALUE]  choose by label or value in the newest message's menus: the one menu
                          that has it, or menu number N (the N the message shows) when several do
  :fill                   fill the open modal field by field (or :fill Label=value; Label=value)
  :complete /cmd opt:partial   show autocomplete choices for the option being typed
  :channel NAME / :thread NAME   move to another channel or thread (one game per channel)
  :history                show the channel as the current user sees it
  :restart                restart the bot on the same database (games survive)
  :quit                   leave (Ctrl-D works too)
Images are saved under {out}/ and their paths printed: open them to see boards and sheets.
"""


class Console:
    def __init__(self, driver: OfflineDriver, out_dir: Path, *, echo: bool) -> None:
        self.driver = driver
        self.out_dir = out_dir
        self.echo = echo
        self.user = driver.user("alice")
        self.channel = driver.channel
        self.modal: Modal | None = None
        self.numbered: list[Message] = []

    @property
    def prompt(self) -> str:
        where = ("🧵" if self.channel.thread else "#") + self.channel.name
        manage = "*" if self.user.manage_guild else ""
        return f"{self.user.name}{manage} {where}> "

    async def handle(self, line: str) -> bool:
        """Run one line; False means quit."""
        line = line.strip()
        if not line or line.startswith("#"):
            return True
        if self.echo:
            print(f"{self.prompt}{line}")
        try:
            if line.startswith("/"):
                self.show(await self.driver.command(line, user=self.user, channel=self.channel))
            elif line.startswith(":"):
                return await self.meta(line[1:])
            else:
                print(
                    "Commands start with / (like /roll expression:2d6) and console commands with : (:help)."
                )
        except OfflineError as error:
            print(f"  ✗ {error}")
        return True

    async def meta(self, line: str) -> bool:
        word, _, rest = line.partition(" ")
        rest = rest.strip()
        if word in ("q", "quit", "exit"):
            return False
        if word in ("h", "help", "?"):
            print(HELP.format(out=self.out_dir))
        elif word == "as":
            if not rest:
                raise OfflineError("usage: :as NAME [--manage]")
            name = rest.replace("--manage", "").strip().lower()
            self.user = self.driver.user(name, manage_guild=True if "--manage" in rest else None)
            print(
                f"  now acting as {self.user.name}" + (" (Manage Server)" if self.user.manage_guild else "")
            )
        elif word == "manage":
            self.user.manage_guild = rest.lower() in ("on", "yes", "true", "1")
            print(f"  {self.user.name} {'has' if self.user.manage_guild else 'does not have'} Manage Server")
        elif word in ("locale", "server-locale"):
            if not LOCALE.fullmatch(rest):
                raise OfflineError(f"usage: :{word} CODE, a Discord locale such as es-ES, es-419 or en-GB")
            if word == "locale":
                self.user.locale = rest
            else:
                self.driver.guild_locale = rest
            whose = f"{self.user.name}'s Discord" if word == "locale" else "the server's Discord language"
            language = language_of(rest)
            later = "" if language in offered_languages() else f"; Herald does not offer {language} yet"
            print(f"  {whose} is now {rest}{later}")
        elif word == "press":
            await self.press(rest)
        elif word == "choose":
            message = self._message(None, need="selects")
            number, _, after = rest.partition(" ")
            which = None
            if number.isdigit() and after.strip():
                components = message._components()
                selects = message.selects
                chosen = components[int(number) - 1] if 0 < int(number) <= len(components) else None
                if chosen not in selects:
                    raise OfflineError(f"component {number} of that message is not a select menu")
                which, rest = selects.index(chosen) + 1, after
            values = [v.strip() for v in rest.split(",") if v.strip()]
            if not values:
                raise OfflineError("usage: :choose [N] LABEL[,LABEL]")
            if which is None:
                which = self._menu_with(message, values)
            self.show(await self.driver.choose(message, values, user=self.user, select=which))
        elif word == "fill":
            await self.fill(rest)
        elif word == "complete":
            await self.complete(rest)
        elif word in ("channel", "thread"):
            if not rest:
                raise OfflineError(f"usage: :{word} NAME")
            self.channel = self.driver.add_channel(rest.lstrip("#"), thread=word == "thread")
            print(f"  now in {'thread' if self.channel.thread else 'channel'} {self.channel.name}")
        elif word == "history":
            for message in self.driver.history(self.channel, user=self.user)[-10:]:
                self.print_message(message)
        elif word == "restart":
            await self.driver.restart()
            print("  bot restarted on the same database; old messages and their buttons are still here")
        else:
            raise OfflineError(f"unknown console command :{word}; try :help")
        return True

    async def press(self, rest: str) -> None:
        """``:press N [M]`` or ``:press LABEL [M]``: a label spares counting buttons whose places
        move between messages (Done, Finish the battle)."""
        parts = rest.split()
        if not parts:
            raise OfflineError("usage: :press N [M] or :press LABEL [M] (button N or LABEL of message M)")
        number = int(parts[-1]) if len(parts) > 1 and parts[-1].isdigit() else None
        what = " ".join(parts[:-1] if number is not None else parts).strip("\"'")
        if what.isdigit():
            message = self._message(number, need="buttons")
            self.show(await self.driver.press(message, int(what), user=self.user))
            return
        message = self._message(number, need="buttons") if number is not None else self._with_button(what)
        self.show(await self.driver.press(message, what, user=self.user))

    def _with_button(self, label: str) -> Message:
        """The newest message here, visible to the current user, with a button labelled ``label``
        (or, failing that, one whose label contains it)."""
        mine = [
            m
            for m in reversed(list(self.driver.messages.values()))
            if m.visible_to in (None, self.user.id) and not m.deleted and m.channel_id == self.channel.id
        ]
        wanted = label.lower()
        for match in (lambda b: b.label.lower() == wanted, lambda b: wanted in b.label.lower()):
            for message in mine:
                if any(match(b) for b in message.buttons):
                    return message
        raise OfflineError(f"no button {label!r} here; :history shows the messages and their buttons")

    def _message(self, number: int | None, *, need: str) -> Message:
        if number is not None:
            if not 1 <= number <= len(self.numbered):
                raise OfflineError(f"there is no message {number} on screen")
            return self.numbered[number - 1]
        for message in reversed(list(self.driver.messages.values())):
            visible = message.visible_to in (None, self.user.id) and not message.deleted
            if visible and message.channel_id == self.channel.id and getattr(message, need):
                return message
        raise OfflineError(f"no message with {need} here")

    @staticmethod
    def _menu_with(message: Message, values: list[str]) -> int:
        """The number (among the message's menus) of the one menu offering every value, by label
        or value; the first menu when none does (its refusal lists its options)."""
        wanted = {v.lower() for v in values}
        having = [
            i
            for i, menu in enumerate(message.selects, start=1)
            if not menu.options or wanted <= {x.lower() for option in menu.options for x in option}
        ]
        if len(having) > 1:
            numbers = [message.selects[i - 1].index for i in having]
            raise OfflineError(
                f"menus {', '.join(map(str, numbers))} all offer that: say which, e.g. :choose {numbers[0]} "
                + ",".join(values)
            )
        return having[0] if having else 1

    async def fill(self, rest: str) -> None:
        if self.modal is None:
            raise OfflineError("no modal is open")
        values: dict[str, str] = {}
        if rest:
            for pair in rest.split(";"):
                key, sep, value = pair.partition("=")
                if not sep:
                    raise OfflineError("usage: :fill Label=value; Label=value")
                values[key.strip()] = value.strip()
        else:
            for f in self.modal.fields:
                default = f.get("value") or ""
                label = f.get("label") or f["custom_id"]
                ask = f"  {label}{f' [{default}]' if default else ''}: "
                try:
                    answer = await asyncio.to_thread(input, ask)
                except EOFError:
                    answer = ""  # input ended: keep what the form already holds
                values[f["custom_id"]] = answer or default
        modal, self.modal = self.modal, None
        self.show(await self.driver.submit(modal, values, user=self.user))

    async def complete(self, rest: str) -> None:
        path, options = self.driver.parse_command_line(rest)
        if not options:
            raise OfflineError("usage: :complete /command option:partial-text")
        focused = list(options)[-1]
        value = options.pop(focused)
        choices = await self.driver.autocomplete(
            " ".join(path), focused, value, user=self.user, channel=self.channel, **options
        )
        if not choices:
            print("  (no suggestions)")
        for choice in choices:
            print(f"  • {choice['name']}  ->  {choice['value']}")

    # -- printing -------------------------------------------------------------------------

    def show(self, reply: Reply) -> None:
        if reply.modal is not None:
            self.modal = reply.modal
            print(f"  ▣ a form opened: {reply.modal.title}")
            for f in reply.modal.fields:
                print(f"    - {f.get('label')}" + (f" (now: {f['value']})" if f.get("value") else ""))
            print("  fill it with :fill (asks field by field) or :fill Label=value; Label=value")
        for message in reply.messages:
            self.print_message(message)
        for message in reply.edited:
            self.print_message(message, edited=True)
        if reply.choices is not None:
            for choice in reply.choices:
                print(f"  • {choice['name']}")
        if not reply.answered:
            print("  (the bot did not answer: in Discord this shows 'This interaction failed')")

    def print_message(self, message: Message, *, edited: bool = False) -> None:
        if message not in self.numbered:
            self.numbered.append(message)
        number = self.numbered.index(message) + 1
        who = "only you can see this" if message.ephemeral else f"in #{self.channel.name}"
        print(f"┌─ message {number} ({who}{', edited' if edited else ''})")
        for line in self.readable(message.text).splitlines() or [""]:
            for wrapped in textwrap.wrap(line, 100) or [""]:
                print(f"│ {wrapped}")
        for attachment in message.attachments:
            where = attachment.path or attachment.filename
            print(f"│ 🖼  {where} ({len(attachment.data) / 1024:.0f} KB)")
        buttons = message.buttons
        if buttons:
            labels = [f"[{b.index}: {b.label}{' (disabled)' if b.disabled else ''}]" for b in buttons]
            print("│ " + "  ".join(labels) + f"   → :press N {number}")
        for menu in message.selects:
            # A menu lists its options at once, as Discord's dropdown shows them on a click.
            # A menu that takes exactly two (a captain's attackers) says so: "up to 2" misled.
            many = ""
            if menu.max_values > 1:
                low, high = menu.min_values, menu.max_values
                many = f", pick {high}" if low == high else f", pick {low} to {high}"
            print(f"│ [{menu.index}: {menu.placeholder or 'select'}{many}]   → :choose {menu.index} LABEL")
            for label, _ in menu.options:
                print(f"│     • {label}")
        print("└─")

    def readable(self, text: str) -> str:
        """Channel and user mentions as Discord shows them: ``#name`` and ``@name``, not ``<#id>``."""
        channels = {str(c.id): c.name for c in self.driver.channels.values()}
        users = {str(u.id): u.name for u in self.driver.users.values()}
        text = re.sub(r"<#(\d+)>", lambda m: f"#{channels[m[1]]}" if m[1] in channels else m[0], text)
        return re.sub(r"<@!?(\d+)>", lambda m: f"@{users[m[1]]}" if m[1] in users else m[0], text)


#: The meta key under which a console keeps its people and threads in its database file.
DIRECTORY_KEY = "console:directory"


async def _meet_again(driver: OfflineDriver) -> None:
    """Users and threads of an earlier session on this database, with their ids: the games
    stored there name them by id (a tournament's players, a thread's game)."""
    raw = await driver.bot.meta.get(DIRECTORY_KEY)
    if not raw:
        return
    try:
        data = json.loads(raw)
    except ValueError:
        return
    if isinstance(data, dict):
        driver.restore_directory(data)


async def _remember(driver: OfflineDriver, last: str | None) -> str:
    """Keep the people and threads in the database when they changed since ``last``."""
    data = json.dumps(driver.directory(), sort_keys=True)
    if data != last:
        await driver.bot.meta.set(DIRECTORY_KEY, data)
    return data


async def run_console(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="make console", description="Try Herald offline.")
    parser.add_argument(
        "--db",
        type=Path,
        default=None,
        help="database file to use (and keep); default: a new file under --out for this session",
    )
    parser.add_argument("--out", type=Path, default=Path("out"), help="where images are saved")
    parser.add_argument("--fresh", action="store_true", help="empty the --db file first")
    parser.add_argument("--seed", type=int, default=None, help="seed the dice (repeatable sessions)")
    parser.add_argument(
        "--web-port",
        type=int,
        default=None,
        help="port of the tournament web pages (default: WEB_PORT, else 8080; 0: off)",
    )
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    args.out.mkdir(parents=True, exist_ok=True)
    if args.db is None:
        # Each console its own database, so two consoles (or a --fresh one) never share or delete
        # each other's games; --db names a file to keep across sessions.
        # The random part keeps two sessions of one process apart within the same second.
        stamp = f"{time.strftime('%Y%m%d-%H%M%S')}-{os.getpid()}-{secrets.token_hex(2)}"
        args.db = args.out / f"console-{stamp}.sqlite3"
    elif args.fresh:
        for suffix in ("", "-wal", "-shm"):
            Path(f"{args.db}{suffix}").unlink(missing_ok=True)
    web_port = Settings().web_port if args.web_port is None else args.web_port
    driver = await OfflineDriver.open(args.db, rng_seed=args.seed, out_dir=args.out, web_port=web_port)
    await _meet_again(driver)
    kept: str | None = None
    interactive = sys.stdin.isatty()
    console = Console(driver, args.out, echo=not interactive)
    if interactive:
        with contextlib.suppress(ImportError):
            import readline  # noqa: F401  (line editing and history)
        print("Herald console: Discord without Discord. Type :help for help, /help for the commands.")
    # Piped sessions print it too: it is how a scripted session is picked up again.
    print(f"Database: {args.db} (reuse it with --db {args.db})")
    if driver.bot.web_url:
        print(f"Tournament web pages: {driver.bot.web_url} (/tournament info gives a tournament's page)")
    try:
        while True:
            try:
                line = await asyncio.to_thread(input, console.prompt if interactive else "")
            except EOFError:
                break
            going = await console.handle(line)
            kept = await _remember(driver, kept)
            if not going:
                break
    except KeyboardInterrupt:
        pass
    finally:
        await _remember(driver, kept)
        await driver.close()
    return 0
