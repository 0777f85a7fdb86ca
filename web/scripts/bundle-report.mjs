// Measures the JavaScript a route needs (gzip), from a build with a manifest.
// Usage: npm run bundle-report  (builds with --manifest, prints a Markdown table).
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const routes = {
  'login (/login)': ['src/features/auth/routes/LoginRoute.tsx'],
  'first list with grid (/admin/sports)': [
    'src/features/sports/routes/SportsListRoute.tsx',
    'src/components/data-grid/DataGridImpl.tsx',
  ],
  'product types list (/admin/product-types)': [
    'src/features/product-types/routes/ProductTypesListRoute.tsx',
    'src/components/data-grid/DataGridImpl.tsx',
  ],
  'application overview with charts (/application)': ['src/features/dashboard/routes/ApplicationOverviewRoute.tsx'],
  'application edit, every field (/admin/applications/:id)': ['src/features/applications/routes/ApplicationEditRoute.tsx'],
  'wallets list (/admin/wallets)': [
    'src/features/wallets/routes/WalletsListRoute.tsx',
    'src/components/data-grid/DataGridImpl.tsx',
  ],
  'wallet coupons tab (/admin/wallets/:id/coupons)': [
    'src/features/wallets/routes/WalletLayoutRoute.tsx',
    'src/features/wallets/routes/WalletCouponsRoute.tsx',
    'src/components/data-grid/DataGridImpl.tsx',
  ],
  'wallet statistics tab (/admin/wallets/:id/statistics)': [
    'src/features/wallets/routes/WalletLayoutRoute.tsx',
    'src/features/wallets/routes/WalletStatisticsRoute.tsx',
  ],
  'organisation home (/organizations/:id)': ['src/features/dashboard/routes/OrganizationDashboardRoute.tsx'],
  'organisation activities list (/organizations/:id/activities)': [
    'src/features/activities/routes/ActivitiesListRoute.tsx',
    'src/components/data-grid/DataGridImpl.tsx',
  ],
};

execFileSync('npx', ['vite', 'build', '--manifest', '--logLevel', 'warn'], { stdio: 'inherit' });
const manifest = JSON.parse(readFileSync('dist/.vite/manifest.json', 'utf8'));

function closure(keys) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const next of manifest[key]?.imports ?? []) visit(next);
  };
  keys.forEach(visit);
  return [...seen].map((key) => manifest[key].file).filter((file) => file.endsWith('.js'));
}

const gzipKb = (file) => gzipSync(readFileSync(`dist/${file}`), { level: 9 }).length / 1024;
const rawKb = (file) => readFileSync(`dist/${file}`).length / 1024;

console.log('| route | JS files | raw KB | gzip KB |');
console.log('| --- | --- | --- | --- |');
for (const [name, entries] of Object.entries(routes)) {
  const files = closure(['index.html', ...entries]);
  const raw = files.reduce((sum, file) => sum + rawKb(file), 0);
  const gz = files.reduce((sum, file) => sum + gzipKb(file), 0);
  console.log(`| ${name} | ${files.length} | ${raw.toFixed(1)} | ${gz.toFixed(1)} |`);
}
// The manifest is only for this report; keep it out of the embedded dist/.
rmSync('dist/.vite', { recursive: true, force: true });
