-- Find an order by its customer's name or e-mail address (issue 23, decision 1630).
-- Customers' names and addresses live only in identity_personal_data (erasable, never in
-- the orders read model); the orders overview finds the matching customers first, then
-- their orders through the orders read model's orders_by_customer index.
--
-- A trigram index over the lower-cased name and address. Under forced row-level security
-- the reader's LIKE cannot use it (LIKE is not leakproof, as for orders in 0090), so
-- readmodel.customer_search runs as its owner, keeps to the persons of the transaction's
-- tenant (a membership in move.application_id, exactly what the reader's policy
-- person_in_tenant allows; none set, no rows) and skips erased persons.
CREATE INDEX IF NOT EXISTS identity_personal_data_search ON identity_personal_data
    USING gin (lower(first_name || ' ' || last_name || ' ' || email) public.gin_trgm_ops);

-- plpgsql: identity_memberships is a read model its projector creates after migrating.
CREATE OR REPLACE FUNCTION readmodel.customer_search(pattern text, cap integer) RETURNS SETOF uuid
    LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = readmodel, public, pg_catalog AS $$
BEGIN
    RETURN QUERY
    SELECT p.subject_id FROM identity_personal_data p
     WHERE lower(p.first_name || ' ' || p.last_name || ' ' || p.email) LIKE pattern
       AND p.erased_at IS NULL
       AND EXISTS (SELECT 1 FROM readmodel.identity_memberships m
                    WHERE m.user_id = p.subject_id
                      AND m.application_id = nullif(current_setting('move.application_id', true), '')::uuid)
     LIMIT cap;
END $$;
REVOKE ALL ON FUNCTION readmodel.customer_search(text, integer) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION readmodel.customer_search(text, integer) TO move_reader;
