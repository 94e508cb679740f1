-- Indexes the query plans need (QueryPlanTests checks the hot queries use them):
-- search joins its full-text hits to `component` by the current version's id, which without an
-- index scanned `component` once per hit (quadratic in the catalog's size).
CREATE INDEX component_by_current_version ON component(current_version_id);
