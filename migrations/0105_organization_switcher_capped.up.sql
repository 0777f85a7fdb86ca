-- The organisation switcher with a capped count (decision 0540). 0086's function counted
-- every match of a search exactly: a one- or two-character pattern has no trigram, so
-- that count was a pass over all the tenant's rows (p99 101 ms over 100,000 on a quiet
-- machine, 951 ms under load), and a pattern matching few rows also walked the whole
-- name index for its page.
--
-- With count_cap set (the handler sets it whenever there is a search) the function
-- collects the ids of at most count_cap + 1 matches in one pass that stops there:
--   * at most count_cap matches: that pass saw them all; the page is those rows sorted
--     (primary-key look-ups), and the total is exact;
--   * more: the page walks the name index as before (the matches are dense, so it stops
--     soon) and the total is count_cap + 1, read "more than count_cap".
-- Without count_cap (no search: the selects of up to 10,000) it counts exactly, as 0086.
--
-- Left: a one- or two-character search that matches few rows still reads every row of
-- the tenant once (no trigram to look it up by); see decision 0540.
-- It runs as its owner, keeps to move.application_id and to the caller's organisations
-- when member is set, and plans each statement for the call's own pattern (EXECUTE).
DROP FUNCTION IF EXISTS readmodel.organization_switcher(text, text, text, boolean, integer, integer);

CREATE FUNCTION readmodel.organization_switcher(
    pattern text, member text, only_state text, descending boolean, page_size integer, skip integer, count_cap integer)
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
    matches uuid[];
BEGIN
    IF count_cap IS NULL THEN
        EXECUTE 'SELECT count(*) FROM readmodel.organizations o WHERE ' || filter
            INTO counted USING tenant, pattern, member, only_state;
    ELSE
        EXECUTE 'SELECT array_agg(c.id) FROM (SELECT o.id FROM readmodel.organizations o WHERE ' || filter || ' LIMIT $5) c'
            INTO matches USING tenant, pattern, member, only_state, count_cap + 1;
        counted := coalesce(cardinality(matches), 0);
        IF counted <= count_cap THEN
            RETURN QUERY EXECUTE format('SELECT o.id, o.name, o.state, $2 FROM readmodel.organizations o WHERE o.id = ANY ($1)
                                          ORDER BY o.name_key %s, o.id %1$s LIMIT $3 OFFSET $4', direction)
                USING matches, counted, page_size, skip;
            RETURN;
        END IF;
    END IF;
    RETURN QUERY EXECUTE format('SELECT o.id, o.name, o.state, $5 FROM readmodel.organizations o WHERE %s
                                  ORDER BY o.name_key %s, o.id %2$s LIMIT $6 OFFSET $7', filter, direction)
        USING tenant, pattern, member, only_state, counted, page_size, skip;
END $$;
REVOKE ALL ON FUNCTION readmodel.organization_switcher(text, text, text, boolean, integer, integer, integer) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION readmodel.organization_switcher(text, text, text, boolean, integer, integer, integer) TO move_reader;
