import { describe, expect, it } from 'vitest';
import { checkNewPassword, MAX_EXTEND_DAYS, parseWholeNumber } from './adminUserForms';

describe('parseWholeNumber', () => {
  it('reads Latin, Persian and Arabic-Indic digits with separators', () => {
    expect(parseWholeNumber('30', 1, MAX_EXTEND_DAYS)).toEqual({ ok: true, value: 30 });
    expect(parseWholeNumber(' ۹۰ ', 1, MAX_EXTEND_DAYS)).toEqual({ ok: true, value: 90 });
    expect(parseWholeNumber('٣٦٥', 1, MAX_EXTEND_DAYS)).toEqual({ ok: true, value: 365 });
    expect(parseWholeNumber('۱٬۰۲۴', 1, 5000)).toEqual({ ok: true, value: 1024 });
    expect(parseWholeNumber('1,024', 1, 5000)).toEqual({ ok: true, value: 1024 });
  });

  it('says why a value is refused', () => {
    expect(parseWholeNumber('', 1, 10)).toEqual({ ok: false, error: 'required' });
    expect(parseWholeNumber('2.5', 1, 10)).toEqual({ ok: false, error: 'notWhole' });
    expect(parseWholeNumber('-3', 1, 10)).toEqual({ ok: false, error: 'notWhole' });
    expect(parseWholeNumber('abc', 1, 10)).toEqual({ ok: false, error: 'notWhole' });
    expect(parseWholeNumber('0', 1, 10)).toEqual({ ok: false, error: 'tooSmall' });
    expect(parseWholeNumber('11', 1, 10)).toEqual({ ok: false, error: 'tooLarge' });
  });
});

describe('checkNewPassword', () => {
  it('lets the server choose when empty', () => {
    expect(checkNewPassword('', 'sp482913')).toBeNull();
  });

  it('wants six letters or digits at least, 64 at most, whatever the username', () => {
    expect(checkNewPassword('abc12', 'sp482913')).toBe('tooShort');
    expect(checkNewPassword('abc 123', 'sp482913')).toBe('invalidCharacters');
    expect(checkNewPassword('رمز۱۲۳۴۵۶', 'sp482913')).toBe('invalidCharacters');
    expect(checkNewPassword('a'.repeat(65), 'sp482913')).toBe('tooLong');
    expect(checkNewPassword('a'.repeat(64), 'sp482913')).toBeNull();
    expect(checkNewPassword('a'.repeat(40), 'a-very-long-username-indeed')).toBeNull();
    expect(checkNewPassword('Secret123', 'sp482913')).toBeNull();
  });
});
