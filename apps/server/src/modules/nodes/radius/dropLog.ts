import type { Log } from '../../../platform/context.ts';

/**
 * The RADIUS server's warnings about dropped datagrams, at most one line per interval (security
 * review finding 15): UDP sources are spoofable and the port may listen on 0.0.0.0, so a line per
 * datagram would let anyone fill the disk and bury real events. The first drop after a quiet
 * interval is written at once, with its source and reason; the ones after it, until the interval
 * has passed, are counted by reason, and the next line (the next drop's, or `flush`'s summary)
 * says how many were left out.
 */
export class DropLog {
  readonly #log: () => Pick<Log, 'warn'>;
  readonly #everyMs: number;
  readonly #now: () => number;
  #lastLineAt = Number.NEGATIVE_INFINITY;
  #suppressed = 0;
  #reasons: Record<string, number> = {};
  #sources = new Set<string>();

  constructor(log: () => Pick<Log, 'warn'>, options: { everyMs?: number; now?: () => number } = {}) {
    this.#log = log;
    this.#everyMs = options.everyMs ?? 10_000;
    this.#now = options.now ?? Date.now;
  }

  /** One dropped datagram: written now, or counted for the next line. */
  note(reason: string, from: string): void {
    const now = this.#now();
    if (now - this.#lastLineAt < this.#everyMs) {
      this.#suppressed++;
      this.#reasons[reason] = (this.#reasons[reason] ?? 0) + 1;
      // A few sources, to go on: not every one of a spoofed flood.
      if (this.#sources.size < 5) this.#sources.add(from);
      return;
    }
    this.#lastLineAt = now;
    this.#log().warn({ from, reason, ...this.#takeSummary() }, 'RADIUS packet dropped');
  }

  /**
   * Writes what was left out since the last line, once the interval has passed since it (a timer
   * calls this), or at once with `force` (when the server stops).
   */
  flush(force = false): void {
    if (this.#suppressed === 0) return;
    const now = this.#now();
    if (!force && now - this.#lastLineAt < this.#everyMs) return;
    this.#lastLineAt = now;
    this.#log().warn(this.#takeSummary(), 'RADIUS packets dropped (summary)');
  }

  #takeSummary(): { suppressed?: number; reasons?: Record<string, number>; sources?: string[] } {
    if (this.#suppressed === 0) return {};
    const summary = { suppressed: this.#suppressed, reasons: this.#reasons, sources: [...this.#sources] };
    this.#suppressed = 0;
    this.#reasons = {};
    this.#sources = new Set();
    return summary;
  }
}
