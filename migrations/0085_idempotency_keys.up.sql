-- The request an Idempotency-Key first came with, per application and caller (decision
-- 0532): a replay of the key with other content is refused instead of answering the
-- first request's result. Not the log's business (the log keeps command ids); rows older
-- than 30 days are swept with expired tokens. The fingerprint is a SHA-256 of method,
-- path, query and body: no request content is kept.
CREATE TABLE idempotency_keys (
    application_id text        NOT NULL,
    actor_id       text        NOT NULL,
    key            uuid        NOT NULL,
    fingerprint    bytea       NOT NULL,
    created_at     timestamptz NOT NULL,
    PRIMARY KEY (application_id, actor_id, key)
);
CREATE INDEX idempotency_keys_age ON idempotency_keys (created_at);
