-- Custom object types, declared with the properties their objects have (DESIGN.md §4: "any
-- custom type with declared properties"). The built-in types (layer, view, label, textField,
-- cell, node) are defined in code; a component's `requires` is checked against either.
CREATE TABLE object_type (
    name        TEXT PRIMARY KEY,
    properties  TEXT NOT NULL   -- canonical JSON object: property name → value type
) WITHOUT ROWID;
