import { createRequire } from 'node:module';

/**
 * The passwords too common to accept (CONTRACTS §15: at least the 10,000 most common): the 49,233
 * of zxcvbn's list, as `@zxcvbn-ts/language-common` ships it (`src/passwords.json`, most common
 * first; drawn from leaked-password corpora). Compared without regard to case. Loaded on first use.
 */
let common: ReadonlySet<string> | null = null;

function list(): ReadonlySet<string> {
  if (!common) {
    const words = createRequire(import.meta.url)('@zxcvbn-ts/language-common/src/passwords.json') as string[];
    common = new Set(words.map((word) => word.toLowerCase()));
  }
  return common;
}

/** How many passwords the list holds. */
export function commonPasswordCount(): number {
  return list().size;
}

export function isCommonPassword(password: string): boolean {
  return list().has(password.toLowerCase());
}
