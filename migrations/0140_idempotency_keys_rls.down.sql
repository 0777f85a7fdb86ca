REVOKE SELECT, DELETE ON idempotency_keys FROM move_writer;
DROP POLICY IF EXISTS idempotency_sweep ON idempotency_keys;
DROP POLICY IF EXISTS idempotency_sweep_read ON idempotency_keys;
DROP POLICY IF EXISTS idempotency_tenant ON idempotency_keys;
ALTER TABLE idempotency_keys NO FORCE ROW LEVEL SECURITY;
ALTER TABLE idempotency_keys DISABLE ROW LEVEL SECURITY;
DROP FUNCTION IF EXISTS idempotency_scope();
