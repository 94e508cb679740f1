-- Scene snapshots: the scene folded from the event log up to an event, kept so that reading an
-- object's state, replaying from a time and compacting the log start from the nearest snapshot
-- instead of from the first event. A snapshot is derived data: `replay --verify` checks each one
-- against a fresh fold of the log, so a wrong one is caught, never trusted blindly.

-- One row per snapshot: the last event it folded (`seq`), that event's scene time, how many
-- objects the scene held, and the SHA-256 of its object rows (id, TAB, state, LF, in id order).
CREATE TABLE scene_snapshot (
    seq          INTEGER PRIMARY KEY,
    scene_time   REAL    NOT NULL,
    object_count INTEGER NOT NULL,
    hash         TEXT    NOT NULL
);
CREATE INDEX scene_snapshot_by_time ON scene_snapshot(scene_time, seq);

-- Each object of a snapshot's scene as canonical JSON (type, model, running animations by their
-- sources, scheduled sets): one row per object, so one object's state is one index lookup.
-- `running` counts its running animations: a replay reads only the rows that have some.
CREATE TABLE scene_snapshot_object (
    snapshot_seq INTEGER NOT NULL REFERENCES scene_snapshot(seq) ON DELETE CASCADE,
    object_id    TEXT    NOT NULL,
    state        TEXT    NOT NULL,
    running      INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (snapshot_seq, object_id)
) WITHOUT ROWID;
CREATE INDEX scene_snapshot_animated ON scene_snapshot_object(snapshot_seq, object_id) WHERE running > 0;

-- Compactions: the events up to `base_seq` were replaced by the snapshot at `base_seq`. The
-- latest row is the log's base: state before its scene time is no longer kept.
CREATE TABLE log_compaction (
    base_seq       INTEGER PRIMARY KEY,
    scene_time     REAL    NOT NULL,
    events_removed INTEGER NOT NULL
);
