import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { createMockBackend, failure, MOCK_REFERRAL_CODE, mockUser } from '@separ/api/mocks';
import { gatewayNavigation } from '../src/app/navigation.ts';
import { renderApp } from './renderApp.tsx';
import { server } from './setup.ts';

const hello = (_: string, element: Element | null) => element?.tagName === 'P' && element.textContent === 'Hello, demo';

/** After a failure, the backend answers again (the retry's second attempt). */
function recover() {
  server.resetHandlers();
  const mock = createMockBackend({ loggedIn: true });
  server.use(...mock.handlers);
  return mock.state;
}

describe('dashboard (SPEC §4 statuses)', () => {
  it.each([
    [{ suspend: 1 }, 'Suspended'],
    [{ subsDays: 30, expireDate: null }, 'Pending activation'],
    [{ expireDate: '2020-01-01T00:00:00Z' }, 'Expired'],
    [{ usedMB: 60_000, allowedMB: 51_200, expireDate: '2099-01-01T00:00:00Z' }, 'Data limit exceeded'],
    [{ expireDate: '2099-01-01T00:00:00Z' }, 'Active'],
  ])('shows %o as %s', async (overrides, title) => {
    await renderApp('/panel', { loggedIn: true, backend: { user: mockUser(overrides) } });
    // The first case also loads the panel's lazy chunks: on a busy machine that takes over a second.
    expect(await screen.findByText(title, undefined, { timeout: 5_000 })).toBeTruthy();
  });

  it('offers Renew (to the plans) and makes the one-time code for the bot (issue #24)', async () => {
    const { mock } = await renderApp('/panel', { loggedIn: true });
    expect((await screen.findByRole('link', { name: /Renew/ })).getAttribute('href')).toBe('/buy');
    await userEvent.click(screen.getByRole('button', { name: /Get a code/ }));
    const code = await screen.findByLabelText('One-time code');
    expect(code.textContent).toBe(`${mock.botCodes[0]!.slice(0, 4)} ${mock.botCodes[0]!.slice(4)}`);
    await userEvent.click(screen.getByRole('button', { name: /New code/ }));
    await waitFor(() => expect(mock.botCodes).toHaveLength(2));
    await waitFor(() =>
      expect(screen.getByLabelText('One-time code').textContent?.replace(' ', '')).toBe(mock.botCodes[1]),
    );
  });

  it('shows the invitation link with its QR code and what it has earned (CONTRACTS §12)', async () => {
    const { unmount } = await renderApp('/panel', { loggedIn: true });
    const link = `${window.location.origin}/?ref=${MOCK_REFERRAL_CODE}`;
    const card = within(await screen.findByRole('region', { name: 'Invite your friends' }, { timeout: 5_000 }));
    expect(card.getByText(link).tagName).toBe('CODE');
    expect(card.getByRole('img', { name: 'QR code of your invitation link' }).getAttribute('data-qr')).toBe(link);
    expect(card.getByRole('button', { name: /Copy link/ })).toBeTruthy();
    // The demo wallet holds one referral entry of 50,000 tomans.
    expect(
      await card.findByText('So far 1 purchase by your friends has paid 50,000 Toman into your wallet.'),
    ).toBeTruthy();
    unmount();
    // With the wallet off, the link stays and the earnings line goes.
    const { mock } = await renderApp('/panel', {
      loggedIn: true,
      backend: { gateways: { ird: 1, spay: 1, wallet: 0 } },
    });
    const off = within(await screen.findByRole('region', { name: 'Invite your friends' }, { timeout: 5_000 }));
    await waitFor(() => expect(mock.calls.gateways).toBe(1));
    expect(off.getByText(link)).toBeTruthy();
    expect(off.queryByText(/So far|Nothing yet/)).toBeNull();
  });

  it('shows the error view and retries', async () => {
    await renderApp('/panel', { loggedIn: true, overrides: [failure('account', 'http500')] });
    expect(await screen.findByText('Failed to load account information')).toBeTruthy();
    recover();
    await userEvent.click(screen.getByRole('button', { name: /Try Again|Retry/ }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(await screen.findByText(hello)).toBeTruthy();
  });

  it('shows the servers menu item only for an iOS account', async () => {
    await renderApp('/panel', { loggedIn: true, backend: { user: mockUser({ ios: 0 }) } });
    await screen.findByText(hello);
    const menu = screen.getByRole('navigation', { name: 'Account menu' });
    expect(within(menu).queryByRole('link', { name: /My servers/ })).toBeNull();
    expect(within(menu).getByRole('link', { name: /My devices/ })).toBeTruthy();
  });
});

describe('devices (SPEC §4)', () => {
  it('lists the devices with counters and removes one on disconnect', async () => {
    const { mock } = await renderApp('/panel/devices', { loggedIn: true });
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    await userEvent.click(within(table).getByRole('button', { name: /Disconnect Android/ }));
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2));
    expect(mock.user.devices.map((d) => d.id)).toEqual(['dev-windows']);
  });

  it('keeps the row and only logs when the disconnect fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await renderApp('/panel/devices', { loggedIn: true, overrides: [failure('unlinkDevice', 'notOk')] });
    const table = await screen.findByRole('table');
    await userEvent.click(within(table).getByRole('button', { name: /Disconnect Android/ }));
    await waitFor(() =>
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('dev-android was not disconnected'), expect.anything()),
    );
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(3);
  });

  it('shows the error with retry', async () => {
    await renderApp('/panel/devices', { loggedIn: true, overrides: [failure('account', 'timeout')] });
    expect(await screen.findByText('Failed to load device information', {}, { timeout: 3000 })).toBeTruthy();
    recover();
    await userEvent.click(screen.getByRole('button', { name: /Try Again|Retry/ }));
    expect(await screen.findByRole('table')).toBeTruthy();
  });
});

