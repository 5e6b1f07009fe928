import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { failure } from '@separ/api/mocks';
import { decodePaymentResult, encodePaymentResult } from '@separ/domain';
import { gatewayNavigation } from '../src/pages/PaymentPage.tsx';
import { paymentResultData } from '../src/pages/PaymentResultPage.tsx';
import { renderApp } from './renderApp.tsx';
import { server } from './setup.ts';

const quiet = () => vi.spyOn(console, 'warn').mockImplementation(() => undefined);

describe('home pricing (SPEC §4)', () => {
  it('shows up to 3 plans of the tab, and the other tab on switch', async () => {
    quiet();
    await renderApp('/');
    const pricing = await waitFor(() => document.getElementById('pricing')!);
    await within(pricing).findByText('یک ماهه ۵۰ گیگ');
    expect(within(pricing).getAllByRole('link', { name: /Select|Buy|Choose/i }).length).toBeLessThanOrEqual(3);
    expect(within(pricing).queryByText('سالانه نامحدود')).toBeNull(); // the 4th Android plan
    await userEvent.click(within(pricing).getByRole('tab', { name: /iOS/ }));
    expect(await within(pricing).findByText('یک ماهه iOS ۵۰ گیگ')).toBeTruthy();
  });

  it.each(['http500', 'apiCode', 'empty', 'network'] as const)('falls back to the static plans (%s)', async (kind) => {
    await renderApp('/', { overrides: [failure('plans', kind)] });
    const pricing = await waitFor(() => document.getElementById('pricing')!);
    expect((await within(pricing).findAllByText('Free')).length).toBeGreaterThan(0);
    expect(within(pricing).getAllByText('Premium').length).toBeGreaterThan(0);
    // A static plan's button goes to the catalogue, not to a payment.
    expect(
      within(pricing)
        .queryAllByRole('link')
        .some((a) => a.getAttribute('href')?.startsWith('/payment')),
    ).toBe(false);
  });
});

