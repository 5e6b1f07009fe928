/**
 * The test projects of the repository. Vitest 5 reads `test.projects` from vitest.config.ts, which
 * imports this list; the file keeps the design card's name.
 */
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import { defineProject, type TestProjectConfiguration } from 'vitest/config';
import { CHROMIUM, CHROMIUM_ARGS } from './scripts/chromium.mjs';

/** Workspace packages resolve to their TypeScript sources in tests (see each package's `exports`). */
export const sourceConditions = ['@separ/source'];

const resolveSources = {
  resolve: { conditions: [...sourceConditions, 'module', 'browser', 'development|production'] },
  ssr: { resolve: { conditions: [...sourceConditions, 'module', 'node', 'development|production'] } },
};

/** Debian's Chromium and its flags (shared with the e2e suite and the scripts). */
export { CHROMIUM, CHROMIUM_ARGS };

/**
 * Test files at once: Vitest's default leaves one core to itself, which on a two-core machine ran
 * every file one after the other; the tests wait on databases, processes and the browser enough that
 * two at once finish sooner.
 */
export const WORKERS = Math.max(2, availableParallelism() - 1);

/** The languages of the story tests: each is a browser instance of the one story project. */
export const STORY_LOCALES = ['fa', 'en'] as const;

/** The language of a story instance, from its name (`stories-fa` → `fa`). */
function storyLocale(instance: string): string {
  const locale = STORY_LOCALES.find((candidate) => instance === `stories-${candidate}`);
  if (!locale) throw new Error(`not a story instance: ${instance}`);
  return locale;
}

/**
 * The story tests: every story renders, passes its play function and axe, and matches its committed
 * screenshot, in Persian and in English. The two languages are two browser instances of one project
 * (`stories-fa`, `stories-en`, each with its own setup file): they share one Vite server, its
 * transforms and Storybook's optimizer cache, and run side by side, one page each.
 */
function storyProject(): TestProjectConfiguration {
  return defineProject({
    ...resolveSources,
    plugins: [storybookTest({ configDir: join(import.meta.dirname, '.storybook') })],
    test: {
      name: 'stories',
      // After the unit, server and web tests; at least a page per language at once.
      sequence: { groupOrder: 1 },
      maxWorkers: Math.max(STORY_LOCALES.length, WORKERS),
      testTimeout: 30_000,
      browser: {
        enabled: true,
        headless: true,
        provider: playwright({ launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_ARGS } }),
        instances: STORY_LOCALES.map((locale) => ({
          browser: 'chromium' as const,
          name: `stories-${locale}`,
          viewport: { width: 1280, height: 800 },
          setupFiles: [`.storybook/vitest.setup.${locale}.ts`],
        })),
        screenshotFailures: false,
        expect: {
          toMatchScreenshot: {
            comparatorName: 'pixelmatch',
            comparatorOptions: { threshold: 0.1, allowedMismatchedPixelRatio: 0 },
            // Each language keeps its baselines: packages/ui/__screenshots__/{fa,en}/<story id>.png.
            resolveScreenshotPath: ({ root, arg, ext, project }) =>
              join(root, 'packages/ui/__screenshots__', storyLocale(project.name), `${arg}${ext}`),
            resolveDiffPath: ({ root, arg, ext, project }) =>
              join(root, 'test-results/screenshots', storyLocale(project.name), `${arg}${ext}`),
          },
        },
      },
    },
  });
}

export const projects: TestProjectConfiguration[] = [
  defineProject({
    ...resolveSources,
    test: {
      name: 'domain',
      // Rooted at the repository, so that `--project domain --coverage` (scripts/test.mjs) measures
      // coverage.include, packages/domain/src, as the thresholds name it.
      environment: 'node',
      include: ['packages/domain/src/**/*.test.ts'],
    },
  }),
  defineProject({
    ...resolveSources,
    test: {
      name: 'locales',
      root: './locales',
      environment: 'node',
      include: ['**/*.test.ts'],
    },
  }),
  defineProject({
    ...resolveSources,
    // The server's tests load their packages as Node does (the workers get these as --conditions):
    // without 'module', which would hand Node a bundler's build (@opentelemetry/api's, under
    // prom-client, imports without file extensions).
    ssr: { resolve: { conditions: [...sourceConditions, 'node', 'development|production'] } },
    test: {
      name: 'server',
      root: './apps/server',
      environment: 'node',
      include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  }),
  defineProject({
    ...resolveSources,
    test: { name: 'ui', root: './packages/ui', environment: 'node', include: ['src/**/*.test.ts'] },
  }),
  defineProject({
    ...resolveSources,
    test: { name: 'api', root: './packages/api', environment: 'node', include: ['src/**/*.test.ts'] },
  }),
  defineProject({
    ...resolveSources,
    test: {
      name: 'web',
      root: './apps/web',
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
      setupFiles: ['test/setup.ts'],
      testTimeout: 15_000,
    },
  }),
  storyProject(),
  defineProject({
    test: {
      name: 'e2e',
      environment: 'node',
      include: ['apps/web/e2e/**/*.e2e.test.ts'],
      // Builds and starts the product with `npm start`, as the README does.
      globalSetup: ['apps/web/e2e/globalSetup.ts'],
      // After the story tests: the machine has two cores.
      sequence: { groupOrder: 2 },
      fileParallelism: false,
      testTimeout: 90_000,
      hookTimeout: 300_000,
    },
  }),
];

export default projects;
