import { describe, expect, it } from 'vitest';
import { nextSort, pageCount, pageOf, rowRange } from './adminTable';

describe('nextSort', () => {
  it('sorts a new column by its first direction, from the first page', () => {
    expect(
      nextSort({ q: 'ali', page: 4, sort: 'username', dir: 'asc' }, { sort: 'createdAt', firstDir: 'desc' }),
    ).toEqual({ q: 'ali', page: 1, sort: 'createdAt', dir: 'desc' });
    expect(nextSort({}, { sort: 'username' })).toEqual({ page: 1, sort: 'username', dir: 'asc' });
  });

  it('turns the sorted column the other way', () => {
    expect(nextSort({ sort: 'username', dir: 'asc' }, { sort: 'username' }).dir).toBe('desc');
    expect(nextSort({ sort: 'username', dir: 'desc' }, { sort: 'username' }).dir).toBe('asc');
    expect(nextSort({ sort: 'usedBytes' }, { sort: 'usedBytes', firstDir: 'desc' }).dir).toBe('desc');
  });
});

describe('pages', () => {
  it('defaults to the first page of 25', () => {
    expect(pageOf({})).toEqual({ page: 1, pageSize: 25 });
    expect(pageOf({ page: 0, pageSize: -5 })).toEqual({ page: 1, pageSize: 25 });
    expect(pageOf({ page: 3, pageSize: 100 })).toEqual({ page: 3, pageSize: 100 });
  });

  it('counts pages, one at least', () => {
    expect(pageCount(0, 25)).toBe(1);
    expect(pageCount(25, 25)).toBe(1);
    expect(pageCount(26, 25)).toBe(2);
    expect(pageCount(312, 50)).toBe(7);
  });

  it('gives the rows shown', () => {
    expect(rowRange(1, 25, 0)).toEqual({ from: 0, to: 0 });
    expect(rowRange(1, 25, 312)).toEqual({ from: 1, to: 25 });
    expect(rowRange(13, 25, 312)).toEqual({ from: 301, to: 312 });
    expect(rowRange(20, 25, 312)).toEqual({ from: 312, to: 312 });
  });
});
