/**
 * Starts the product the way the README does — `npm start` (build, then serve) — on a free port
 * with a fresh data directory, and hands its address to the end-to-end tests. When the build that
 * is already there was made from the same sources (its fingerprint, below, is unchanged), the
 * product is served as it is, without building it again: `SEPAR_E2E_BUILD=always` builds anyway.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';

const ROOT = resolve(import.meta.dirname, '../../..');
export const E2E_RESULTS = join(ROOT, 'test-results', 'e2e');

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    /** The served shop's data directory: separ-admin works on the same database with it. */
    dataDir: string;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolvePort(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** What a build is made of, besides the lock file: the workspaces' sources, translations and configs. */
const BUILD_INPUT = /^(packages|apps|locales)\/|^(package\.json|package-lock\.json|tsconfig[\w.]*\.json)$/;
/** What no build reads: tests, stories, screenshots and documents. */
const NOT_BUILD_INPUT =
  /(^|\/)(test|e2e|__screenshots__)\/|\.(test|e2e\.test|stories)\.tsx?$|\.mdx?$|^apps\/server\/scripts\//;
/** The outputs `npm start` serves: the server, the web app and its prerendered pages, the packages. */
const BUILD_OUTPUTS = [
  'apps/server/dist/main.js',
  'apps/web/dist/index.html',
  'apps/web/dist/prerendered',
  'packages/domain/dist/index.js',
  'packages/api/dist/index.js',
  'packages/ui/dist/index.js',
];
/** Where a build that e2e made records the fingerprint of its sources. */
const BUILD_STAMP = join(ROOT, 'apps/web/dist/.e2e-build-inputs');

/**
 * A hash of every file a build reads (tracked, or new and not ignored) with its content, and of the
 * variables Vite builds in: any change to any of them means a new build.
 */
function buildFingerprint(): string {
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
    .split('\0')
    .filter((file) => BUILD_INPUT.test(file) && !NOT_BUILD_INPUT.test(file))
    .sort();
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(`${file}\0`);
    // A file deleted but not yet staged is still listed: its absence is part of the fingerprint.
    hash.update(existsSync(join(ROOT, file)) ? readFileSync(join(ROOT, file)) : '(deleted)');
    hash.update('\0');
  }
  for (const [name, value] of Object.entries(process.env).sort(([a], [b]) => a.localeCompare(b)))
    if (name.startsWith('VITE_')) hash.update(`${name}=${value}\0`);
  return hash.digest('hex');
}

/** Whether the outputs on disk were built from exactly these sources. */
function builtFrom(fingerprint: string): boolean {
  if (process.env.SEPAR_E2E_BUILD === 'always') return false;
  if (!BUILD_OUTPUTS.every((output) => existsSync(join(ROOT, output)))) return false;
  return existsSync(BUILD_STAMP) && readFileSync(BUILD_STAMP, 'utf8').trim() === fingerprint;
}

async function waitForHealth(url: string, child: ChildProcess, log: () => string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}:\n${log()}`);
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`npm start did not answer within ${timeoutMs} ms:\n${log()}`);
}

export default async function setup(project: TestProject) {
  rmSync(E2E_RESULTS, { recursive: true, force: true });
  mkdirSync(E2E_RESULTS, { recursive: true });
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'separ-e2e-'));
  let output = '';
  // A visitor's shell: without the test runner's NODE_ENV=test (Vite would build for development).
  const { NODE_ENV: _testEnv, ...env } = process.env;
  const fingerprint = buildFingerprint();
  const built = builtFrom(fingerprint);
  // `npm start` is `npm run build` then this; the build is skipped only when it would make the same.
  const command = built ? ['run', 'start', '-w', '@separ/server'] : ['start'];
  console.info(built ? 'e2e: the build on disk is up to date, serving it' : 'e2e: building with npm start');
  const child = spawn('npm', command, {
    cwd: ROOT,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1', SEPAR_DATA_DIR: dataDir, SEPAR_LOG_LEVEL: 'info' },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const baseURL = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(baseURL, child, () => output.slice(-4000), 240_000);
  } catch (error) {
    if (child.pid) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    throw error;
  }
  // The build succeeded (the server answers): the next run may serve it again.
  if (!built) writeFileSync(BUILD_STAMP, `${fingerprint}\n`);
  project.provide('baseURL', baseURL);
  project.provide('dataDir', dataDir);
  return () => {
    if (child.pid) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
    writeFileSync(join(E2E_RESULTS, 'server.log'), output);
    rmSync(dataDir, { recursive: true, force: true });
  };
}
