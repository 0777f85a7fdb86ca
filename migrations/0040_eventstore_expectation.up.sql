-- Fails the statement (and so the implicit transaction of a pipelined multi-stream
-- append) when an append inserted nothing: its expected version did not hold.
CREATE FUNCTION eventstore_expectation_failed() RETURNS bigint LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'eventstore: expected version does not hold' USING ERRCODE = 'MV409';
END
$$;
