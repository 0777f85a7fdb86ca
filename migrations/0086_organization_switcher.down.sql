DROP FUNCTION IF EXISTS readmodel.organization_switcher(text, text, text, boolean, integer, integer);
CREATE OR REPLACE FUNCTION readmodel.organization_search(pattern text) RETURNS SETOF uuid
    LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = readmodel, public, pg_catalog AS $$
BEGIN
    RETURN QUERY
    SELECT o.id FROM readmodel.organizations o
     WHERE o.application_id = nullif(current_setting('move.application_id', true), '')::uuid
       AND (o.name_key LIKE pattern OR lower(o.city) LIKE pattern OR lower(o.zipcode) LIKE pattern);
END $$;
