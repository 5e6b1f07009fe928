import { describe, expect, it } from 'vitest';
import { bytesToMB, compactNumber, dayLabel, embedRtl, isEmptySeries, trafficUnit } from './chartFormat';

describe('chart labels', () => {
  it('name a UTC day in the Persian calendar with Persian digits, and in English', () => {
    expect(dayLabel('2026-11-05', 'fa')).toBe('۱۴ آبان');
    expect(dayLabel('2026-11-05', 'en')).toBe('Nov 5');
    expect(dayLabel('2026-11-05', 'en', 'long')).toBe('Thursday, November 5, 2026');
    expect(dayLabel('2026-11-05', 'fa', 'long')).toContain('۱۴۰۵');
  });

  it('keep a day it cannot read as it came', () => {
    expect(dayLabel('someday', 'fa')).toBe('someday');
  });

  it('shorten large amounts for an axis', () => {
    expect(compactNumber(12_500_000, 'en')).toBe('12.5M');
    expect(compactNumber(12_500_000, 'fa')).toBe('۱۲٫۵\u00a0میلیون');
    expect(compactNumber(0, 'fa')).toBe('۰');
  });

  it('embed Persian labels right to left, and leave English alone', () => {
    expect(embedRtl('۱۴ آبان', 'fa')).toBe('\u202b۱۴ آبان\u202c');
    expect(embedRtl('Nov 5', 'en')).toBe('Nov 5');
  });

  it('convert bytes and find empty series', () => {
    expect(bytesToMB(5 * 1024 * 1024)).toBe(5);
    expect(isEmptySeries([])).toBe(true);
    expect(isEmptySeries([0, 0])).toBe(true);
    expect(isEmptySeries([0, 3])).toBe(false);
  });

  it('count traffic in the unit of its largest value', () => {
    expect(trafficUnit(4210 * 1024 ** 3).unit).toBe('tb');
    expect(trafficUnit(5 * 1024 ** 3).unit).toBe('gb');
    expect(trafficUnit(300 * 1024 ** 2)).toEqual({ unit: 'mb', bytes: 1024 ** 2 });
  });
});
