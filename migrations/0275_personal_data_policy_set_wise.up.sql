-- The tenant's read policy on identity_personal_data (0071) as an EXISTS the planner sees
-- (decision 1800). person_in_tenant() was never inlined, neither as plpgsql nor as the SQL
-- function of 0240: Postgres inlines no scalar SQL function whose body has a sub-select,
-- so the policy ran it once per row of the personal data — 120,000 calls, about 45 µs
-- each under load, for an export of 100,000 orders (EXPLAIN of BenchmarkOrdersExport).
-- Written as an EXISTS over a set-returning SQL function (which Postgres does inline),
-- the planner may answer the policy for a whole scan with one hashed list of the tenant's
-- members, or per row with an index probe, whichever costs less. Who sees which person is
-- unchanged: a person is visible to move_reader while they hold a role in the
-- transaction's tenant (move.application_id; none set, nobody), read as the caller, so
-- the memberships' own tenant policy applies as before. The memberships table is made by
-- its projector after the migrations: its name is checked when first used.
SET check_function_bodies = off;
CREATE OR REPLACE FUNCTION readmodel.tenant_members() RETURNS SETOF uuid
    LANGUAGE sql STABLE AS $$
    SELECT m.user_id FROM readmodel.identity_memberships m
     WHERE m.application_id = nullif(pg_catalog.current_setting('move.application_id', true), '')::uuid
$$;
RESET check_function_bodies;
REVOKE ALL ON FUNCTION readmodel.tenant_members() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION readmodel.tenant_members() TO move_reader;

ALTER POLICY tenant_read ON identity_personal_data
    USING (EXISTS (SELECT 1 FROM readmodel.tenant_members() AS m (user_id) WHERE m.user_id = subject_id));
