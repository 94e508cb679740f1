-- Rebuilds the two tables every property write touches, for a cheaper write path.
-- Same columns, same rules, same rows, same indexes.

-- 1. `association`: the policy CHECK written as comparisons instead of `IN (…)`. SQLite compiles
--    a constant IN list inside a CHECK into an ephemeral table that every INSERT and UPDATE
--    builds and frees again: a pager allocated and released (and glibc trimming its heap) per set.
CREATE TABLE association_rebuilt (
    object_oid  INTEGER NOT NULL REFERENCES object(oid) ON DELETE CASCADE,
    key         TEXT    NOT NULL,
    type        TEXT    NOT NULL,
    value,                       -- no declared type: no affinity, values kept as stored
    target_oid  INTEGER,
    policy      TEXT    NOT NULL CHECK (policy = 'retain' OR policy = 'copy' OR policy = 'weak'),
    PRIMARY KEY (object_oid, key)
) WITHOUT ROWID;
INSERT INTO association_rebuilt (object_oid, key, type, value, target_oid, policy)
    SELECT object_oid, key, type, value, target_oid, policy FROM association;
DROP TABLE association;
ALTER TABLE association_rebuilt RENAME TO association;
CREATE INDEX association_by_target ON association(target_oid) WHERE target_oid IS NOT NULL;

-- 2. `event` without AUTOINCREMENT. The log is append-only (no row is ever deleted), so
--    INTEGER PRIMARY KEY already hands out max(seq) + 1; AUTOINCREMENT only added a write to
--    sqlite_sequence, one more page in every commit.
CREATE TABLE event_rebuilt (
    seq         INTEGER PRIMARY KEY,
    scene_time  REAL    NOT NULL,
    operation   TEXT    NOT NULL,
    object_id   TEXT,                -- the object the event is about, if any
    payload     TEXT    NOT NULL     -- JSON object
);
INSERT INTO event_rebuilt (seq, scene_time, operation, object_id, payload)
    SELECT seq, scene_time, operation, object_id, payload FROM event;
DROP TABLE event;
ALTER TABLE event_rebuilt RENAME TO event;
CREATE INDEX event_by_object ON event(object_id, seq) WHERE object_id IS NOT NULL;
DELETE FROM sqlite_sequence WHERE name = 'event';
