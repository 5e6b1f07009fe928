import { describe, expect, it } from 'vitest';
import { checkNewOperator, codeRefusal, groupSecret, normalizeOtp } from './adminOperatorForms';

describe('checkNewOperator', () => {
  it('wants a Latin name and, when given, a long password', () => {
    expect(checkNewOperator('bahram', '')).toEqual({});
    expect(checkNewOperator(' ops.team-2 ', 'a-long-password')).toEqual({});
    expect(checkNewOperator('', '')).toEqual({ username: 'usernameRequired' });
    expect(checkNewOperator('ab', '')).toEqual({ username: 'usernameInvalid' });
    expect(checkNewOperator('2fast', '')).toEqual({ username: 'usernameInvalid' });
    expect(checkNewOperator('بهرام', '')).toEqual({ username: 'usernameInvalid' });
    expect(checkNewOperator('bahram', 'short')).toEqual({ password: 'passwordShort' });
  });
});

describe('normalizeOtp', () => {
  it('reads six digits in any script, with spaces', () => {
    expect(normalizeOtp('123456')).toBe('123456');
    expect(normalizeOtp('123 456')).toBe('123456');
    expect(normalizeOtp('۱۲۳۴۵۶')).toBe('123456');
    expect(normalizeOtp('12345')).toBeNull();
    expect(normalizeOtp('1234567')).toBeNull();
    expect(normalizeOtp('12a456')).toBeNull();
  });
});

describe('groupSecret', () => {
  it('groups by four', () => {
    expect(groupSecret('JBSWY3DPEHPK3PXP')).toBe('JBSW Y3DP EHPK 3PXP');
    expect(groupSecret('ABCDEF')).toBe('ABCD EF');
  });
});

describe('codeRefusal', () => {
  it('reads the code of the container’s error or of an RTK Query answer, only for the code’s refusals', () => {
    expect(codeRefusal({ code: 'bad_otp', message: 'x' })).toBe('bad_otp');
    expect(codeRefusal({ status: 401, data: { code: 'otp_required' } })).toBe('otp_required');
    expect(codeRefusal({ status: 423, data: { code: 'operator_locked' } })).toBe('operator_locked');
    expect(codeRefusal({ code: 'throttled' })).toBe('throttled');
    expect(codeRefusal({ code: 'conflict' })).toBeNull();
    // An RTK Query error's `code` is the HTTP status, not the admin API's code.
    expect(codeRefusal({ code: 401, data: { code: 'bad_otp' } })).toBe('bad_otp');
    expect(codeRefusal('bad_otp')).toBeNull();
    expect(codeRefusal(null)).toBeNull();
  });
});
