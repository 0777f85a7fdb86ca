DROP TABLE IF EXISTS personal_data_keys;
