#!/usr/bin/env node
// spec-coverage: extracts every route of the product spec's section 2 and every call of
// its section 7, and checks that docs/frontend.md's spec table ("The spec, route by route
// and call by call") has one row for each, with what serves it and its test. The counts
// are computed here, not by hand (issue 24: 96 routes, 56 calls of the product's own two
// hosts, plus 5 of the outside upscaling service).
//
//   node scripts/spec-coverage.mjs [path/to/product-spec.md] [--list]
//
// The spec lives outside the repository (../shared/spec/product-spec.md from the main
// checkout); SPEC=… or the first argument names it. --list prints the extracted rows.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const list = args.includes('--list');
const specPath = args.find((a) => !a.startsWith('--')) ?? process.env.SPEC ?? join(root, '../shared/spec/product-spec.md');
const spec = readFileSync(specPath, 'utf8');
const docs = readFileSync(join(root, 'docs/frontend.md'), 'utf8');

/** The lines of a markdown section, from its heading to the next heading of its level or above. */
function section(text, heading) {
  const lines = text.split('\n');
  const start = lines.findIndex((l) => l.trim() === heading);
  if (start < 0) throw new Error(`no section "${heading}"`);
  const level = heading.match(/^#+/)[0].length;
  const out = [];
  for (const line of lines.slice(start + 1)) {
    const m = line.match(/^(#+) /);
    if (m && m[1].length <= level) break;
    out.push(line);
  }
  return out;
}

/** Splits on a separator outside parentheses. */
function splitTop(text, separator) {
  const parts = [];
  let depth = 0;
  let current = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '(') depth++;
    if (c === ')') depth--;
    if (depth === 0 && text.startsWith(separator, i)) {
      parts.push(current);
      current = '';
      i += separator.length - 1;
      continue;
    }
    current += c;
  }
  parts.push(current);
  return parts.map((p) => p.trim()).filter(Boolean);
}

const stripParens = (s) => s.replace(/\s*\(.*\)\s*$/, '').trim();
const firstSentence = (s) => s.split(/\.(\s|$)/)[0];

// ---- Routes (spec section 2) ----
const routes = [];
const add = (area, path) => routes.push({ area, path });

// Public: a table, the route in the first cell.
for (const line of section(spec, '### Public')) {
  const cells = line.split('|').map((c) => c.trim());
  if (cells.length < 3 || cells[1] === 'Route' || /^-+$/.test(cells[1])) continue;
  add('public', stripParens(cells[1]));
}

// The superadmin area: "- key[ (admin)]: item; item." under /admin.
for (const line of section(spec, '### Superadmin area under /admin (the shell requires role superadmin)')) {
  const m = line.match(/^- ([a-z-]+)(?: \(admin\))?: (.*)$/);
  if (!m) continue;
  const [, key, rest] = m;
  for (const item of splitTop(rest.replace(/\.$/, ''), ';')) {
    const token = item.split(' ')[0];
    if (token.startsWith(`${key}/`)) add('admin', `/admin/${token}`);
    else if (token === 'create') add('admin', `/admin/${key}/create`);
    else add('admin', `/admin/${key}`);
  }
}

// The application area: a table of routes (several in a cell) and permissions.
for (const line of section(spec, '### Application area under /application (each route guarded by a permission)')) {
  const cells = line.split('|').map((c) => c.trim());
  if (cells.length < 4 || cells[1] === 'Route' || /^-+$/.test(cells[1])) continue;
  for (const raw of cells[1].split(', ')) {
    const route = stripParens(raw);
    if (route === "''") add('application', '/application');
    // "application/builds", "applications/builds/…" name themselves from the root.
    else if (/^applications?\//.test(route)) add('application', `/${route}`);
    else add('application', `/application/${route}`);
  }
}
const named = section(spec, '### Application area under /application (each route guarded by a permission)')
  .find((l) => l.startsWith('Further screens are named'));
const namedScreens = named ? named.replace(/.*not shown: /, '').replace(/\.$/, '').split(', ') : [];

// The organisation area: bullets of "key: item; item" or "item; item".
const org = '/organizations/{organization_id}';
for (const line of section(spec, '### Organisation area under /organizations/{organization_id} (inside a main layout)')) {
  if (!line.startsWith('- ')) continue;
  const body = line.slice(2);
  if (body.startsWith('organization.view')) {
    add('organisation', org);
    continue;
  }
  const colon = body.match(/^([a-z{}_/-]+): (.*)$/);
  const key = colon ? colon[1] : null;
  const rest = firstSentence(colon ? colon[2] : body);
  for (const item of splitTop(rest, ';')) {
    if (!key) {
      add('organisation', `${org}/${stripParens(item)}`);
      continue;
    }
    if (item === 'overview' || item === 'edit') add('organisation', `${org}/${key}`);
    else if (item === 'a create route at the same path') add('organisation', `${org}/${key} (create)`);
    else if (item.startsWith('/')) for (const sub of item.split(', ')) add('organisation', `${org}/${key}${sub}`);
    else {
      const [path, ...words] = item.split(' ');
      add('organisation', `${org}/${path}`);
      const subs = words.join(' ').match(/with sub-pages (.*)$/);
      if (subs) for (const sub of subs[1].split(', ')) add('organisation', `${org}/${path}${sub}`);
    }
  }
}

// ---- Calls (spec section 7) ----
const METHOD = '(?:GET|POST|PUT|PATCH|DELETE)';
const callRe = new RegExp(`\\b(${METHOD}(?:, ${METHOD})*) ([^\\s,;]+)`, 'g');
const calls = [];
let lastAbsolute = '/';
function callsOf(text, host) {
  for (const clause of splitTop(text.replace(/^[A-Z][A-Za-z -]*: /, ''), ';')) {
    const matches = [...clause.matchAll(callRe)];
    if (matches.length === 0) {
      // "; /rates (…)": the previous clause's methods on a sibling path.
      // "/rates" after "/organizations/{id}/locations" is "/organizations/{id}/rates".
      const sibling = clause.match(/^(\/[^\s.,;]+)/);
      if (sibling && calls.length) {
        const previous = calls.at(-1);
        const path = previous.path.replace(/\/[^/]+$/, '') + sibling[1];
        for (const method of previous.methods) push(method, path, host, previous.methods);
      }
      continue;
    }
    for (const m of matches) {
      const methods = m[1].split(', ');
      let path = m[2].replace(/[.,:]$/, '');
      // "POST participants/contact" after "GET /v1/admin/sessions/{id}/participants": beside it.
      if (!path.startsWith('/')) path = lastAbsolute.replace(/[^/]+$/, '') + path;
      else lastAbsolute = path;
      for (const method of methods) push(method, path, host, methods);
      const after = clause.slice(m.index + m[0].length);
      const and = after.match(/^ and (\/[^\s,;]+)/);
      if (and) for (const method of methods) push(method, and[1], host, methods);
      const also = after.match(/^ \(also ([^)]*)\)/);
      if (also)
        for (const sub of also[1].split(', ')) for (const method of methods) push(method, `${path}${sub.split(' ')[0]}`, host, methods);
    }
  }
}
function push(method, path, host, methods) {
  const id = `${method} ${path}`;
  if (!calls.some((c) => c.id === id && c.host === host)) calls.push({ id, host, methods, path });
}
for (const line of section(spec, '### Identity')) if (line.startsWith('- ')) callsOf(line.slice(2), 'identity');
for (const line of section(spec, '### Main API')) {
  if (!line.startsWith('- ')) continue;
  callsOf(line.slice(2), line.startsWith('- Image-upscaling') ? 'upscaler' : 'main');
}

// ---- The docs' table ----
function rows(heading) {
  return section(docs, heading)
    .map((l) => l.split('|').map((c) => c.trim()))
    .filter((c) => c.length >= 5 && c[1] !== 'spec route' && c[1] !== 'spec call' && !/^-+$/.test(c[1]))
    .map((c) => ({ key: c[1].replace(/`/g, ''), servedBy: c[2], test: c[3] }));
}
const routeRows = rows('### Routes (spec §2)');
const callRows = rows('### Calls (spec §7)');

const problems = [];
function check(kind, wanted, have) {
  const keys = new Map(have.map((r) => [r.key, r]));
  for (const w of wanted) {
    const row = keys.get(w);
    if (!row) problems.push(`${kind} ${w}: no row in docs/frontend.md`);
    else if (!row.servedBy || !row.test) problems.push(`${kind} ${w}: the row says nothing of what serves it or its test`);
  }
  for (const r of have) if (!wanted.includes(r.key)) problems.push(`${kind} row ${r.key}: not in the spec`);
}
const routeIds = routes.map((r) => r.path);
const callIds = calls.map((c) => c.id);
check('route', routeIds, routeRows);
check('call', callIds, callRows);

const count = (items, key) => {
  const counts = new Map();
  for (const item of items) counts.set(item[key], (counts.get(item[key]) ?? 0) + 1);
  return [...counts].map(([k, n]) => `${k} ${n}`);
};
const byArea = count(routes, 'area');
const byHost = count(calls, 'host');
const own = calls.filter((c) => c.host !== 'upscaler').length;
if (list) {
  for (const r of routes) console.log(`route\t${r.area}\t${r.path}`);
  for (const c of calls) console.log(`call\t${c.host}\t${c.id}`);
}
console.log(`spec routes: ${routes.length} (${byArea.join(', ')}); named screens without a route: ${namedScreens.join(', ')}`);
console.log(`spec calls: ${own} of the product's hosts (${byHost.join(', ')}), ${calls.length} in all`);
if (problems.length) {
  console.log(problems.join('\n'));
  process.exit(1);
}
console.log('docs/frontend.md has a row for each, with what serves it and its test');
