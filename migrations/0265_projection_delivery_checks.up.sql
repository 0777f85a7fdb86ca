-- A live delivery goes in one round trip (decision 1790): BEGIN, the set-up, the rows,
-- the checkpoint and COMMIT pipelined. What the runner used to check between round
-- trips is checked by statements that fail the transaction instead:
-- a stream of the delivery that is parked (the runner then takes the careful path that
-- parks its events), and a checkpoint that moved under the projector (compare and set).
CREATE FUNCTION projection_stream_parked() RETURNS bigint LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'projections: a stream of the delivery is parked' USING ERRCODE = 'MV423';
END
$$;
CREATE FUNCTION projection_checkpoint_moved() RETURNS bigint LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'projections: the checkpoint moved under this projector' USING ERRCODE = 'MV412';
END
$$;
