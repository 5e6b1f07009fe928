import { describe, expect, it } from 'vitest';
import { RECEIPT_IMAGE_MAX_BYTES } from '@separ/domain';
import { clockText, receiptImageProblem, secondsLeft } from './cardTransfer';

describe('the transfer page’s rules', () => {
  it('takes PNG, JPEG and WebP pictures up to 2 MB', () => {
    expect(receiptImageProblem({ type: 'image/png', size: 1 })).toBeNull();
    expect(receiptImageProblem({ type: 'image/jpeg', size: RECEIPT_IMAGE_MAX_BYTES })).toBeNull();
    expect(receiptImageProblem({ type: 'image/webp', size: RECEIPT_IMAGE_MAX_BYTES + 1 })).toBe('imageTooLarge');
    expect(receiptImageProblem({ type: 'image/gif', size: 10 })).toBe('invalidImage');
    expect(receiptImageProblem({ type: '', size: 10 })).toBe('invalidImage');
  });

  it('counts whole seconds down to the deadline, never below zero', () => {
    const deadline = '2026-11-22T11:30:00.000Z';
    expect(secondsLeft(deadline, Date.parse('2026-11-22T10:30:00.000Z'))).toBe(3600);
    expect(secondsLeft(deadline, Date.parse('2026-11-22T11:29:58.500Z'))).toBe(1);
    expect(secondsLeft(deadline, Date.parse('2026-11-22T11:31:00.000Z'))).toBe(0);
    expect(secondsLeft('not a date', 0)).toBe(0);
  });

  it('writes the countdown as mm:ss, an hour as 60:00', () => {
    expect(clockText(3600)).toBe('60:00');
    expect(clockText(2555)).toBe('42:35');
    expect(clockText(9)).toBe('00:09');
    expect(clockText(0)).toBe('00:00');
  });
});
