-- Component Catalog schema, version 1: components with their history, objects, associated
-- properties and the event log. Migrations are the only source of the schema (DESIGN.md §2).

-- Every version of every component ever added; never updated, only deleted with `remove`.
CREATE TABLE component_version (
    id            INTEGER PRIMARY KEY,
    name          TEXT    NOT NULL,
    version       TEXT    NOT NULL,
    kind          TEXT    NOT NULL CHECK (kind IN ('animation', 'chain', 'decorator', 'layout')),
    summary       TEXT    NOT NULL DEFAULT '',
    tags          TEXT    NOT NULL DEFAULT '[]',   -- JSON array of strings
    definition    TEXT    NOT NULL,                -- canonical JSON (sorted keys, no spaces)
    content_hash  TEXT    NOT NULL,                -- SHA-256 of `definition`, hex
    added_seq     INTEGER NOT NULL,                -- event-log sequence number of the add
    UNIQUE (name, version)
);

-- The current (highest) version of each component.
CREATE TABLE component (
    name                TEXT    PRIMARY KEY,
    current_version_id  INTEGER NOT NULL REFERENCES component_version(id)
) WITHOUT ROWID;

CREATE TABLE component_tag (
    tag   TEXT NOT NULL,
    name  TEXT NOT NULL REFERENCES component(name) ON DELETE CASCADE,
    PRIMARY KEY (tag, name)
) WITHOUT ROWID;
CREATE INDEX component_tag_by_name ON component_tag(name);

-- "name references target" (a chain step or decorator handler using another component).
CREATE TABLE component_reference (
    target  TEXT NOT NULL,
    name    TEXT NOT NULL REFERENCES component(name) ON DELETE CASCADE,
    PRIMARY KEY (target, name)
) WITHOUT ROWID;
CREATE INDEX component_reference_by_name ON component_reference(name);

-- Objects. `oid` is an incarnation number that is never reused (AUTOINCREMENT): a weak reference
-- remembers the incarnation it points at, so it stays absent even if the id is created again.
CREATE TABLE object (
    oid          INTEGER PRIMARY KEY AUTOINCREMENT,
    id           TEXT    NOT NULL UNIQUE,
    type         TEXT    NOT NULL,
    created_seq  INTEGER NOT NULL
);

-- Explicit owners (`object add --owner`). Retaining associations are owners too (see below).
CREATE TABLE object_owner (
    object_oid  INTEGER NOT NULL REFERENCES object(oid) ON DELETE CASCADE,
    owner_oid   INTEGER NOT NULL REFERENCES object(oid) ON DELETE CASCADE,
    PRIMARY KEY (object_oid, owner_oid)
) WITHOUT ROWID;
CREATE INDEX object_owner_by_owner ON object_owner(owner_oid);

-- Associated properties: (object, key) → typed value + policy. Scalars are stored natively
-- (REAL, TEXT, INTEGER); compound values (colour, rect, transform, ...) as JSON text.
-- An object reference stores the target's id in `value` and its incarnation in `target_oid`;
-- with policy 'retain' or 'copy' it owns the target.
CREATE TABLE association (
    object_oid  INTEGER NOT NULL REFERENCES object(oid) ON DELETE CASCADE,
    key         TEXT    NOT NULL,
    type        TEXT    NOT NULL,
    value,                       -- no declared type: no affinity, values kept as stored
    target_oid  INTEGER,
    policy      TEXT    NOT NULL CHECK (policy IN ('retain', 'copy', 'weak')),
    PRIMARY KEY (object_oid, key)
) WITHOUT ROWID;
CREATE INDEX association_by_target ON association(target_oid) WHERE target_oid IS NOT NULL;

-- Small store-wide facts, e.g. which built-in catalog was last loaded.
CREATE TABLE setting (
    key    TEXT PRIMARY KEY,
    value  TEXT NOT NULL
) WITHOUT ROWID;

-- The event log: every change, appended in the change's own transaction.
CREATE TABLE event (
    seq         INTEGER PRIMARY KEY AUTOINCREMENT,
    scene_time  REAL    NOT NULL,
    operation   TEXT    NOT NULL,
    object_id   TEXT,                -- the object the event is about, if any
    payload     TEXT    NOT NULL     -- JSON object
);
CREATE INDEX event_by_object ON event(object_id, seq) WHERE object_id IS NOT NULL;
