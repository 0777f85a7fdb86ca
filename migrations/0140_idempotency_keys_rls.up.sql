-- idempotency_keys carries a required application_id but had no row-level security, the
-- only such table (decision 1331). Forced now, like every tenant table (0102): the
-- server (move_server, inherits nothing) sees and writes only the rows of the tenant its
-- transaction names in move.application_id. A platform route's keys belong to the empty
-- application (0532); a transaction reaches them by naming 'platform', because a pooled
-- connection whose transaction-local setting has ended reads '' and must see nothing.
-- The sweep of old keys crosses tenants as move_writer, like the identity service's
-- other housekeeping (0511).
CREATE FUNCTION idempotency_scope() RETURNS text LANGUAGE sql STABLE AS $$
    SELECT CASE current_setting('move.application_id', true)
             WHEN 'platform' THEN ''
             ELSE nullif(current_setting('move.application_id', true), '')
           END
$$;
ALTER TABLE idempotency_keys ENABLE ROW LEVEL SECURITY;
ALTER TABLE idempotency_keys FORCE ROW LEVEL SECURITY;
CREATE POLICY idempotency_tenant ON idempotency_keys TO move_server
    USING (application_id = idempotency_scope())
    WITH CHECK (application_id = idempotency_scope());
CREATE POLICY idempotency_sweep_read ON idempotency_keys FOR SELECT TO move_writer USING (true);
CREATE POLICY idempotency_sweep ON idempotency_keys FOR DELETE TO move_writer USING (true);
GRANT SELECT, DELETE ON idempotency_keys TO move_writer;
