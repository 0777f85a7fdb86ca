// An in-memory stand-in for the Go server, implementing the HTTP contract the SPA uses
// (docs/frontend.md, "The API contract"). It serves dist/ like the real binary, so the
// Playwright specs can run before the backend exists: `npm run e2e:mock`.
import { createServer } from 'node:http';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';

const port = Number(process.env.E2E_PORT ?? 18080);
const password = process.env.E2E_PASSWORD ?? 'move-demo-password';
const dist = new URL('../dist/', import.meta.url).pathname;
const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.json': 'application/json' };

let position = 0;
let nextId = 1;
const tokens = new Map();
const tables = {
  sports: [{ id: 's-seed', name: 'Voetbal', icon_id: null, icon_url: null, highlighted: true, version: 1 }],
  'location-types': [{ id: 'l-seed', name: 'Sporthal', icon_id: null, icon_url: null, version: 1 }],
  'product-types': [{ id: 'p-seed', name: 'Abonnement', version: 1 }],
};
const fields = { sports: ['name', 'icon_id', 'highlighted'], 'location-types': ['name', 'icon_id'], 'product-types': ['name'] };
const organizations = [{ id: 'o-1', name: 'Move Demo Club' }, { id: 'o-2', name: 'Padel Noord' }];

const t = (req, nl, en) => ((req.headers['accept-language'] ?? 'nl').startsWith('en') ? en : nl);
const send = (res, status, body) => {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(body === undefined ? '' : JSON.stringify(body));
};
const fail = (res, status, message, extra = {}) => send(res, status, { errors: { message, ...extra } });
const body = (req) =>
  new Promise((resolve) => {
    let data = '';
    req.on('data', (chunk) => (data += chunk));
    req.on('end', () => resolve(data ? JSON.parse(data) : {}));
  });
const issue = () => {
  const token = `t-${nextId++}`;
  const refresh = `r-${nextId++}`;
  tokens.set(token, 'superadmin');
  tokens.set(refresh, 'refresh');
  return {
    api_token: { token, refresh_token: refresh, expires_at: new Date(Date.now() + 3600_000).toISOString() },
    user: { id: 'u-1', first_name: 'Super', last_name: 'Admin', avatar_url: null, email: 'superadmin@move.test', applications: [{ id: 'a-1', name: 'Move Demo', slug: 'demo' }] },
  };
};
const authorised = (req) => tokens.get((req.headers.authorization ?? '').replace(/^Bearer /, '')) === 'superadmin';
const command = () => `${++position}.0`;

function list(rows, url) {
  const search = (url.searchParams.get('search') ?? '').toLowerCase();
  const sort = url.searchParams.get('sort') ?? 'name';
  const page = Number(url.searchParams.get('page') ?? 1);
  const per = Number(url.searchParams.get('itemsPerPage') ?? 25);
  const key = sort.replace(/^-/, '');
  const found = rows
    .filter((row) => row.name.toLowerCase().includes(search))
    .sort((a, b) => (sort.startsWith('-') ? -1 : 1) * String(a[key]).localeCompare(String(b[key])));
  return { data: found.slice((page - 1) * per, page * per), meta: { pagination: { total: found.length, page, itemsPerPage: per } } };
}

