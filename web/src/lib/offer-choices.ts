import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { fetchList } from '@/lib/list';

/**
 * The pickers of the offer's forms (activities, products): an organisation's locations,
 * contacts, rates and cancellation terms, and the platform's sports and product types.
 * Shared here because features do not import each other (web-002).
 */
export interface Choice {
  value: string;
  label: string;
}

/** A picker's choices from an organisation's list (up to 1,000, by name). */
function useOrganizationChoices(organizationId: string, part: 'locations' | 'contacts' | 'rates' | 'cancellation-terms', enabled = true) {
  return useQuery({
    queryKey: ['offer-choices', part, organizationId],
    queryFn: async ({ signal }): Promise<Choice[]> => {
      const page = await fetchList<{ id: string; name: string; city?: string }>(
        `/v1/admin/organizations/${encodeURIComponent(organizationId)}/${part}`,
        { page: 1, itemsPerPage: 1000 },
        signal,
      );
      return page.rows.map((row) => ({ value: row.id, label: row.city ? `${row.name} (${row.city})` : row.name }));
    },
    enabled: enabled && organizationId !== '',
  });
}

/** `enabled`: whether the user may read the list (view-locations, view-contacts, view-rates): else it is not asked for. */
export const useLocationChoices = (organizationId: string, enabled = true) => useOrganizationChoices(organizationId, 'locations', enabled);
export const useContactChoices = (organizationId: string, enabled = true) => useOrganizationChoices(organizationId, 'contacts', enabled);
export const useRateChoices = (organizationId: string, enabled = true) => useOrganizationChoices(organizationId, 'rates', enabled);
export const useTermChoices = (organizationId: string, enabled = true) => useOrganizationChoices(organizationId, 'cancellation-terms', enabled);

/**
 * A picker's options with the record's own choice kept in them: when the user may not read
 * the list (web-090) the select says something is chosen, not the empty option's "none"
 * (a € 12,50 offer never reads "no rate"). Its name is the record's when the record has one.
 */
export function withChosen(choices: Choice[] | undefined, chosen: string | null | undefined, label: string): Choice[] {
  const list = choices ?? [];
  if (!chosen || list.some((choice) => choice.value === chosen)) return list;
  return [{ value: chosen, label }, ...list];
}

/** A platform catalogue (sports, product types) by name, for pickers and filters. */
function useCatalogChoices(path: 'sports' | 'product-types', enabled = true) {
  return useQuery({
    queryKey: ['offer-choices', path],
    enabled,
    queryFn: async ({ signal }): Promise<Choice[]> =>
      (await api<{ data: { id: string; name: string }[] }>(`/v1/admin/${path}/all`, { signal })).data.map((item) => ({
        value: item.id,
        label: item.name,
      })),
  });
}

export const useSportChoices = (enabled = true) => useCatalogChoices('sports', enabled);
export const useProductTypeChoices = (enabled = true) => useCatalogChoices('product-types', enabled);
