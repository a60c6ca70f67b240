-- ITS Ratings per server: they outlive tournaments (a player's rating follows them from event to
-- event in one server, and starts again at the initial rating in another).
CREATE TABLE ratings (
    guild_id   INTEGER NOT NULL,
    user_id    INTEGER NOT NULL,
    rating     REAL    NOT NULL,
    games      INTEGER NOT NULL DEFAULT 0,
    events     INTEGER NOT NULL DEFAULT 0,
    last_change REAL   NOT NULL DEFAULT 0,
    updated_at TEXT    NOT NULL,
    PRIMARY KEY (guild_id, user_id)
);
CREATE INDEX ratings_by_rating ON ratings (guild_id, rating DESC);

-- Each finished tournament (a game row) changes the ratings once, however often finishing is retried.
CREATE TABLE rated_events (
    guild_id INTEGER NOT NULL,
    game_id  INTEGER NOT NULL,
    players  INTEGER NOT NULL,
    at       TEXT    NOT NULL,
    PRIMARY KEY (guild_id, game_id)
);