describe('the plan catalogue (SPEC §4)', () => {
  it('refetches on platform switch; the duration defaults to the shortest and is kept while on offer', async () => {
    quiet();
    const { mock } = await renderApp('/buy');
    // The first test of a run loads the page's lazy chunk: on a busy machine that takes over a second.
    await screen.findByText('یک ماهه ۵۰ گیگ', undefined, { timeout: 5_000 });
    const chips = screen.getByRole('group', { name: 'Duration' });
    expect(within(chips).getByRole('button', { name: '1 month' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.queryByText('سه ماهه ۱۵۰ گیگ')).toBeNull();
    await userEvent.click(within(chips).getByRole('button', { name: '3 months' }));
    expect(await screen.findByText('سه ماهه ۱۵۰ گیگ')).toBeTruthy();
    const before = mock.calls.plans;
    await userEvent.click(screen.getByRole('tab', { name: /iOS/ }));
    // 3 months is on offer for iOS too: kept.
    expect(await screen.findByText('سه ماهه iOS نامحدود')).toBeTruthy();
    expect(mock.calls.plans).toBe(before + 1);
    const iosChips = screen.getByRole('group', { name: 'Duration' });
    expect(within(iosChips).getByRole('button', { name: '3 months' }).getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(screen.getByRole('tab', { name: /Android/ }));
    await screen.findByText('سه ماهه ۱۵۰ گیگ');
    expect(mock.calls.plans).toBe(before + 2);
    // Each card goes to the payment of its plan.
    expect(screen.getByRole('link', { name: /Select/ }).getAttribute('href')).toBe('/payment?plan_id=2');
  });

  it('shows the error with retry, then the list', async () => {
    quiet();
    await renderApp('/buy', { overrides: [failure('plans', 'http500')] });
    expect(await screen.findByText('Error Loading Plans')).toBeTruthy();
    expect(screen.getByText("We couldn't load the plans. Please try again.")).toBeTruthy();
    server.resetHandlers();
    const { createMockBackend } = await import('@separ/api/mocks');
    server.use(...createMockBackend().handlers);
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('یک ماهه ۵۰ گیگ')).toBeTruthy();
  });

  it('says so when a platform has no plans', async () => {
    await renderApp('/plans', { overrides: [failure('plans', 'empty')] });
    expect(await screen.findByText('No Plans Found')).toBeTruthy();
  });
});

describe('the payment page (SPEC §4, §5)', () => {
  it('needs a plan id', async () => {
    await renderApp('/payment');
    expect(
      await screen.findByText('No plan selected. Please go back and select a plan.', undefined, { timeout: 5_000 }),
    ).toBeTruthy();
  });

  it('says when the plan is not found', async () => {
    quiet();
    await renderApp('/payment?plan_id=5');
    expect(await screen.findByText('The selected plan could not be found.')).toBeTruthy();
  });

  it('offers a retry when the plans fail to load', async () => {
    await renderApp('/payment?plan_id=2', { overrides: [failure('plans', 'badJson')] });
    expect(await screen.findByRole('button', { name: /Try Again|Retry/ })).toBeTruthy();
  });

  it('validates the e-mail on entry and on submit, enables the button by the rule, then redirects after 1.5 s', async () => {
    quiet();
    const go = vi.spyOn(gatewayNavigation, 'go').mockImplementation(() => undefined);
    const { mock } = await renderApp('/payment?plan_id=2', { backend: { gateways: { ird: 0, spay: 1 } } });
    const email = await screen.findByLabelText('E-mail');
    const start = screen.getByRole('button', { name: 'Start payment' });
    expect(start.hasAttribute('disabled')).toBe(true);
    await userEvent.type(email, 'buyer@');
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect(start.hasAttribute('disabled')).toBe(true);
    await userEvent.type(email, 'example.com');
    await waitFor(() => expect(screen.queryByText('Please enter a valid email address')).toBeNull());
    // IranDargah is inactive: it cannot be chosen; SPAY is.
    const ird = screen.getByRole('radio', { name: /IranDargah/ });
    expect(ird.hasAttribute('disabled')).toBe(true);
    expect(
      screen.getByRole('radio', { name: /SPAY/ }).getAttribute('aria-checked') ??
        String((screen.getByRole('radio', { name: /SPAY/ }) as HTMLInputElement).checked),
    ).toBe('true');
    await waitFor(() => expect(start.hasAttribute('disabled')).toBe(false));
    const started = Date.now();
    await userEvent.click(start);
    expect((await screen.findAllByText('Redirecting to the gateway…')).length).toBeGreaterThan(0);
    await waitFor(() => expect(go).toHaveBeenCalledTimes(1), { timeout: 3000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1400);
    expect(go.mock.calls[0]![0]).toMatch(/^\/paymentresult#data=[\w-]+$/);
    expect(mock.purchases).toEqual([{ planId: 2, email: 'buyer@example.com', gate: 'spay' }]);
  });

  it("shows the server's message, or the generic one on a network failure", async () => {
    quiet();
    await renderApp('/payment?plan_id=1', { overrides: [failure('purchase', 'notOk', 'This plan is sold out.')] });
    await userEvent.type(await screen.findByLabelText('E-mail'), 'a@b.co');
    const start = screen.getByRole('button', { name: 'Start payment' });
    await waitFor(() => expect(start.hasAttribute('disabled')).toBe(false));
    await userEvent.click(start);
    expect(await screen.findByText('This plan is sold out.')).toBeTruthy();
    server.use(failure('purchase', 'network'));
    await userEvent.click(start);
    expect(await screen.findByText('Payment failed. Please try again.')).toBeTruthy();
  });

  it('logged in, says the purchase renews the account, and buys a separate new one when asked (issue #24)', async () => {
    quiet();
    const go = vi.spyOn(gatewayNavigation, 'go').mockImplementation(() => undefined);
    const { mock } = await renderApp('/payment?plan_id=1', { loggedIn: true });
    const note = await screen.findByRole('note');
    expect(note.textContent).toContain('This payment renews your account \u2068demo\u2069');
    await userEvent.type(screen.getByLabelText('E-mail'), 'a@b.co');
    const start = screen.getByRole('button', { name: 'Start payment' });
    await waitFor(() => expect(start.hasAttribute('disabled')).toBe(false));
    await userEvent.click(start);
    await waitFor(() => expect(go).toHaveBeenCalledTimes(1), { timeout: 3000 });
    expect(mock.purchases.at(-1)).toMatchObject({ planId: 1, renew: 'demo' });
    const resultUrl = new URL(go.mock.calls[0]![0], 'http://x');
    expect(decodePaymentResult(paymentResultData(resultUrl.hash, resultUrl.search))).toMatchObject({
      renewed: true,
      username: 'demo',
      password: '',
    });
  });

  it('logged in, a separate new account when the buyer ticks it (renew=0)', async () => {
    quiet();
    const go = vi.spyOn(gatewayNavigation, 'go').mockImplementation(() => undefined);
    const { mock } = await renderApp('/payment?plan_id=1', { loggedIn: true });
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Buy a separate new account instead' }));
    expect(screen.getByRole('note').textContent).toContain('This payment makes a separate new account');
    await userEvent.type(screen.getByLabelText('E-mail'), 'a@b.co');
    const start = screen.getByRole('button', { name: 'Start payment' });
    await waitFor(() => expect(start.hasAttribute('disabled')).toBe(false));
    await userEvent.click(start);
    await waitFor(() => expect(go).toHaveBeenCalledTimes(1), { timeout: 3000 });
    expect(mock.purchases.at(-1)).toEqual({ planId: 1, email: 'a@b.co', gate: 'ird' });
  });

  it('logged out, says nothing of a renewal', async () => {
    await renderApp('/payment?plan_id=1');
    await screen.findByLabelText('E-mail');
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('treats both gateways as inactive when their status fails', async () => {
    quiet();
    await renderApp('/payment?plan_id=1', { overrides: [failure('gateways', 'http500')] });
    await userEvent.type(await screen.findByLabelText('E-mail'), 'a@b.co');
    await waitFor(() => expect(screen.getByRole('radio', { name: /SPAY/ }).hasAttribute('disabled')).toBe(true));
    expect(screen.getByRole('radio', { name: /IranDargah/ }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Start payment' }).hasAttribute('disabled')).toBe(true);
  });
});

describe('paying from the wallet (CONTRACTS §10)', () => {
  it('signed in, pays the plan’s credit price from the balance, without an e-mail, and goes to the result', async () => {
    quiet();
    const go = vi.spyOn(gatewayNavigation, 'go').mockImplementation(() => undefined);
    const { mock } = await renderApp('/payment?plan_id=2', { loggedIn: true });
    expect(await screen.findByText('Your wallet balance: 830,000 Toman')).toBeTruthy();
    const option = screen.getByRole('radio', { name: /Pay from wallet/ });
    expect(option.hasAttribute('disabled')).toBe(false);
    await userEvent.click(option);
    // The total is the wallet's price: plan 2 costs 320,000 through a gate, 290,000 from the wallet.
    expect(screen.getAllByText('290,000 Toman').length).toBeGreaterThanOrEqual(2);
    const start = screen.getByRole('button', { name: 'Start payment' });
    await waitFor(() => expect(start.hasAttribute('disabled')).toBe(false));
    await userEvent.click(start);
    await waitFor(() => expect(go).toHaveBeenCalledTimes(1), { timeout: 3000 });
    expect(go.mock.calls[0]![0]).toMatch(/^\/paymentresult#data=/);
    expect(mock.purchases.at(-1)).toEqual({ planId: 2, email: '', gate: 'wallet', renew: 'demo' });
    expect(mock.wallet.balance).toBe(540_000);
  });

  it('says how much is missing, with the way to top up, and cannot be chosen', async () => {
    await renderApp('/payment?plan_id=2', { loggedIn: true, backend: { wallet: { balance: 100_000, entries: [] } } });
    expect(await screen.findByText(/You are 190,000 Toman short/)).toBeTruthy();
    expect(screen.getByRole('link', { name: /Top up your wallet/ }).getAttribute('href')).toBe('/panel/wallet');
    expect(screen.getByRole('radio', { name: /Pay from wallet/ }).hasAttribute('disabled')).toBe(true);
  });

  it('signed out, says to sign in first', async () => {
    await renderApp('/payment?plan_id=2');
    expect(await screen.findByText('Sign in to pay from your wallet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Sign in/ }).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('radio', { name: /Pay from wallet/ }).hasAttribute('disabled')).toBe(true);
  });

  it('offers no wallet when the shop has it off', async () => {
    await renderApp('/payment?plan_id=2', { backend: { gateways: { ird: 1, spay: 1, wallet: 0 } } });
    await screen.findByRole('radio', { name: /SPAY/ });
    expect(screen.queryByRole('radio', { name: /Pay from wallet/ })).toBeNull();
  });

  it('says a refusal in its own words, by its code', async () => {
    quiet();
    const { mock } = await renderApp('/payment?plan_id=2', { loggedIn: true });
    await userEvent.click(await screen.findByRole('radio', { name: /Pay from wallet/ }));
    // The balance is spent elsewhere meanwhile.
    mock.wallet.balance = 10_000;
    await userEvent.click(screen.getByRole('button', { name: 'Start payment' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your wallet balance is not enough for this plan. Top up your wallet or choose a gateway.',
    );
  });
});

describe('the payment result (SPEC §4, credentials hygiene)', () => {
  const data = encodePaymentResult({
    status: 'success',
    resnum: 'S1',
    refnum: 'R1',
    amount: 1_200_000,
    time: '2026-11-22 10:30:00',
    username: 'sp123',
    password: 'Secret99',
  });

  it('decodes data from the fragment, removes it from the address bar, and sends no referrer meanwhile', async () => {
    const replace = vi.spyOn(window.history, 'replaceState');
    const { unmount } = await renderApp(`/paymentresult#data=${data}`);
    expect(await screen.findByText('sp123')).toBeTruthy();
    expect(screen.getByText('Secret99')).toBeTruthy();
    expect(window.location.hash).toBe('');
    expect(window.location.pathname).toBe('/paymentresult');
    expect(replace).toHaveBeenCalled();
    expect(document.querySelector('meta[name="referrer"]')?.getAttribute('content')).toBe('no-referrer');
    unmount();
    expect(document.querySelector('meta[name="referrer"][content="no-referrer"]')).toBeNull();
  });

  it('still decodes data from the query of older links, and removes it', async () => {
    await renderApp(`/paymentresult?data=${data}`);
    expect(await screen.findByText('sp123')).toBeTruthy();
    expect(screen.getByText('Secret99')).toBeTruthy();
    expect(window.location.search).toBe('');
  });

  it('shows a new result when only the fragment changes, in the app or in the address bar', async () => {
    const other = (username: string) =>
      encodePaymentResult({
        status: 'success',
        resnum: 'S3',
        refnum: 'R3',
        amount: 1_200_000,
        time: '2026-11-22 10:30:00',
        username,
        password: `Pass${username}`,
      });
    const { router } = await renderApp(`/paymentresult#data=${data}`);
    expect(await screen.findByText('sp123')).toBeTruthy();
    // The app navigates to the same page with another fragment.
    await act(() => router.navigate(`/paymentresult#data=${other('sp456')}`));
    expect(await screen.findByText('sp456')).toBeTruthy();
    expect(screen.getByText('Passsp456')).toBeTruthy();
    expect(window.location.hash).toBe('');
    // The visitor opens another result link in the same tab: the browser changes only the fragment.
    await act(async () => {
      window.location.hash = `data=${other('sp789')}`;
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(await screen.findByText('sp789')).toBeTruthy();
    expect(screen.getByText('Passsp789')).toBeTruthy();
    expect(window.location.hash).toBe('');
  });

  it.each(['', '?data=not-base64!!'])('treats missing or unreadable data (%s) as failed', async (query) => {
    await renderApp(`/paymentresult${query}`);
    expect(await screen.findByText('Payment failed')).toBeTruthy();
    expect(
      screen.getByText('Any amount deducted from your bank account will be refunded within 72 hours.'),
    ).toBeTruthy();
  });

  it('shows a renewal as renewed: the account, and no password (issue #24)', async () => {
    const renewed = encodePaymentResult({
      status: 'success',
      resnum: 'S2',
      refnum: 'R2',
      amount: 1_200_000,
      time: '2026-11-22 10:30:00',
      username: 'sp123',
      password: '',
      renewed: 1,
    });
    await renderApp(`/paymentresult?data=${renewed}`);
    expect(await screen.findByText('Account renewed')).toBeTruthy();
    expect(screen.getByText('sp123')).toBeTruthy();
    expect(screen.queryByText('Password')).toBeNull();
    expect(screen.queryByRole('button', { name: /Copy credentials/ })).toBeNull();
  });

  it('shows a duplicate as such', async () => {
    const duplicate = encodePaymentResult({
      status: 'duplicate',
      resnum: 'S1',
      refnum: '',
      amount: 0,
      time: '',
      username: '',
      password: '',
    });
    await renderApp(`/paymentresult?data=${duplicate}`);
    expect(await screen.findByText('This payment has already been processed.')).toBeTruthy();
  });
});

describe('download', () => {
  it('disables the Android and Windows buttons while the app info loads, then links them', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow = http.get('*/appinfo', async () => {
      await gate;
      return HttpResponse.json({
        ok: true,
        data: [{ app_android_link: 'https://a.example/app.apk', app_win_link: 'https://a.example/setup.exe' }],
      });
    });
    await renderApp('/download', { overrides: [slow] });
    const android = await screen.findByRole('button', { name: /Android/ });
    expect(android.hasAttribute('disabled')).toBe(true);
    await act(async () => release());
    await waitFor(() =>
      expect(screen.getByRole('link', { name: /Android/ }).getAttribute('href')).toBe('https://a.example/app.apk'),
    );
  });
});
