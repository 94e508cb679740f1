-- Token sets (DTCG design tokens) are kept as components of kind 'tokens' (Migrations/sqlite/0007).
ALTER TABLE component_version DROP CONSTRAINT component_version_kind_check;
ALTER TABLE component_version ADD CONSTRAINT component_version_kind_check
    CHECK (kind IN ('animation', 'chain', 'decorator', 'layout', 'tokens'));
