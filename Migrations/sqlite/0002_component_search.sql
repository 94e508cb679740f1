-- Full-text search over the current version of each component: name, summary and tags.
-- unicode61 folds case and diacritics, so "Übergang" finds "ubergang"; the search code turns the
-- user's text into quoted prefix terms, so FTS5 syntax in it is never interpreted.
CREATE VIRTUAL TABLE component_search USING fts5(
    name, summary, tags,
    tokenize = "unicode61 remove_diacritics 2"
);

-- rowid = component_version.id of the indexed (current) version.
CREATE TRIGGER component_search_insert AFTER INSERT ON component BEGIN
    INSERT INTO component_search(rowid, name, summary, tags)
    SELECT id, name, summary, tags FROM component_version WHERE id = NEW.current_version_id;
END;

CREATE TRIGGER component_search_update AFTER UPDATE OF current_version_id ON component BEGIN
    DELETE FROM component_search WHERE rowid = OLD.current_version_id;
    INSERT INTO component_search(rowid, name, summary, tags)
    SELECT id, name, summary, tags FROM component_version WHERE id = NEW.current_version_id;
END;

CREATE TRIGGER component_search_delete AFTER DELETE ON component BEGIN
    DELETE FROM component_search WHERE rowid = OLD.current_version_id;
END;
