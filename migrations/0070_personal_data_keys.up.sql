-- Crypto-shredding (decision 0510): one key per data subject, wrapped with the server's
-- PERSONAL_DATA_KEY. Personal fields in events are sealed with their subject's key;
-- erasing a subject deletes its row, and every sealed copy in the log is unreadable
-- from then on. Not a read model and not in the log; the read API's role may not read it.
CREATE TABLE personal_data_keys (
    subject     text        PRIMARY KEY,
    wrapped_key bytea       NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now()
);
REVOKE ALL ON personal_data_keys FROM PUBLIC;
