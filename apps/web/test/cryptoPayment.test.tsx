import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { gatewayNavigation } from '../src/pages/PaymentPage.tsx';
import { renderApp } from './renderApp.tsx';

const quiet = () => vi.spyOn(console, 'warn').mockImplementation(() => undefined);

/** The shop's rate: plan 2's 320,000 Toman are $5.00 (the server's price_usd), and SEPAR20's 256,000 are $4.00. */
const RATE = 64_000;
const backend = {
  tomanPerUsd: RATE,
  gateways: { ird: 1, spay: 1, oxapay: 1, nowpayments: 0, sandboxcrypto: 1 },
} as const;

describe('paying in crypto from the payment page (issue 31)', () => {
  it('in English: the price in dollars, the tomans beside the rial gates, and the crypto gates with their dollars', async () => {
    quiet();
    const go = vi.spyOn(gatewayNavigation, 'go').mockImplementation(() => undefined);
    const { mock } = await renderApp('/payment?plan_id=2', { backend });
    const oxapay = await screen.findByRole('radio', { name: /Crypto \(OxaPay\)/ }, { timeout: 5_000 });
    expect(screen.queryByRole('radio', { name: /NOWPayments/ })).toBeNull();
    const sandbox = screen.getByRole('radio', { name: /Crypto \(test, no money moves\)/ });
    expect(within(oxapay.closest('label')!).getByText('$5.00')).toBeTruthy();
    // The total in dollars; the rial gates say what they charge in tomans.
    expect(screen.getAllByText('$5.00').some((total) => total.tagName === 'STRONG')).toBe(true);
    // Plan 2 costs its toman price through a gate (320,000; 290,000 is the wallet's price).
    expect(screen.getAllByText('Charged in Toman: 320,000 Toman')).toHaveLength(2);

    // A discount code: the reduced price in dollars, by the quote's price_usd.
    await userEvent.click(screen.getByRole('button', { name: 'Have a discount code?' }));
    await userEvent.type(screen.getByLabelText('Discount code'), 'SEPAR20');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect((await screen.findByText('$5.00')).tagName).toBe('S');
    expect(screen.getByText('\u2212$1.00')).toBeTruthy();
    expect(screen.getAllByText('$4.00').some((total) => total.tagName === 'STRONG')).toBe(true);
    expect(within(oxapay.closest('label')!).getByText('$4.00')).toBeTruthy();
    expect(screen.getAllByText('Charged in Toman: 256,000 Toman')).toHaveLength(2);

    await userEvent.click(sandbox);
    expect(screen.getByText(/A test invoice on this site/)).toBeTruthy();
    await userEvent.type(screen.getByLabelText('E-mail'), 'abroad@example.com');
    const start = screen.getByRole('button', { name: 'Start payment' });
    await waitFor(() => expect(start.hasAttribute('disabled')).toBe(false));
    await userEvent.click(start);
    await waitFor(() => expect(go).toHaveBeenCalledTimes(1), { timeout: 3000 });
    expect(mock.purchases).toEqual([
      { planId: 2, email: 'abroad@example.com', gate: 'sandboxcrypto', coupon: 'SEPAR20', price: 256_000 },
    ]);
    // (Typing takes its time on a loaded machine.)
  }, 45_000);

  it('in Persian: crypto offered with its dollars, the prices still in tomans', async () => {
    quiet();
    await renderApp('/payment?plan_id=2', { backend, language: 'fa' });
    const oxapay = await screen.findByRole('radio', { name: /رمزارز \(OxaPay\)/ }, { timeout: 5_000 });
    expect(within(oxapay.closest('label')!).getByText('۵٫۰۰ دلار')).toBeTruthy();
    expect(screen.getAllByText('۳۲۰٬۰۰۰ تومان').some((total) => total.tagName === 'STRONG')).toBe(true);
    expect(screen.queryByText(/پرداخت به تومان/)).toBeNull();
  });

  it('without the rate: no crypto gate and no dollars', async () => {
    quiet();
    await renderApp('/payment?plan_id=2', { backend: { gateways: backend.gateways } });
    await screen.findByRole('radio', { name: /IranDargah/ }, { timeout: 5_000 });
    expect(screen.queryByRole('radio', { name: /Crypto/ })).toBeNull();
    expect(screen.queryByText(/\$/)).toBeNull();
    expect(screen.getAllByText('320,000 Toman').some((total) => total.tagName === 'STRONG')).toBe(true);
  });
});
