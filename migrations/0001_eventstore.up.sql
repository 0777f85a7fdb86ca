-- The Postgres event store: one table of events, ordered by the transaction that wrote
-- them (commit_key) and then by row (position). See docs/decisions/0003-global-log-order.md.

-- xid_offset keeps commit keys growing across a dump and restore into a fresh cluster,
-- where transaction ids restart lower: eventstore.FixClock raises it when needed.
CREATE TABLE eventstore_clock (
    singleton  boolean PRIMARY KEY DEFAULT true CHECK (singleton),
    xid_offset bigint  NOT NULL
);
INSERT INTO eventstore_clock (xid_offset) VALUES (0);

CREATE TABLE eventstore_events (
    position    bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    commit_key  bigint      NOT NULL,
    event_id    uuid        NOT NULL UNIQUE,
    stream      text        NOT NULL,
    version     bigint      NOT NULL,
    type        text        NOT NULL,
    data        jsonb       NOT NULL,
    metadata    jsonb       NOT NULL,
    recorded_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (stream, version)
);
CREATE INDEX eventstore_events_log ON eventstore_events (commit_key, position);

-- The newest position a reader may take: every transaction with a lower commit key has
-- ended, so no event can still appear before it.
CREATE FUNCTION eventstore_horizon() RETURNS bigint LANGUAGE sql STABLE AS $$
    SELECT pg_snapshot_xmin(pg_current_snapshot())::text::bigint + xid_offset FROM eventstore_clock
$$;

-- Raise the offset when the log holds commit keys at or above the current transaction's
-- (a restore into a fresh cluster). Safe to run at every start.
CREATE FUNCTION eventstore_fix_clock() RETURNS bigint LANGUAGE sql AS $$
    UPDATE eventstore_clock
       SET xid_offset = (SELECT max(commit_key) FROM eventstore_events)
                        - pg_current_xact_id()::text::bigint + 1
     WHERE (SELECT max(commit_key) FROM eventstore_events)
           >= pg_current_xact_id()::text::bigint + xid_offset
    RETURNING xid_offset
$$;
