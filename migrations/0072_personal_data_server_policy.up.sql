-- The serving role of decision 0502 (move_server, NOINHERIT) is the identity service
-- itself when it logs users in, registers and erases them: outside a SET ROLE it must
-- see and write every row of identity_personal_data, which 0071 put under forced RLS
-- with policies only for move_reader and move_writer (decision 0511). Inside a tenant
-- transaction it is move_reader and sees only the tenant's members.
CREATE POLICY identity_server ON identity_personal_data TO move_server USING (true) WITH CHECK (true);
