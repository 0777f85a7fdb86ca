DROP FUNCTION IF EXISTS readmodel.organization_switcher(text, text, text, boolean, integer, integer);
