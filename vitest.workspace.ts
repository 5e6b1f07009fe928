/**
 * The test projects of the repository. Vitest 5 reads `test.projects` from vitest.config.ts, which
 * imports this list; the file keeps the design card's name.
 */
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

/** One story project per language: every story is a browser test with axe and a screenshot per locale. */
function storyProject(locale: 'fa' | 'en'): TestProjectConfiguration {
  return defineProject({
    ...resolveSources,
    plugins: [storybookTest({ configDir: join(import.meta.dirname, '.storybook') })],
    test: {
      name: `stories-${locale}`,
      setupFiles: [`.storybook/vitest.setup.${locale}.ts`],
      // The two languages share Storybook's optimizer cache: run them one after the other.
      sequence: { groupOrder: locale === 'fa' ? 1 : 2 },
      testTimeout: 30_000,
      browser: {
        enabled: true,
        headless: true,
        // Each browser project needs its own provider object.
        provider: playwright({ launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_ARGS } }),
        instances: [{ browser: 'chromium', viewport: { width: 1280, height: 800 } }],
        screenshotFailures: false,
        expect: {
          toMatchScreenshot: {
            comparatorName: 'pixelmatch',
            comparatorOptions: { threshold: 0.1, allowedMismatchedPixelRatio: 0 },
            resolveScreenshotPath: ({ root, arg, ext }) =>
              join(root, 'packages/ui/__screenshots__', locale, `${arg}${ext}`),
            resolveDiffPath: ({ root, arg, ext }) => join(root, 'test-results/screenshots', locale, `${arg}${ext}`),
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
      root: './packages/domain',
      environment: 'node',
      include: ['src/**/*.test.ts'],
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
  storyProject('fa'),
  storyProject('en'),
  defineProject({
    test: {
      name: 'e2e',
      environment: 'node',
      include: ['apps/web/e2e/**/*.e2e.test.ts'],
      // Builds and starts the product with `npm start`, as the README does.
      globalSetup: ['apps/web/e2e/globalSetup.ts'],
      // After the story projects: the machine has two cores.
      sequence: { groupOrder: 3 },
      fileParallelism: false,
      testTimeout: 90_000,
      hookTimeout: 300_000,
    },
  }),
];

export default projects;
