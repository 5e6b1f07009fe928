import { describe, expect, it } from 'vitest';
import { nextReset, resetBoundary, resetsPassed } from './reset.ts';

const at = (iso: string) => new Date(iso);

describe('reset periods (CONTRACTS §14)', () => {
  it('counts days and weeks from the start', () => {
    const start = at('2026-03-10T08:30:00.000Z');
    expect(resetBoundary(start, 'day', 1).toISOString()).toBe('2026-03-11T08:30:00.000Z');
    expect(resetsPassed(start, 'day', at('2026-03-11T08:29:59.999Z'))).toBe(0);
    expect(resetsPassed(start, 'day', at('2026-03-11T08:30:00.000Z'))).toBe(1);
    expect(resetsPassed(start, 'day', at('2026-03-14T09:00:00.000Z'))).toBe(4);
    expect(resetsPassed(start, 'week', at('2026-03-17T08:29:00.000Z'))).toBe(0);
    expect(resetsPassed(start, 'week', at('2026-03-24T08:30:00.000Z'))).toBe(2);
    expect(resetsPassed(start, 'day', at('2026-03-01T00:00:00.000Z'))).toBe(0);
  });

  it('counts calendar months, a start on the 31st keeping to the month’s last day', () => {
    const start = at('2026-01-31T20:00:00.000Z');
    expect(resetBoundary(start, 'month', 1).toISOString()).toBe('2026-02-28T20:00:00.000Z');
    expect(resetBoundary(start, 'month', 2).toISOString()).toBe('2026-03-31T20:00:00.000Z');
    expect(resetBoundary(start, 'month', 11).toISOString()).toBe('2026-12-31T20:00:00.000Z');
    expect(resetBoundary(start, 'month', 13).toISOString()).toBe('2027-02-28T20:00:00.000Z');
    expect(resetsPassed(start, 'month', at('2026-02-28T19:59:59.000Z'))).toBe(0);
    expect(resetsPassed(start, 'month', at('2026-02-28T20:00:00.000Z'))).toBe(1);
    expect(resetsPassed(start, 'month', at('2026-03-31T19:00:00.000Z'))).toBe(1);
    expect(resetsPassed(start, 'month', at('2026-04-01T00:00:00.000Z'))).toBe(2);
  });

  it('gives the next reset only before the expiry', () => {
    const start = at('2026-05-01T00:00:00.000Z');
    expect(nextReset(start, 'none', 0, null)).toBeNull();
    expect(nextReset(start, 'month', 0, at('2026-08-01T00:00:00.000Z'))?.toISOString()).toBe(
      '2026-06-01T00:00:00.000Z',
    );
    expect(nextReset(start, 'month', 2, at('2026-08-01T00:00:00.000Z'))).toBeNull();
    expect(nextReset(start, 'week', 1, null)?.toISOString()).toBe('2026-05-15T00:00:00.000Z');
  });
});
