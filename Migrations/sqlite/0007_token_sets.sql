-- Token sets (DTCG design tokens) are kept as components of kind 'tokens': versioned, logged,
-- archived and replayed as every component is. The kind's CHECK is widened by rebuilding
-- component_version. SQLite cannot rebuild a table other tables reference while foreign keys
-- are enforced inside a transaction, unless those rows go too: the current-version, tag and
-- reference rows are kept aside, removed, and put back once the table is rebuilt (the search
-- index follows through its triggers).

DROP TRIGGER component_search_insert;
DROP TRIGGER component_search_update;

CREATE TEMP TABLE kept_component AS SELECT * FROM component;
CREATE TEMP TABLE kept_component_tag AS SELECT * FROM component_tag;
CREATE TEMP TABLE kept_component_reference AS SELECT * FROM component_reference;
DELETE FROM component;

CREATE TABLE component_version_with_tokens (
    id            INTEGER PRIMARY KEY,
    name          TEXT    NOT NULL,
    version       TEXT    NOT NULL,
    kind          TEXT    NOT NULL CHECK (kind IN ('animation', 'chain', 'decorator', 'layout', 'tokens')),
    summary       TEXT    NOT NULL DEFAULT '',
    tags          TEXT    NOT NULL DEFAULT '[]',   -- JSON array of strings
    definition    TEXT    NOT NULL,                -- canonical JSON (sorted keys, no spaces)
    content_hash  TEXT    NOT NULL,                -- SHA-256 of `definition`, hex
    added_seq     INTEGER NOT NULL,                -- event-log sequence number of the add
    UNIQUE (name, version)
);
INSERT INTO component_version_with_tokens SELECT id, name, version, kind, summary, tags, definition, content_hash, added_seq FROM component_version;
DROP TABLE component_version;
ALTER TABLE component_version_with_tokens RENAME TO component_version;

CREATE TRIGGER component_search_insert AFTER INSERT ON component BEGIN
    INSERT INTO component_search(rowid, name, summary, tags)
    SELECT id, name, summary, tags FROM component_version WHERE id = NEW.current_version_id;
END;

CREATE TRIGGER component_search_update AFTER UPDATE OF current_version_id ON component BEGIN
    DELETE FROM component_search WHERE rowid = OLD.current_version_id;
    INSERT INTO component_search(rowid, name, summary, tags)
    SELECT id, name, summary, tags FROM component_version WHERE id = NEW.current_version_id;
END;

INSERT INTO component SELECT * FROM kept_component;
INSERT INTO component_tag SELECT * FROM kept_component_tag;
INSERT INTO component_reference SELECT * FROM kept_component_reference;
DROP TABLE temp.kept_component;
DROP TABLE temp.kept_component_tag;
DROP TABLE temp.kept_component_reference;
