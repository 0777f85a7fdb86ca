-- Trigram search for the organisations list (docs/decisions/0007-api-shapes.md).
-- pg_trgm is a trusted extension: a role with CREATE on the database may add it.
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;

-- Under forced row-level security the planner may use an index only for leakproof
-- operators, and LIKE is not one: the reader's search would scan every row. This
-- function runs as its owner (who sees every row), keeps to the transaction's tenant
-- (move.application_id, as the reader's policy does) and so may use the trigram
-- indexes of readmodel.organizations (created by its projector). plpgsql: the table
-- may not exist yet when this migration runs.
CREATE OR REPLACE FUNCTION readmodel.organization_search(pattern text) RETURNS SETOF uuid
    LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = readmodel, public, pg_catalog AS $$
BEGIN
    RETURN QUERY
    SELECT o.id FROM readmodel.organizations o
     WHERE o.application_id = nullif(current_setting('move.application_id', true), '')::uuid
       AND (o.name_key LIKE pattern OR lower(o.city) LIKE pattern OR lower(o.zipcode) LIKE pattern);
END $$;
REVOKE ALL ON FUNCTION readmodel.organization_search(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION readmodel.organization_search(text) TO move_reader;
