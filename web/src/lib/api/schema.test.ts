import { readFileSync } from 'node:fs';
import { schemaTypes } from '../../../scripts/openapi-types.mjs';

const read = (name: string) => readFileSync(new URL(name, import.meta.url), 'utf8');

describe('generated API types', () => {
  it('schema.d.ts is what npm run api-types makes of the committed openapi.json', async () => {
    const generated = await schemaTypes(JSON.parse(read('./openapi.json')));
    expect(generated === read('./schema.d.ts'), 'schema.d.ts is out of date: run npm run api-types').toBe(true);
  });
});
