import { AppError } from '../errors.ts';

/** The queue is full: the caller answers 503 `overloaded` with Retry-After at once, not waits. */
export const overloaded = (retryAfterSeconds: number) => new AppError('overloaded', undefined, { retryAfterSeconds });

interface Waiter {
  start(): void;
}

/**
 * Runs expensive tasks (scrypt) at most `concurrency` at a time, in order, and refuses a new task at
 * once when it would wait longer than `maxWaitMs` behind the others: the wait is estimated from the
 * tasks' measured duration (a moving average). A refused caller answers 503 instead of holding a
 * connection until the client gives up, so a flood of logins costs the machine a bounded amount of
 * work and every request gets an answer within about `maxWaitMs` plus one task.
 *
 * `urgent` tasks (none today: see passwords.ts) go to the front and are never refused.
 */
export class BoundedQueue {
  readonly concurrency: number;
  readonly maxWaitMs: number;
  #running = 0;
  #waiting: Waiter[] = [];
  #averageMs: number;
  #measured = false;

  constructor(options: { concurrency: number; maxWaitMs: number; initialEstimateMs: number }) {
    this.concurrency = Math.max(1, options.concurrency);
    this.maxWaitMs = options.maxWaitMs;
    this.#averageMs = options.initialEstimateMs;
  }

  /** The moving average of a task's duration, in milliseconds. */
  get averageMs(): number {
    return this.#averageMs;
  }

  /** Whether a duration has been measured yet (else `averageMs` is the initial estimate). */
  get measured(): boolean {
    return this.#measured;
  }

  get running(): number {
    return this.#running;
  }

  get waiting(): number {
    return this.#waiting.length;
  }

  /**
   * How long a task queued now may wait before it starts, at worst: every task ahead of it, run
   * `concurrency` at a time, each taking the average (the running ones may just have started).
   */
  expectedWaitMs(): number {
    if (this.#running < this.concurrency) return 0;
    return Math.ceil((this.#waiting.length + 1) / this.concurrency) * this.#averageMs;
  }

  /** Throws `overloaded` when a task queued now would wait too long. */
  admit(): void {
    const wait = this.expectedWaitMs();
    if (wait > this.maxWaitMs) throw overloaded((wait + this.#averageMs) / 1000);
  }

  /** Runs the task when its turn comes; throws `overloaded` instead of queueing too long. */
  async run<T>(task: () => Promise<T>, options: { urgent?: boolean } = {}): Promise<T> {
    if (!options.urgent) this.admit();
    if (this.#running >= this.concurrency) {
      await new Promise<void>((resolve) => {
        const waiter = { start: resolve };
        if (options.urgent) this.#waiting.unshift(waiter);
        else this.#waiting.push(waiter);
      });
    } else {
      this.#running++;
    }
    const started = performance.now();
    try {
      return await task();
    } finally {
      this.#record(performance.now() - started);
      const next = this.#waiting.shift();
      if (next) next.start();
      else this.#running--;
    }
  }

  #record(ms: number) {
    this.#averageMs = this.#measured ? this.#averageMs * 0.8 + ms * 0.2 : ms;
    this.#measured = true;
  }
}
