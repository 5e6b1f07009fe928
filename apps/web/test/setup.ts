import { cleanup, configure } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';

// findBy… and waitFor wait up to 4 s (not 1): a route's code loading for the first time on a loaded
// machine took longer than a second (CI's runs share two cores with the browsers of other projects).
configure({ asyncUtilTimeout: 4000 });

/** One MSW server for the web tests; each test installs a fresh mock backend (see renderApp). */
export const server = setupServer();

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  localStorage.clear();
  sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  }
  document.head.querySelectorAll('meta[name="referrer"]').forEach((meta) => meta.remove());
  vi.restoreAllMocks();
});
afterAll(() => server.close());

// jsdom does not lay out or scroll; the app's scroll handling only needs the calls to exist.
window.scrollTo = (() => undefined) as typeof window.scrollTo;
Element.prototype.scrollIntoView = function scrollIntoView() {};
HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
  this.setAttribute('open', '');
};
HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
  this.removeAttribute('open');
};
