-- identity_personal_data (users' names and e-mail addresses, decision 0100) was readable
-- by the read API's role without row-level security: every tenant's users. Now forced
-- RLS (decision 0511): move_reader sees a person only while they hold a role in the
-- transaction's tenant (move.application_id, as in every tenant policy); the identity
-- service (a member of move_writer) reads and writes every row.

-- plpgsql: identity_memberships is a read model its projector creates after migrating.
-- It runs as the caller, so the memberships' own tenant policy applies as well.
CREATE OR REPLACE FUNCTION readmodel.person_in_tenant(subject uuid) RETURNS boolean
    LANGUAGE plpgsql STABLE SET search_path = readmodel, public, pg_catalog AS $$
BEGIN
    RETURN EXISTS (SELECT 1 FROM readmodel.identity_memberships m
                    WHERE m.user_id = subject
                      AND m.application_id = nullif(current_setting('move.application_id', true), '')::uuid);
END $$;
REVOKE ALL ON FUNCTION readmodel.person_in_tenant(uuid) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION readmodel.person_in_tenant(uuid) TO move_reader;

ALTER TABLE identity_personal_data ENABLE ROW LEVEL SECURITY;
ALTER TABLE identity_personal_data FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_read ON identity_personal_data FOR SELECT TO move_reader
    USING (readmodel.person_in_tenant(subject_id));
CREATE POLICY identity_service ON identity_personal_data TO move_writer USING (true) WITH CHECK (true);
