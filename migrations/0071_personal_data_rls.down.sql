DROP POLICY IF EXISTS identity_service ON identity_personal_data;
DROP POLICY IF EXISTS tenant_read ON identity_personal_data;
ALTER TABLE identity_personal_data NO FORCE ROW LEVEL SECURITY;
ALTER TABLE identity_personal_data DISABLE ROW LEVEL SECURITY;
DROP FUNCTION IF EXISTS readmodel.person_in_tenant(uuid);
