DROP TABLE IF EXISTS projection_skipped;
DROP TABLE IF EXISTS projection_parked;