describe('payments (SPEC §4)', () => {
  it('lists the payments with their states', async () => {
    await renderApp('/panel/payments', { loggedIn: true });
    const table = await screen.findByRole('table');
    expect(within(table).getByText('1700000001')).toBeTruthy();
    expect(within(table).getAllByText('Successful')).toHaveLength(2);
  });

  it('says the dollars of a payment made in dollars (issue 31 §1), first in English', async () => {
    await renderApp('/panel/payments', { loggedIn: true });
    const table = await screen.findByRole('table');
    const crypto = within(table).getByText('1700000004').closest('tr')!;
    expect(within(crypto).getByText('$2.50 (150,000 Toman)')).toBeTruthy();
    const bank = within(table).getByText('1700000001').closest('tr')!;
    expect(within(bank).getByText('150,000 Toman')).toBeTruthy();
  });

  it('and in Persian the tomans first, the dollars beside', async () => {
    await renderApp('/panel/payments', { loggedIn: true, language: 'fa' });
    const table = await screen.findByRole('table');
    const crypto = within(table).getByText('1700000004').closest('tr')!;
    expect(within(crypto).getByText('۱۵۰٬۰۰۰ تومان (معادل ۲٫۵۰ دلار)')).toBeTruthy();
  });

  it('says so when there are none', async () => {
    await renderApp('/panel/payments', { loggedIn: true, backend: { user: mockUser({ payments: [] }) } });
    expect(await screen.findByText('No payments yet')).toBeTruthy();
  });

  it('waits 1 s before the retry', async () => {
    await renderApp('/panel/payments', { loggedIn: true, overrides: [failure('account', 'http500')] });
    expect(await screen.findByText('Error loading payment data')).toBeTruthy();
    const state = recover();
    const clicked = Date.now();
    await userEvent.click(screen.getByRole('button', { name: /Try Again|Retry/ }));
    await screen.findByRole('table', {}, { timeout: 3000 });
    expect(Date.now() - clicked).toBeGreaterThanOrEqual(950);
    expect(state.calls.account).toBe(1);
  });
});

