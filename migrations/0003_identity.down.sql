DROP TABLE IF EXISTS identity_one_time_tokens;
DROP TABLE IF EXISTS identity_tokens;
DROP TABLE IF EXISTS identity_credentials;
DROP TABLE IF EXISTS identity_personal_data;
