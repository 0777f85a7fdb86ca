import type { TFunction } from 'i18next';
import type { Application } from '@/features/applications/api/applications';
import {
  applicationBody,
  applicationSchema,
  applicationValues,
  emptyApplication,
  isTimezone,
} from '@/features/applications/components/ApplicationInputs';

const t = ((key: string) => key) as unknown as TFunction;

describe('application inputs', () => {
  it('keeps the map settings when editing (the PUT replaces every field)', () => {
    const values = applicationValues({
      id: 'a1',
      name: 'Move Demo',
      slug: 'move-demo',
      longitude: 5.12,
      latitude: 52.09,
      zoom: 11,
      children_count: 0,
      version: 3,
      created_at: '',
      updated_at: '',
      logo_url: 'https://cdn/logo.png',
    } as Application);
    expect(values).toMatchObject({ name: 'Move Demo', longitude: 5.12, latitude: 52.09, zoom: 11, email: null });
    expect(values).not.toHaveProperty('logo_url');
  });

  it('sends empty optional text as null', () => {
    expect(applicationBody({ ...emptyApplication, name: 'X', slug: 'x', email: ' ', description: '' })).toMatchObject({
      name: 'X',
      email: null,
      description: null,
    });
  });

  it('mirrors the server rules for slug, colours and time zone', async () => {
    const schema = applicationSchema(t);
    const valid = { ...emptyApplication, name: 'Move', slug: 'move-demo', primary_color: '#1F6FEB80' };
    await expect(schema.isValid(valid)).resolves.toBe(true);
    await expect(schema.isValid({ ...valid, slug: 'Move Demo' })).resolves.toBe(false);
    await expect(schema.isValid({ ...valid, slug: 'move--demo' })).resolves.toBe(false);
    await expect(schema.isValid({ ...valid, primary_color: 'red' })).resolves.toBe(false);
    await expect(schema.isValid({ ...valid, website_url: 'ftp://x' })).resolves.toBe(false);
    await expect(schema.isValid({ ...valid, timezone: 'Mars/Olympus' })).resolves.toBe(false);
    expect(isTimezone('Europe/Amsterdam')).toBe(true);
  });
});
