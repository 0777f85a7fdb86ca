-- The organisation switcher (GET /v1/admin/organizations/simple) in one statement
-- (decision 0535). The former path counted and then paged `id IN (organization_search())`
-- under forced row-level security: two runs of the search, each a plan cached for every
-- pattern (a one- or two-character pattern has no trigram, and a GIN scan for it reads
-- the whole index), then a semi-join over the tenant: p99 0.5 s over 100,000 rows.
--
-- This function runs as its owner like organization_search (0030), keeps to the
-- transaction's tenant (move.application_id) and to the caller's organisations when
-- member is set, and plans each call for its own pattern (EXECUTE): a short pattern is
-- one sequential pass over the tenant's rows, a long one uses the trigram indexes. The
-- total comes with every row (count(*) OVER ()), so one pass answers page and total.
-- plpgsql: the tables may not exist yet when this migration runs.
CREATE OR REPLACE FUNCTION readmodel.organization_switcher(
    pattern text, member text, only_state text, descending boolean, page_size integer, skip integer)
    RETURNS TABLE (id uuid, name text, state text, total bigint)
    LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = readmodel, public, pg_catalog AS $$
BEGIN
    RETURN QUERY EXECUTE format($q$
        SELECT o.id, o.name, o.state, count(*) OVER ()
          FROM readmodel.organizations o
         WHERE o.application_id = $1
           AND ($2::text IS NULL OR o.name_key LIKE $2 OR lower(o.city) LIKE $2 OR lower(o.zipcode) LIKE $2)
           AND ($3::text IS NULL OR o.id::text IN (SELECT m.organization_id FROM readmodel.identity_memberships m
                                                 WHERE m.application_id = $1 AND m.user_id::text = $3))
           AND ($4::text IS NULL OR o.state = $4)
         ORDER BY o.name_key %1$s, o.id %1$s
         LIMIT $5 OFFSET $6 $q$, CASE WHEN descending THEN 'DESC' ELSE 'ASC' END)
    USING nullif(current_setting('move.application_id', true), '')::uuid, pattern, member, only_state, page_size, skip;
END $$;
REVOKE ALL ON FUNCTION readmodel.organization_switcher(text, text, text, boolean, integer, integer) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION readmodel.organization_switcher(text, text, text, boolean, integer, integer) TO move_reader;
