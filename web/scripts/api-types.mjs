// npm run api-types: asks the Go binary for its OpenAPI document (no database needed) and
// writes src/lib/api/openapi.json and the TypeScript types generated from it,
// src/lib/api/schema.d.ts. `--from=<file or URL>` reads the document from there instead
// (e.g. http://127.0.0.1:8080/v1/openapi.json of a running server).
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { documentText, schemaTypes } from './openapi-types.mjs';

const web = fileURLToPath(new URL('..', import.meta.url));
const root = fileURLToPath(new URL('../..', import.meta.url));
const from = process.argv.find((arg) => arg.startsWith('--from='))?.slice('--from='.length);

async function readDocument() {
  if (from?.startsWith('http')) {
    const response = await fetch(from);
    if (!response.ok) throw new Error(`${from} answered ${response.status}`);
    return response.json();
  }
  if (from) return JSON.parse(readFileSync(from, 'utf8'));
  // go run leaves bin/move alone (the e2e binary embeds the built SPA).
  const json = execFileSync('go', ['run', './cmd/move', 'openapi'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return JSON.parse(json);
}

const document = await readDocument();
writeFileSync(`${web}src/lib/api/openapi.json`, documentText(document));
writeFileSync(`${web}src/lib/api/schema.d.ts`, await schemaTypes(document));
console.log(`src/lib/api/openapi.json and schema.d.ts: ${Object.keys(document.paths ?? {}).length} paths`);
