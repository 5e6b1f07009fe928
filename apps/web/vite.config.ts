import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { join, resolve } from 'node:path';
import { transformAsync } from '@babel/core';
import react from '@vitejs/plugin-react';
import styledComponentsBabel from 'babel-plugin-styled-components';
import { defineConfig, type Plugin } from 'vite';

const LOCALES = resolve(import.meta.dirname, '../../locales');

/**
 * The translation files of the repository's `locales/` at `/locales/{lng}/{ns}.json`: served by the
 * dev server (and in mock mode), and copied into the build so that the site runs from any static host.
 */
function locales(): Plugin {
  const files = () =>
    readdirSync(LOCALES)
      .filter((lng) => statSync(join(LOCALES, lng)).isDirectory())
      .flatMap((lng) =>
        readdirSync(join(LOCALES, lng))
          .filter((file) => file.endsWith('.json'))
          .map((file) => ({ lng, file })),
      );
  return {
    name: 'separ-locales',
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const match = /^\/locales\/([a-z]{2})\/([a-z]+)\.json$/.exec(request.url?.split('?')[0] ?? '');
        if (!match) return next();
        const path = join(LOCALES, match[1]!, `${match[2]!}.json`);
        try {
          const body = readFileSync(path);
          response.setHeader('Content-Type', 'application/json; charset=utf-8');
          response.end(body);
        } catch {
          response.statusCode = 404;
          response.setHeader('Content-Type', 'application/json; charset=utf-8');
          response.end(JSON.stringify({ ok: false, message: 'Not found' }));
        }
      });
    },
    generateBundle() {
      for (const { lng, file } of files()) {
        this.emitFile({
          type: 'asset',
          fileName: `locales/${lng}/${file}`,
          // Minified: the same data, fewer bytes on the wire.
          source: JSON.stringify(JSON.parse(readFileSync(join(LOCALES, lng, file), 'utf8'))),
        });
      }
    },
  };
}