async function api(req, res, url) {
  const path = url.pathname;
  if (path === '/healthz') return send(res, 200, { status: 'ok' });
  if (path === '/readyz') return send(res, 200, { status: 'ready' });
  if (path === '/v1/auth/login' && req.method === 'POST') {
    const { email, password: given } = await body(req);
    if (email !== 'superadmin@move.test' || given !== password) {
      return fail(res, 422, t(req, 'Deze gegevens zijn onjuist.', 'These credentials are incorrect.'), { fields: { email: t(req, 'Deze gegevens zijn onjuist.', 'These credentials are incorrect.') } });
    }
    return send(res, 200, issue());
  }
  if (path === '/v1/token/refresh' && req.method === 'POST') {
    const { refresh_token } = await body(req);
    if (tokens.get(refresh_token) !== 'refresh') return fail(res, 401, 'invalid refresh token');
    tokens.delete(refresh_token);
    return send(res, 200, issue());
  }
  if (path === '/v1/admin/application') {
    return send(res, 200, { data: { id: 'a-1', name: 'Move Demo', slug: 'demo', logo_url: null, favicon_url: null, primary_color: '#0f766e', secondary_color: '#134e4a' } });
  }
  if (!path.startsWith('/v1/')) return false;
  if (!authorised(req)) return fail(res, 401, 'Unauthenticated');
  if (path === '/v1/auth/logout') {
    tokens.delete(req.headers.authorization.replace(/^Bearer /, ''));
    return send(res, 204);
  }
  if (path === '/v1/admin/profile') {
    return send(res, 200, { data: { roles: ['superadmin'], abilities: ['view-application'], organizations } });
  }
  if (path === '/v1/admin/organizations/simple') return send(res, 200, list(organizations, url));
  if (path === '/v1/admin/application/statistics') {
    // The seed's shape: three approved and one pending organisation, all created today.
    const day = (date) => date.toISOString().slice(0, 10);
    const days = Number(url.searchParams.get('days') ?? 30);
    const to = url.searchParams.get('to') ?? day(new Date());
    const from = url.searchParams.get('from') ?? day(new Date(Date.parse(to) - (days - 1) * 86_400_000));
    const perDay = [];
    for (let at = Date.parse(from); at <= Date.parse(to); at += 86_400_000) {
      const today = day(new Date(at)) === to;
      perDay.push({ day: day(new Date(at)), created: today ? 4 : 0, approved: today ? 3 : 0, rejected: 0 });
    }
    return send(res, 200, {
      data: { from, to, organizations_by_state: { approved: 3, pending: 1, rejected: 0 }, organizations_total: 4, new_organizations_per_day: perDay, new_organizations_per_week: [] },
    });
  }
  const match = path.match(/^\/v1\/admin\/(sports|location-types|product-types)(?:\/([^/]+))?$/);
  if (!match) return fail(res, 404, t(req, 'Niet gevonden', 'Not found'));
  const [, table, id] = match;
  const rows = tables[table];
  if (!id && req.method === 'GET') return send(res, 200, list(rows, url));
  if (!id && req.method === 'POST') {
    const input = await body(req);
    if (!input.name?.trim()) return fail(res, 422, t(req, 'De gegevens zijn ongeldig', 'The data is invalid'), { fields: { name: t(req, 'De naam is verplicht', 'The name is required') } });
    const row = { id: `${table}-${nextId++}`, version: 1, icon_url: null };
    for (const field of fields[table]) row[field] = input[field];
    rows.push(row);
    return send(res, 201, { data: { id: row.id, version: row.version }, meta: { position: command() } });
  }
  const row = rows.find((candidate) => candidate.id === id);
  if (!row) return fail(res, 404, t(req, 'Niet gevonden', 'Not found'));
  if (req.method === 'GET') return send(res, 200, { data: row });
  if (req.method === 'PUT') {
    const input = await body(req);
    if (input.version !== row.version) return fail(res, 409, t(req, 'Iemand anders heeft dit gewijzigd', 'Someone else changed this'));
    for (const field of fields[table]) row[field] = input[field];
    row.version += 1;
    return send(res, 200, { data: { id: row.id, version: row.version }, meta: { position: command() } });
  }
  if (req.method === 'DELETE') {
    rows.splice(rows.indexOf(row), 1);
    return send(res, 200, { meta: { position: command() } });
  }
  return fail(res, 405, 'Method not allowed');
}

createServer(async (req, res) => {
  const url = new URL(req.url, `http://${req.headers.host}`);
  if ((await api(req, res, url)) !== false) return;
  const file = normalize(join(dist, url.pathname));
  const target = file.startsWith(dist) && existsSync(file) && statSync(file).isFile() ? file : join(dist, 'index.html');
  res.writeHead(200, { 'Content-Type': types[extname(target)] ?? 'application/octet-stream' });
  res.end(readFileSync(target));
}).listen(port, '127.0.0.1', () => console.log(`contract mock on http://127.0.0.1:${port}`));