describe('servers (SPEC §2, §4)', () => {
  it('groups by country, collapsed at first, with the links filled in', async () => {
    await renderApp('/panel/servers', { loggedIn: true });
    const germany = await screen.findByRole('button', { name: /Germany/ });
    expect(germany.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('button', { name: /Finland/ })).toBeNull(); // no servers there
    await userEvent.click(germany);
    expect(germany.getAttribute('aria-expanded')).toBe('true');
    expect(await screen.findByText('Germany 1 — demo-demo1234')).toBeTruthy();
  });

  it('shows the error, waits 1 s, then loads', async () => {
    await renderApp('/panel/servers', { loggedIn: true, overrides: [failure('servers', 'notOk')] });
    expect(await screen.findByText('Error loading server information')).toBeTruthy();
    const state = recover();
    const clicked = Date.now();
    await userEvent.click(screen.getByRole('button', { name: /Try Again|Retry/ }));
    await screen.findByRole('button', { name: /Germany/ }, { timeout: 3000 });
    expect(Date.now() - clicked).toBeGreaterThanOrEqual(950);
    expect(state.calls.servers).toBe(1);
  });

  it('says so when there are no servers', async () => {
    await renderApp('/panel/servers', { loggedIn: true, overrides: [failure('servers', 'empty')] });
    expect(await screen.findByText('No servers yet')).toBeTruthy();
  });
});

