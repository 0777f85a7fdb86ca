DROP FUNCTION IF EXISTS readmodel.customer_search(text, integer);
DROP INDEX IF EXISTS identity_personal_data_search;
