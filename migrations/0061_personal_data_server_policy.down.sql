DROP POLICY IF EXISTS identity_server ON identity_personal_data;
