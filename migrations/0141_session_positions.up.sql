-- The last position a login session's commands answered (decision 1330): the server
-- waits for the read models to pass it before it answers that session's next request,
-- so a caller always sees its own writes, on any server, without sending X-Min-Position.
-- Keyed by the token family (a refresh keeps it); swept with the family's tokens.
CREATE TABLE identity_session_positions (
    family_id  uuid        PRIMARY KEY,
    commit_key bigint      NOT NULL,
    position   bigint      NOT NULL,
    updated_at timestamptz NOT NULL DEFAULT now()
);
