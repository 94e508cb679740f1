-- A counter that every change to the component table moves: the table's stamp is this one row,
-- read in each transaction that needs it (a property set, to know the decorators are unchanged),
-- instead of an aggregate over every component.
CREATE TABLE component_generation (
    id     INTEGER PRIMARY KEY CHECK (id = 1),
    value  INTEGER NOT NULL
);
INSERT INTO component_generation (id, value) VALUES (1, 0);

CREATE TRIGGER component_generation_insert AFTER INSERT ON component BEGIN
    UPDATE component_generation SET value = value + 1 WHERE id = 1;
END;

CREATE TRIGGER component_generation_update AFTER UPDATE ON component BEGIN
    UPDATE component_generation SET value = value + 1 WHERE id = 1;
END;

CREATE TRIGGER component_generation_delete AFTER DELETE ON component BEGIN
    UPDATE component_generation SET value = value + 1 WHERE id = 1;
END;
