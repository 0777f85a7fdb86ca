DROP FUNCTION IF EXISTS eventstore_expectation_failed();
