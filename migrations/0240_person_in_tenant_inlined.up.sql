-- person_in_tenant() (the tenant's read policy on identity_personal_data, 0071) as a SQL
-- function the planner inlines: as plpgsql with its own search_path it ran once per row
-- of identity_personal_data, 120,000 calls for an export of 100,000 orders, 4 of its
-- 5.5 s (decision 1740). The same EXISTS, run as the reader (security invoker, every
-- name qualified), so who sees which person is unchanged. The memberships read model is
-- made by its projector after the migrations: its name is checked when first used.
SET check_function_bodies = off;
CREATE OR REPLACE FUNCTION readmodel.person_in_tenant(subject uuid) RETURNS boolean
    LANGUAGE sql STABLE AS $$
    SELECT EXISTS (SELECT 1 FROM readmodel.identity_memberships m
                    WHERE m.user_id = subject
                      AND m.application_id = nullif(pg_catalog.current_setting('move.application_id', true), '')::uuid)
$$;
RESET check_function_bodies;
