package projections

// TenantRLS is the row-level security block of a tenant-owned table (decision 0102):
// enabled and forced, also for the table's owner; move_reader sees only the rows of the
// tenant its transaction set (move.application_id), move_writer (the projectors)
// writes every row, and move_reader may select. Append it to the table's CREATE TABLE
// in a projector's Schema, so the policies travel with the table through a rebuild.
func TenantRLS(table string) string {
	return tenantPolicies(table) + `
GRANT SELECT ON ` + table + ` TO move_reader;`
}

// InternalRLS is TenantRLS without the grant: a tenant-owned table the API's role may
// not read at all (secrets' hashes, a process's to-do list).
func InternalRLS(table string) string { return tenantPolicies(table) }

func tenantPolicies(table string) string {
	return `
ALTER TABLE ` + table + ` ENABLE ROW LEVEL SECURITY;
ALTER TABLE ` + table + ` FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_read ON ` + table + ` FOR SELECT TO move_reader
    USING (application_id = nullif(current_setting('move.application_id', true), '')::uuid);
CREATE POLICY projector_write ON ` + table + ` TO move_writer USING (true) WITH CHECK (true);`
}
