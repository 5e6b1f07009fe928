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
      exclude: ['**/*.test.ts', '**/*.d.ts', '**/test/**'],
      reporter: ['text-summary', 'text', 'json-summary'],
      reportsDirectory: './coverage',
      thresholds: {
        'packages/domain/src/**/*.ts': { branches: 95, lines: 95, functions: 95, statements: 95 },
      },
    },
  },
});
