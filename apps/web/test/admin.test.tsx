import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { adminFailure } from '@separ/api/mocks';
import { renderApp } from './renderApp.tsx';

const signedIn = { backend: { admin: { signedIn: true } } };
/** The overview's chunk (its charts) takes a while to transform on a test's first import. */
const slow = { timeout: 8_000 };

// Whole journeys through the console, on a machine the other test projects share.
vi.setConfig({ testTimeout: 40_000 });

describe('the admin console’s sign-in gate', () => {
  it('shows the sign-in without a session, then the overview once signed in, outside the site’s shell', async () => {
    const { mock } = await renderApp('/admin');
    expect(await screen.findByRole('heading', { name: 'Sign in to the admin console' })).toBeTruthy();
    expect(screen.queryByRole('contentinfo')).toBeNull();
    await userEvent.type(screen.getByLabelText('Username'), 'admin');
    await userEvent.type(screen.getByLabelText('Password'), 'admin1234');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Overview', level: 1 }, slow)).toBeTruthy();
    expect(mock.admin.session).toBe('admin');
    expect(window.location.pathname).toBe('/admin');
    // (The menu is the phone's drawer, closed, to jsdom's eyes.)
    const menu = screen.getByRole('navigation', { name: 'Console sections', hidden: true });
    expect(
      within(menu)
        .getByRole('link', { name: /Overview/, hidden: true })
        .getAttribute('aria-current'),
    ).toBe('page');
  });

  it('asks for the one-time code of an operator who turned it on, and says when the password is wrong', async () => {
    await renderApp('/admin/users');
    await userEvent.type(await screen.findByLabelText('Username'), 'otp');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong-password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Wrong username or password.')).toBeTruthy();
    await userEvent.clear(screen.getByLabelText('Password'));
    await userEvent.type(screen.getByLabelText('Password'), 'otp12345');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await userEvent.type(await screen.findByLabelText(/Verification code/), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    // Signed in at the address asked for.
    expect(await screen.findByRole('heading', { name: 'Accounts', level: 1 }, slow)).toBeTruthy();
  });

  it('says that an operator locked by wrong codes is locked (423), and how it is unlocked, not a network error', async () => {
    const { mock } = await renderApp('/admin');
    await userEvent.type(await screen.findByLabelText('Username'), 'reza');
    await userEvent.type(screen.getByLabelText('Password'), 'reza-pass-2026');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/locked after too many wrong one-time codes/);
    expect(alert.querySelector('code')!.textContent).toBe('separ-admin operators unlock reza');
    expect(alert.textContent).not.toMatch(/Could not reach the server/);
    expect(mock.admin.session).toBeNull();
  });

  it('goes back to the sign-in on sign-out, and an admin 401 ends no customer session', async () => {
    await renderApp('/admin', { ...signedIn, loggedIn: true });
    await screen.findByRole('heading', { name: 'Overview', level: 1 }, slow);
    await userEvent.click(screen.getByRole('button', { name: 'Sign out', hidden: true }));
    expect(await screen.findByRole('heading', { name: 'Sign in to the admin console' })).toBeTruthy();
    expect(document.cookie).toMatch(/jwtUserUsername=demo/);
  });

  it('shows an error with retry when `me` fails otherwise', async () => {
    await renderApp('/admin', { overrides: [adminFailure('me', 'http500')] });
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});

describe('the admin lists', () => {
  it('puts a users search in the address, debounced, and the back button undoes a page change', async () => {
    const { mock, router } = await renderApp('/admin/users', signedIn);
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(26), slow);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'dem');
    await waitFor(() => expect(window.location.search).toBe('?q=dem'));
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2), slow);
    expect(within(screen.getByRole('table')).getByRole('link', { name: 'demo' })).toBeTruthy();
    // One request for the whole word typed, not one per letter (the first page was the other).
    expect(mock.admin.calls.users).toBe(2);

    await router.navigate('/admin/users?page=2');
    await waitFor(() => expect(screen.getByText(/26–50/)).toBeTruthy(), slow);
    await router.navigate(-1);
    await waitFor(() => expect(window.location.search).toBe('?q=dem'));
  });

  it('refreshes the list after an action changes one of its rows', async () => {
    const { mock, router } = await renderApp('/admin/users?q=demo', signedIn);
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2), slow);
    const table = screen.getByRole('table');
    expect(within(table).getByText('Active')).toBeTruthy();
    await userEvent.click(within(table).getByRole('link', { name: 'demo' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Suspend account' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: /Suspend/ }));
    await waitFor(() => expect(mock.admin.data.users.find((u) => u.username === 'demo')!.suspended).toBe(true));
    await router.navigate(-1);
    await waitFor(() => expect(within(screen.getByRole('table')).getByText('Suspended')).toBeTruthy(), slow);
    expect(mock.admin.calls.users).toBe(2);
    expect(mock.admin.data.audit[0]).toMatchObject({ operator: 'admin', action: 'user.suspend', target: 'user:demo' });
  });

  it('suspends the ticked accounts in bulk after a confirmation, and says how many', async () => {
    const { mock } = await renderApp('/admin/users?q=demo', signedIn);
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2), slow);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select demo' }));
    const bar = screen.getByRole('region', { name: 'Bulk actions' });
    expect(within(bar).getByText('1 account selected')).toBeTruthy();
    await userEvent.click(within(bar).getByRole('button', { name: 'Suspend' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    await waitFor(() => expect(mock.admin.data.users.find((u) => u.username === 'demo')!.suspended).toBe(true));
    expect(await screen.findByText('1 account suspended.')).toBeTruthy();
    await waitFor(() => expect(within(screen.getByRole('table')).getByText('Suspended')).toBeTruthy(), slow);
    expect(mock.admin.data.audit[0]).toMatchObject({ action: 'users.bulk-suspend', after: { count: 1 } });
    // The selection is cleared: no bar until another account is ticked.
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).toBeNull();
  });

  it('refreshes the plans on screen when one is withdrawn', async () => {
    const { mock } = await renderApp('/admin/plans', signedIn);
    const withdraw = await screen.findByRole('button', { name: 'Deactivate: سالانه نامحدود' }, slow);
    await userEvent.click(withdraw);
    expect(await screen.findByRole('button', { name: 'Activate: سالانه نامحدود' }, slow)).toBeTruthy();
    expect(mock.admin.calls.plans).toBe(2);
    expect(mock.admin.data.plans.find((p) => p.id === 4)!.active).toBe(false);
  });

  it('filters the orders by state in the address, and reconciling refreshes them', async () => {
    const { mock } = await renderApp('/admin/orders', signedIn);
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(26), slow);
    await userEvent.selectOptions(screen.getByLabelText('State'), 'pending');
    await waitFor(() => expect(window.location.search).toBe('?state=pending'));
    const pending = mock.admin.data.orders.filter((o) => o.state === 'pending').length;
    await waitFor(
      () => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(Math.min(pending, 25) + 1),
      slow,
    );
    const calls = mock.admin.calls.orders;
    await userEvent.click(screen.getByRole('button', { name: 'Reconcile with the bank now' }));
    expect(await screen.findByText('Reconciliation result', {}, slow)).toBeTruthy();
    // The list and the menu's count of receipts awaiting review (orders too) are asked again.
    await waitFor(() => expect(mock.admin.calls.orders).toBe(calls + 2), slow);
    const left = mock.admin.data.orders.filter((o) => o.state === 'pending').length;
    expect(left).toBeLessThan(pending);
    await waitFor(
      () => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(Math.min(left, 25) + 1),
      slow,
    );
  });

  it('shows the audit log searched by the address, the console’s own changes on top', async () => {
    const { mock, router } = await renderApp('/admin/plans', signedIn);
    await userEvent.click(await screen.findByRole('button', { name: 'Deactivate: سالانه نامحدود' }, slow));
    // The server's action for a plan withdrawn (and nothing else changed).
    await waitFor(() => expect(mock.admin.data.audit[0]!.action).toBe('plan.deactivate'));
    await router.navigate('/admin/audit?q=plan.deactivate');
    const found = mock.admin.data.audit.filter((entry) => entry.action === 'plan.deactivate').length;
    await waitFor(
      () => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(Math.min(found, 25) + 1),
      slow,
    );
    expect(mock.admin.calls.audit).toBe(1);
  });
});

