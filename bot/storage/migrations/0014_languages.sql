-- Herald speaks the reader's language (docs/i18n.md). ``guild_languages``: the language a server
-- chose for what Herald posts in its channels (/herald language; no row: Discord's server
-- language, else English). ``user_locales``: the Discord locale of each player's last
-- interaction, for what Herald sends them in DMs (written only when it changes).
CREATE TABLE guild_languages (
    guild_id INTEGER PRIMARY KEY,
    language TEXT    NOT NULL,
    set_by   INTEGER NOT NULL,
    set_at   TEXT    NOT NULL
);

CREATE TABLE user_locales (
    user_id INTEGER PRIMARY KEY,
    locale  TEXT    NOT NULL,
    seen_at TEXT    NOT NULL
);
