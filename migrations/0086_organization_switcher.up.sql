-- The organisation switcher (GET /v1/admin/organizations/simple, decision 0535). The
-- former path counted and then paged `id IN (organization_search())` under forced
-- row-level security: two runs of the search, each with one plan cached for every
-- pattern (a one- or two-character pattern has no trigram, and a GIN scan for it reads
-- the whole index), materialised and semi-joined to the tenant's rows: p99 0.5 s over
-- 100,000 organisations.
--
-- This function runs as its owner like organization_search (0030) and keeps to the
-- transaction's tenant (move.application_id), and to the caller's organisations when
-- member is set. Both statements are planned for the call's own pattern (EXECUTE): the
-- count is one pass over the tenant (sequential for a short pattern, trigram indexes
-- for a long one), the page walks the name index and stops after page_size matches.
-- Search matches readmodel.organizations.search_key (name, city and zipcode in one
-- column with its own trigram index, projector version 4): one LIKE per row.
-- plpgsql: the tables may not exist yet when this migration runs.
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

-- The list's search (0030) matches the same column: the three trigram indexes it used
-- are gone from the projector.
CREATE OR REPLACE FUNCTION readmodel.organization_search(pattern text) RETURNS SETOF uuid
    LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = readmodel, public, pg_catalog AS $$
BEGIN
    RETURN QUERY
    SELECT o.id FROM readmodel.organizations o
     WHERE o.application_id = nullif(current_setting('move.application_id', true), '')::uuid
       AND o.search_key LIKE pattern;
END $$;
