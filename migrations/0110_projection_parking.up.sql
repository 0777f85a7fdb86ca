-- Parked events (decision 1310): an event a projector cannot handle is parked with every
-- later event of its stream, for that projector only, while the projector goes on with
-- every other stream. The first parked event of a stream carries the error; the others
-- wait behind it (error NULL). Rows move with the checkpoint, in its transaction.
CREATE TABLE projection_parked (
    projector        text        NOT NULL,
    event_id         uuid        NOT NULL,
    stream           text        NOT NULL,
    stream_version   bigint      NOT NULL,
    application_id   text        NOT NULL DEFAULT '',
    commit_key       bigint      NOT NULL,
    position         bigint      NOT NULL,
    event_type       text        NOT NULL,
    error            text,
    first_attempt_at timestamptz NOT NULL DEFAULT now(),
    last_attempt_at  timestamptz NOT NULL DEFAULT now(),
    attempts         integer     NOT NULL DEFAULT 1,
    PRIMARY KEY (projector, event_id)
);
CREATE INDEX projection_parked_by_stream ON projection_parked (projector, stream, commit_key, position);

-- An operator's decision to skip a parked event (its event projection.event_skipped.v1
-- is the record in the log): a rebuild skips it too instead of parking it again.
CREATE TABLE projection_skipped (
    projector      text        NOT NULL,
    event_id       uuid        NOT NULL,
    stream         text        NOT NULL,
    application_id text        NOT NULL DEFAULT '',
    event_type     text        NOT NULL,
    position       text        NOT NULL,
    error          text        NOT NULL DEFAULT '',
    reason         text        NOT NULL,
    actor_id       text        NOT NULL,
    skipped_at     timestamptz NOT NULL,
    PRIMARY KEY (projector, event_id)
);

GRANT SELECT, INSERT, UPDATE, DELETE ON projection_parked, projection_skipped TO move_projector, move_server;
