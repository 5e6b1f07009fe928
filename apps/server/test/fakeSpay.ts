import { randomBytes } from 'node:crypto';
import { startFakeGateway } from './fakeGateway.ts';

/** SPAY's paths as its SDK (admin-spay/spay-python-sdk) names them; "reqeust" is the vendor's spelling. */
export const SPAY_PATHS = {
  token: '/api/ipg/get-ipg-token/',
  request: '/api/ipg/reqeust-payment/',
  verify: '/api/ipg/verify-payment/',
} as const;

interface SpayPayment {
  merchantId: string;
  amount: string;
  callbackUrl: string;
  paid: boolean;
}

/**
 * A fake of SPAY that keeps its payments, as the SDK's protocol describes it:
 * - POST token (form `amount`, `merchant_id`, `callback_url`) → `{ code: 0, data: { token } }`;
 * - GET request with `Authorization: <token>` → `{ code: 0, data: { ipg_url } }`;
 * - POST verify (form `merchant_id`, `amount`, `token`) → `{ code: 0 }` once the payment is paid and
 *   the merchant and amount are its own, another code otherwise.
 * `pay(token)` is the payer paying at the bank; the return then goes to `callback_url` as given,
 * with nothing added (SPAY documents nothing it adds). `verifications` counts the verify calls.
 */
export async function startFakeSpay(merchantId: string) {
  const payments = new Map<string, SpayPayment>();
  let verifications = 0;
  const gateway = await startFakeGateway((path, body, call) => {
    const route = path.split('?')[0];
    if (route === SPAY_PATHS.token && call.method === 'POST' && call.encoding === 'form') {
      if (body.merchant_id !== merchantId) return { json: { code: 101, message: 'merchant' } };
      if (!/^\d+$/.test(String(body.amount)) || typeof body.callback_url !== 'string')
        return { json: { code: 102, message: 'fields' } };
      const token = randomBytes(9).toString('hex');
      payments.set(token, {
        merchantId: String(body.merchant_id),
        amount: String(body.amount),
        callbackUrl: body.callback_url,
        paid: false,
      });
      return { json: { code: 0, data: { token } } };
    }
    if (route === SPAY_PATHS.request && call.method === 'GET') {
      const token = String(call.headers.authorization ?? '');
      if (!payments.has(token)) return { json: { code: 103, message: 'token' } };
      return { json: { code: 0, data: { ipg_url: `${gateway.url}/pay/${token}` } } };
    }
    if (route === SPAY_PATHS.verify && call.method === 'POST' && call.encoding === 'form') {
      verifications += 1;
      const payment = payments.get(String(body.token));
      const ok = payment?.paid && payment.merchantId === body.merchant_id && payment.amount === String(body.amount);
      return { json: ok ? { code: 0, data: { ref_id: `SPREF-${String(body.token).slice(0, 8)}` } } : { code: 104 } };
    }
    return { status: 404, json: {} };
  });
  return {
    url: gateway.url,
    calls: gateway.calls,
    get verifications() {
      return verifications;
    },
    /** The payer pays: the URL the bank then sends the browser back to (callback_url, nothing added). */
    pay(token: string): string {
      const payment = payments.get(token);
      if (!payment) throw new Error(`No SPAY payment ${token}`);
      payment.paid = true;
      return payment.callbackUrl;
    },
    close: gateway.close,
  };
}
