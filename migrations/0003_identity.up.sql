-- Identity: secrets and personal data, written by the identity service directly (they
-- are not facts for the log; see docs/decisions/0100-identity.md), and the database
-- roles that give the read API row-level tenant isolation (0102).

-- Personal data of a data subject (a user, or an invitee before they register), keyed by
-- the subject id the events carry. Erasing a person blanks this row; the log keeps ids.
CREATE TABLE identity_personal_data (
    subject_id  uuid        PRIMARY KEY,
    email       text        NOT NULL,
    email_key   text        NOT NULL,
    first_name  text        NOT NULL DEFAULT '',
    last_name   text        NOT NULL DEFAULT '',
    avatar_url  text,
    is_user     boolean     NOT NULL DEFAULT false,
    erased_at   timestamptz,
    updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX identity_personal_data_user_email ON identity_personal_data (email_key) WHERE is_user;

-- Argon2id password hashes (PHC strings), one per user.
CREATE TABLE identity_credentials (
    user_id       uuid        PRIMARY KEY,
    password_hash text        NOT NULL,
    updated_at    timestamptz NOT NULL DEFAULT now()
);

-- Access and refresh tokens: only their keyed SHA-256 hashes. A family is one login's
-- chain of refreshes; reusing a rotated refresh token revokes the family.
CREATE TABLE identity_tokens (
    token_hash  bytea       PRIMARY KEY,
    kind        text        NOT NULL CHECK (kind IN ('access', 'refresh')),
    family_id   uuid        NOT NULL,
    user_id     uuid        NOT NULL,
    expires_at  timestamptz NOT NULL,
    rotated_at  timestamptz,
    revoked_at  timestamptz,
    created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX identity_tokens_family ON identity_tokens (family_id);
CREATE INDEX identity_tokens_user ON identity_tokens (user_id);
CREATE INDEX identity_tokens_expiry ON identity_tokens (expires_at);

-- One-time tokens: password resets (subject is a user) and invites (subject is the
-- invite). Only hashes.
CREATE TABLE identity_one_time_tokens (
    token_hash  bytea       PRIMARY KEY,
    purpose     text        NOT NULL CHECK (purpose IN ('reset', 'invite')),
    subject_id  uuid        NOT NULL,
    expires_at  timestamptz NOT NULL,
    used_at     timestamptz,
    created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX identity_one_time_tokens_subject ON identity_one_time_tokens (subject_id);

-- Roles are cluster-wide: create them once, tolerating a concurrent creator (tests
-- migrate many databases at once).
DO $$
BEGIN
    -- move_reader: what the read API becomes per transaction (SET LOCAL ROLE). It owns
    -- nothing and cannot bypass row-level security.
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'move_reader') THEN
        BEGIN
            CREATE ROLE move_reader NOLOGIN NOBYPASSRLS;
        EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
        END;
    END IF;
    -- move_writer: the projectors' role; its policies see every tenant.
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'move_writer') THEN
        BEGIN
            CREATE ROLE move_writer NOLOGIN;
        EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
        END;
    END IF;
    -- The connecting (migrating) user may switch to the reader and writes as a writer.
    -- A superuser is a member of every role already.
    IF NOT pg_has_role(current_user, 'move_reader', 'MEMBER') THEN
        EXECUTE format('GRANT move_reader TO %I', current_user);
    END IF;
    IF NOT pg_has_role(current_user, 'move_writer', 'MEMBER') THEN
        EXECUTE format('GRANT move_writer TO %I', current_user);
    END IF;
END $$;

GRANT USAGE ON SCHEMA readmodel TO move_reader;
GRANT SELECT ON identity_personal_data TO move_reader;
