CREATE OR REPLACE FUNCTION readmodel.person_in_tenant(subject uuid) RETURNS boolean
    LANGUAGE plpgsql STABLE SET search_path = readmodel, public, pg_catalog AS $$
BEGIN
    RETURN EXISTS (SELECT 1 FROM readmodel.identity_memberships m
                    WHERE m.user_id = subject
                      AND m.application_id = nullif(current_setting('move.application_id', true), '')::uuid);
END $$;
