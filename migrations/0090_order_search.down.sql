DROP FUNCTION IF EXISTS readmodel.order_search(text);
