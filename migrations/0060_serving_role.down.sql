-- Roles are cluster-wide and other databases may use them: only this database's grants go.
REVOKE SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public FROM move_server;
REVOKE USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public FROM move_server;
ALTER DEFAULT PRIVILEGES IN SCHEMA public REVOKE SELECT, INSERT, UPDATE, DELETE ON TABLES FROM move_server;
ALTER DEFAULT PRIVILEGES IN SCHEMA public REVOKE USAGE, SELECT, UPDATE ON SEQUENCES FROM move_server;
ALTER DEFAULT PRIVILEGES FOR ROLE move_projector REVOKE SELECT ON TABLES FROM move_server;
REVOKE SELECT, INSERT, UPDATE ON projection_checkpoints FROM move_projector;
REVOKE USAGE ON SCHEMA readmodel FROM move_server;
REVOKE USAGE, CREATE ON SCHEMA readmodel FROM move_projector;
REVOKE USAGE ON SCHEMA public FROM move_server, move_projector;
