DROP FUNCTION IF EXISTS readmodel.organization_search(text);
