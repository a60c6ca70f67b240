-- The unguessable address of each tournament's public web page. A reset replaces the token, so
-- the old address stops working; the page itself reads the tournament from its game row.
CREATE TABLE tournament_links (
    game_id    INTEGER PRIMARY KEY,
    token      TEXT    NOT NULL,
    created_at TEXT    NOT NULL
);
CREATE UNIQUE INDEX tournament_links_by_token ON tournament_links (token);