describe('change password (SPEC §4, §5, §8)', () => {
  const fields = ['Current password', 'New password', 'Confirm new password'];
  async function fill(current: string, next: string, confirm: string) {
    for (const [index, value] of [current, next, confirm].entries()) {
      const input = screen.getByLabelText(fields[index]!, { selector: 'input' });
      await userEvent.clear(input);
      // Pasted, as a password manager fills it: typed key by key, the ten cases' 500 keys took this
      // test past its 15 s on a loaded machine (the rules are checked on submit either way).
      if (value) {
        await userEvent.click(input);
        await userEvent.paste(value);
      }
    }
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
  }

  it('checks the rules in order, then takes the server message, then succeeds and clears the fields', async () => {
    const { mock } = await renderApp('/panel/changepass', { loggedIn: true });
    // The page's code loads first (longer than a second on a loaded machine, the first time).
    await screen.findByLabelText('Current password', { selector: 'input' }, { timeout: 5000 });
    const cases: Array<[string, string, string, string]> = [
      ['', 'abcdef1', 'abcdef1', 'Please fill in all fields'],
      ['demo1234', 'abcdef1', 'abcdef2', 'New password and confirmation do not match'],
      ['demo1234', 'demo1234', 'demo1234', 'New password cannot be the same as current password'],
      ['demo1234', 'abc1', 'abc1', 'New password must be at least 6 characters'],
      ['demo1234', 'abc def1', 'abc def1', 'Invalid characters in password'],
      // 64 characters for every account (CONTRACTS §15), whatever the username.
      ['demo1234', `${'a'.repeat(64)}1`, `${'a'.repeat(64)}1`, 'New password must be at most 64 characters'],
      ['demo1234', '123456', '123456', 'Password is too common'],
      ['wrong12', 'abcdef1', 'abcdef1', 'Current password is incorrect'],
    ];
    for (const [current, next, confirm, text] of cases) {
      await fill(current, next, confirm);
      expect(await screen.findByText(text)).toBeTruthy();
    }
    expect(mock.calls.changePassword).toBe(2);
    // 40 characters: more than the old limit of 30 bytes minus the username.
    const long = `Long${'x'.repeat(35)}1`;
    await fill('demo1234', long, long);
    expect(await screen.findByText('Password changed successfully.')).toBeTruthy();
    // The iOS account gets the hint about its new links.
    expect(screen.getByText(/use the new links from the My servers menu/)).toBeTruthy();
    expect((screen.getByLabelText('New password', { selector: 'input' }) as HTMLInputElement).value).toBe('');
    expect(mock.user.password).toBe(long);
  });

  it('says what the change replaced, and the panel shows the new subscription link (CONTRACTS §15)', async () => {
    const { mock } = await renderApp('/panel/changepass', { loggedIn: true, backend: { user: mockUser({ ios: 0 }) } });
    await screen.findByLabelText('Current password', { selector: 'input' }, { timeout: 5000 });
    const before = `${window.location.origin}/sub/${mock.subToken}`;
    await waitFor(() => expect(mock.calls.account).toBe(1));
    await fill('demo1234', 'abcdef1', 'abcdef1');
    const status = await screen.findByRole('status');
    expect(within(status).getByText('Password changed successfully.')).toBeTruthy();
    expect(
      within(status).getByText(
        'Your subscription link and connection links have changed: import the new subscription link again in your apps. Your other devices were signed out.',
      ),
    ).toBeTruthy();
    // Not an iOS account: no word of the servers menu.
    expect(within(status).queryByText(/My servers menu/)).toBeNull();
    // The account (and with it the link) is fetched again.
    await waitFor(() => expect(mock.calls.account).toBe(2));
    const after = `${window.location.origin}/sub/${mock.subToken}`;
    expect(after).not.toBe(before);
    await userEvent.click(within(status).getByRole('link', { name: 'Show the new link' }));
    const qr = await screen.findByRole('img', { name: 'QR code of your subscription link' }, { timeout: 5000 });
    expect(qr.getAttribute('data-qr')).toBe(after);
    expect(screen.getByText(after)).toBeTruthy();
    expect(screen.queryByText(before)).toBeNull();
  });

  it.each([
    ['en', 'Password is too common'],
    ['fa', 'این رمز عبور بیش از حد رایج است'],
  ] as const)(
    'shows a common password refused by its code, in %s, whatever words the server used',
    async (language, text) => {
      await renderApp('/panel/changepass', {
        loggedIn: true,
        language,
        overrides: [
          http.post('*/api/site/changepassword', () =>
            HttpResponse.json({ ok: false, message: 'Kennwort zu häufig', code: 'passwordTooCommon' }),
          ),
        ],
      });
      const labels = language === 'fa' ? ['رمز عبور فعلی', 'رمز عبور جدید', 'تکرار رمز عبور جدید'] : fields;
      for (const [index, value] of ['demo1234', 'qwerty123', 'qwerty123'].entries())
        await userEvent.type(
          await screen.findByLabelText(labels[index]!, { selector: 'input' }, { timeout: 5000 }),
          value,
        );
      await userEvent.click(
        screen.getByRole('button', { name: language === 'fa' ? 'تغییر رمز عبور' : 'Change password' }),
      );
      expect(await screen.findByText(text)).toBeTruthy();
      expect(screen.queryByText('Kennwort zu häufig')).toBeNull();
    },
  );

  it('without a code, shows the server’s message as it came: its text is never matched (issue #29)', async () => {
    let message = 'Password is too common';
    await renderApp('/panel/changepass', {
      loggedIn: true,
      overrides: [http.post('*/api/site/changepassword', () => HttpResponse.json({ ok: false, message }))],
    });
    await screen.findByLabelText('Current password', { selector: 'input' }, { timeout: 5000 });
    await fill('demo1234', 'qwerty123', 'qwerty123');
    expect(await screen.findByText('Password is too common')).toBeTruthy();
    message = 'Too many attempts. Please wait and try again.';
    await fill('demo1234', 'qwerty123', 'qwerty123');
    expect(await screen.findByText(message)).toBeTruthy();
  });

  it('says "An error occurred while changing the password." on a network failure', async () => {
    await renderApp('/panel/changepass', { loggedIn: true, overrides: [failure('changePassword', 'network')] });
    await screen.findByLabelText('Current password', { selector: 'input' });
    await fill('demo1234', 'abcdef1', 'abcdef1');
    expect(await screen.findByText('An error occurred while changing the password.')).toBeTruthy();
  });

  it('says "Failed to change password." when the server fails', async () => {
    await renderApp('/panel/changepass', { loggedIn: true, overrides: [failure('changePassword', 'http500')] });
    await screen.findByLabelText('Current password', { selector: 'input' });
    await fill('demo1234', 'abcdef1', 'abcdef1');
    expect(await screen.findByText('Failed to change password.')).toBeTruthy();
  });
});

