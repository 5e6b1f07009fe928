/** `separ-admin` against the shop the end-to-end suite serves, as its operator would run it. */
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { inject } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');
const run = promisify(execFile);

/** Runs one separ-admin command on the served shop's database; returns what it printed. */
export async function separAdmin(...args: string[]): Promise<string> {
  const { stdout } = await run(
    process.execPath,
    [
      '--conditions=@separ/source',
      '--disable-warning=ExperimentalWarning',
      resolve(ROOT, 'apps/server/src/cli/admin.ts'),
      ...args,
    ],
    { cwd: ROOT, env: { ...process.env, SEPAR_DATA_DIR: inject('dataDir') } },
  );
  return stdout;
}
