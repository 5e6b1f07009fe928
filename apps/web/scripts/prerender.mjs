#!/usr/bin/env node
/**
 * Prerendering (performance issue §1): every public page in every language, rendered at build time
 * by the prerender's build (dist-ssr/render.js) into the browser build's page, and written to
 * dist/prerendered/{lng}/{page}.html. The server fills in each response's CSP nonce and answers
 * with the visitor's language; the browser hydrates the page.
 *
 * The page also gets what its first paint needs without another round trip: the font faces inline
 * and the faces of its script preloaded. The build fails if a page would not hydrate cleanly — a
 * part left to the browser, or an inline style attribute the CSP refuses.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { staticClosure as closureOf } from './manifest.mjs';

process.env.NODE_ENV = 'production';
const NONCE = '__CSP_NONCE__';
const web = join(import.meta.dirname, '..');
const dist = join(web, 'dist');
const render = await import(pathToFileURL(join(web, 'dist-ssr', 'render.js')).href);

let template = readFileSync(join(dist, 'index.html'), 'utf8');
if (!template.includes(`nonce="${NONCE}"`)) throw new Error('index.html has no CSP nonce placeholder');

// The font faces, inline: the page's first paint waits for no style sheet.
const cssLinks = [...template.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+\.css)"[^>]*>/g)];
let fontFaces = '';
for (const [tag, href] of cssLinks) {
  fontFaces += readFileSync(join(dist, href), 'utf8');
  template = template.replace(tag, '');
}
/**
 * A prerendered page uses the web fonts only if they are there for its first paint (they are
 * preloaded, and cached for a year after): `optional` instead of `swap`. Swapped in later on a slow
 * connection, they moved the text already drawn — the cookie banner by 27 px — since the system's
 * Persian and Latin faces are not the ones our metric-matched fallbacks describe on a phone.
 */
fontFaces = fontFaces.replaceAll('font-display:swap', 'font-display:optional');
// Nor may the app bring the faces again: no chunk but the entry may carry the entry's style sheet
// (vite.config.ts keeps what the entry shares with the app in a chunk of its own).
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
for (const [key, chunk] of Object.entries(manifest)) {
  if (key !== entryKey && (chunk.imports ?? []).includes(entryKey))
    throw new Error(`${chunk.file} imports the entry, and would link its style sheet again`);
}
if (!fontFaces.includes('font-display:optional')) throw new Error('the font faces no longer say font-display:swap');
const fontFile = (pattern) => fontFaces.match(pattern)?.[1];
/** The faces each language's first screen uses, loaded at once instead of after the styles ask. */
const PRELOAD = {
  // Persian text takes its spaces, digits and punctuation from the Latin subset: arriving later,
  // it reflowed the text already drawn (the cookie banner and the plan tabs moved, docs/BENCHMARKS.md).
  fa: [
    fontFile(/url\((\/assets\/vazirmatn-arabic-400-normal-[^)]+\.woff2)\)/),
    fontFile(/url\((\/assets\/vazirmatn-arabic-700-normal-[^)]+\.woff2)\)/),
    fontFile(/url\((\/assets\/vazirmatn-latin-400-normal-[^)]+\.woff2)\)/),
    fontFile(/url\((\/assets\/vazirmatn-latin-700-normal-[^)]+\.woff2)\)/),
  ],
  en: [fontFile(/url\((\/assets\/inter-latin-wght-normal-[^)]+\.woff2)\)/)],
};
for (const [lng, files] of Object.entries(PRELOAD)) {
  if (files.some((file) => !file)) throw new Error(`a font to preload for ${lng} is missing from the build`);
}

/**
 * The app's code (issue 28 §3): what the entry's start loads to take a public page over — the app,
 * the parts it loads in turn, and the public pages' chunk — without what the entry has loaded
 * already. A prerendered page names it, so that its boot script fetches it once the page is idle.
 */
const staticClosure = (keys) => closureOf(manifest, keys);
const appKeys = (manifest[entryKey].dynamicImports ?? []).flatMap((key) => [
  key,
  ...(manifest[key].dynamicImports ?? []),
]);
const pagesKey = Object.keys(manifest).find((key) => key.endsWith('src/pages/index.ts'));
const loaded = staticClosure([entryKey]);
const appCode = [...staticClosure([...appKeys, pagesKey])]
  .filter((key) => !loaded.has(key))
  .map((key) => manifest[key].file)
  .filter((file) => /^assets\/[\w.-]+\.js$/.test(file))
  .map((file) => file.slice('assets/'.length, -'.js'.length));
if (!appCode.some((name) => name.startsWith('main-'))) throw new Error('the app’s code has no main chunk');
// The list in a file of its own, named by its content: in the page it cost the Persian home page its
// first TCP window. The page names the file.
const appCodeJson = JSON.stringify(appCode);
const appCodeFile = `assets/app-code-${createHash('sha256').update(appCodeJson).digest('base64url').slice(0, 10)}.json`;
writeFileSync(join(dist, appCodeFile), appCodeJson);
const appBlock = `<script type="application/json" id="${render.APP_CODE_ID}">${JSON.stringify(`/${appCodeFile}`)}</script>`;

const out = join(dist, 'prerendered');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const rows = [];
for (const lng of render.LANGUAGES) {
  mkdirSync(join(out, lng), { recursive: true });
  const head = [
    ...PRELOAD[lng].map((href) => `<link rel="preload" href="${href}" as="font" type="font/woff2" crossorigin>`),
    `<style nonce="${NONCE}">${fontFaces}</style>`,
    appBlock,
  ].join('');
  // The language's document, kept for the server: it draws the pages that show data from the API
  // (render.DATA_PAGES) again with its own, in the same document (issue 28 §1).
  const languageTemplate = render.languageTemplate(template, lng, head);
  writeFileSync(join(out, `${lng}.template.html`), languageTemplate);
  for (const path of render.PRERENDERED_PATHS) {
    const page = await render.renderPage(path, lng, NONCE);
    if (page.html.includes('<!--$!-->')) throw new Error(`${lng} ${path}: part of the page was left to the browser`);
    if (/\sstyle="/.test(page.html))
      throw new Error(`${lng} ${path}: an inline style attribute, which the CSP refuses`);
    const html = render.pageDocument(languageTemplate, page);
    writeFileSync(join(out, lng, render.prerenderedFile(path)), html);
    rows.push({ lng, path, bytes: Buffer.byteLength(html), gzip: gzipSync(html).length });
  }
}
console.log(
  `prerendered ${rows.length} pages into ${out}:\n` +
    rows
      .map(
        (row) =>
          `  ${row.lng} ${row.path.padEnd(16)} ${(row.bytes / 1024).toFixed(1).padStart(6)} KB, gzip ${(row.gzip / 1024).toFixed(1).padStart(5)} KB`,
      )
      .join('\n'),
);
