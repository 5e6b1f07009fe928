import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  isValidEmail,
  isValidPasswordText,
  isPasswordChangeRefusal,
  MAX_PASSWORD_LENGTH,
  maxPasswordLength,
  PASSWORD_TOO_COMMON_MESSAGE,
  passwordTooLongMessage,
  validateLogin,
  validatePasswordChange,
} from './validation.ts';

describe('validateLogin (SPEC §5 login)', () => {
  it('accepts non-blank username and password', () => {
    expect(validateLogin('sepr1234', 'secret')).toBeNull();
  });

  it.each([
    ['', ''],
    ['user', ''],
    ['', 'pass'],
    ['   ', 'pass'],
    ['user', '\t\n '],
  ])('refuses blank fields (%j, %j)', (username, password) => {
    expect(validateLogin(username, password)).toBe('missingCredentials');
  });

  it('refuses values that are not text', () => {
    expect(validateLogin(undefined as unknown as string, 'x')).toBe('missingCredentials');
  });
});

describe('isValidEmail (SPEC §5 payment e-mail)', () => {
  it.each([
    'a@b.co',
    'first.last@example.com',
    'user+tag@mail.example.ir',
    "o'brien@sub-domain.example.org",
    ' me@x.io ',
  ])('accepts %j', (email) => {
    expect(isValidEmail(email)).toBe(true);
  });

  it.each([
    '',
    'plain',
    '@example.com',
    'user@',
    'user@example',
    'user@example.c',
    'user@@example.com',
    'us er@example.com',
    'user@exa mple.com',
    '.user@example.com',
    'user.@example.com',
    'us..er@example.com',
    'user@-example.com',
    'user@example-.com',
    'user@example..com',
    'user@example.123',
    'کاربر@example.com',
    `${'a'.repeat(65)}@example.com`,
    `a@${'b'.repeat(250)}.com`,
  ])('refuses %j', (email) => {
    expect(isValidEmail(email)).toBe(false);
  });

  it('refuses values that are not text', () => {
    expect(isValidEmail(null as unknown as string)).toBe(false);
  });

  it('accepts every address of the usual shape', () => {
    const label = fc.stringMatching(/^[a-z0-9]([a-z0-9-]{0,10}[a-z0-9])?$/);
    fc.assert(
      fc.property(
        fc.stringMatching(/^[a-z0-9_+]{1,20}$/),
        label,
        fc.stringMatching(/^[a-z]{2,6}$/),
        (local, domain, tld) => {
          expect(isValidEmail(`${local}@${domain}.${tld}`)).toBe(true);
        },
      ),
    );
  });
});

describe('validatePasswordChange (SPEC §5 change password, in order)', () => {
  const ok = { current: 'oldPass1', next: 'newPass2', confirm: 'newPass2' };

  it('accepts a valid change', () => {
    expect(validatePasswordChange(ok)).toBeNull();
  });

  it('requires all fields first', () => {
    expect(validatePasswordChange({ ...ok, current: '' })).toBe('allFieldsRequired');
    expect(validatePasswordChange({ ...ok, next: '' })).toBe('allFieldsRequired');
    expect(validatePasswordChange({ ...ok, confirm: '  ' })).toBe('allFieldsRequired');
    expect(validatePasswordChange({ current: '', next: 'a', confirm: 'b' })).toBe('allFieldsRequired');
  });

  it('then requires the confirmation to match', () => {
    expect(validatePasswordChange({ ...ok, confirm: 'newPass3' })).toBe('mismatch');
    expect(validatePasswordChange({ current: 'same', next: 'x!', confirm: 'y!' })).toBe('mismatch');
  });

  it('then refuses the current password again', () => {
    expect(validatePasswordChange({ current: 'abc', next: 'abc', confirm: 'abc' })).toBe('sameAsCurrent');
  });

  it('then requires at least 6 characters', () => {
    expect(validatePasswordChange({ current: 'oldPass1', next: 'ab!de', confirm: 'ab!de' })).toBe('tooShort');
    expect(validatePasswordChange({ current: 'oldPass1', next: 'abcdef', confirm: 'abcdef' })).toBeNull();
  });

  it('then allows only Latin letters and digits in current and new', () => {
    expect(validatePasswordChange({ current: 'oldPass1', next: 'newPass!', confirm: 'newPass!' })).toBe(
      'invalidCharacters',
    );
    expect(validatePasswordChange({ current: 'old Pass', next: 'newPass2', confirm: 'newPass2' })).toBe(
      'invalidCharacters',
    );
    expect(validatePasswordChange({ current: 'oldPass1', next: 'رمزعبور۱۲۳', confirm: 'رمزعبور۱۲۳' })).toBe(
      'invalidCharacters',
    );
  });

  it('accepts every distinct pair of alphanumeric passwords of 6 or more', () => {
    const password = fc.stringMatching(/^[A-Za-z0-9]{6,24}$/);
    fc.assert(
      fc.property(password, password, (current, next) => {
        fc.pre(current !== next);
        expect(validatePasswordChange({ current, next, confirm: next })).toBeNull();
      }),
    );
  });
});

describe('isValidPasswordText', () => {
  it('allows Latin letters and digits only', () => {
    expect(isValidPasswordText('Abc123')).toBe(true);
    expect(isValidPasswordText('abc-123')).toBe(false);
    expect(isValidPasswordText('')).toBe(false);
  });
});

describe('maxPasswordLength (CONTRACTS §15: 64 characters, whatever the username)', () => {
  it('is 64 for every account: the password is no longer part of the V2Ray id', () => {
    expect(MAX_PASSWORD_LENGTH).toBe(64);
    expect(maxPasswordLength('sp482913')).toBe(64);
    expect(maxPasswordLength('a')).toBe(64);
    expect(maxPasswordLength('é'.repeat(40))).toBe(64);
    expect(maxPasswordLength()).toBe(64);
  });

  it('words the refusals', () => {
    expect(passwordTooLongMessage(64)).toBe('New password must be at most 64 characters');
    expect(passwordTooLongMessage()).toBe('New password must be at most 64 characters');
    expect(PASSWORD_TOO_COMMON_MESSAGE).toBe('Password is too common');
  });

  it('knows the codes of a refusal, and nothing else', () => {
    expect(isPasswordChangeRefusal('passwordTooCommon')).toBe(true);
    expect(isPasswordChangeRefusal('tooShort')).toBe(true);
    expect(isPasswordChangeRefusal(400)).toBe(false);
    expect(isPasswordChangeRefusal('toString')).toBe(false);
  });
});
