import { describe, expect, it } from 'vitest';
import { auditDiff, auditValue } from './auditDiff';

describe('auditDiff', () => {
  it('keeps only the fields that changed', () => {
    expect(
      auditDiff(
        { title: 'Six months', toman: 560000, active: true, days: 180 },
        { title: 'Six months', toman: 590000, active: false, days: 180 },
      ),
    ).toEqual([
      { field: 'toman', kind: 'changed', before: 560000, after: 590000 },
      { field: 'active', kind: 'changed', before: true, after: false },
    ]);
  });

  it('names added and removed fields, nested ones by path', () => {
    expect(auditDiff({ a: 1, limits: { days: 30, mb: 100 } }, { limits: { days: 60, mb: 100 }, b: [1, 2] })).toEqual([
      { field: 'a', kind: 'removed', before: 1, after: undefined },
      { field: 'limits.days', kind: 'changed', before: 30, after: 60 },
      { field: 'b', kind: 'added', before: undefined, after: [1, 2] },
    ]);
  });

  it('treats a missing side as every field added or removed', () => {
    expect(auditDiff(null, { username: 'bahram' })).toEqual([
      { field: 'username', kind: 'added', before: undefined, after: 'bahram' },
    ]);
    expect(auditDiff({ id: 3 }, null)).toEqual([{ field: 'id', kind: 'removed', before: 3, after: undefined }]);
  });

  it('compares bare values and arrays whole', () => {
    expect(auditDiff('a', 'b')).toEqual([{ field: '', kind: 'changed', before: 'a', after: 'b' }]);
    expect(auditDiff([1], [1])).toEqual([]);
    expect(auditDiff(null, null)).toEqual([]);
    expect(auditDiff(null, 5)).toEqual([{ field: '', kind: 'added', before: null, after: 5 }]);
    expect(auditDiff({ a: 1 }, { a: 1 })).toEqual([]);
  });
});

describe('auditValue', () => {
  it('writes text as it is and other values as JSON, cut', () => {
    expect(auditValue('paid')).toBe('paid');
    expect(auditValue(590000)).toBe('590000');
    expect(auditValue(null)).toBe('null');
    expect(auditValue(undefined)).toBe('');
    expect(auditValue({ a: [1, 2] })).toBe('{"a":[1,2]}');
    expect(auditValue('x'.repeat(100), 10)).toBe('xxxxxxxxx…');
  });
});
