-- PostgreSQL's version of ../0003_undo_patches.sql: JSON is read with ->> instead of json_extract.
ALTER TABLE game_events ADD COLUMN undo_patch TEXT;
ALTER TABLE game_events ADD COLUMN undone BIGINT NOT NULL DEFAULT 0;
UPDATE game_events SET undone = 1
 WHERE id IN (SELECT CAST(detail::json ->> 'undid' AS BIGINT) FROM game_events WHERE action = 'undo');
CREATE INDEX game_events_undoable ON game_events (game_id, undone, id);
CREATE INDEX games_ended ON games (status, updated_at);
