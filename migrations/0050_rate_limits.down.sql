DROP TABLE IF EXISTS rate_limit_windows;
