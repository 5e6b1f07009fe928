/** Helpers for the tests that run the server as a real process (crash, drain, load). */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';

const serverDir = join(import.meta.dirname, '..');

/** A port nobody listens on. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** The real server as a process (`src/main.ts`), cheap password hashing unless the env says otherwise. */
export function startServer(env: Record<string, string>): ChildProcess {
  const child = spawn(
    process.execPath,
    ['--conditions=@separ/source', '--disable-warning=ExperimentalWarning', 'src/main.ts'],
    {
      cwd: serverDir,
      env: {
        ...process.env,
        SEPAR_LOG_LEVEL: 'warn',
        SEPAR_SCRYPT_N: '1024',
        SEPAR_SCRYPT_P: '1',
        // Tests that want RADIUS give it ports of its own: the default ones are the product's.
        SEPAR_RADIUS_AUTH_PORT: '0',
        SEPAR_RADIUS_ACCT_PORT: '0',
        ...env,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  // Keep the last of what it said on stderr, for the error message if it dies.
  let said = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    said = (said + chunk.toString()).slice(-6000);
  });
  stderrOf.set(child, () => said);
  return child;
}

const stderrOf = new WeakMap<ChildProcess, () => string>();

export async function waitHealthy(base: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 150; i++) {
    if (child.exitCode !== null)
      throw new Error(`server exited with ${child.exitCode}: ${stderrOf.get(child)?.() ?? ''}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('server did not become healthy');
}

/** Resolves with the exit code and signal of the process. */
export const exited = (child: ChildProcess) =>
  new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null)
      resolve({ code: child.exitCode, signal: child.signalCode });
    else child.once('exit', (code, signal) => resolve({ code, signal }));
  });
