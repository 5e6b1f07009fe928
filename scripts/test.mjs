#!/usr/bin/env node
/**
 * The README's test command. Runs every Vitest project with coverage (thresholds enforced), then
 * prints one plain summary line, "vitest: N passed, N failed, N skipped", and exits with Vitest's code.
 * Extra arguments go to Vitest (e.g. `npm test -- --project domain`).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const report = join(root, 'test-results', 'vitest.json');
mkdirSync(dirname(report), { recursive: true });
rmSync(report, { force: true });

const args = process.argv.slice(2);
const run = spawnSync(
  process.execPath,
  [
    join(root, 'node_modules', 'vitest', 'vitest.mjs'),
    'run',
    '--coverage',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
    ...args,
  ],
  { cwd: root, stdio: 'inherit', env: process.env },
);

let code = run.status ?? 1;
if (existsSync(report)) {
  const result = JSON.parse(readFileSync(report, 'utf8'));
  const passed = result.numPassedTests ?? 0;
  // A suite that fails to load has no failed test of its own: count it as one failure.
  const failed = Math.max(result.numFailedTests ?? 0, result.numFailedTestSuites ?? 0);
  const skipped = (result.numPendingTests ?? 0) + (result.numTodoTests ?? 0);
  console.log(`vitest: ${passed} passed, ${failed} failed, ${skipped} skipped`);
  if (passed === 0 && code === 0) {
    console.error('No test ran.');
    code = 1;
  }
} else {
  console.log('vitest: 0 passed, 1 failed');
  if (code === 0) code = 1;
}
process.exit(code);
