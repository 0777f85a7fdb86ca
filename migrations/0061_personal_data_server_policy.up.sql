-- The identity service reads and writes every person's row (login by address, invites,
-- erasure; decision 0511 gives that to move_writer's members). The server connects as
-- move_server, which inherits no role (decision 0502), so the policy names it too.
-- Harmless before identity_personal_data's row-level security is switched on (0071).
CREATE POLICY identity_server ON identity_personal_data TO move_server USING (true) WITH CHECK (true);
