import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from '@/app/routes';

/**
 * The spec table of docs/frontend.md (issue 24), checked against the router: every route
 * of spec §2 it lists reaches a screen of its own, not the page-not-found catch-all
 * (scripts/spec-coverage.mjs checks that the table lists every spec route).
 */
// Vitest runs in web/: the docs are beside it.
const docs = readFileSync(resolve(process.cwd(), '../docs/frontend.md'), 'utf8');
const table = docs.slice(docs.indexOf('### Routes (spec §2)'), docs.indexOf('### Calls (spec §7)'));
const specRoutes = [...table.matchAll(/^\| `([^`]+)` \|/gm)].map((match) => match[1]);

/** A concrete address for a spec route: each {parameter} an id. */
function address(specRoute: string): string {
  if (specRoute === 'any other path') return '/no/such/page';
  // "…/products (create)": the product's create route has an address of its own.
  const path = specRoute.replace(/ \(create\)$/, '/create');
  return path.replace(/\{[a-z_]+\}/g, '0c6a1b52-3f5e-4b5a-9f4e-2d1c0b9a8e7f');
}

describe('the spec table', () => {
  it('lists the 96 routes of spec §2', () => {
    expect(specRoutes).toHaveLength(96);
  });

  it.each(specRoutes)('%s reaches its screen', (specRoute) => {
    const matches = matchRoutes(routes, address(specRoute)) ?? [];
    const leaf = matches.at(-1)?.route;
    expect(leaf).toBeDefined();
    if (specRoute === 'any other path') expect(leaf?.path).toBe('*');
    else expect(leaf?.path).not.toBe('*');
  });
});
