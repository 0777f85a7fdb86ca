ALTER POLICY tenant_read ON identity_personal_data USING (readmodel.person_in_tenant(subject_id));
DROP FUNCTION IF EXISTS readmodel.tenant_members();
