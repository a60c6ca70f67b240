"""What Herald needs in a server (README's invite link grants all of it), and what is missing where.

Discord refuses what the bot's permissions do not allow (403, Missing Permissions), so a server
set up without one of these loses a feature without a word; the start-up log and ``/help`` say
which permission is missing, where, and what it costs.
"""

from __future__ import annotations

import discord

from rules.i18n import N_, Translator, translator

#: Each permission Herald needs, as Discord's settings name it, and what it is needed for. Not
#: Manage Threads: Discord lets a thread's creator rename it, and Herald renames only the game
#: threads it opened (Manage Threads would let it delete or lock anyone's threads).
NEEDED: dict[str, tuple[str, str]] = {
    "view_channel": (N_("View Channels"), N_("everything: Herald cannot see the channel")),
    "send_messages": (N_("Send Messages"), N_("posts outside replies: boards, pairings, reminders")),
    "send_messages_in_threads": (N_("Send Messages in Threads"), N_("posts in game threads")),
    "create_public_threads": (N_("Create Public Threads"), N_("/tournament pair opens a thread per game")),
    "embed_links": (N_("Embed Links"), N_("boards and sheets are embeds")),
    "attach_files": (N_("Attach Files"), N_("boards, sheets and charts are images")),
    "read_message_history": (N_("Read Message History"), N_("updating the boards it posted")),
}

#: How to fix it, for the server's admins.
FIX = N_("A server admin can grant it to Herald's role (or re-invite Herald with README's invite link).")


def missing(perms: discord.Permissions) -> list[str]:
    """The names (as in Discord's settings) of the needed permissions ``perms`` lacks.

    >>> missing(discord.Permissions(view_channel=True))[:2]
    ['Send Messages', 'Send Messages in Threads']
    """
    if perms.administrator:
        return []
    return [name for flag, (name, _) in NEEDED.items() if not getattr(perms, flag)]


def explain(names: list[str], t: Translator | None = None) -> str:
    """``Create Public Threads (/tournament pair opens a thread per game)``, joined by ``; ``, in
    ``t``'s language (Discord's own names for its permissions; English without ``t``)."""
    t = t if t is not None else translator(None)
    why = {name: reason for name, reason in NEEDED.values()}
    return "; ".join(t("{permission} ({why})", permission=t(name), why=t(why[name])) for name in names)


def needed_by(command: str) -> list[str]:
    """The permissions a command names in its reason (``tournament`` needs Create Public Threads)."""
    return [name for name, reason in NEEDED.values() if f"/{command} " in f"{reason} "]


def guild_report(guild: discord.Guild, *, most: int = 10) -> str | None:
    """One line for the log: what the bot lacks server-wide and in which channels (None: nothing).

    Server-wide gaps come from the bot's roles; channel gaps are those an overwrite adds in a text
    channel the bot can see (a channel hidden from it entirely is the admins' choice, not a gap).
    """
    me = guild.me
    if me is None:
        return None
    parts = []
    everywhere = missing(me.guild_permissions)
    if everywhere:
        parts.append(f"everywhere: {explain(everywhere)}")
    channels = []
    for channel in guild.text_channels:
        perms = channel.permissions_for(me)
        if not perms.view_channel and "View Channels" not in everywhere:
            continue
        extra = [name for name in missing(perms) if name not in everywhere]
        if extra:
            channels.append(f"#{channel.name}: {', '.join(extra)}")
    if channels:
        more = len(channels) - most
        shown = channels[:most] + ([f"and {more} more channels"] if more > 0 else [])
        parts.append("in " + "; ".join(shown))
    if not parts:
        return None
    return f"server {guild.name} ({guild.id}) lacks permissions Herald needs, {' / '.join(parts)}. {FIX}"
