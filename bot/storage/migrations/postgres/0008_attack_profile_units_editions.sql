-- PostgreSQL changes the kind CHECK in place (the shared file rebuilds the table, as SQLite must).
ALTER TABLE attack_profiles DROP CONSTRAINT IF EXISTS attack_profiles_kind_check;
ALTER TABLE attack_profiles ADD CONSTRAINT attack_profiles_kind_check CHECK (kind IN ('weapon', 'target', 'unit'));
ALTER TABLE attack_profiles ADD COLUMN edition TEXT CHECK (edition IS NULL OR edition IN ('10th', '11th'));
