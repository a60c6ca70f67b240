"""Building the bot: ``create_bot()`` makes no network call; ``setup_hook()`` opens the database,
applies migrations and loads every cog; commands are synced after login, only when changed."""

from __future__ import annotations

import asyncio
import hashlib
import importlib
import json
import logging
import random

import discord
from discord.ext import commands

from bot.errors import HeraldTree
from bot.games import SEATS_VERSION, GameStore
from bot.i18n import HeraldTranslator, catalogue_digest
from bot.pairings import Pairings
from bot.permissions import guild_report
from bot.scheduler import Scheduler
from bot.send import watch
from bot.settings import Settings
from bot.storage import SqlGameRepository, SqlJobRepository, SqlMetaRepository, open_database
from bot.storage.army_lists import ArmyListRepository
from bot.storage.languages import LanguageRepository
from bot.storage.links import SqlLinkRepository
from bot.storage.profiles import SqliteAttackProfileRepository
from bot.storage.ratings import SqliteRatingRepository
from bot.storage.saved_rolls import SqliteSavedRollRepository
from bot.storage.secret_rolls import SecretRollRepository
from bot.storage.tournament_lists import TournamentListRepository
from bot.views import FormRouter

log = logging.getLogger("herald")
SEATS_VERSION_KEY = "game_seats_version"
"""The meta key holding the :data:`bot.games.SEATS_VERSION` this database's seats were written at."""

#: How often the players' locales noted since the last write are written (bot.storage.languages).
LOCALE_FLUSH_SECONDS = 300

#: Every cog, loaded in this order by ``setup_hook``.
COGS: tuple[str, ...] = (
    "cogs.dice",
    "cogs.help",
    "cogs.infinity",
    "cogs.its",
    "cogs.space_infantry",
    "cogs.boarding_actions",
    "cogs.wh40k",
    "cogs.odds",
    "cogs.tournament",
    "cogs.boss_fight",
    "cogs.web",
    "cogs.games",
    "cogs.herald",
)


