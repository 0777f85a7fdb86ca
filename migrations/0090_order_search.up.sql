-- Search in the orders overview (docs/decisions/0905-orders-read-model-and-pinned-exports.md),
-- as readmodel.organization_search does for organisations (0030): under forced row-level
-- security the reader's LIKE cannot use the trigram index of readmodel.orders, so this
-- function runs as its owner, keeps to the transaction's tenant (move.application_id, as
-- the reader's policy does; none set, no rows) and uses the index. plpgsql: the table is
-- its projector's and may not exist when this migration runs.
CREATE OR REPLACE FUNCTION readmodel.order_search(pattern text) RETURNS SETOF uuid
    LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = readmodel, public, pg_catalog AS $$
BEGIN
    RETURN QUERY
    SELECT o.id FROM readmodel.orders o
     WHERE o.application_id = nullif(current_setting('move.application_id', true), '')::uuid
       AND o.search_text LIKE pattern;
END $$;
REVOKE ALL ON FUNCTION readmodel.order_search(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION readmodel.order_search(text) TO move_reader;
