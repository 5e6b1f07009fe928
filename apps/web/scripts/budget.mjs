#!/usr/bin/env node
/**
 * The web build's budgets (web performance issue §3), gzip-compressed, failing the build:
 *
 * 1. **Before interaction, per public page: 100 KB.** What a prerendered page runs before its
 *    visitor acts: the scripts its HTML names (its module script and module preloads) and every
 *    chunk those import statically. The app itself starts on the visitor's first sign of presence
 *    (src/boot.ts) and is not counted here.
 * 2. **The app, 190 KB**: what that start loads to take a public page over (the entry's dynamic
 *    import, the parts it loads in turn, and their static imports), so that it cannot grow unnoticed.
 * 3. **The operators' console stays apart**: no chunk of the site or the panel imports src/admin or
 *    carries its `/api/admin/` calls.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { staticClosure } from './manifest.mjs';

const BEFORE_INTERACTION_KB = Number(process.env.SEPAR_JS_BEFORE_INTERACTION_KB ?? 100);
const APP_KB = Number(process.env.SEPAR_JS_BUDGET_KB ?? 190);
const dist = join(import.meta.dirname, '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const byFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));

const gzipCache = new Map();
const gzipOf = (file) => {
  if (!gzipCache.has(file)) gzipCache.set(file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length);
  return gzipCache.get(file);
};

/** The chunks a set of chunks imports statically, themselves included. */
const closure = (keys) => staticClosure(manifest, keys);

const kb = (bytes) => (bytes / 1024).toFixed(1).padStart(7);
let failed = false;

// 1. Every prerendered page, as its HTML names its scripts.
const pages = [];
const walk = (dir) => {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) walk(join(dir, entry.name));
    else if (entry.name.endsWith('.html')) pages.push(join(dir, entry.name));
  }
};
walk(join(dist, 'prerendered'));
let largest = { page: '', bytes: 0, files: [] };
for (const page of pages) {
  const html = readFileSync(page, 'utf8');
  const named = [
    ...html.matchAll(/<script\b[^>]*\btype="module"[^>]*\bsrc="\/([^"]+)"/g),
    ...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="\/([^"]+)"/g),
  ].map((match) => byFile.get(match[1]) ?? match[1]);
  const files = [...closure(named)].map((key) => manifest[key].file);
  const bytes = files.reduce((sum, file) => sum + gzipOf(file), 0);
  if (bytes > largest.bytes) largest = { page: relative(dist, page), bytes, files };
  if (bytes / 1024 > BEFORE_INTERACTION_KB) {
    console.error(`budget exceeded: ${relative(dist, page)} runs ${(bytes / 1024).toFixed(1)} KB before interaction`);
    failed = true;
  }
}
console.log(
  `JavaScript a public page runs before its visitor acts (gzip), ${pages.length} prerendered pages, the largest ${largest.page}:\n${largest.files
    .map((file) => `  ${kb(gzipOf(file))} KB  ${file}`)
    .join('\n')}\n  ${kb(largest.bytes)} KB  total, budget ${BEFORE_INTERACTION_KB} KB per page`,
);

// 2. The app the entry starts, and the parts it loads in turn.
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const before = closure([entryKey]);
const appKeys = [];
for (const app of manifest[entryKey].dynamicImports ?? []) {
  appKeys.push(app, ...(manifest[app]?.dynamicImports ?? []));
}
const app = [...closure(appKeys)].filter((key) => !before.has(key));
const appBytes = app.reduce((sum, key) => sum + gzipOf(manifest[key].file), 0);
console.log(
  `JavaScript the app loads to take a public page over, once the visitor acts (gzip):\n${app
    .map((key) => `  ${kb(gzipOf(manifest[key].file))} KB  ${manifest[key].file}`)
    .join('\n')}\n  ${kb(appBytes)} KB  total, budget ${APP_KB} KB`,
);
if (appBytes / 1024 > APP_KB) {
  console.error(`budget exceeded: the app is ${(appBytes / 1024).toFixed(1)} KB > ${APP_KB} KB`);
  failed = true;
}
// 3. The operators' console (src/admin) is its own part: no chunk that a public page or the customers'
// panel loads may import it, nor carry its API calls (hoisted into a shared chunk, they would load
// with the site).
const adminKeys = Object.keys(manifest).filter((key) => key.startsWith('src/admin/'));
const siteKeys = Object.keys(manifest).filter(
  (key) => (manifest[key].isEntry || manifest[key].isDynamicEntry) && !key.startsWith('src/admin/'),
);
const site = closure(siteKeys);
const leaks = [...site].filter(
  (key) => key.startsWith('src/admin/') || readFileSync(join(dist, manifest[key].file), 'utf8').includes('/api/admin/'),
);
console.log(
  `The operators' console: ${adminKeys.map((key) => manifest[key].file).join(', ') || 'no chunk'}; ` +
    `${site.size} chunks of the site and the panel checked, ${leaks.length ? `admin code in ${leaks.join(', ')}` : 'none carries admin code'}`,
);
if (adminKeys.length === 0 || leaks.length) {
  console.error('the admin console is not a part of its own');
  failed = true;
}
if (failed) process.exit(1);
