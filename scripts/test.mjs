#!/usr/bin/env node
/**
 * The README's test command: every Vitest project, then one plain summary line, "vitest: N passed,
 * N failed, N skipped", and Vitest's exit code.
 *
 * Coverage is measured where its thresholds are enforced, on @separ/domain and by its own tests: a
 * first run of the `domain` project with coverage (95% per metric, vitest.config.ts), then every
 * other project without instrumenting them (the story and end-to-end tests would pay for collecting
 * coverage nobody reads). Both runs write their per-test durations; test-results/vitest.json holds
 * them together.
 *
 * Extra arguments make one plain run of Vitest with them (e.g. `npm test -- --project web`), without
 * coverage unless they ask for it.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const report = join(root, 'test-results', 'vitest.json');
mkdirSync(dirname(report), { recursive: true });
rmSync(report, { force: true });

/** Runs Vitest with these arguments, its JSON report in `output`; returns its exit code. */
function vitest(args, output) {
  rmSync(output, { force: true });
  const run = spawnSync(
    process.execPath,
    [
      join(root, 'node_modules', 'vitest', 'vitest.mjs'),
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${output}`,
      ...args,
    ],
    { cwd: root, stdio: 'inherit', env: process.env },
  );
  return run.status ?? 1;
}

const args = process.argv.slice(2);
const runs =
  args.length > 0
    ? [{ args, output: report }]
    : [
        { args: ['--project', 'domain', '--coverage'], output: join(root, 'test-results', 'vitest-domain.json') },
        { args: ['--project', '!domain'], output: join(root, 'test-results', 'vitest-rest.json') },
      ];

let code = 0;
const results = [];
for (const run of runs) {
  const status = vitest(run.args, run.output);
  if (status !== 0) code = status;
  if (existsSync(run.output)) results.push(JSON.parse(readFileSync(run.output, 'utf8')));
  else {
    // No report: the run failed before it could write one.
    results.push(null);
    if (code === 0) code = 1;
  }
}

const sum = (key) => results.reduce((total, result) => total + (result?.[key] ?? 0), 0);
if (runs.length > 1 && results.every(Boolean)) {
  // One report, as a single run would write it.
  const merged = {
    ...results[results.length - 1],
    startTime: Math.min(...results.map((result) => result.startTime)),
    success: results.every((result) => result.success),
    testResults: results.flatMap((result) => result.testResults ?? []),
  };
  for (const key of Object.keys(merged)) if (/^num[A-Z]/.test(key)) merged[key] = sum(key);
  writeFileSync(report, JSON.stringify(merged));
}

if (results.some((result) => result === null)) {
  console.log(`vitest: ${sum('numPassedTests')} passed, ${Math.max(1, sum('numFailedTests'))} failed`);
} else {
  const passed = sum('numPassedTests');
  // A suite that fails to load has no failed test of its own: count it as one failure.
  const failed = Math.max(sum('numFailedTests'), sum('numFailedTestSuites'));
  const skipped = sum('numPendingTests') + sum('numTodoTests');
  console.log(`vitest: ${passed} passed, ${failed} failed, ${skipped} skipped`);
  if (passed === 0 && code === 0) {
    console.error('No test ran.');
    code = 1;
  }
}
process.exit(code);
