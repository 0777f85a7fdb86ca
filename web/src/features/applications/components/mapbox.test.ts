import type { TFunction } from 'i18next';
import { mapboxBody, mapboxSchema, mapboxValues } from '@/features/applications/components/mapbox';

const t = ((key: string) => key) as unknown as TFunction;

describe('mapbox settings', () => {
  it('turns empty inputs into null and back', () => {
    expect(mapboxValues({ longitude: 5.1, latitude: null })).toEqual({ longitude: 5.1, latitude: '', zoom: '' });
    expect(mapboxBody({ longitude: '', latitude: 52.09, zoom: 0 })).toEqual({ longitude: null, latitude: 52.09, zoom: 0 });
  });

  it('keeps values within the server bounds', async () => {
    const schema = mapboxSchema(t);
    await expect(schema.isValid({ longitude: 5.12, latitude: 52.09, zoom: 11 })).resolves.toBe(true);
    await expect(schema.isValid({ longitude: '', latitude: '', zoom: '' })).resolves.toBe(true);
    await expect(schema.isValid({ longitude: 181, latitude: 0, zoom: 1 })).resolves.toBe(false);
    await expect(schema.isValid({ longitude: 0, latitude: -91, zoom: 1 })).resolves.toBe(false);
    await expect(schema.isValid({ longitude: 0, latitude: 0, zoom: 23 })).resolves.toBe(false);
  });
});
