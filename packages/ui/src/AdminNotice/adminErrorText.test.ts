import { describe, expect, it } from 'vitest';
import { adminErrorText } from './adminErrorText';

/** A `t` that shows which key it was asked for. */
const t = (key: string) => `<${key}>`;

describe('adminErrorText', () => {
  it('says a code in the console’s words', () => {
    expect(adminErrorText('network', t)).toBe('<admin:errors.network>');
    expect(adminErrorText('conflict', t)).toBe('<admin:errors.conflict>');
    expect(adminErrorText('not_found', t)).toBe('<admin:errors.not_found>');
    expect(adminErrorText('failed', t)).toBe('<admin:errors.failed>');
  });

  it('gives the server’s own words', () => {
    expect(adminErrorText('Not found', t)).toBe('Not found');
    expect(adminErrorText(new Error('boom'), t)).toBe('boom');
    expect(adminErrorText({ status: 409, data: { ok: false, message: 'Taken', code: 'conflict' } }, t)).toBe('Taken');
    expect(adminErrorText({ message: 'x' }, t)).toBe('x');
  });

  it('falls back when there are none', () => {
    expect(adminErrorText({ status: 500, data: 'oops' }, t)).toBe('<admin:common.failed>');
    expect(adminErrorText(undefined, t)).toBe('<admin:common.failed>');
    expect(adminErrorText('', t)).toBe('<admin:common.failed>');
    expect(adminErrorText(null, t, 'orders.reconcile.error')).toBe('<orders.reconcile.error>');
  });
});
