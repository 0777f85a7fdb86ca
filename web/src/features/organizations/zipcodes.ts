/**
 * The zipcode filter of the organisations screen (decision 1651): the suggestions come
 * from GET /v1/admin/profiles/zipcodes (the application's organisations' postcodes);
 * the server matches a postcode or its start, spaces, hyphens and case ignored.
 */

/** The longest filter the server takes (readapi/organizations maxZipcodeFilter). */
export const MAX_ZIPCODE_FILTER = 12;

/** The filter as the server matches it, '' for none, or null when it cannot match. */
export function zipcodeFilter(input: string): string | null {
  const key = input.toUpperCase().replace(/[\s-]/g, '');
  if (key === '') return '';
  if (!/^[A-Z0-9]+$/.test(key) || key.length > MAX_ZIPCODE_FILTER) return null;
  return key;
}

/**
 * Suggestions: each area (the part before a space, "3511" of "3511 AB") with how many
 * postcodes it holds, then the postcodes, in order.
 */
export function zipcodeSuggestions(zipcodes: readonly string[]): { value: string; area: boolean; count: number }[] {
  const areas = new Map<string, number>();
  for (const zipcode of zipcodes) {
    const space = zipcode.trim().indexOf(' ');
    if (space > 0) {
      const area = zipcode.trim().slice(0, space);
      areas.set(area, (areas.get(area) ?? 0) + 1);
    }
  }
  const byValue = (a: string, b: string) => a.localeCompare(b, undefined, { numeric: true });
  return [
    ...[...areas.entries()].sort(([a], [b]) => byValue(a, b)).map(([value, count]) => ({ value, area: true, count })),
    ...[...new Set(zipcodes.map((zipcode) => zipcode.trim()))].sort(byValue).map((value) => ({ value, area: false, count: 1 })),
  ];
}
