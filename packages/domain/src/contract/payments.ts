/**
 * Buying (SPEC §7, CONTRACTS §3 and §15): which gateways are active, a payment request, what a
 * purchase would renew, the gateway's return and the built-in sandbox bank. The return and the
 * sandbox answer pages and redirects, as a bank's pages do; their refusals are JSON.
 */
import {
  FORM,
  HTML_MEDIA,
  HtmlPage,
  JSON_MEDIA,
  NoJson,
  NoQuery,
  Nullable,
  QueryText,
  Redirect,
  route,
  Type,
  type Static,
} from './common.ts';
import { COUPON_REFUSALS } from './growth.ts';

/** 1: the gate may be chosen; 0: not (SPEC §4). */
const Active = Type.Unsafe<0 | 1>({ type: 'integer', enum: [0, 1] });

/** `GET /site_gateways` (SPEC §3's gateway status). */
export const GatewaysAnswer = Type.Object({
  ok: Type.Literal(true),
  code: Type.Integer(),
  message: Type.String(),
  ird_auto_active: Active,
  spay_auto_active: Active,
  /** CONTRACTS §10–§12: the wallet (shop setting walletEnabled), card-to-card, and the crypto gates. */
  wallet_active: Active,
  card_active: Active,
  oxapay_active: Active,
  nowpayments_active: Active,
  /**
   * The sandbox crypto page (issue 31): outside production, with the rate set and neither crypto
   * gateway's keys, `gate=sandboxcrypto` makes a dollar order paid on a TEST invoice page of our own.
   */
  crypto_sandbox_active: Active,
});
export type GatewaysAnswer = Static<typeof GatewaysAnswer>;

/** What a purchase would renew: the account of the session, else of a followed renew link. */
export const RenewalRecord = Type.Object({
  username: Type.String(),
  via: Type.Union([Type.Literal('session'), Type.Literal('link')]),
  expireDate: Nullable(Type.String()),
  subsDays: Type.Integer(),
});
export type RenewalRecord = Static<typeof RenewalRecord>;

/** The gateway's name in the return's path (`ird`, `spay`, `oxapay`, `nowpayments`, `sandboxcrypto`). */
const GateParams = Type.Object({ gate: Type.String({ maxLength: 20 }) });
/** What the gateway sends back in the query: any of its fields, as text. */
const ReturnQuery = Type.Object({}, { additionalProperties: Type.String({ maxLength: 500 }) });
/** What the gateway posts back: its form fields (`authority` or `token`, `status`, `amount`, …). */
const ReturnBody = Type.Object(
  { authority: Type.Optional(Type.String({ maxLength: 200 })) },
  { additionalProperties: true, description: 'The gateway’s form fields; the query’s win.' },
);
const RETURN_ERRORS = ['noSuchGateway', 'noPaymentNamed', 'unknownPayment', 'amountMismatch'] as const;
const ReturnRedirect = Redirect(
  'See Other: to /paymentresult#data={base64 JSON} (status, resnum, refnum, amount, time, username, password, and usd_cents for an order in dollars; in the fragment, out of every log).',
);

/** The longest purchase fields the request takes (longer: 400 `parameterTooLong`). */
export const PURCHASE_LIMITS = { plan_id: 20, email: 254, gate: 20 } as const;

/** What a crypto gateway's callback is refused with (CONTRACTS §12): always JSON, never a 5xx. */
const CALLBACK_ERRORS = ['noSuchGateway', 'invalidJson', 'invalidSignature', 'unknownPayment'] as const;

/** The text OxaPay's callback is answered with once it is read (`ok`, as OxaPay expects). */
export const OXAPAY_CALLBACK_ANSWER = 'ok';

const SandboxParams = Type.Object({ authority: Type.String({ maxLength: 100 }) });

