import { describe, expect, it } from 'vitest';
import {
  ADMIN_ERROR_CODES,
  adminCodeOf,
  ERROR_CODES,
  ERRORS,
  errorMessage,
  errorStatus,
  isAdminErrorCode,
  isErrorCode,
} from './errors.ts';
import { PASSWORD_CHANGE_MESSAGES, PASSWORD_CHANGE_REFUSALS } from '../validation.ts';

describe('the error table', () => {
  it('gives every code an HTTP status of an answer and a message', () => {
    expect(ERROR_CODES.length).toBeGreaterThan(40);
    for (const code of ERROR_CODES) {
      const status = errorStatus(code);
      expect(status === 200 || (status >= 400 && status < 600), code).toBe(true);
      expect(typeof ERRORS[code].message === 'string' || typeof ERRORS[code].message === 'function', code).toBe(true);
    }
  });

  it('keeps the texts the spec fixes, byte for byte', () => {
    for (const rule of Object.keys(PASSWORD_CHANGE_MESSAGES) as Array<keyof typeof PASSWORD_CHANGE_MESSAGES>)
      expect(errorMessage(rule)).toBe(PASSWORD_CHANGE_MESSAGES[rule]);
    expect(errorMessage('passwordTooCommon')).toBe('Password is too common');
    expect(errorMessage('currentIncorrect')).toBe('Current password is incorrect');
    expect(errorMessage('tooLong', { max: 64 })).toBe('New password must be at most 64 characters');
    expect(errorMessage('missingCredentials')).toBe('Please enter username and password');
    expect(errorMessage('bad_credentials')).toBe('Invalid username or password');
    expect(errorMessage('paymentFailed')).toBe('Payment failed. Please try again.');
    expect(errorMessage('missingParameter', { name: 'email' })).toBe('Missing parameter: email');
    expect(errorMessage('tooManyAttempts')).toBe('Too many attempts. Please wait and try again.');
    expect(errorMessage('tooManyAttempts', { of: 'login attempts' })).toBe(
      'Too many login attempts. Please wait and try again.',
    );
    expect(errorMessage('deviceLimitReached', { allowed: 2 })).toBe(
      'Device limit reached: this account allows 2 device(s). Disconnect one in your account panel.',
    );
  });

  it('answers the password refusals 200 (the spec’s client reads ok and message) and knows each', () => {
    for (const code of PASSWORD_CHANGE_REFUSALS) {
      expect(isErrorCode(code), code).toBe(true);
      expect(errorStatus(code)).toBe(200);
    }
  });

  it('lets free-text codes carry their own text, and falls back to the default', () => {
    expect(errorMessage('invalid', { text: 'The title must be 1 to 80 characters.' })).toBe(
      'The title must be 1 to 80 characters.',
    );
    expect(errorMessage('not_found')).toBe('Not found');
  });

  it('recognises codes and nothing else', () => {
    expect(isErrorCode('tooShort')).toBe(true);
    expect(isErrorCode('toString')).toBe(false);
    expect(isErrorCode(200)).toBe(false);
    expect(isErrorCode(undefined)).toBe(false);
  });

  it('maps every code to the admin API’s codes by its status', () => {
    for (const code of ADMIN_ERROR_CODES) expect(adminCodeOf(code)).toBe(code);
    expect(adminCodeOf('tooManyAttempts')).toBe('throttled');
    expect(adminCodeOf('deviceNotFound')).toBe('not_found');
    expect(adminCodeOf('deviceNotDisconnectable')).toBe('conflict');
    expect(adminCodeOf('missingParameter')).toBe('invalid');
    expect(adminCodeOf('bodyTooLarge')).toBe('invalid');
    expect(adminCodeOf('overloaded')).toBeNull();
    expect(adminCodeOf('internal')).toBeNull();
    for (const code of ERROR_CODES) {
      const admin = adminCodeOf(code);
      expect(admin === null || isAdminErrorCode(admin), code).toBe(true);
    }
  });
});
