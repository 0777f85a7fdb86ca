DROP TABLE IF EXISTS projection_checkpoints; DROP SCHEMA IF EXISTS readmodel CASCADE;