describe('connect (CONTRACTS §7)', () => {
  const qr = () => screen.getByRole('img', { name: 'QR code of your subscription link' });

  it('shows the subscription link as text and QR, and the apps of the chosen platform', async () => {
    const { mock } = await renderApp('/panel/connect', { loggedIn: true });
    expect(await screen.findByRole('img', { name: 'QR code of your subscription link' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Connect' })).toBeTruthy();
    const url = `${window.location.origin}/sub/${mock.subToken}`;
    expect(screen.getByText(url)).toBeTruthy();
    expect(qr().getAttribute('data-qr')).toBe(url);
    const menu = screen.getByRole('navigation', { name: 'Account menu' });
    expect(
      within(menu)
        .getByRole('link', { name: /Connect/ })
        .getAttribute('aria-current'),
    ).toBe('page');
    await userEvent.click(screen.getByRole('tab', { name: 'Android' }));
    const v2rayNG = screen.getByRole('link', { name: 'Import into v2rayNG' });
    expect(v2rayNG.getAttribute('href')).toBe(`v2rayng://install-config?url=${encodeURIComponent(url)}#Separ`);
  });

  it('replaces the link after a confirmation: the page shows the new one', async () => {
    const { mock } = await renderApp('/panel/connect', { loggedIn: true });
    await screen.findByRole('img', { name: 'QR code of your subscription link' });
    const before = qr().getAttribute('data-qr');
    await userEvent.click(screen.getByRole('button', { name: 'Get a new link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Replace your subscription link?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Replace the link' }));
    expect(await screen.findByText('Your link was replaced. Import it again in your apps.')).toBeTruthy();
    expect(qr().getAttribute('data-qr')).toBe(`${window.location.origin}/sub/${mock.subToken}`);
    expect(qr().getAttribute('data-qr')).not.toBe(before);
  });

  it('says so when the replacement fails, and keeps the link', async () => {
    await renderApp('/panel/connect', { loggedIn: true, overrides: [failure('resetSubscription', 'http500')] });
    await screen.findByRole('img', { name: 'QR code of your subscription link' });
    const before = qr().getAttribute('data-qr');
    await userEvent.click(screen.getByRole('button', { name: 'Get a new link' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Replace the link' }));
    expect(await screen.findByText('The link could not be replaced. Please try again.')).toBeTruthy();
    expect(qr().getAttribute('data-qr')).toBe(before);
  });
});

describe('the subscription page (CONTRACTS §7)', () => {
  const accountLine = (_: string, element: Element | null) =>
    element?.tagName === 'P' && element.textContent === 'Account demo';

  it('shows the account and its link to anyone with the link, without a session', async () => {
    const state = createMockBackend().state;
    await renderApp(`/sub/${state.subToken}`);
    expect(await screen.findByText(accountLine)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Your VPN subscription' })).toBeTruthy();
    expect(screen.getByText('Active')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'QR code of your subscription link' }).getAttribute('data-qr')).toBe(
      `${window.location.origin}/sub/${state.subToken}`,
    );
  });

  it('says a replaced link no longer works', async () => {
    await renderApp('/sub/AnOldTokenThatWasReplaced');
    expect(await screen.findByText('This subscription link no longer works.')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Log in/ }).getAttribute('href')).toBe('/login');
  });

  it('shows a failure with a retry', async () => {
    await renderApp('/sub/Dm0SubT0kenSepar000001', { overrides: [failure('subscription', 'http500')] });
    expect(await screen.findByText("We couldn't load your subscription.")).toBeTruthy();
    server.resetHandlers();
    server.use(...createMockBackend().handlers);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(accountLine)).toBeTruthy();
  });
});

describe('credentials stay out of URLs (CONTRACTS §15)', () => {
  it('logs in and changes the password with the credentials in the request bodies, in no request URL', async () => {
    const requests: Array<{ url: string; body: Promise<string> }> = [];
    const watch = ({ request }: { request: Request }) =>
      void requests.push({ url: request.url, body: request.clone().text() });
    server.events.on('request:start', watch);
    try {
      const { router, mock } = await renderApp('/login');
      await userEvent.type(await screen.findByLabelText('Username', {}, { timeout: 5000 }), 'demo');
      await userEvent.type(screen.getByLabelText('Password', { selector: 'input' }), 'demo1234');
      await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
      await screen.findByRole('heading', { name: 'Dashboard' });
      await router.navigate('/panel/changepass');
      const labels = ['Current password', 'New password', 'Confirm new password'];
      for (const [index, value] of ['demo1234', 'Secret2026x', 'Secret2026x'].entries())
        await userEvent.type(
          await screen.findByLabelText(labels[index]!, { selector: 'input' }, { timeout: 5000 }),
          value,
        );
      await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
      expect(await screen.findByText('Password changed successfully.')).toBeTruthy();
      expect(mock.user.password).toBe('Secret2026x');
    } finally {
      server.events.removeListener('request:start', watch);
    }
    const to = (path: string) => requests.filter((request) => new URL(request.url).pathname === path);
    const [login] = to('/site_login');
    const [change] = to('/api/site/changepassword');
    expect(login && new URL(login.url).search).toBe('');
    expect(change && new URL(change.url).search).toBe('');
    // The bodies carry them instead.
    expect(new URLSearchParams(await login!.body).get('password')).toBe('demo1234');
    expect(JSON.parse(await change!.body)).toEqual({ currentpassword: 'demo1234', newpassword: 'Secret2026x' });
    for (const { url } of requests) {
      for (const secret of ['demo1234', 'Secret2026x']) expect(decodeURIComponent(url)).not.toContain(secret);
    }
  });
});

describe('wallet (CONTRACTS §10)', () => {
  it('shows the balance and the entries, each kind by its name and each amount signed', async () => {
    await renderApp('/panel/wallet', { loggedIn: true });
    // The first test of a run may load the panel's lazy chunk: on a busy machine that takes a while.
    expect(await screen.findByRole('heading', { name: 'Wallet', level: 1 }, { timeout: 5_000 })).toBeTruthy();
    expect(await screen.findByText('830,000 Toman')).toBeTruthy();
    const table = screen.getByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(8);
    expect(within(table).getByText('Support adjustment')).toBeTruthy();
    expect(within(table).getByText('GIFT-NOWRUZ')).toBeTruthy();
    expect(within(table).getByText('\u221220,000')).toBeTruthy();
    expect(within(table).getAllByText('+500,000')).toHaveLength(1);
    const menu = screen.getByRole('navigation', { name: 'Account menu' });
    expect(
      within(menu)
        .getByRole('link', { name: /Wallet/ })
        .getAttribute('aria-current'),
    ).toBe('page');
  });

  it('says so when there are no entries', async () => {
    await renderApp('/panel/wallet', { loggedIn: true, backend: { wallet: { balance: 0, entries: [] } } });
    expect(await screen.findByText('No transactions yet')).toBeTruthy();
    expect(screen.getByText('0 Toman')).toBeTruthy();
  });

  it('shows the error, waits 1 s, then loads', async () => {
    await renderApp('/panel/wallet', { loggedIn: true, overrides: [failure('wallet', 'http500')] });
    expect(await screen.findByText('Error loading your wallet')).toBeTruthy();
    const state = recover();
    const clicked = Date.now();
    await userEvent.click(screen.getByRole('button', { name: /Try Again|Retry/ }));
    await screen.findByRole('table', {}, { timeout: 3000 });
    expect(Date.now() - clicked).toBeGreaterThanOrEqual(950);
    expect(state.calls.wallet).toBe(1);
  });

  it('checks the amount, then tops up through the chosen gate and sends the browser to the answered URL', async () => {
    const go = vi.spyOn(gatewayNavigation, 'go').mockImplementation(() => undefined);
    const { mock } = await renderApp('/panel/wallet', { loggedIn: true, backend: { gateways: { ird: 1, spay: 1 } } });
    const amount = await screen.findByLabelText('Amount (tomans)');
    const submit = screen.getByRole('button', { name: 'Pay and top up' });
    await userEvent.click(submit);
    expect(await screen.findByText('Enter an amount.')).toBeTruthy();
    // Persian digits are read as well; below the smallest top-up is refused before anything is sent.
    await userEvent.type(amount, '۵۰۰۰');
    await userEvent.click(submit);
    expect(await screen.findByText('The amount must be from 10,000 to 50,000,000 tomans.')).toBeTruthy();
    expect(mock.topups).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: '200,000' }));
    expect((amount as HTMLInputElement).value).toBe('200000');
    await userEvent.click(screen.getByRole('radio', { name: /SPAY/ }));
    await userEvent.click(submit);
    await waitFor(() => expect(go).toHaveBeenCalledTimes(1));
    expect(go.mock.calls[0]![0]).toMatch(/\/sandbox\/pay\/MOCKTOPUP000001$/);
    expect(mock.topups).toEqual([{ amount: 200_000, gate: 'spay' }]);
  });

  it('says what the server refused, by its code', async () => {
    const go = vi.spyOn(gatewayNavigation, 'go').mockImplementation(() => undefined);
    const { mock } = await renderApp('/panel/wallet', { loggedIn: true });
    await userEvent.type(await screen.findByLabelText('Amount (tomans)'), '300000');
    // The gate goes away between the page's load and the top-up.
    mock.gateways.ird = 0;
    await userEvent.click(screen.getByRole('button', { name: 'Pay and top up' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This gateway is not available right now. Choose another one.',
    );
    expect(go).not.toHaveBeenCalled();
  });

  it('sums the balance up on the dashboard, with the way to the wallet; nothing with the wallet off', async () => {
    const { unmount } = await renderApp('/panel', { loggedIn: true });
    const balance = await screen.findByText('830,000 Toman', undefined, { timeout: 5_000 });
    expect(balance.previousElementSibling?.textContent).toBe('Wallet balance');
    expect(screen.getAllByRole('link', { name: /^Wallet$/ }).map((link) => link.getAttribute('href'))).toContain(
      '/panel/wallet',
    );
    unmount();
    const { mock } = await renderApp('/panel', {
      loggedIn: true,
      backend: { gateways: { ird: 1, spay: 1, wallet: 0 } },
    });
    await screen.findByText(hello);
    await waitFor(() => expect(mock.calls.gateways).toBe(1));
    expect(screen.queryByText('Wallet balance')).toBeNull();
    expect(mock.calls.wallet).toBe(0);
  });

  it('offers no top-up when the shop has switched the wallet off', async () => {
    await renderApp('/panel/wallet', { loggedIn: true, backend: { gateways: { ird: 1, spay: 1, wallet: 0 } } });
    expect(await screen.findByText(/The wallet is switched off in this shop for now/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pay and top up' })).toBeNull();
    expect(await screen.findByText('830,000 Toman')).toBeTruthy();
  });
});
