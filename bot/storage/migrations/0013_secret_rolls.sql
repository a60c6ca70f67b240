-- Secret rolls (/roll secret:true, /dice gm): a server's game masters are a role, a channel or
-- both; a secret roll's result is kept so that a game master may reveal it later (the public
-- notice holds nothing of it). result is the roll's message as JSON.
CREATE TABLE dice_game_masters (
    guild_id   INTEGER PRIMARY KEY,
    role_id    INTEGER,
    channel_id INTEGER,
    set_by     INTEGER NOT NULL,
    set_at     TEXT    NOT NULL
);

CREATE TABLE secret_rolls (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id   INTEGER NOT NULL,
    channel_id INTEGER NOT NULL,
    user_id    INTEGER NOT NULL,
    label      TEXT,
    result     TEXT    NOT NULL,
    created_at TEXT    NOT NULL
);
CREATE INDEX secret_rolls_by_age ON secret_rolls (created_at);
