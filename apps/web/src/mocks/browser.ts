import { setupWorker } from 'msw/browser';
import { ADMIN_MOCK_SESSION_COOKIE, createMockBackend } from '@separ/api/mocks';

/**
 * Starts the mock backend in the page (mock mode only): log in as demo / demo1234; the console at
 * /admin as admin / admin1234 (or otp / otp12345 with the code 123456). A reload keeps both sessions.
 */
export async function startMockBackend() {
  const { handlers } = createMockBackend({
    latencyMs: 400,
    loggedIn: /(?:^|;\s*)jwtUserUsername=/.test(document.cookie),
    admin: { signedIn: new RegExp(`(?:^|;\\s*)${ADMIN_MOCK_SESSION_COOKIE}=`).test(document.cookie) },
  });
  const worker = setupWorker(...handlers);
  await worker.start({ onUnhandledFrame: 'bypass', quiet: false });
}