/** Brotli and gzip twins of every compressible file, served as they are by the server (no compression per request). */
function precompress(): Plugin {
  return {
    name: 'separ-precompress',
    apply: 'build',
    enforce: 'post',
    writeBundle(options) {
      const dir = options.dir ?? 'dist';
      const walk = (folder: string): string[] =>
        readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
          entry.isDirectory() ? walk(join(folder, entry.name)) : [join(folder, entry.name)],
        );
      for (const file of walk(dir)) {
        if (!/\.(js|css|json|svg|html|txt|webmanifest)$/.test(file)) continue;
        const content = readFileSync(file);
        if (content.length < 1024) continue;
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(content, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

/**
 * Stable styled-components ids. Without them an id is a counter of the styled() calls made so far,
 * which differs between the prerender (every module at once) and a browser (chunks as they load), so
 * the browser's class names would not match the prerendered page's. babel-plugin-styled-components
 * names each component after its file and position instead, in both builds alike.
 */
function styledComponentIds(): Plugin {
  return {
    name: 'separ-styled-component-ids',
    enforce: 'pre',
    async transform(code, id) {
      const file = id.split('?')[0]!;
      if (file.includes('/node_modules/') || !/\.tsx?$/.test(file) || !code.includes('styled-components')) return null;
      const result = await transformAsync(code, {
        filename: file,
        babelrc: false,
        configFile: false,
        sourceMaps: true,
        parserOpts: { plugins: file.endsWith('x') ? ['typescript', 'jsx'] : ['typescript'] },
        plugins: [[styledComponentsBabel, { ssr: true, displayName: false, fileName: false, pure: true }]],
      });
      return result?.code ? { code: result.code, map: result.map } : null;
    },
  };
}

/**
 * The favicon travels inside the page as a data URL: a request of its own was the one too many for a
 * browser's six connections to one origin, and cost a Persian page one round trip to its largest
 * paint in Lighthouse's simulation (1.51 s instead of 1.36 s, docs/BENCHMARKS.md). The file stays in
 * `public/` for whoever asks for it by name.
 */
function inlineFavicon(): Plugin {
  const source = resolve(import.meta.dirname, 'public', 'favicon.svg');
  return {
    name: 'separ-inline-favicon',
    transformIndexHtml(html) {
      if (!html.includes('href="/favicon.svg"')) throw new Error('index.html no longer links /favicon.svg');
      return html.replace('href="/favicon.svg"', `href="${svgDataUrl(readFileSync(source, 'utf8'))}"`);
    },
  };
}

/** An SVG as a data URL, percent-encoding only what a URL in an attribute needs. */
function svgDataUrl(svg: string): string {
  const encoded = svg
    .trim()
    .replace(/"/g, "'")
    .replace(/[\r\n%#<>?[\]\\^`{|}]/g, (char) => encodeURIComponent(char));
  return `data:image/svg+xml,${encoded}`;
}

/** The production build leaves out the service worker that only mock mode uses. */
function withoutMockWorker(): Plugin {
  return {
    name: 'separ-without-mock-worker',
    apply: 'build',
    writeBundle(options) {
      rmSync(join(options.dir ?? 'dist', 'mockServiceWorker.js'), { force: true });
    },
  };
}

const CONDITIONS = ['@separ/source', 'module', 'browser', 'development|production'];

export default defineConfig(({ mode, isSsrBuild }) => ({
  root: import.meta.dirname,
  plugins: [
    styledComponentIds(),
    react(),
    inlineFavicon(),
    // The prerender's build (`vite build --ssr`) is a program, not a site: no assets of its own.
    isSsrBuild ? null : locales(),
    mode === 'mock' || isSsrBuild ? null : withoutMockWorker(),
    isSsrBuild ? null : precompress(),
  ],
  resolve: { conditions: CONDITIONS },
  // The prerender bundles our packages from source, like the browser build.
  ssr: {
    // The CommonJS builds of these have no default export Node can import: bundle their ES builds.
    noExternal: [/^@separ\//, 'styled-components', 'stylis-plugin-rtl'],
    resolve: { conditions: ['@separ/source', 'module', 'node', 'development|production'] },
  },
  publicDir: 'public',
  server: {
    port: 5173,
    // Without mock mode, the backend of `npm start` answers the API calls.
    proxy:
      mode === 'mock'
        ? undefined
        : Object.fromEntries(
            [
              '/getTelPlans',
              '/site_gateways',
              '/requestAccount2',
              '/site_login',
              '/appinfo',
              '/api',
              '/payment/callback',
              '/sandbox',
            ].map((path) => [
              path,
              { target: process.env.SEPAR_BACKEND ?? 'http://localhost:2087', changeOrigin: false },
            ]),
          ),
  },
  build: {
    outDir: isSsrBuild ? 'dist-ssr' : 'dist',
    emptyOutDir: true,
    copyPublicDir: !isSsrBuild,
    target: 'es2022',
    assetsInlineLimit: 0,
    // Read by scripts/budget.mjs: what the home page loads first.
    manifest: !isSsrBuild,
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            codeSplitting: {
              // What the page's entry (src/boot.ts) shares with the app is a chunk of its own. Left in
              // the entry, it made the app's parts depend on the entry and so on its style sheet (the
              // font faces): the preload helper linked that again when the app arrived, the fonts
              // swapped in, and the text already drawn moved (27 px on the cookie banner over a slow
              // connection). The entry's sheet is on every page already — linked by the app's shell,
              // inline with `font-display: optional` in a prerendered page (scripts/prerender.mjs).
              // The client apps' table (domain/src/apps) only the connect pages use: it stays with them;
              // the operators' roles (domain/src/roles, the admin routes by name) only the console uses.
              groups: [
                {
                  name: 'shared',
                  test: /[\\/]packages[\\/]domain[\\/](?!(src|dist)[\\/](apps|roles)\.)|vite[\\/]preload-helper/,
                },
              ],
            },
          },
        },
  },
}));
