-- Tamper evidence for the event log (decision 1400). The sealer follows the log in the
-- order readers see it and seals it in blocks: every event's content and position is
-- hashed (a leaf), the leaves are chained, and each block records the chain's hash after
-- its last event. `move audit verify` recomputes the chain from the log and compares.
CREATE TABLE audit_seals (
    block         bigint      PRIMARY KEY CHECK (block >= 0),
    -- index in the sealed log of the block's first event (0 for the first event ever)
    first_index   bigint      NOT NULL CHECK (first_index >= 0),
    -- the log position of the block's last event: the next block starts after it
    last_commit   bigint      NOT NULL,
    last_prepare  bigint      NOT NULL,
    -- the events sealed, in order, and their leaf hashes (32 bytes each): they let
    -- verify name the first event that no longer matches, not only the block
    event_ids     uuid[]      NOT NULL,
    leaves        bytea       NOT NULL CHECK (length(leaves) = 32 * cardinality(event_ids)),
    previous_hash bytea       NOT NULL CHECK (length(previous_hash) = 32),
    block_hash    bytea       NOT NULL CHECK (length(block_hash) = 32),
    sealed_at     timestamptz NOT NULL DEFAULT now()
);

-- Each run of `move audit verify`: what it covered and what it found.
CREATE TABLE audit_verifications (
    id            bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    verified_at   timestamptz NOT NULL DEFAULT now(),
    blocks        bigint      NOT NULL,
    events        bigint      NOT NULL,
    last_block    bigint,
    last_hash     bytea,
    -- empty when the log verified clean; else the first finding, in words
    finding       text        NOT NULL DEFAULT ''
);

-- The server seals (INSERT) and reads; it can neither rewrite nor remove a seal or a
-- verification (the default privileges of 0060 granted UPDATE and DELETE).
REVOKE UPDATE, DELETE, TRUNCATE ON audit_seals, audit_verifications FROM move_server;
