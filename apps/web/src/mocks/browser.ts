import { setupWorker } from 'msw/browser';
import { createMockBackend } from '@separ/api/mocks';

/** Starts the mock backend in the page (mock mode only): log in as demo / demo1234. */
export async function startMockBackend() {
  const { handlers } = createMockBackend({
    latencyMs: 400,
    loggedIn: /(?:^|;\s*)jwtUserUsername=/.test(document.cookie),
  });
  const worker = setupWorker(...handlers);
  await worker.start({ onUnhandledFrame: 'bypass', quiet: false });
}
