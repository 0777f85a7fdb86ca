-- Files: metadata of uploaded files (the bytes live in the blob store, FILES_DIR). It is
-- operational data written by the file service, not a read model rebuilt from the log
-- (docs/decisions/0200-files.md). Every row belongs to one application; forced
-- row-level security hides other applications' rows from the reader role, as for the
-- tenant read models (0102).
CREATE TABLE files (
    id             text        PRIMARY KEY CHECK (id ~ '^[0-9a-f]{32}$'),
    application_id uuid        NOT NULL,
    filename       text        NOT NULL,
    folder         text        NOT NULL DEFAULT '',
    size           bigint      NOT NULL CHECK (size > 0),
    mime_type      text        NOT NULL,
    width          integer     NOT NULL DEFAULT 0,
    height         integer     NOT NULL DEFAULT 0,
    visibility     text        NOT NULL CHECK (visibility IN ('public', 'private')),
    uploaded_by    text        NOT NULL,
    created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX files_by_application ON files (application_id, created_at DESC, id);

ALTER TABLE files ENABLE ROW LEVEL SECURITY;
ALTER TABLE files FORCE ROW LEVEL SECURITY;
-- The API reads one application's files (tenant set per transaction) …
CREATE POLICY files_tenant_read ON files FOR SELECT TO move_reader
    USING (application_id = nullif(current_setting('move.application_id', true), '')::uuid);
-- … and the public image route reads public files by their unguessable id, in a
-- transaction that opts in (move.public_files = on).
CREATE POLICY files_public_read ON files FOR SELECT TO move_reader
    USING (visibility = 'public' AND current_setting('move.public_files', true) = 'on');
-- The file service writes as move_writer.
CREATE POLICY files_write ON files TO move_writer USING (true) WITH CHECK (true);
GRANT SELECT ON files TO move_reader;
GRANT SELECT, INSERT, UPDATE, DELETE ON files TO move_writer;
