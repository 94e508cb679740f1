-- A counter that every change to the component table moves (Migrations/sqlite/0008): the
-- table's stamp is this one row instead of an aggregate over every component.
CREATE TABLE component_generation (
    id     INTEGER PRIMARY KEY CHECK (id = 1),
    value  BIGINT NOT NULL
);
INSERT INTO component_generation (id, value) VALUES (1, 0);

CREATE FUNCTION component_generation_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE component_generation SET value = value + 1 WHERE id = 1;
    RETURN NULL;
END
$$;

CREATE TRIGGER component_generation_bump AFTER INSERT OR UPDATE OR DELETE ON component
    FOR EACH STATEMENT EXECUTE FUNCTION component_generation_bump();