class Herald(commands.AutoShardedBot):
    """The bot. Sharded from the start: one process runs every shard, or SHARD_COUNT and
    SHARD_IDS give each of several processes its own shards over one PostgreSQL database."""

    def __init__(self, settings: Settings) -> None:
        # Voice is never used: skip the warnings about its optional libraries.
        discord.VoiceClient.warn_nacl = False
        discord.VoiceClient.warn_dave = False
        intents = discord.Intents.none()
        intents.guilds = True  # channel and thread names; no privileged intent is needed
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            tree_cls=HeraldTree,
            help_command=None,
            # Names typed by players end up in replies: nothing pings unless a reply opts in.
            allowed_mentions=discord.AllowedMentions.none(),
            # Every command may be installed to a user and used in DMs; the game commands narrow
            # this to servers (see bot.anywhere).
            allowed_installs=discord.app_commands.AppInstallationType(guild=True, user=True),
            allowed_contexts=discord.app_commands.AppCommandContext(
                guild=True, dm_channel=True, private_channel=True
            ),
            shard_count=settings.shard_count,
            shard_ids=settings.shard_id_list,
        )
        self.settings = settings
        self.db = open_database(settings.database_target)
        self.meta = SqlMetaRepository(self.db)
        self.games = GameStore(SqlGameRepository(self.db))
        self.saved_rolls = SqliteSavedRollRepository(self.db)
        #: Each server's game masters and the secret rolls kept for them (/roll secret, /dice gm).
        self.secret_rolls = SecretRollRepository(self.db)
        self.attack_profiles = SqliteAttackProfileRepository(self.db)  # saved 40k weapon and target lines
        self.army_lists = ArmyListRepository(self.db)  # imported 40k rosters, per player
        #: Ratings per server that outlive games (the ITS Rating): see bot.storage.ratings.
        self.ratings = SqliteRatingRepository(self.db)
        #: The unguessable address of each tournament's web page (see web/ and cogs/web.py).
        self.links = SqlLinkRepository(self.db)
        #: Army lists handed in for tournaments (sealed until revealed): see bot.storage.tournament_lists.
        self.tournament_lists = TournamentListRepository(self.db)
        #: Each server's language (/herald language) and each player's last locale: see bot.i18n.
        self.languages = LanguageRepository(self.db)
        self._locale_flusher: asyncio.Task[None] | None = None
        #: The web pages' address while they are served (set by cogs.web), else None.
        self.web_url: str | None = None
        #: Work for later (turn nudges, round timers): see bot.scheduler. Every process runs the
        #: loop; the database hands each due job to exactly one of them.
        self.scheduler = Scheduler(SqlJobRepository(self.db))
        #: Fair dice for play; tests and the console may replace it with a seeded generator.
        self.rng: random.Random = random.SystemRandom()
        #: Persistent modals: cogs add a pattern and a handler (see bot.views.FormRouter).
        self.forms = FormRouter()
        #: Which event a channel belongs to: the tournament cog answers, game cogs ask.
        self.pairings = Pairings()
        self._synced = False
        #: The cog modules whose ``setup`` ran, in order (see ``load_cog_module``).
        self.cog_modules: list[str] = []
        #: ``python -m bot sync`` logs in only to sync: no scheduled job runs then.
        self.run_scheduler = True

    async def setup_hook(self) -> None:
        await self.db.open()
        applied = await self.db.migrate()
        if applied:
            log.info("database %s: applied migrations %s", self.db.label, applied)
        for name in COGS:
            await self.load_cog_module(name)
        # Descriptions and choices in every offered language, read from the catalogues at sync.
        await self.tree.set_translator(HeraldTranslator())
        # What a kind's seats mean changed since this database last started: list every game anew.
        every = await self.meta.get(SEATS_VERSION_KEY) != str(SEATS_VERSION)
        filled = await self.games.backfill_seats(every=every)
        if every:
            await self.meta.set(SEATS_VERSION_KEY, str(SEATS_VERSION))
        if filled:
            log.info("/games: listed %d game(s) anew (or for the first time)", filled)
        if self.run_scheduler:
            await self.scheduler.start(self)
            self._locale_flusher = asyncio.create_task(self._flush_locales(), name="herald-locales")

    async def load_cog_module(self, name: str) -> None:
        """Run the ``setup(bot)`` of the cog module ``name``, importing it once per process.

        discord.py's ``load_extension`` executes a module afresh for every bot and drops it from
        ``sys.modules`` when that bot closes, so every bot built in one process (each test, each
        ``:restart`` of the console, each start-up the bench times) recompiled and re-ran every
        cog module: most of a bot's start-up. Cog modules keep no per-bot state at module level
        (games, forms and jobs live on the bot), so one import serves every bot.
        """
        module = importlib.import_module(name)
        await module.setup(self)
        self.cog_modules.append(name)

    async def close(self) -> None:
        try:
            await self.scheduler.stop()
            if self._locale_flusher is not None:
                self._locale_flusher.cancel()
                self._locale_flusher = None
            await super().close()
            try:
                await self.languages.flush()
            except Exception:
                log.warning("could not write the players' locales at shutdown", exc_info=True)
        finally:
            await self.db.close()

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        # Which command or control, by whom, where: never option values (a recorded card) or tokens.
        data = interaction.data or {}
        name = data.get("name") or str(data.get("custom_id", "")).split(":", 2)[:2]
        log.debug(
            "interaction %s %s by %s in %s",
            interaction.type.name,
            name,
            interaction.user.id,
            interaction.channel_id,
        )
        if not interaction.response.is_done():
            watch(interaction)  # deferred if no answer has gone out in time
        await self.forms.dispatch(interaction)
        await self.remember_locale(interaction)

    async def remember_locale(self, interaction: discord.Interaction) -> None:
        """Note the player's client language for what Herald later sends them in DMs (in memory;
        written in batches by ``_flush_locales``: see bot.storage.languages)."""
        self.languages.remember_user(interaction.user.id, str(interaction.locale))

    async def _flush_locales(self) -> None:
        while True:
            await asyncio.sleep(LOCALE_FLUSH_SECONDS)
            try:
                await self.languages.flush()
            except Exception:  # a reminder's language is never worth stopping the loop for
                log.warning("could not write the players' locales; trying again later", exc_info=True)

    async def on_ready(self) -> None:
        log.info(
            "logged in as %s (%s) in %d servers", self.user, getattr(self.user, "id", "?"), len(self.guilds)
        )
        for guild in self.guilds:
            self.warn_missing_permissions(guild)
        if not self._synced and self.settings.syncs_commands:
            self._synced = True
            try:
                await self.sync_commands_if_changed()
            except discord.HTTPException:
                log.exception("command sync failed; the previous commands stay registered")

    async def on_guild_join(self, guild: discord.Guild) -> None:
        self.warn_missing_permissions(guild)

    def warn_missing_permissions(self, guild: discord.Guild) -> None:
        """Log, once per server, which permission Herald lacks there and what that costs."""
        report = guild_report(guild)
        if report:
            log.warning("%s", report)

    # -- command sync ---------------------------------------------------------------------

    def command_tree_hash(self, guild: discord.abc.Snowflake | None = None) -> str:
        payload = sorted(
            (cmd.to_dict(self.tree) for cmd in self.tree.get_commands(guild=guild)),
            key=lambda c: (c.get("type", 1), c["name"]),
        )
        # The translations are part of what is synced: a new or changed one syncs again.
        text = json.dumps(payload, sort_keys=True) + catalogue_digest()
        return hashlib.sha256(text.encode()).hexdigest()

    def command_hash_key(self, guild: discord.abc.Snowflake | None = None) -> str | None:
        """Where the last synced tree's hash is kept: per application (a database reused with
        another bot's token syncs that bot's commands) and per target. ``None`` before login."""
        if self.application_id is None:
            return None
        return f"command_tree_hash:{self.application_id}:{guild.id if guild else 'global'}"

    def dev_guilds_key(self) -> str | None:
        """Where the servers this application synced a ``DEV_GUILD_ID`` copy to are remembered."""
        return None if self.application_id is None else f"dev_guilds:{self.application_id}"

    async def _remember_dev_guild(self, guild_id: int) -> None:
        key = self.dev_guilds_key()
        if key is None:
            return
        known = {g for g in (await self.meta.get(key) or "").split(",") if g}
        if str(guild_id) not in known:
            await self.meta.set(key, ",".join(sorted({*known, str(guild_id)})))

    async def clear_dev_guild_copies(self) -> list[int]:
        """Empty the command list of every server a ``DEV_GUILD_ID`` sync copied the commands to
        (a global sync serves them there too, so each would show twice); returns those cleared.
        A server Discord no longer lets Herald reach (it left, say) is forgotten with a warning."""
        key = self.dev_guilds_key()
        if key is None:
            return []
        known = [int(g) for g in (await self.meta.get(key) or "").split(",") if g.isdecimal()]
        kept, cleared = [], []
        for guild_id in known:
            guild = discord.Object(guild_id)
            self.tree.clear_commands(guild=guild)
            try:
                await self.tree.sync(guild=guild)
            except (discord.Forbidden, discord.NotFound):
                log.warning("could not clear the DEV_GUILD_ID copy in server %s: forgetting it", guild_id)
            except discord.HTTPException:
                log.warning("could not clear the DEV_GUILD_ID copy in server %s: trying next sync", guild_id)
                kept.append(guild_id)
                continue
            else:
                cleared.append(guild_id)
                log.info("cleared the DEV_GUILD_ID copy of the commands in server %s", guild_id)
            hash_key = self.command_hash_key(guild)
            if hash_key is not None:
                await self.meta.set(hash_key, "")
        await self.meta.set(key, ",".join(str(g) for g in kept))
        return cleared

    async def sync_commands_if_changed(self, *, force: bool = False) -> bool:
        """Sync to the dev guild when set, else globally; skip when the tree is unchanged since
        this application's last sync (``force``: sync anyway, as ``python -m bot sync`` does).
        A global sync first clears the copies earlier ``DEV_GUILD_ID`` syncs left in servers."""
        guild = discord.Object(self.settings.dev_guild_id) if self.settings.dev_guild_id else None
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
            await self._remember_dev_guild(guild.id)
        else:
            await self.clear_dev_guild_copies()
        key = self.command_hash_key(guild)
        digest = self.command_tree_hash(guild)
        if not force and key is not None and await self.meta.get(key) == digest:
            log.info("commands unchanged since the last sync; not syncing")
            return False
        synced = await self.tree.sync(guild=guild)
        if key is not None:
            await self.meta.set(key, digest)
        log.info("synced %d commands %s", len(synced), f"to guild {guild.id}" if guild else "globally")
        return True


def create_bot(settings: Settings | None = None) -> Herald:
    """Build the bot without any network I/O."""
    return Herald(settings or Settings())
