import { createHmac, randomInt } from 'node:crypto';
import { startFakeGateway } from './fakeGateway.ts';

interface NowInvoice {
  id: string;
  orderId: string;
  priceAmount: number;
  priceCurrency: string;
  ipnCallbackUrl: string;
  successUrl: string;
  cancelUrl: string;
}

interface NowPayment {
  paymentId: number;
  invoiceId: string;
  status: string;
  /** What the payment status answer says was invoiced (a test may make it differ). */
  priceAmount: number;
}

/** A JSON value with its object keys sorted at every depth, as NOWPayments signs it. */
function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, sorted((value as Record<string, unknown>)[key])]),
    );
  return value;
}

/**
 * A fake of NOWPayments' API on 127.0.0.1 (its documented protocol, sandbox and live alike):
 * - POST /v1/invoice, header `x-api-key`, JSON `price_amount`, `price_currency`, `order_id`,
 *   `ipn_callback_url`, `success_url`, `cancel_url` → `{ id, order_id, price_amount, invoice_url, … }`;
 * - GET /v1/payment/{payment_id}, the same header → `{ payment_id, invoice_id, payment_status,
 *   price_amount, price_currency, order_id, … }`.
 * `pay(invoiceId)` is the payer picking a coin and paying: a payment of the invoice, and the IPN
 * body NOWPayments would post; `sign(body)` its `x-nowpayments-sig` (hex HMAC-SHA512 of the JSON
 * with keys sorted at every depth, under the IPN secret). `statusCalls` counts the status calls.
 */
export async function startFakeNowpayments(apiKey: string, ipnSecret: string) {
  const invoices = new Map<string, NowInvoice>();
  const payments = new Map<number, NowPayment>();
  let statusCalls = 0;
  const gateway = await startFakeGateway((path, body, call) => {
    const route = path.split('?')[0] ?? '';
    if (call.headers['x-api-key'] !== apiKey)
      return {
        status: 403,
        json: { status: false, statusCode: 403, code: 'INVALID_API_KEY', message: 'Invalid api key' },
      };
    if (route === '/v1/invoice' && call.method === 'POST' && call.encoding === 'json') {
      if (typeof body.price_amount !== 'number' || typeof body.price_currency !== 'string')
        return {
          status: 400,
          json: { status: false, statusCode: 400, code: 'INVALID_REQUEST_PARAMS', message: 'price' },
        };
      const id = String(randomInt(1_000_000_000, 9_999_999_999));
      invoices.set(id, {
        id,
        orderId: String(body.order_id),
        priceAmount: body.price_amount,
        priceCurrency: body.price_currency,
        ipnCallbackUrl: String(body.ipn_callback_url),
        successUrl: String(body.success_url),
        cancelUrl: String(body.cancel_url),
      });
      return {
        json: {
          id,
          token_id: 'tok',
          order_id: body.order_id,
          order_description: body.order_description ?? null,
          price_amount: String(body.price_amount),
          price_currency: body.price_currency,
          pay_currency: null,
          ipn_callback_url: body.ipn_callback_url,
          invoice_url: `https://nowpayments.test/payment/?iid=${id}`,
          success_url: body.success_url,
          cancel_url: body.cancel_url,
          created_at: '2026-06-01T12:00:00.000Z',
          updated_at: '2026-06-01T12:00:00.000Z',
        },
      };
    }
    const status = /^\/v1\/payment\/([^/]+)$/.exec(route);
    if (status && call.method === 'GET') {
      statusCalls += 1;
      const payment = payments.get(Number(status[1]));
      if (!payment)
        return {
          status: 404,
          json: { status: false, statusCode: 404, code: 'NOT_FOUND', message: 'Payment not found' },
        };
      const invoice = invoices.get(payment.invoiceId)!;
      return {
        json: {
          payment_id: payment.paymentId,
          invoice_id: Number(invoice.id),
          payment_status: payment.status,
          pay_address: 'TXYZ',
          price_amount: payment.priceAmount,
          price_currency: invoice.priceCurrency,
          pay_amount: 12.5,
          actually_paid: payment.status === 'finished' ? 12.5 : 0,
          pay_currency: 'usdttrc20',
          order_id: invoice.orderId,
          order_description: null,
          purchase_id: '5837122679',
          created_at: '2026-06-01T12:01:00.000Z',
          updated_at: '2026-06-01T12:05:00.000Z',
          outcome_amount: 12.4,
          outcome_currency: 'usdttrc20',
        },
      };
    }
    return { status: 404, json: { status: false, statusCode: 404, message: 'Not found' } };
  });
  return {
    url: gateway.url,
    calls: gateway.calls,
    invoices,
    payments,
    get statusCalls() {
      return statusCalls;
    },
    /** The payer pays the invoice: a payment, and the IPN body NOWPayments posts about it. */
    pay(invoiceId: string, options: { status?: string; priceAmount?: number } = {}) {
      const invoice = invoices.get(invoiceId);
      if (!invoice) throw new Error(`No NOWPayments invoice ${invoiceId}`);
      const paymentId = randomInt(1_000_000_000, 9_999_999_999);
      const payment: NowPayment = {
        paymentId,
        invoiceId,
        status: options.status ?? 'finished',
        priceAmount: options.priceAmount ?? invoice.priceAmount,
      };
      payments.set(paymentId, payment);
      return {
        payment,
        ipn: {
          payment_id: paymentId,
          invoice_id: Number(invoiceId),
          payment_status: payment.status,
          pay_address: 'TXYZ',
          price_amount: invoice.priceAmount,
          price_currency: invoice.priceCurrency,
          pay_amount: 12.5,
          actually_paid: 12.5,
          pay_currency: 'usdttrc20',
          order_id: invoice.orderId,
          order_description: null,
          purchase_id: '5837122679',
          outcome_amount: 12.4,
          outcome_currency: 'usdttrc20',
          fee: { currency: 'usdttrc20', depositFee: 0.1, withdrawalFee: 0, serviceFee: 0 },
          created_at: '2026-06-01T12:01:00.000Z',
          updated_at: '2026-06-01T12:05:00.000Z',
        } as Record<string, unknown>,
      };
    },
    /** The `x-nowpayments-sig` header of an IPN body. */
    sign(body: unknown, secret = ipnSecret): string {
      return createHmac('sha512', secret)
        .update(JSON.stringify(sorted(body)))
        .digest('hex');
    },
    close: gateway.close,
  };
}