describe('the operators’ second factor (CONTRACTS §15)', () => {
  it('asks an operator with codes on for the current code to add another, says a wrong one, then sends it', async () => {
    const { mock } = await renderApp('/admin/operators', { backend: { admin: { signedIn: 'alice' } } });
    await userEvent.click(await screen.findByRole('button', { name: 'Add an operator' }, slow));
    const dialog = within(await screen.findByRole('dialog'));
    await userEvent.type(dialog.getByLabelText('Username'), 'sahar');
    const code = dialog.getByLabelText('Your current one-time code');
    await userEvent.type(code, '000000');
    await userEvent.click(dialog.getByRole('button', { name: 'Create' }));
    expect(await dialog.findByText(/That code is wrong or has expired/)).toBeTruthy();
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(mock.admin.data.operators.some((o) => o.username === 'sahar')).toBe(false);
    expect(mock.admin.data.audit[0]).toMatchObject({ operator: 'alice', action: 'operator.otp-wrong' });

    await userEvent.clear(code);
    await userEvent.type(code, '۱۲۳۴۵۶');
    await userEvent.click(dialog.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Operator sahar created', {}, slow)).toBeTruthy();
    expect(mock.admin.data.audit[0]).toMatchObject({ operator: 'alice', action: 'operator.add' });
  });

  it('unlocks a locked operator after a confirmation, and the list no longer says locked', async () => {
    const { mock } = await renderApp('/admin/operators', signedIn);
    const unlock = await screen.findByRole('button', { name: 'Unlock operator reza' }, slow);
    expect(within(unlock.closest('tr')!).getByText('Locked')).toBeTruthy();
    await userEvent.click(unlock);
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText(/reza was locked after too many wrong one-time codes/)).toBeTruthy();
    expect(mock.admin.data.operators.find((o) => o.username === 'reza')!.locked).toBe(true);
    await userEvent.click(dialog.getByRole('button', { name: 'Unlock' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Unlock operator reza' })).toBeNull(), slow);
    expect(screen.queryByText('Locked')).toBeNull();
    expect(mock.admin.data.operators.find((o) => o.username === 'reza')!.locked).toBe(false);
    expect(mock.admin.data.audit[0]).toMatchObject({
      operator: 'admin',
      action: 'operator.unlock',
      target: 'operator:reza',
    });
  });

  it('turns codes off only with the current code, and a lock says who can lift it', async () => {
    const { mock } = await renderApp('/admin/operators', { backend: { admin: { signedIn: 'alice' } } });
    const field = await screen.findByLabelText('Your current one-time code', {}, slow);
    for (let i = 0; i < 5; i += 1) {
      await userEvent.clear(field);
      await userEvent.type(field, '000000');
      await userEvent.click(screen.getByRole('button', { name: 'Turn off' }));
      await waitFor(() => expect(mock.admin.wrongCodes.alice).toBe(i + 1));
    }
    await userEvent.clear(field);
    await userEvent.type(field, '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Turn off' }));
    expect((await screen.findByRole('alert', {}, slow)).textContent).toMatch(/your sign-in is locked/);
    expect(mock.admin.data.operators.find((o) => o.username === 'alice')!.totpEnabled).toBe(true);
  });
});

describe('card-to-card: the receipts queue and the card pool (CONTRACTS §11)', () => {
  /** The menu's count of receipts awaiting review, as assistive technology reads it. */
  const menuCount = () =>
    within(screen.getByRole('navigation', { name: 'Console sections', hidden: true })).getByRole('link', {
      name: /Receipts/,
      hidden: true,
    }).textContent;

  it('approves a renewal after a confirmation: the result shows, the queue and the menu count one fewer', async () => {
    const { mock } = await renderApp('/admin/receipts', signedIn);
    const approve = await screen.findByRole('button', { name: 'Approve order 1900000211' }, slow);
    expect(screen.getAllByRole('button', { name: /^Approve order/ })).toHaveLength(3);
    await waitFor(() => expect(menuCount()).toMatch(/\(3 waiting\)/));
    await userEvent.click(approve);
    const dialog = within(await screen.findByRole('dialog'));
    const order = mock.admin.data.orders.find((o) => o.resNum === '1900000211')!;
    const rials = order.card!.amountRials.toLocaleString('en-US');
    expect(dialog.getByText(new RegExp(`${rials} rials with tracking number 118204736652`))).toBeTruthy();
    expect(order.state).toBe('pending');
    await userEvent.click(dialog.getByRole('button', { name: 'Yes, approve' }));
    expect(
      await screen.findByText(
        'Order 1900000211 is approved: account demo was renewed and the buyer was e-mailed.',
        {},
        slow,
      ),
    ).toBeTruthy();
    await waitFor(() => expect(screen.getAllByRole('button', { name: /^Approve order/ })).toHaveLength(2), slow);
    await waitFor(() => expect(menuCount()).toMatch(/\(2 waiting\)/));
    expect(mock.admin.data.orders.find((o) => o.resNum === '1900000211')).toMatchObject({
      state: 'paid',
      card: { state: 'paid' },
    });
    expect(mock.admin.data.audit[0]).toMatchObject({ action: 'order.approve', target: 'order:1900000211' });
  });

  it('says by its code that another operator decided first, and the receipt leaves the queue', async () => {
    const { mock } = await renderApp('/admin/receipts', signedIn);
    await userEvent.click(await screen.findByRole('button', { name: 'Approve order 1900000422' }, slow));
    const dialog = within(await screen.findByRole('dialog'));
    // Meanwhile another operator rejects it.
    const order = mock.admin.data.orders.find((o) => o.resNum === '1900000422')!;
    order.state = 'failed';
    order.card = { ...order.card!, state: 'rejected', reason: 'Wrong amount' };
    await userEvent.click(dialog.getByRole('button', { name: 'Yes, approve' }));
    expect((await dialog.findByRole('alert', {}, slow)).textContent).toMatch(/Another operator has already decided/);
    expect(dialog.queryByText(/only an order awaiting review/)).toBeNull();
    await waitFor(
      () => expect(screen.queryByRole('button', { name: 'Approve order 1900000422', hidden: true })).toBeNull(),
      slow,
    );
    expect(order.state).toBe('failed');
  });

  it('rejects only with a reason, which the buyer then sees', async () => {
    const { mock } = await renderApp('/admin/receipts', signedIn);
    await userEvent.click(await screen.findByRole('button', { name: 'Reject order 1900000000' }, slow));
    const dialog = within(await screen.findByRole('dialog'));
    await userEvent.click(dialog.getByRole('button', { name: 'Reject the receipt' }));
    expect(dialog.getByText('Write why the receipt is rejected.')).toBeTruthy();
    await userEvent.type(dialog.getByLabelText('Reason for rejecting'), 'The amount is 10,000 rials short.');
    await userEvent.click(dialog.getByRole('button', { name: 'Reject the receipt' }));
    expect(await screen.findByText('Order 1900000000 is rejected: the buyer sees the reason.', {}, slow)).toBeTruthy();
    expect(mock.admin.data.orders.find((o) => o.resNum === '1900000000')!.card).toMatchObject({
      state: 'rejected',
      reason: 'The amount is 10,000 rials short.',
    });
    expect(mock.admin.data.audit[0]).toMatchObject({ action: 'order.reject', target: 'order:1900000000' });
  });

  it('adds a card typed in Persian digits, disables one and removes another after a confirmation', async () => {
    const { mock } = await renderApp('/admin/cards', signedIn);
    await userEvent.click(await screen.findByRole('button', { name: 'Add a card' }, slow));
    let dialog = within(await screen.findByRole('dialog'));
    await userEvent.type(dialog.getByLabelText('Card number'), '۶۲۷۴ ۱۲۰۰ ۹۹۸۸ ۷۷۶۵');
    await userEvent.type(dialog.getByLabelText("Holder's name"), 'Sahar Amini');
    await userEvent.click(dialog.getByRole('button', { name: 'Add the card' }));
    expect(dialog.getByText('This is not a valid card number. Check the digits.')).toBeTruthy();
    await userEvent.clear(dialog.getByLabelText('Card number'));
    await userEvent.type(dialog.getByLabelText('Card number'), '۶۲۷۴ ۱۲۰۰ ۹۹۸۸ ۷۷۶۴');
    await userEvent.click(dialog.getByRole('button', { name: 'Add the card' }));
    expect(await screen.findByText('6274 1200 9988 7764', {}, slow)).toBeTruthy();
    expect(mock.admin.data.cards.at(-1)).toMatchObject({ number: '6274120099887764', holder: 'Sahar Amini' });

    await userEvent.click(screen.getByRole('button', { name: 'Disable the card ending 5670' }));
    expect(await screen.findByRole('button', { name: 'Enable the card ending 5670' }, slow)).toBeTruthy();
    expect(mock.admin.data.cards.find((c) => c.id === 1)!.enabled).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Remove the card ending 8470' }));
    dialog = within(await screen.findByRole('dialog'));
    await userEvent.click(dialog.getByRole('button', { name: 'Yes, remove' }));
    await waitFor(() => expect(screen.queryByText('5892 1055 3018 8470')).toBeNull(), slow);
    expect(mock.admin.data.audit[0]).toMatchObject({ action: 'card.remove', target: 'card:3' });
  });
});

describe('the discount codes and gift codes', () => {
  it('adds a code with its limits, says a duplicate by its code, and disables one after a confirmation', async () => {
    const { mock } = await renderApp('/admin/coupons', signedIn);
    expect(await screen.findByText('NOWRUZ1406', {}, slow)).toBeTruthy();
    const menu = screen.getByRole('navigation', { name: 'Console sections', hidden: true });
    expect(
      within(menu)
        .getByRole('link', { name: /Discount codes/, hidden: true })
        .getAttribute('aria-current'),
    ).toBe('page');

    await userEvent.click(screen.getByRole('button', { name: 'New discount code' }));
    let dialog = within(await screen.findByRole('dialog'));
    await userEvent.type(dialog.getByLabelText('Code'), 'welcome');
    await userEvent.type(dialog.getByLabelText('Percent'), '10');
    await userEvent.click(dialog.getByRole('button', { name: 'Add the code' }));
    expect((await dialog.findByRole('alert', {}, slow)).textContent).toMatch(/A code with this name exists already/);

    await userEvent.clear(dialog.getByLabelText('Code'));
    await userEvent.type(dialog.getByLabelText('Code'), 'spring-05');
    await userEvent.selectOptions(dialog.getByLabelText('Discount'), 'amount');
    await userEvent.clear(dialog.getByLabelText('Tomans'));
    await userEvent.type(dialog.getByLabelText('Tomans'), '۳۰٬۰۰۰');
    await userEvent.type(dialog.getByLabelText('Uses per buyer'), '1');
    await userEvent.type(dialog.getByLabelText('Valid until'), '2027-01-31');
    await userEvent.click(dialog.getByLabelText('First purchase only'));
    await userEvent.click(dialog.getByRole('button', { name: 'Add the code' }));
    expect(await screen.findByText('SPRING-05', {}, slow)).toBeTruthy();
    expect(mock.admin.data.coupons[0]).toMatchObject({
      code: 'SPRING-05',
      amount: 30_000,
      percent: null,
      perUser: 1,
      firstPurchase: true,
      until: '2027-02-01T00:00:00.000Z',
    });
    expect(mock.admin.data.audit[0]).toMatchObject({ action: 'coupon.add', target: 'coupon:SPRING-05' });

    await userEvent.click(screen.getByRole('button', { name: 'Disable the code NOWRUZ1406' }));
    dialog = within(await screen.findByRole('dialog'));
    expect(mock.admin.data.coupons.find((c) => c.code === 'NOWRUZ1406')!.disabled).toBe(false);
    await userEvent.click(dialog.getByRole('button', { name: 'Yes, disable' }));
    await waitFor(
      () => expect(screen.queryByRole('button', { name: 'Disable the code NOWRUZ1406', hidden: true })).toBeNull(),
      slow,
    );
    expect(mock.admin.data.coupons.find((c) => c.code === 'NOWRUZ1406')!.disabled).toBe(true);
    expect(mock.admin.data.audit[0]).toMatchObject({ action: 'coupon.disable', target: 'coupon:NOWRUZ1406' });
  });

  it('issues gift codes and shows them once, with a warning and a button copying them all', async () => {
    const { mock } = await renderApp('/admin/coupons', signedIn);
    await userEvent.click(await screen.findByRole('button', { name: 'Issue gift codes' }, slow));
    let dialog = within(await screen.findByRole('dialog'));
    await userEvent.click(dialog.getByRole('button', { name: 'Issue the codes' }));
    expect(dialog.getByText('Enter the amount.')).toBeTruthy();
    await userEvent.type(dialog.getByLabelText('Amount in tomans'), '50000');
    await userEvent.clear(dialog.getByLabelText('How many codes'));
    await userEvent.type(dialog.getByLabelText('How many codes'), '3');
    await userEvent.click(dialog.getByRole('button', { name: 'Issue the codes' }));
    dialog = within(await screen.findByRole('dialog', { name: '3 gift codes issued' }, slow));
    const codes = within(dialog.getByRole('list', { name: 'The gift codes' })).getAllByRole('listitem');
    expect(codes).toHaveLength(3);
    for (const code of codes) expect(code.textContent).toMatch(/^G-[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);
    expect(dialog.getByRole('alert').textContent).toMatch(/shown only this once/);
    expect(dialog.getByRole('button', { name: 'Copy all codes' })).toBeTruthy();
    expect(mock.admin.data.audit[0]).toMatchObject({ action: 'gift.add', after: { count: 3, amount: 50_000 } });

    const first = codes[0]!.textContent!;
    await userEvent.click(dialog.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByText(first)).toBeNull());
  });
});

describe('the referrals (issue 31 §4)', () => {
  it('lists who referred whom with the reward or why none, links the percent to the settings, and searches by the address', async () => {
    const { mock, router } = await renderApp('/admin/referrals', signedIn);
    const referrals = mock.admin.data.referrals;
    const first = referrals[0]!;
    expect(await screen.findByText(first.resNum, {}, slow)).toBeTruthy();
    const menu = screen.getByRole('navigation', { name: 'Console sections', hidden: true });
    expect(
      within(menu)
        .getByRole('link', { name: /Referrals/, hidden: true })
        .getAttribute('aria-current'),
    ).toBe('page');
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(Math.min(referrals.length, 25));
    // Each row: a reward in tomans, or "None" and why.
    for (const [index, row] of rows.entries()) {
      const referral = referrals[index]!;
      expect(row.textContent).toMatch(referral.reward > 0 ? /Toman/ : /None/);
    }
    expect(screen.getByText('Inviters earn this share of each referred purchase, in their wallet:')).toBeTruthy();
    await userEvent.click(screen.getByRole('link', { name: 'Change in settings' }));
    await waitFor(() => expect(window.location.pathname).toBe('/admin/settings'));

    await router.navigate(`/admin/referrals?q=${first.resNum}`);
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2), slow);
  });
});
