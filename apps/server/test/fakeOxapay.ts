import { createHmac, randomInt } from 'node:crypto';
import { startFakeGateway } from './fakeGateway.ts';

interface OxapayInvoice {
  trackId: string;
  amount: number;
  currency: string;
  orderId: string;
  callbackUrl: string;
  returnUrl: string;
  email: string | null;
  status: string;
  /** What the payment information says was invoiced (a test may make it differ from the order's). */
  reportedAmount: number;
}

/**
 * A fake of OxaPay's v1 merchant API on 127.0.0.1, as docs.oxapay.com describes it:
 * - POST /v1/payment/invoice, header `merchant_api_key`, JSON `amount`, `currency`, `order_id`,
 *   `callback_url`, `return_url`, `email` → `{ data: { track_id, payment_url, expired_at, date },
 *   message, error: {}, status: 200, version }`; a wrong key → `status` 401 with an error;
 * - GET /v1/payment/{track_id}, the same header → `{ data: { track_id, type, amount, currency,
 *   status, order_id, email, txs, … }, … }`.
 * `pay(trackId)` is the payer paying; `callback(trackId)` is the JSON OxaPay posts to the
 * callback URL, and `sign(raw)` its `HMAC` header (hex HMAC-SHA512 of the raw body under the key).
 * `infoCalls` counts the payment-information calls.
 */
export async function startFakeOxapay(merchantKey: string) {
  const invoices = new Map<string, OxapayInvoice>();
  let infoCalls = 0;
  const envelope = (data: unknown, status = 200, message = 'Operation completed successfully!') => ({
    data,
    message,
    error: status === 200 ? {} : { type: 'client_error', key: 'error', message },
    status,
    version: '1.0.0',
  });
  const gateway = await startFakeGateway((path, body, call) => {
    const route = path.split('?')[0] ?? '';
    if (call.headers.merchant_api_key !== merchantKey)
      return { status: 401, json: envelope({}, 401, 'Invalid merchant API key') };
    if (route === '/v1/payment/invoice' && call.method === 'POST' && call.encoding === 'json') {
      if (typeof body.amount !== 'number' || !(body.amount > 0) || typeof body.order_id !== 'string')
        return { status: 400, json: envelope({}, 400, 'Validation problem') };
      const trackId = String(randomInt(100_000_000, 999_999_999));
      invoices.set(trackId, {
        trackId,
        amount: body.amount,
        currency: String(body.currency ?? 'USD'),
        orderId: body.order_id,
        callbackUrl: String(body.callback_url),
        returnUrl: String(body.return_url),
        email: typeof body.email === 'string' ? body.email : null,
        status: 'waiting',
        reportedAmount: body.amount,
      });
      return {
        json: envelope({
          track_id: trackId,
          payment_url: `https://pay.oxapay.test/${trackId}`,
          expired_at: 1_780_000_000,
          date: 1_779_996_400,
        }),
      };
    }
    const info = /^\/v1\/payment\/([^/]+)$/.exec(route);
    if (info && call.method === 'GET') {
      infoCalls += 1;
      const invoice = invoices.get(decodeURIComponent(info[1]!));
      if (!invoice) return { status: 404, json: envelope({}, 404, 'Payment not found') };
      return {
        json: envelope({
          track_id: invoice.trackId,
          type: 'invoice',
          amount: invoice.reportedAmount,
          currency: invoice.currency,
          status: invoice.status,
          mixed_payment: false,
          fee_paid_by_payer: 0,
          under_paid_coverage: 0,
          lifetime: 60,
          callback_url: invoice.callbackUrl,
          return_url: invoice.returnUrl,
          email: invoice.email,
          order_id: invoice.orderId,
          description: '',
          expired_at: 1_780_000_000,
          date: 1_779_996_400,
          txs:
            invoice.status === 'paid'
              ? [
                  {
                    tx_hash: `0x${invoice.trackId}`,
                    amount: invoice.reportedAmount,
                    currency: 'USDT',
                    status: 'confirmed',
                  },
                ]
              : [],
        }),
      };
    }
    return { status: 404, json: envelope({}, 404, 'Not found') };
  });
  const invoiceOf = (trackId: string) => {
    const invoice = invoices.get(trackId);
    if (!invoice) throw new Error(`No OxaPay invoice ${trackId}`);
    return invoice;
  };
  return {
    url: gateway.url,
    calls: gateway.calls,
    invoices,
    get infoCalls() {
      return infoCalls;
    },
    /** The payer pays; `reportedAmount` makes the payment information name another amount. */
    pay(trackId: string, options: { status?: string; reportedAmount?: number } = {}) {
      const invoice = invoiceOf(trackId);
      invoice.status = options.status ?? 'paid';
      if (options.reportedAmount !== undefined) invoice.reportedAmount = options.reportedAmount;
    },
    /** The JSON OxaPay posts to the callback URL about an invoice (its raw text). */
    callback(trackId: string, overrides: Record<string, unknown> = {}): string {
      const invoice = invoiceOf(trackId);
      return JSON.stringify({
        track_id: invoice.trackId,
        status: 'Paid',
        type: 'invoice',
        module_name: 'OxaPay',
        amount: invoice.amount,
        value: invoice.amount,
        currency: invoice.currency,
        order_id: invoice.orderId,
        email: invoice.email,
        note: '',
        fee_paid_by_payer: 0,
        under_paid_coverage: 0,
        description: '',
        date: 1_779_997_000,
        txs: [{ status: 'confirmed', tx_hash: `0x${invoice.trackId}`, sent_amount: invoice.amount, currency: 'USDT' }],
        ...overrides,
      });
    },
    /** The `HMAC` header OxaPay sends with a raw body. */
    sign(raw: string, key = merchantKey): string {
      return createHmac('sha512', key).update(raw).digest('hex');
    },
    close: gateway.close,
  };
}