export const PAYMENT_ROUTES = {
  gateways: route({
    method: 'GET',
    url: '/site_gateways',
    summary:
      'Which payment gateways are active (ird, spay, the wallet, card-to-card, oxapay, nowpayments, the sandbox crypto page).',
    tags: ['public'],
    querystring: NoQuery,
    answer: GatewaysAnswer,
  }),
  purchase: route({
    method: 'POST',
    url: '/requestAccount2',
    summary:
      'Start a purchase (plan_id, email, gate ird|spay): a pending order and the gateway URL; logged in or after a renew link it renews that account (renew.username), unless renew=0.',
    tags: ['payments'],
    querystring: Type.Object({
      plan_id: Type.Optional(QueryText(`The plan’s id (at most ${PURCHASE_LIMITS.plan_id} characters).`)),
      email: Type.Optional(
        QueryText(`The buyer’s e-mail, for the receipt (at most ${PURCHASE_LIMITS.email} characters).`),
      ),
      gate: Type.Optional(
        QueryText(
          `ird, spay, card, wallet, oxapay, nowpayments or sandboxcrypto (at most ${PURCHASE_LIMITS.gate} characters).`,
        ),
      ),
      lng: Type.Optional(QueryText('fa or en: the language of the receipt and the sandbox page.')),
      renew: Type.Optional(QueryText('0: a new account even when a renewal is on offer.')),
      coupon: Type.Optional(QueryText('A discount code (CONTRACTS §12): the order is for the discounted price.')),
      ref: Type.Optional(QueryText('A referral code; also taken from the 30-day cookie a link with ?ref= leaves.')),
    }),
    body: Type.Object({
      plan_id: Type.Optional(
        Type.Union([
          Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }),
          Type.String({ maxLength: PURCHASE_LIMITS.plan_id }),
        ]),
      ),
      email: Type.Optional(Type.String({ maxLength: PURCHASE_LIMITS.email })),
      gate: Type.Optional(Type.String({ maxLength: PURCHASE_LIMITS.gate })),
      lng: Type.Optional(Type.String({ maxLength: 10 })),
      renew: Type.Optional(Type.String({ maxLength: 1 })),
      coupon: Type.Optional(Type.String({ maxLength: 256 })),
      ref: Type.Optional(Type.String({ maxLength: 256 })),
    }),
    bodyMedia: [JSON_MEDIA, FORM],
    lenientBody: true,
    answer: Type.Object({
      ok: Type.Literal(true),
      url: Type.String(),
      message: Type.String(),
      renew: Type.Optional(Type.Object({ username: Type.String() })),
    }),
    errors: [
      'missingParameter',
      'parameterTooLong',
      'planNotFound',
      'invalidEmail',
      'unknownGateway',
      'gatewayUnavailable',
      'tooManyAttempts',
      'paymentFailed',
      'signInToPayFromWallet',
      'walletDisabled',
      ...COUPON_REFUSALS,
      'insufficientBalance',
    ],
  }),
  renewal: route({
    method: 'POST',
    url: '/api/site/renewal',
    summary:
      "What a purchase from this browser renews: the session's account, else a followed renew link's; renewal null: a new account.",
    tags: ['site'],
    querystring: NoQuery,
    answer: Type.Object({ ok: Type.Literal(true), renewal: Nullable(RenewalRecord) }),
  }),
  paymentReturn: route({
    method: 'GET',
    url: '/payment/callback/:gate',
    summary:
      'Gateway return: verify, complete exactly once, 303 to /paymentresult#data=… (the payload in the fragment, out of every log).',
    tags: ['payments'],
    params: GateParams,
    querystring: ReturnQuery,
    answer: NoJson,
    answers: { '303': ReturnRedirect },
    errors: RETURN_ERRORS,
  }),
  paymentReturnPost: route({
    method: 'POST',
    url: '/payment/callback/:gate',
    summary: 'Gateway return by a form post (SPAY): as the GET.',
    tags: ['payments'],
    params: GateParams,
    querystring: ReturnQuery,
    body: ReturnBody,
    bodyMedia: [FORM, JSON_MEDIA],
    lenientBody: true,
    answer: NoJson,
    answers: { '303': ReturnRedirect },
    errors: RETURN_ERRORS,
  }),
  oxapayCallback: route({
    method: 'POST',
    url: '/payment/callback/oxapay',
    summary:
      "OxaPay's callback (CONTRACTS §12): believed only when the HMAC header is the hex HMAC-SHA512 of the raw body under the merchant key; the order completes once GET {base}/v1/payment/{track_id} says paid for its dollars. Answers 200 text ok.",
    tags: ['payments'],
    body: Type.Object(
      {
        track_id: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Integer({ maximum: 1e15 })])),
        status: Type.Optional(Type.String({ maxLength: 40 })),
        order_id: Type.Optional(Type.String({ maxLength: 64 })),
        amount: Type.Optional(Type.Union([Type.Number({ maximum: 1e12 }), Type.String({ maxLength: 40 })])),
      },
      { additionalProperties: true, description: 'OxaPay’s JSON, read as its raw bytes for the signature.' },
    ),
    bodyMedia: [JSON_MEDIA],
    lenientBody: true,
    answer: NoJson,
    media: { 'text/plain': Type.Literal(OXAPAY_CALLBACK_ANSWER, { description: 'The callback was read.' }) },
    errors: CALLBACK_ERRORS,
  }),
  nowpaymentsCallback: route({
    method: 'POST',
    url: '/payment/callback/nowpayments',
    summary:
      "NOWPayments' IPN (CONTRACTS §12): believed only when x-nowpayments-sig is the hex HMAC-SHA512, under the IPN secret, of the JSON body with its keys sorted at every depth; the order completes on finished once GET {base}/v1/payment/{payment_id} agrees, for its dollars.",
    tags: ['payments'],
    body: Type.Object(
      {
        payment_id: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Integer({ maximum: 1e15 })])),
        payment_status: Type.Optional(Type.String({ maxLength: 40 })),
        order_id: Type.Optional(Type.String({ maxLength: 64 })),
        invoice_id: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Integer({ maximum: 1e15 })])),
        price_amount: Type.Optional(Type.Union([Type.Number({ maximum: 1e12 }), Type.String({ maxLength: 40 })])),
      },
      { additionalProperties: true, description: 'NOWPayments’ JSON.' },
    ),
    bodyMedia: [JSON_MEDIA],
    lenientBody: true,
    answer: Type.Object({ ok: Type.Literal(true) }),
    errors: CALLBACK_ERRORS,
  }),
  sandboxPage: route({
    method: 'GET',
    url: '/sandbox/pay/:authority',
    summary: 'The built-in test bank’s page: amount, order id, Pay and Cancel (404 page for an unknown payment).',
    tags: ['payments'],
    params: SandboxParams,
    answer: NoJson,
    media: { [HTML_MEDIA]: HtmlPage('The bank-like page, in the order’s language.') },
    answers: {
      '404': { description: 'No such payment: a page that says so.', content: { [HTML_MEDIA]: Type.String() } },
    },
  }),
  sandboxCryptoPage: route({
    method: 'GET',
    url: '/sandbox/crypto/:authority',
    summary:
      'The sandbox crypto page (not in production): a TEST invoice in dollars (USDT) with the order number, Pay and Cancel; no money moves (404 page for an unknown invoice).',
    tags: ['payments'],
    params: SandboxParams,
    answer: NoJson,
    media: { [HTML_MEDIA]: HtmlPage('The test invoice page, in the order’s language.') },
    answers: {
      '404': { description: 'No such invoice: a page that says so.', content: { [HTML_MEDIA]: Type.String() } },
    },
  }),
  sandboxCryptoAnswer: route({
    method: 'POST',
    url: '/sandbox/crypto/:authority',
    summary:
      'The sandbox crypto page’s form: action=pay|cancel returns the payer through /payment/callback/sandboxcrypto, as a crypto gateway’s return does.',
    tags: ['payments'],
    params: SandboxParams,
    body: Type.Object({ action: Type.Unsafe<'pay' | 'cancel'>({ type: 'string', enum: ['pay', 'cancel'] }) }),
    bodyMedia: [FORM],
    bodyRequired: true,
    answer: NoJson,
    answers: {
      '303': Redirect('See Other: to the return, /payment/callback/sandboxcrypto?orderId=…&key=….'),
    },
    errors: ['unknownPayment'],
  }),
  sandboxAnswer: route({
    method: 'POST',
    url: '/sandbox/pay/:authority',
    summary: 'The test bank’s form: action=pay|cancel returns to the shop, as a real gateway would.',
    tags: ['payments'],
    params: SandboxParams,
    body: Type.Object({ action: Type.Unsafe<'pay' | 'cancel'>({ type: 'string', enum: ['pay', 'cancel'] }) }),
    bodyMedia: [FORM],
    bodyRequired: true,
    answer: NoJson,
    answers: {
      '303': Redirect('See Other: to the gateway return, /payment/callback/{gate}?authority=…&status=OK|NOK.'),
    },
    errors: ['unknownPayment'],
  }),
};
