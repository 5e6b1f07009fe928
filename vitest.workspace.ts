/**
 * The test projects of the repository. Vitest 5 reads `test.projects` from vitest.config.ts, which
 * imports this list; the file keeps the design card's name.
 */
import { defineProject, type TestProjectConfiguration } from 'vitest/config';

/** Workspace packages resolve to their TypeScript sources in tests (see each package's `exports`). */
export const sourceConditions = ['@separ/source'];

const resolveSources = {
  resolve: { conditions: [...sourceConditions, 'module', 'browser', 'development|production'] },
  ssr: { resolve: { conditions: [...sourceConditions, 'module', 'node', 'development|production'] } },
};

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
];

export default projects;
