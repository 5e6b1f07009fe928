import { defineConfig } from 'vitest/config';
import { projects, WORKERS } from './vitest.workspace.ts';

export default defineConfig({
  test: {
    projects,
    maxWorkers: WORKERS,
    reporters: ['default'],
    coverage: {
      provider: 'v8',
      include: ['packages/domain/src/**/*.ts'],
      // The demo data (@separ/domain/demo) is data, not rules: the seed, the mocks' and the stories'
      // tests run it.
      exclude: ['**/*.test.ts', '**/*.d.ts', '**/test/**', 'packages/domain/src/demo/**'],
      reporter: ['text-summary', 'text', 'json-summary'],
      reportsDirectory: './coverage',
      thresholds: {
        'packages/domain/src/**/*.ts': { branches: 95, lines: 95, functions: 95, statements: 95 },
      },
    },
  },
});
