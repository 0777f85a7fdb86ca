-- Serving without owning (decision 0502). The migrating user owns the migrations'
-- tables; move_projector (NOLOGIN) owns the read models the projectors create; the
-- server logs in as move_server, which owns nothing, cannot bypass row-level security
-- and inherits nothing: it becomes move_projector (projector transactions) or
-- move_reader (tenant reads) only by SET LOCAL ROLE, so outside those a tenant table
-- shows it no row. Roles are cluster-wide: tolerate a concurrent creator.
DO $$
BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'move_projector') THEN
        BEGIN
            CREATE ROLE move_projector NOLOGIN NOBYPASSRLS;
        EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
        END;
    END IF;
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'move_server') THEN
        BEGIN
            CREATE ROLE move_server LOGIN NOINHERIT NOBYPASSRLS;
        EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
        END;
    END IF;
    IF NOT pg_has_role('move_projector', 'move_writer', 'MEMBER') THEN
        BEGIN
            GRANT move_writer TO move_projector;
        EXCEPTION WHEN OTHERS THEN NULL; -- a concurrent migration granted it
        END;
    END IF;
    IF NOT (pg_has_role('move_server', 'move_projector', 'MEMBER') AND pg_has_role('move_server', 'move_reader', 'MEMBER')
            AND pg_has_role('move_server', 'move_writer', 'MEMBER')) THEN
        BEGIN
            GRANT move_reader, move_writer, move_projector TO move_server;
        EXCEPTION WHEN OTHERS THEN NULL;
        END;
    END IF;
    -- The migrating user hands its read models to move_projector, so it must be able to
    -- act as it (a superuser already can).
    IF NOT pg_has_role(current_user, 'move_projector', 'MEMBER') THEN
        EXECUTE format('GRANT move_projector TO %I', current_user);
    END IF;
    EXECUTE format('GRANT CONNECT, CREATE ON DATABASE %I TO move_projector', current_database());
    EXECUTE format('GRANT CONNECT ON DATABASE %I TO move_server', current_database());
END $$;

GRANT USAGE ON SCHEMA public TO move_server, move_projector;
GRANT USAGE, CREATE ON SCHEMA readmodel TO move_projector;
GRANT USAGE ON SCHEMA readmodel TO move_server;
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO move_server;
GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO move_server;
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO move_server;
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO move_server;
GRANT SELECT, INSERT, UPDATE ON projection_checkpoints TO move_projector;
-- The server reads read models (platform tables plainly, tenant tables under RLS).
ALTER DEFAULT PRIVILEGES FOR ROLE move_projector GRANT SELECT ON TABLES TO move_server;

-- Read models built before this migration pass to move_projector.
DO $$
DECLARE
    t record;
BEGIN
    FOR t IN SELECT tablename FROM pg_tables WHERE schemaname = 'readmodel' LOOP
        EXECUTE format('ALTER TABLE readmodel.%I OWNER TO move_projector', t.tablename);
        EXECUTE format('GRANT SELECT ON readmodel.%I TO move_server', t.tablename);
    END LOOP;
END $$;

-- A rebuild cut short leaves its schema behind; the next rebuild, now as
-- move_projector, must be able to drop it.
DO $$
DECLARE
    s record;
BEGIN
    FOR s IN SELECT nspname FROM pg_namespace WHERE nspname LIKE 'rebuild\_%' LOOP
        EXECUTE format('DROP SCHEMA %I CASCADE', s.nspname);
    END LOOP;
END $$;
