import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from './renderApp.tsx';

const heading = (name: string | RegExp) => screen.findByRole('heading', { level: 1, name });

describe('routes (SPEC §2)', () => {
  it.each([
    ['/', /private/i],
    ['/home', /private/i],
    ['/support', /here to help/i],
    ['/buy', 'Plans and pricing'],
    ['/plans', 'Plans and pricing'],
    ['/login', 'Log in to your account'],
    ['/install', /install/i],
    ['/download', /download/i],
    ['/free', /free/i],
    ['/test', /free/i],
    ['/privacy-policy', /privacy/i],
    ['/terms-of-use', /terms/i],
    ['/cookies', /cookie/i],
    ['/no/such/page', /private/i],
  ])('%s shows its screen', async (path, name) => {
    await renderApp(path);
    expect(await heading(name)).toBeTruthy();
  });

  it('scrolls to the top on every route change', async () => {
    const scroll = vi.spyOn(window, 'scrollTo');
    const { router } = await renderApp('/');
    await heading(/private/i);
    scroll.mockClear();
    await act(() => router.navigate('/support'));
    await heading(/here to help/i);
    expect(scroll).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));
  });

  it('sets the page language, direction and body class, and switches them', async () => {
    await renderApp('/', { language: 'fa' });
    await screen.findAllByRole('button', { name: /English/ });
    expect([document.documentElement.lang, document.documentElement.dir, document.body.className]).toEqual([
      'fa',
      'rtl',
      'rtl',
    ]);
    await userEvent.click(screen.getAllByRole('button', { name: /English/ })[0]!);
    await screen.findAllByRole('button', { name: /فارسی/ });
    expect([document.documentElement.lang, document.documentElement.dir, document.body.className]).toEqual([
      'en',
      'ltr',
      'ltr',
    ]);
    expect(localStorage.getItem('userLanguage')).toBe('en');
    expect(JSON.parse(localStorage.getItem('separ-app-state')!)).toMatchObject({ language: 'en', isRTL: false });
  });

  it('shows the cookie banner until a choice is made, and keeps the choice', async () => {
    const { store } = await renderApp('/', { app: { cookiesAccepted: null } });
    const banner = await screen.findByRole('region', { name: 'We use cookies' });
    await userEvent.click(screen.getByRole('button', { name: 'Reject' }));
    expect(store.getState().app.cookiesAccepted).toBe(false);
    expect(banner.isConnected).toBe(false);
    expect(JSON.parse(localStorage.getItem('separ-app-state')!).cookiesAccepted).toBe(false);
  });

  it('switches the header button with the login state', async () => {
    await renderApp('/', { loggedIn: true });
    await heading(/private/i);
    // The desktop button (jsdom applies no media queries, so it is queried by its text).
    expect(screen.getAllByText('My Account')[0]!.closest('a')!.getAttribute('href')).toBe('/panel');
    expect(document.querySelector('header')!.textContent).not.toContain('Login');
  });
});

describe('guards (SPEC §6)', () => {
  it('sends a logged-out visitor from the panel to /login', async () => {
    const { router } = await renderApp('/panel/devices');
    await heading('Log in to your account');
    expect(router.state.location.pathname).toBe('/login');
  });

  it('brings a visitor sent to /login back to the panel page asked for, after the login', async () => {
    const { router } = await renderApp('/panel/connect');
    await heading('Log in to your account');
    expect(router.state.location.pathname).toBe('/login');
    await userEvent.type(screen.getByLabelText('Username'), 'demo');
    await userEvent.type(screen.getByLabelText('Password', { selector: 'input' }), 'demo1234');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await screen.findByRole('heading', { name: 'Connect' });
    expect(router.state.location.pathname).toBe('/panel/connect');
  });

  it('takes the page asked for from the server’s redirect (/login?from=…), and leaves /login in the address bar', async () => {
    const { router } = await renderApp('/login?from=/panel/devices');
    await heading('Log in to your account');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/login');
    await userEvent.type(screen.getByLabelText('Username'), 'demo');
    await userEvent.type(screen.getByLabelText('Password', { selector: 'input' }), 'demo1234');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await screen.findByRole('heading', { name: 'My devices' });
    expect(router.state.location.pathname).toBe('/panel/devices');
  });

  it('returns only to a panel page, whatever the query names', async () => {
    const { router } = await renderApp('/login?from=https://evil.example/panel', { loggedIn: true });
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(router.state.location.pathname).toBe('/panel');
  });

  it('sends a logged-in visitor from /login to /panel', async () => {
    const { router } = await renderApp('/login', { loggedIn: true });
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(router.state.location.pathname).toBe('/panel');
  });

  it.each(['/dashboard', '/account', '/panel'])('%s is the dashboard', async (path) => {
    await renderApp(path, { loggedIn: true });
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
  });

  it('ends the session in the page when the backend answers 401', async () => {
    // The cookie says logged in, the backend's session is gone.
    document.cookie = 'jwtUserUsername=demo; path=/';
    const { router, store } = await renderApp('/panel');
    await heading('Log in to your account');
    expect(router.state.location.pathname).toBe('/login');
    expect(document.cookie).not.toContain('jwtUserUsername');
    expect(store.getState().ui.loggedIn).toBe(false);
  });

  it('logs out: the server, the store and both cookies, then /login', async () => {
    const { router, store, mock } = await renderApp('/panel', { loggedIn: true });
    await screen.findByRole('heading', { name: 'Dashboard' });
    await waitFor(() => expect(store.getState().app.userData).toEqual({ username: 'demo', ios: 1 }));
    await userEvent.click(screen.getAllByRole('button', { name: 'Log out' })[0]!);
    await heading('Log in to your account');
    expect(router.state.location.pathname).toBe('/login');
    expect(mock.loggedIn).toBe(false);
    expect(store.getState().app.userData).toBeNull();
    expect(document.cookie).not.toContain('jwtUserUsername');
    await act(() => router.navigate('/panel/payments'));
    expect(router.state.location.pathname).toBe('/login');
  });

  it('logs in and lands in the panel; the login errors of SPEC §8', async () => {
    const { router } = await renderApp('/login');
    await heading('Log in to your account');
    const submit = () => userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await submit();
    expect(await screen.findByText('Please enter username and password')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Username'), 'demo');
    await userEvent.type(screen.getByLabelText('Password', { selector: 'input' }), 'wrong-one');
    await submit();
    expect(await screen.findByText('Invalid username or password')).toBeTruthy();
    await userEvent.clear(screen.getByLabelText('Password', { selector: 'input' }));
    await userEvent.type(screen.getByLabelText('Password', { selector: 'input' }), 'demo1234');
    await submit();
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(router.state.location.pathname).toBe('/panel');
    expect(document.cookie).toContain('jwtUserUsername=demo');
  });
});
