#!/usr/bin/env node
/**
 * The web build's budget (performance issue §2): the JavaScript the home page loads to come alive —
 * its entry chunk, the app that entry starts, the parts the app loads in turn, and every chunk
 * those import statically —
 * gzip-compressed. The build
 * fails when it grows past the budget. The target is 100 KB; BENCHMARKS.md says where we
 * stand and why, and the budget below is the ceiling we hold until then, so that nothing grows
 * unnoticed.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = Number(process.env.SEPAR_JS_BUDGET_KB ?? 190);
const dist = join(import.meta.dirname, '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));

const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
const seen = new Set();
const visit = (key) => {
  if (seen.has(key)) return;
  seen.add(key);
  for (const next of manifest[key]?.imports ?? []) visit(next);
};
const entryKey = Object.keys(manifest).find((key) => manifest[key] === entry);
visit(entryKey);
// The entry asks for the app once the page has painted (src/boot.ts), and the app loads its parts
// one after another (src/main.tsx): all of that counts too. What the routes load lazily (the panel,
// the other pages) does not.
for (const app of entry.dynamicImports ?? []) {
  visit(app);
  for (const part of manifest[app]?.dynamicImports ?? []) visit(part);
}

let total = 0;
const rows = [];
for (const key of seen) {
  const file = manifest[key].file;
  const gzip = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  total += gzip;
  rows.push(`  ${(gzip / 1024).toFixed(1).padStart(7)} KB  ${file}`);
}
console.log(
  `JavaScript the home page loads to come alive (gzip):\n${rows.join('\n')}\n  ${(total / 1024).toFixed(1).padStart(7)} KB  total, budget ${BUDGET_KB} KB`,
);
if (total / 1024 > BUDGET_KB) {
  console.error(`budget exceeded: ${(total / 1024).toFixed(1)} KB > ${BUDGET_KB} KB`);
  process.exit(1);
}
