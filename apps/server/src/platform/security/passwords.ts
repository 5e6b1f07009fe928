import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { hashPassword, storedParams, verifyPassword, type ScryptParams } from './crypto.ts';
import { BoundedQueue } from './workQueue.ts';

/**
 * The cost for passwords Separ generates itself (12 characters from 56: about 69.7 bits). A slow
 * hash exists to make guessing the passwords people choose expensive; a uniformly random 70-bit
 * secret cannot be guessed at any cost that matters (2^69 tries on average: at a million scrypt
 * hashes a second, 18 million years). So completing a paid order, which generates the buyer's
 * password, needs no slow hash: it never queues behind logins and is never refused for load.
 * Passwords a person sets (change password, `users reset-password --password`) get the full cost.
 */
export const GENERATED_SCRYPT: ScryptParams = { N: 1024, r: 8, p: 1 };

const cost = (params: ScryptParams) => params.N * params.r * params.p;

/**
 * Every password hash and check of the server, in one place: scrypt at the configured cost runs
 * through one bounded queue sized to the machine (503 when full), and its measured duration is the
 * floor that a failed login waits (with a timer, no work), so that an unknown username answers as
 * slowly as a known one without costing a hash.
 */
export class Passwords {
  readonly params: ScryptParams;
  readonly queue: BoundedQueue;
  /** Counted for the tests and the benchmark: slow hashes run, fast ones, and refusals. */
  readonly stats = { slow: 0, fast: 0, refused: 0 };

  constructor(params: ScryptParams, hashing: { concurrency: number; maxWaitMs: number }) {
    this.params = params;
    // N·r·p = 786,432 (OWASP's default) takes 0.1–0.3 s on a server core: start from the high end.
    const initialEstimateMs = Math.max(1, (cost(params) / 786_432) * 300);
    this.queue = new BoundedQueue({ ...hashing, initialEstimateMs });
  }

  /** A password a person chose: the full cost, through the queue. */
  async hashChosen(password: string): Promise<string> {
    return this.#slow(() => hashPassword(password, this.params));
  }

  /** A password Separ generated (randomPassword): the fast cost, never queued. */
  hashGenerated(password: string): Promise<string> {
    this.stats.fast++;
    return hashPassword(password, GENERATED_SCRYPT);
  }

  /** Whether checking against this stored hash costs a full (queued) hash. */
  isSlow(stored: string): boolean {
    const params = storedParams(stored);
    return !params || cost(params) > cost(GENERATED_SCRYPT);
  }

  /** Checks a password; hashes of the full cost go through the queue (`overloaded` when it is full). */
  async verify(password: string, stored: string): Promise<boolean> {
    if (!this.isSlow(stored)) {
      this.stats.fast++;
      return verifyPassword(password, stored);
    }
    return this.#slow(() => verifyPassword(password, stored));
  }

  /** Throws `overloaded` when a slow hash asked for now would be refused (for answers that need none). */
  admit(): void {
    try {
      this.queue.admit();
    } catch (error) {
      this.stats.refused++;
      throw error;
    }
  }

  /** How long a full-cost check takes here (measured), the floor of a failed login's answer. */
  floorMs(): number {
    return this.queue.averageMs;
  }

  /** Waits, without working, until `floorMs` has passed since `startedAt` (performance.now()). */
  async padFrom(startedAt: number): Promise<void> {
    const left = this.floorMs() - (performance.now() - startedAt);
    if (left > 1) await sleep(left);
  }

  /** Measures the full cost once (at start), so that the floor is this machine's from the first login. */
  async calibrate(): Promise<void> {
    await this.#slow(() => hashPassword(randomBytes(12).toString('base64url'), this.params));
  }

  async #slow<T>(task: () => Promise<T>): Promise<T> {
    this.admit();
    this.stats.slow++;
    return this.queue.run(task);
  }
}
