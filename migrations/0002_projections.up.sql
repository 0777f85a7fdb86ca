-- Read models live in their own schema; each projector creates and rebuilds its own
-- tables there (projections/), so a read model's shape changes by a projector version
-- bump and a rebuild, never by a migration.
CREATE SCHEMA IF NOT EXISTS readmodel;

CREATE TABLE projection_checkpoints (
    name              text        PRIMARY KEY,
    version           integer     NOT NULL,
    commit_key        bigint      NOT NULL DEFAULT 0,
    position          bigint      NOT NULL DEFAULT 0,
    state             text        NOT NULL DEFAULT 'running'
                                  CHECK (state IN ('running', 'rebuilding', 'failed')),
    failed_event_id   uuid,
    failed_position   text,
    error             text,
    rebuild_requested boolean     NOT NULL DEFAULT false,
    rebuild_done      bigint      NOT NULL DEFAULT 0,
    rebuild_total     bigint      NOT NULL DEFAULT 0,
    last_recorded_at  timestamptz,
    updated_at        timestamptz NOT NULL DEFAULT now()
);
