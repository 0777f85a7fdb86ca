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
function useOrganizationChoices(organizationId: string, part: 'locations' | 'contacts' | 'rates' | 'cancellation-terms') {
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
    enabled: organizationId !== '',
  });
}

export const useLocationChoices = (organizationId: string) => useOrganizationChoices(organizationId, 'locations');
export const useContactChoices = (organizationId: string) => useOrganizationChoices(organizationId, 'contacts');
export const useRateChoices = (organizationId: string) => useOrganizationChoices(organizationId, 'rates');
export const useTermChoices = (organizationId: string) => useOrganizationChoices(organizationId, 'cancellation-terms');

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
