import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
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

export default defineConfig(({ mode }) => ({
  root: import.meta.dirname,
  plugins: [react(), locales(), mode === 'mock' ? null : withoutMockWorker()],
  resolve: { conditions: ['@separ/source', 'module', 'browser', 'development|production'] },
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
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: 0,
  },
}));
