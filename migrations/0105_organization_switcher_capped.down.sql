DROP FUNCTION IF EXISTS readmodel.organization_switcher(text, text, text, boolean, integer, integer, integer);
-- 0086 as it was.
CREATE OR REPLACE FUNCTION readmodel.organization_switcher(
    pattern text, member text, only_state text, descending boolean, page_size integer, skip integer)
    RETURNS TABLE (id uuid, name text, state text, total bigint)
    LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = readmodel, public, pg_catalog AS $$
DECLARE
    tenant uuid := nullif(current_setting('move.application_id', true), '')::uuid;
    direction text := CASE WHEN descending THEN 'DESC' ELSE 'ASC' END;
    filter text := 'o.application_id = $1'
        || CASE WHEN pattern IS NULL THEN '' ELSE ' AND o.search_key LIKE $2' END
        || CASE WHEN member IS NULL THEN '' ELSE ' AND o.id::text IN (SELECT m.organization_id FROM readmodel.identity_memberships m
                                                                     WHERE m.application_id = $1 AND m.user_id::text = $3)' END
        || CASE WHEN only_state IS NULL THEN '' ELSE ' AND o.state = $4' END;
    counted bigint;
BEGIN
    EXECUTE 'SELECT count(*) FROM readmodel.organizations o WHERE ' || filter
        INTO counted USING tenant, pattern, member, only_state;
    RETURN QUERY EXECUTE format('SELECT o.id, o.name, o.state, $5 FROM readmodel.organizations o WHERE %s
                                  ORDER BY o.name_key %s, o.id %2$s LIMIT $6 OFFSET $7', filter, direction)
        USING tenant, pattern, member, only_state, counted, page_size, skip;
END $$;
REVOKE ALL ON FUNCTION readmodel.organization_switcher(text, text, text, boolean, integer, integer) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION readmodel.organization_switcher(text, text, text, boolean, integer, integer) TO move_reader;
