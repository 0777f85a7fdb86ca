-- Rate-limit windows shared by every server (decision 0103): one row per key, its
-- window starting at the key's first attempt. Unlogged: a crash forgets the counts,
-- which costs nothing but a fresh window. Keys are hashes, so no address or e-mail is
-- kept.
CREATE UNLOGGED TABLE rate_limit_windows (
    key          bytea       PRIMARY KEY,
    window_start timestamptz NOT NULL,
    count        integer     NOT NULL
);
CREATE INDEX rate_limit_windows_age ON rate_limit_windows (window_start);
