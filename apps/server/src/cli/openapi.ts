/** Writes the OpenAPI document generated from the route schemas to docs/openapi.json. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildApp } from '../app.ts';
import { loadConfig } from '../platform/config.ts';
import { migrateToLatest, openDatabase } from '../platform/db/index.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'separ-openapi-'));
const config = loadConfig({ SEPAR_DATA_DIR: dataDir });
const database = openDatabase({ ...config, databaseUrl: null });
await migrateToLatest(database);
const app = await buildApp({ config, database });
await app.ready();
const target = resolve(import.meta.dirname, '..', '..', '..', '..', 'docs', 'openapi.json');
writeFileSync(target, `${JSON.stringify(app.swagger(), null, 2)}\n`);
await app.close();
await database.close();
rmSync(dataDir, { recursive: true, force: true });
console.log(`Wrote ${target}`);
