DROP FUNCTION IF EXISTS projection_checkpoint_moved();
DROP FUNCTION IF EXISTS projection_stream_parked();
