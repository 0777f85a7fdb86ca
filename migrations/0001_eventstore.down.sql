DROP FUNCTION IF EXISTS eventstore_fix_clock();
DROP FUNCTION IF EXISTS eventstore_horizon();
DROP TABLE IF EXISTS eventstore_events;
DROP TABLE IF EXISTS eventstore_clock;
