import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { failure, MOCK_CARD_RES_NUMS as IDS, MOCK_USED_TRACKING } from '@separ/api/mocks';
import { CARD_TRANSFER_POLL_MS, encodePaymentResult } from '@separ/domain';
import { gatewayNavigation } from '../src/app/navigation.ts';
import { renderApp } from './renderApp.tsx';
import { server } from './setup.ts';

const quiet = () => vi.spyOn(console, 'warn').mockImplementation(() => undefined);

/** The tab shown or hidden, as the browser says it. */
function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  act(() => void document.dispatchEvent(new Event('visibilitychange')));
}

const paidResult = (resNum: string) =>
  encodePaymentResult({
    status: 'success',
    resnum: resNum,
    refnum: '87654321',
    amount: 2_901_230,
    time: '2026-11-22 10:30:00',
    username: 'user1900000001',
    password: 'Card0001',
  });

describe('the card-to-card transfer page (CONTRACTS §11)', () => {
  it('shows the card in groups of four, the exact amount in rials and tomans, the countdown and the title', async () => {
    quiet();
    await renderApp(`/payment/card/${IDS.awaitingTransfer}`);
    expect(await screen.findByText('6037 9975 1234 5670', undefined, { timeout: 5_000 })).toBeTruthy();
    expect(screen.getByText('6037 9975 1234 5670').getAttribute('dir')).toBe('ltr');
    expect(screen.getByText('علی رضایی')).toBeTruthy();
    expect(screen.getByText('بانک ملی')).toBeTruthy();
    expect(screen.getByText('2,901,230 Rials')).toBeTruthy();
    expect(screen.getByText('That is 290,123 Toman')).toBeTruthy();
    // An hour from the order: between 59:00 and 60:00 left.
    expect(screen.getByRole('timer').textContent).toMatch(/(59:\d\d|60:00)$/);
    expect(document.title).toBe('Card-to-card transfer | Separ VPN');
    expect(document.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
  });

  it('in Persian: Persian digits, the card still left to right', async () => {
    quiet();
    await renderApp(`/payment/card/${IDS.awaitingTransfer}`, { language: 'fa' });
    const number = await screen.findByText('۶۰۳۷ ۹۹۷۵ ۱۲۳۴ ۵۶۷۰', undefined, { timeout: 5_000 });
    expect(number.getAttribute('dir')).toBe('ltr');
    expect(screen.getByRole('timer').textContent).toMatch(/[۰-۹]{2}:[۰-۹]{2}$/);
    expect(document.title).toBe('کارت به کارت | وی‌پی‌ان سپر');
  });

  it('checks the tracking number, sends it normalised, then waits for the operator and opens the result once paid', async () => {
    quiet();
    const { mock } = await renderApp(`/payment/card/${IDS.awaitingTransfer}`);
    const tracking = await screen.findByLabelText('Tracking number', undefined, { timeout: 5_000 });
    const send = screen.getByRole('button', { name: 'Send receipt' });
    await userEvent.type(tracking, '12345');
    await userEvent.click(send);
    expect(await screen.findByText('Enter the tracking number with 6 to 20 digits only.')).toBeTruthy();
    expect(mock.cardOrders[IDS.awaitingTransfer]!.state).toBe('awaiting_transfer');
    await userEvent.clear(tracking);
    await userEvent.type(tracking, '۸۷۶۵ ۴۳۲۱');
    await userEvent.click(send);
    expect(await screen.findByText('Receipt received')).toBeTruthy();
    expect(screen.getByText(/moves on by itself/)).toBeTruthy();
    expect(mock.cardOrders[IDS.awaitingTransfer]).toMatchObject({ state: 'awaiting_review', tracking: '87654321' });
    // The operator approves: the next poll opens the result, as the gateway's return does.
    const calls = mock.calls.cardTransfer;
    Object.assign(mock.cardOrders[IDS.awaitingTransfer]!, { state: 'paid', result: paidResult(IDS.awaitingTransfer) });
    expect(
      await screen.findByText('Payment successful', undefined, { timeout: CARD_TRANSFER_POLL_MS + 3_000 }),
    ).toBeTruthy();
    expect(mock.calls.cardTransfer).toBeGreaterThan(calls);
    expect(window.location.pathname).toBe('/paymentresult');
    expect(screen.getByText('Card0001')).toBeTruthy();
  });

  it('refuses a photo over 2 MB before sending anything', async () => {
    quiet();
    const { mock } = await renderApp(`/payment/card/${IDS.awaitingTransfer}`);
    await userEvent.type(await screen.findByLabelText('Tracking number', undefined, { timeout: 5_000 }), '11223344');
    const big = new File([new Uint8Array(2_097_153)], 'scan.png', { type: 'image/png' });
    await userEvent.upload(screen.getByLabelText('Photo of the receipt (optional)'), big);
    expect(await screen.findByText('The photo is larger than 2 MB. Choose a smaller one.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Send receipt' }));
    expect(mock.calls.cardReceipt).toBe(0);
  });

  it('says a refused receipt by its code: 409 tracking number used', async () => {
    quiet();
    const { mock } = await renderApp(`/payment/card/${IDS.awaitingTransfer}`);
    await userEvent.type(
      await screen.findByLabelText('Tracking number', undefined, { timeout: 5_000 }),
      MOCK_USED_TRACKING,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Send receipt' }));
    expect(
      await screen.findByText(
        'This tracking number has already been sent for another order. Check the number on your receipt.',
      ),
    ).toBeTruthy();
    expect(mock.cardOrders[IDS.awaitingTransfer]!.state).toBe('awaiting_transfer');
    // The transfer stays on screen: the buyer corrects the number.
    expect(screen.getByText('6037 9975 1234 5670')).toBeTruthy();
  });

  it('shows the operator’s reason once rejected, and the way to buy again', async () => {
    quiet();
    await renderApp(`/payment/card/${IDS.rejected}`);
    expect(await screen.findByText('Transfer not approved', undefined, { timeout: 5_000 })).toBeTruthy();
    expect(screen.getByText('مبلغ واریزی با مبلغ سفارش برابر نبود.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Buy again' }).getAttribute('href')).toBe('/buy');
  });

  it('says the time is up once expired, with the way to buy again', async () => {
    quiet();
    await renderApp(`/payment/card/${IDS.expired}`);
    expect(await screen.findByText('Time is up', undefined, { timeout: 5_000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Buy again' }).getAttribute('href')).toBe('/buy');
    expect(screen.queryByLabelText('Tracking number')).toBeNull();
  });

  it('says so for an order number that names nothing (404)', async () => {
    quiet();
    await renderApp('/payment/card/42');
    expect(await screen.findByText('Transfer not found', undefined, { timeout: 5_000 })).toBeTruthy();
  });

  it('offers a retry when the transfer fails to load', async () => {
    quiet();
    const { mock } = await renderApp(`/payment/card/${IDS.awaitingTransfer}`, {
      overrides: [failure('cardTransfer', 'http500')],
    });
    const retry = await screen.findByRole('button', { name: /Try Again/ }, { timeout: 5_000 });
    expect(screen.getByText("We couldn't load this transfer. Please try again.")).toBeTruthy();
    server.resetHandlers();
    const { createMockBackend } = await import('@separ/api/mocks');
    server.use(...createMockBackend({ cardOrders: mock.cardOrders }).handlers);
    await userEvent.click(retry);
    expect(await screen.findByText('6037 9975 1234 5670')).toBeTruthy();
  });

  it('asks no more while the tab is hidden, and at once when it is shown again', async () => {
    quiet();
    const { mock } = await renderApp(`/payment/card/${IDS.awaitingReview}`);
    expect(await screen.findByText('Receipt received', undefined, { timeout: 5_000 })).toBeTruthy();
    try {
      setVisibility('hidden');
      const calls = mock.calls.cardTransfer;
      Object.assign(mock.cardOrders[IDS.awaitingReview]!, { state: 'paid', result: paidResult(IDS.awaitingReview) });
      await new Promise((resolve) => setTimeout(resolve, CARD_TRANSFER_POLL_MS + 500));
      expect(mock.calls.cardTransfer).toBe(calls);
      setVisibility('visible');
      expect(await screen.findByText('Payment successful')).toBeTruthy();
    } finally {
      setVisibility('visible');
    }
  });
});

describe('card to card as a gate (CONTRACTS §11)', () => {
  it('is offered on the payment page while card_active, and goes to the transfer page', async () => {
    quiet();
    const go = vi.spyOn(gatewayNavigation, 'go').mockImplementation(() => undefined);
    const { mock } = await renderApp('/payment?plan_id=2', { backend: { gateways: { ird: 1, spay: 1, card: 1 } } });
    await userEvent.type(await screen.findByLabelText('E-mail', undefined, { timeout: 5_000 }), 'buyer@example.com');
    await userEvent.click(screen.getByRole('radio', { name: /Card to card/ }));
    const start = screen.getByRole('button', { name: 'Start payment' });
    await waitFor(() => expect(start.hasAttribute('disabled')).toBe(false));
    await userEvent.click(start);
    expect((await screen.findAllByText('Opening the transfer page…')).length).toBeGreaterThan(0);
    await waitFor(() => expect(go).toHaveBeenCalledTimes(1), { timeout: 3000 });
    expect(go.mock.calls[0]![0]).toBe(`${window.location.origin}/payment/card/1800000001`);
    expect(mock.purchases).toEqual([{ planId: 2, email: 'buyer@example.com', gate: 'card' }]);
    expect(mock.cardOrders['1800000001']?.state).toBe('awaiting_transfer');
  });

  it('is not offered while the shop has no card', async () => {
    quiet();
    await renderApp('/payment?plan_id=2');
    expect(await screen.findByRole('radio', { name: /SPAY/ }, { timeout: 5_000 })).toBeTruthy();
    expect(screen.queryByRole('radio', { name: /Card to card/ })).toBeNull();
  });

  it('tops the wallet up through a card transfer', async () => {
    const go = vi.spyOn(gatewayNavigation, 'go').mockImplementation(() => undefined);
    const { mock } = await renderApp('/panel/wallet', {
      loggedIn: true,
      backend: { gateways: { ird: 1, spay: 1, card: 1 } },
    });
    await userEvent.type(await screen.findByLabelText('Amount (tomans)', undefined, { timeout: 5_000 }), '200000');
    await userEvent.click(await screen.findByRole('radio', { name: /Card to card/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Pay and top up' }));
    await waitFor(() => expect(go).toHaveBeenCalledTimes(1));
    expect(go.mock.calls[0]![0]).toMatch(/\/payment\/card\/MOCKTOPUP000001$/);
    expect(mock.topups).toEqual([{ amount: 200_000, gate: 'card' }]);
  });
});
