import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MOCK_GIFT_CODES } from '@separ/api/mocks';
import { gatewayNavigation } from '../src/pages/PaymentPage.tsx';
import { renderApp } from './renderApp.tsx';

const quiet = () => vi.spyOn(console, 'warn').mockImplementation(() => undefined);

describe('a discount code on the payment page (CONTRACTS §12)', () => {
  it('says each refusal in its own words, then applies a code and pays the quoted price with it', async () => {
    quiet();
    const go = vi.spyOn(gatewayNavigation, 'go').mockImplementation(() => undefined);
    const { mock } = await renderApp('/payment?plan_id=2');
    await userEvent.click(await screen.findByRole('button', { name: 'Have a discount code?' }, { timeout: 5_000 }));
    const field = screen.getByLabelText('Discount code');
    const apply = screen.getByRole('button', { name: 'Apply' });
    await userEvent.type(field, 'old10');
    await userEvent.click(apply);
    expect(await screen.findByText('This discount code has expired.')).toBeTruthy();
    // MONTH50 is for the one-month plans only.
    await userEvent.clear(field);
    await userEvent.type(field, 'MONTH50');
    await userEvent.click(apply);
    expect(await screen.findByText('This discount code is not for this plan.')).toBeTruthy();
    await userEvent.clear(field);
    await userEvent.type(field, 'NOSUCH');
    // Enter applies the code; it does not start the payment.
    await userEvent.type(field, '{Enter}');
    expect(await screen.findByText('There is no such discount code. Check how it is spelt.')).toBeTruthy();
    expect(mock.purchases).toEqual([]);
    await userEvent.clear(field);
    await userEvent.type(field, 'separ20');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    // The server's quote: 20% off the plan's 320,000.
    expect((await screen.findByRole('status')).textContent).toContain(
      'Code \u2068SEPAR20\u2069 applied: 64,000 Toman off.',
    );
    expect(screen.getByText('320,000 Toman').tagName).toBe('S');
    expect(screen.getByText('\u221264,000 Toman')).toBeTruthy();
    expect(screen.getByText('256,000 Toman')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('E-mail'), 'buyer@example.com');
    const start = screen.getByRole('button', { name: 'Start payment' });
    await waitFor(() => expect(start.hasAttribute('disabled')).toBe(false));
    await userEvent.click(start);
    await waitFor(() => expect(go).toHaveBeenCalledTimes(1), { timeout: 3000 });
    expect(mock.purchases).toEqual([
      { planId: 2, email: 'buyer@example.com', gate: 'ird', coupon: 'SEPAR20', price: 256_000 },
    ]);
    // A journey of four codes and a payment: 8 s on an idle machine, twice that on a loaded one.
  }, 30_000);

  it('removes the code: the plan’s price again, and the purchase without it', async () => {
    quiet();
    const go = vi.spyOn(gatewayNavigation, 'go').mockImplementation(() => undefined);
    const { mock } = await renderApp('/payment?plan_id=1');
    await userEvent.click(await screen.findByRole('button', { name: 'Have a discount code?' }, { timeout: 5_000 }));
    await userEvent.type(screen.getByLabelText('Discount code'), 'MONTH50');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('70,000 Toman')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Remove code' }));
    await waitFor(() => expect(screen.queryByText('70,000 Toman')).toBeNull());
    expect(document.querySelector('s')).toBeNull();
    expect((screen.getByLabelText('Discount code') as HTMLInputElement).value).toBe('');
    await userEvent.type(screen.getByLabelText('E-mail'), 'a@b.co');
    const start = screen.getByRole('button', { name: 'Start payment' });
    await waitFor(() => expect(start.hasAttribute('disabled')).toBe(false));
    await userEvent.click(start);
    await waitFor(() => expect(go).toHaveBeenCalledTimes(1), { timeout: 3000 });
    expect(mock.purchases).toEqual([{ planId: 1, email: 'a@b.co', gate: 'ird' }]);
  });

  it('says a code the purchase refused by its reason, and takes the code off', async () => {
    quiet();
    const go = vi.spyOn(gatewayNavigation, 'go').mockImplementation(() => undefined);
    const { mock } = await renderApp('/payment?plan_id=2');
    await userEvent.click(await screen.findByRole('button', { name: 'Have a discount code?' }, { timeout: 5_000 }));
    await userEvent.type(screen.getByLabelText('Discount code'), 'SEPAR20');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('256,000 Toman')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('E-mail'), 'a@b.co');
    // The code is used up between the check and the purchase.
    mock.coupons.SEPAR20 = { percent: 20, refusal: 'couponUsedUp' };
    const start = screen.getByRole('button', { name: 'Start payment' });
    await waitFor(() => expect(start.hasAttribute('disabled')).toBe(false));
    await userEvent.click(start);
    expect((await screen.findByRole('alert')).textContent).toBe('This discount code has been used up.');
    expect(screen.queryByText('256,000 Toman')).toBeNull();
    expect(document.querySelector('s')).toBeNull();
    expect(go).not.toHaveBeenCalled();
    expect(mock.purchases).toEqual([]);
  });
});

describe('a gift code on the wallet page (CONTRACTS §12)', () => {
  it('redeems a code into the balance, which loads again; a code twice, or unknown, is refused by its reason', async () => {
    const { mock } = await renderApp('/panel/wallet', { loggedIn: true });
    expect(await screen.findByText('830,000 Toman', undefined, { timeout: 5_000 })).toBeTruthy();
    const field = screen.getByLabelText('Gift code');
    const redeem = screen.getByRole('button', { name: 'Redeem' });
    await userEvent.click(redeem);
    expect(await screen.findByText('Enter a gift code.')).toBeTruthy();
    const loads = mock.calls.wallet;
    await userEvent.type(field, MOCK_GIFT_CODES.fresh.toLowerCase());
    await userEvent.click(redeem);
    expect((await screen.findByRole('status')).textContent).toBe('50,000 Toman has been added to your wallet.');
    expect(await screen.findByText('880,000 Toman')).toBeTruthy();
    expect(mock.calls.wallet).toBe(loads + 1);
    expect(mock.wallet.entries[0]).toMatchObject({ kind: 'gift', amount: 50_000, balance: 880_000 });
    await userEvent.click(screen.getByRole('button', { name: 'Redeem' }));
    expect(await screen.findByText('This gift code has already been redeemed.')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
    await userEvent.clear(field);
    await userEvent.type(field, MOCK_GIFT_CODES.expired);
    await userEvent.click(screen.getByRole('button', { name: 'Redeem' }));
    expect(await screen.findByText('This gift code has expired.')).toBeTruthy();
    await userEvent.clear(field);
    await userEvent.type(field, 'G-0000-0000-0000-0000');
    await userEvent.click(screen.getByRole('button', { name: 'Redeem' }));
    expect(await screen.findByText('There is no such gift code. Check how it is spelt.')).toBeTruthy();
    expect(mock.wallet.balance).toBe(880_000);
  });
});
