DROP TABLE IF EXISTS identity_session_positions;
