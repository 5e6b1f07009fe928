/**
 * Starts the product the way the README does — `npm start` (build, then serve) — on a free port
 * with a fresh data directory, and hands its address to the end-to-end tests.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
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
  const child = spawn('npm', ['start'], {
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
    if (child.pid) process.kill(-child.pid, 'SIGKILL');
    throw error;
  }
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
