-- The catalog store on PostgreSQL: the tables of Migrations/sqlite/ (0001–0006) as they stand
-- after them, in PostgreSQL's dialect. Text that is sorted or compared by range (names, ids,
-- keys, tags) is COLLATE "C": byte order, as SQLite compares, so that every listing comes out
-- in the same order on both backends and `id/…` ranges select the same objects.

CREATE TABLE component_version (
    id            BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name          TEXT COLLATE "C" NOT NULL,
    version       TEXT    NOT NULL,
    kind          TEXT    NOT NULL CHECK (kind IN ('animation', 'chain', 'decorator', 'layout')),
    summary       TEXT    NOT NULL DEFAULT '',
    tags          TEXT    NOT NULL DEFAULT '[]',   -- JSON array of strings
    definition    TEXT    NOT NULL,                -- canonical JSON (sorted keys, no spaces)
    content_hash  TEXT    NOT NULL,                -- SHA-256 of `definition`, hex
    added_seq     BIGINT  NOT NULL,                -- event-log sequence number of the add
    -- Full-text search over name, summary and tags: their words folded by the store (lower case,
    -- no diacritics, as SQLite's unicode61 tokenizer folds them), indexed with the 'simple'
    -- configuration (no stemming, no stop words).
    search_name     TEXT  NOT NULL DEFAULT '',
    search_tags     TEXT  NOT NULL DEFAULT '',
    search_summary  TEXT  NOT NULL DEFAULT '',
    search        TSVECTOR GENERATED ALWAYS AS (to_tsvector('simple', search_name || ' ' || search_tags || ' ' || search_summary)) STORED,
    UNIQUE (name, version)
);
CREATE INDEX component_version_search ON component_version USING GIN (search);

CREATE TABLE component (
    name                TEXT COLLATE "C" PRIMARY KEY,
    current_version_id  BIGINT NOT NULL REFERENCES component_version(id)
);
CREATE INDEX component_by_current_version ON component(current_version_id);

CREATE TABLE component_tag (
    tag   TEXT COLLATE "C" NOT NULL,
    name  TEXT COLLATE "C" NOT NULL REFERENCES component(name) ON DELETE CASCADE,
    PRIMARY KEY (tag, name)
);
CREATE INDEX component_tag_by_name ON component_tag(name);

CREATE TABLE component_reference (
    target  TEXT COLLATE "C" NOT NULL,
    name    TEXT COLLATE "C" NOT NULL REFERENCES component(name) ON DELETE CASCADE,
    PRIMARY KEY (target, name)
);
CREATE INDEX component_reference_by_name ON component_reference(name);

CREATE TABLE object (
    oid          BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    id           TEXT COLLATE "C" NOT NULL UNIQUE,
    type         TEXT COLLATE "C" NOT NULL,
    created_seq  BIGINT  NOT NULL
);

CREATE TABLE object_owner (
    object_oid  BIGINT NOT NULL REFERENCES object(oid) ON DELETE CASCADE,
    owner_oid   BIGINT NOT NULL REFERENCES object(oid) ON DELETE CASCADE,
    PRIMARY KEY (object_oid, owner_oid)
);
CREATE INDEX object_owner_by_owner ON object_owner(owner_oid);

CREATE TABLE association (
    object_oid  BIGINT NOT NULL REFERENCES object(oid) ON DELETE CASCADE,
    key         TEXT COLLATE "C" NOT NULL,
    type        TEXT    NOT NULL,
    value       TEXT    NOT NULL,   -- numbers and booleans as their JSON text, the rest as in SQLite
    target_oid  BIGINT,
    policy      TEXT    NOT NULL CHECK (policy IN ('retain', 'copy', 'weak')),
    PRIMARY KEY (object_oid, key)
);
CREATE INDEX association_by_target ON association(target_oid) WHERE target_oid IS NOT NULL;

CREATE TABLE setting (
    key    TEXT COLLATE "C" PRIMARY KEY,
    value  TEXT NOT NULL
);

CREATE TABLE object_type (
    name        TEXT COLLATE "C" PRIMARY KEY,
    properties  TEXT NOT NULL   -- canonical JSON object: property name → value type
);

-- The event log. Sequence numbers are not drawn from a SEQUENCE: two writers could commit
-- out of order, and a follower that had read up to the larger number would never see the
-- smaller. Each write transaction instead locks the one row of event_counter first (FOR
-- UPDATE), numbers its events after it, updates it and commits: writers take turns, so events
-- become visible in seq order. The row also holds the scene clock (the last event's time).
CREATE TABLE event (
    seq         BIGINT PRIMARY KEY,
    scene_time  DOUBLE PRECISION NOT NULL,
    operation   TEXT    NOT NULL,
    object_id   TEXT COLLATE "C",    -- the object the event is about, if any
    payload     TEXT    NOT NULL     -- JSON object, canonical text
);
CREATE INDEX event_by_object ON event(object_id, seq) WHERE object_id IS NOT NULL;

CREATE TABLE event_counter (
    only_row    BOOLEAN PRIMARY KEY DEFAULT TRUE CHECK (only_row),
    last_seq    BIGINT NOT NULL,
    scene_time  DOUBLE PRECISION NOT NULL
);
INSERT INTO event_counter (only_row, last_seq, scene_time) VALUES (TRUE, 0, 0);

CREATE TABLE scene_snapshot (
    seq          BIGINT PRIMARY KEY,
    scene_time   DOUBLE PRECISION NOT NULL,
    object_count BIGINT NOT NULL,
    hash         TEXT    NOT NULL
);
CREATE INDEX scene_snapshot_by_time ON scene_snapshot(scene_time, seq);

CREATE TABLE scene_snapshot_object (
    snapshot_seq BIGINT NOT NULL REFERENCES scene_snapshot(seq) ON DELETE CASCADE,
    object_id    TEXT COLLATE "C" NOT NULL,
    state        TEXT    NOT NULL,
    running      BIGINT  NOT NULL DEFAULT 0,
    PRIMARY KEY (snapshot_seq, object_id)
);
CREATE INDEX scene_snapshot_animated ON scene_snapshot_object(snapshot_seq, object_id) WHERE running > 0;

CREATE TABLE log_compaction (
    base_seq       BIGINT PRIMARY KEY,
    scene_time     DOUBLE PRECISION NOT NULL,
    events_removed BIGINT NOT NULL
);
