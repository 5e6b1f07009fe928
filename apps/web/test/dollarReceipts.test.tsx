import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { encodePaymentResult } from '@separ/domain';
import { renderApp } from './renderApp.tsx';

/** The result page of an order paid in dollars (issue 31 §1): the server adds its cents, `usd_cents`. */
describe('the payment result of an order paid in dollars', () => {
  const paid = (usdCents?: number) =>
    encodePaymentResult({
      status: 'success',
      resnum: 'S7',
      refnum: 'OXA-7',
      amount: 1_200_000,
      time: '2026-11-22 10:30:00',
      username: 'sp777',
      password: 'Secret77',
      ...(usdCents === undefined ? {} : { usd_cents: usdCents }),
    });

  it('says the dollars first in English', async () => {
    await renderApp(`/paymentresult#data=${paid(200)}`);
    expect(await screen.findByText('$2.00 (120,000 Toman)', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('sp777')).toBeTruthy();
  });

  it('and the tomans first in Persian, the dollars beside', async () => {
    await renderApp(`/paymentresult#data=${paid(200)}`, { language: 'fa' });
    expect(await screen.findByText('۱۲۰٬۰۰۰ تومان (معادل ۲٫۰۰ دلار)')).toBeTruthy();
  });

  it('an order in tomans says only its tomans', async () => {
    await renderApp(`/paymentresult#data=${paid()}`);
    expect(await screen.findByText('120,000 Toman')).toBeTruthy();
    expect(screen.queryByText(/\$/)).toBeNull();
  });
});
