/**
 * The error codes of Separ's HTTP API, one table: each code with the HTTP status it is answered
 * with and its English message (the texts SPEC.md and CONTRACTS.md fix are here byte for byte).
 * Every error answer is `{ ok: false, message, code }`; clients switch on `code`, never on the
 * message's text. The server's services throw these codes; the HTTP layer, RADIUS, the bot and
 * the CLI each turn a code into their own reply.
 *
 * A message is a text, or a function of the error's parameters where the text names something
 * (a limit, a parameter). The codes of a few kinds carry a text of their own (`invalid`,
 * `not_found`, `conflict`: the admin API's refusals, which name what was wrong); the table gives
 * their default.
 *
 * Two spellings live side by side, as they were first answered: the admin API's codes are
 * snake_case (docs/ADMIN.md), the public API's camelCase (the password rules of `validation.ts`).
 * Codes are never renamed: clients match them.
 */
import { PASSWORD_CHANGE_MESSAGES, PASSWORD_TOO_COMMON_MESSAGE, passwordTooLongMessage } from '../validation.ts';

/** One row of the table: the status and the message (a text, or made from the error's parameters). */
export interface ErrorEntry {
  status: number;
  message: string | ((params: never) => string);
}

/** A message of free text: the thrower's `text`, else the default. */
const textOr =
  (fallback: string) =>
  (params?: { text?: string }): string =>
    params?.text ?? fallback;

export const ERRORS = {
  // ---- the password change (`POST /api/site/changepassword`): 200 with ok false (SPEC §7's client reads `message`)
  allFieldsRequired: { status: 200, message: PASSWORD_CHANGE_MESSAGES.allFieldsRequired },
  mismatch: { status: 200, message: PASSWORD_CHANGE_MESSAGES.mismatch },
  sameAsCurrent: { status: 200, message: PASSWORD_CHANGE_MESSAGES.sameAsCurrent },
  tooShort: { status: 200, message: PASSWORD_CHANGE_MESSAGES.tooShort },
  invalidCharacters: { status: 200, message: PASSWORD_CHANGE_MESSAGES.invalidCharacters },
  tooLong: { status: 200, message: (params?: { max?: number }) => passwordTooLongMessage(params?.max) },
  passwordTooCommon: { status: 200, message: PASSWORD_TOO_COMMON_MESSAGE },
  currentIncorrect: { status: 200, message: 'Current password is incorrect' },

  // ---- requests the server cannot read
  invalid: { status: 400, message: textOr('Invalid request.') },
  badRequest: { status: 400, message: textOr('Bad request') },
  invalidJson: { status: 400, message: 'The request body is not valid JSON.' },
  missingParameter: { status: 400, message: (params: { name: string }) => `Missing parameter: ${params.name}` },
  parameterTooLong: { status: 400, message: (params: { name: string }) => `Parameter too long: ${params.name}` },
  bodyTooLarge: { status: 413, message: textOr('Request body is too large') },
  unsupportedMediaType: { status: 415, message: textOr('Unsupported Media Type') },
  uriTooLong: { status: 414, message: textOr('URI Too Long') },

  // ---- sign-in and sessions (site, app)
  missingCredentials: { status: 400, message: 'Please enter username and password' },
  bad_credentials: { status: 401, message: 'Invalid username or password' },
  loginRequired: { status: 401, message: 'Please log in to continue.' },
  sessionEnded: { status: 401, message: 'Your session has ended. Please log in again.' },
  cross_site: { status: 403, message: 'Cross-site request refused.' },
  forbidden: { status: 403, message: textOr('Your role does not allow this.') },
  /** Every throttle (login, password change, payment requests, link codes, one-time codes): wait and retry. */
  tooManyAttempts: {
    status: 429,
    message: (params?: { of?: string }) => `Too many ${params?.of ?? 'attempts'}. Please wait and try again.`,
  },

  // ---- an account that may not connect (the app login; RADIUS says the same in its Reply-Message)
  accountSuspended: { status: 403, message: 'This account is suspended. Please contact support.' },
  accountExpired: { status: 403, message: 'This subscription has expired. Please buy a new plan.' },
  dataExceeded: { status: 403, message: 'This account has used all of its data. Please upgrade your plan.' },
  deviceLimitReached: {
    status: 403,
    message: (params: { allowed: number }) =>
      `Device limit reached: this account allows ${params.allowed} device(s). Disconnect one in your account panel.`,
  },

  // ---- the panel
  deviceNotFound: { status: 404, message: 'Device not found' },
  deviceNotDisconnectable: {
    status: 409,
    message: 'An OpenConnect connection cannot be ended from the panel: it ends when its device disconnects.',
  },

  // ---- not found (public)
  not_found: { status: 404, message: textOr('Not found') },
  translationNotFound: { status: 404, message: 'No such translation file.' },
  subscriptionNotFound: { status: 404, message: 'No such subscription.' },

  // ---- payments
  planNotFound: { status: 404, message: 'The selected plan could not be found.' },
  invalidEmail: { status: 400, message: 'Please enter a valid email address' },
  unknownGateway: { status: 400, message: 'Unknown payment gateway.' },
  gatewayUnavailable: { status: 400, message: 'This payment gateway is not available right now.' },
  paymentFailed: { status: 502, message: 'Payment failed. Please try again.' },
  noSuchGateway: { status: 404, message: 'Unknown payment gateway.' },
  noPaymentNamed: { status: 400, message: 'The gateway return names no payment.' },
  unknownPayment: { status: 404, message: 'Unknown payment.' },
  amountMismatch: { status: 400, message: 'The amount does not match the order.' },
  /** A crypto gateway's callback (CONTRACTS §12) whose signature is missing or wrong: believed in nothing. */
  invalidSignature: { status: 401, message: 'The callback signature is missing or not valid.' },

  // ---- the wallet (CONTRACTS §10)
  insufficientBalance: { status: 402, message: 'Insufficient balance' },
  invalidTopupAmount: {
    status: 400,
    message: (params: { min: number; max: number }) =>
      `The top-up must be a whole number of tomans from ${params.min.toLocaleString('en-US')} to ${params.max.toLocaleString('en-US')}.`,
  },
  walletDisabled: { status: 403, message: 'The wallet is not available in this shop.' },
  signInToPayFromWallet: { status: 401, message: 'Sign in to pay from your wallet.' },

  // ---- card-to-card transfers (CONTRACTS §11)
  unknownCardOrder: { status: 404, message: 'No such card transfer.' },
  invalidTracking: { status: 400, message: 'The tracking number must be 6 to 20 digits.' },
  invalidReceiptImage: { status: 400, message: 'The receipt image must be a PNG, JPEG or WebP picture.' },
  receiptImageTooLarge: { status: 413, message: 'The receipt image is larger than 2 MB.' },
  trackingUsed: { status: 409, message: 'This tracking number has been sent already.' },
  receiptImageUsed: { status: 409, message: 'This receipt image has been sent already.' },
  receiptAlreadySent: { status: 409, message: 'A receipt has been sent for this order already.' },
  notAwaitingTransfer: { status: 409, message: 'This order does not take a receipt now.' },

  // ---- discount codes and gift codes (CONTRACTS §12): one code per reason a code does not apply
  couponUnknown: { status: 404, message: 'No such discount code.' },
  couponExpired: { status: 410, message: 'This discount code has expired.' },
  couponNotYetValid: { status: 409, message: 'This discount code is not valid yet.' },
  couponUsedUp: { status: 409, message: 'This discount code has been used up.' },
  couponNotForPlan: { status: 422, message: 'This discount code is not for this plan.' },
  couponFirstPurchaseOnly: { status: 403, message: 'This discount code is for a first purchase only.' },
  couponPerUserLimit: { status: 409, message: 'You have used this discount code as often as it allows.' },
  couponNotForTopup: { status: 400, message: 'A discount code cannot be used for a wallet top-up.' },
  giftUnknown: { status: 404, message: 'No such gift code.' },
  giftUsed: { status: 409, message: 'This gift code has been used already.' },
  giftExpired: { status: 410, message: 'This gift code has expired.' },

  // ---- V2Ray nodes (UniProxy, CONTRACTS §5 and §15)
  unknownNode: { status: 403, message: 'Unknown node or wrong token.' },
  wrongNodeType: {
    status: 400,
    message: (params: { given: string; protocol: string }) =>
      `node_type ${params.given} is not this node's type: it is a ${params.protocol} node.`,
  },
  invalidPushData: { status: 422, message: 'Invalid data format' },
  implausibleReport: {
    status: 400,
    message: (params: { account: number; limit: number }) =>
      `A push entry for account ${params.account} is above ${params.limit} bytes.`,
  },
  invalidOnlineData: { status: 400, message: 'Invalid online data' },
  invalidStatusReport: { status: 422, message: 'cpu, mem, swap and disk are required.' },

  // ---- the admin API (docs/ADMIN.md); `invalid`, `not_found` and `conflict` above and below carry their own text
  unauthenticated: { status: 401, message: 'Please sign in to the admin.' },
  otp_required: { status: 401, message: 'Enter the one-time code from your authenticator app.' },
  bad_otp: { status: 401, message: 'The one-time code is not right. Try the next one.' },
  operator_locked: {
    status: 423,
    message:
      'Too many wrong one-time codes: this operator is locked. Another operator, or separ-admin operators unlock, lifts it.',
  },
  throttled: { status: 429, message: textOr('Too many attempts. Please wait and try again.') },
  conflict: { status: 409, message: textOr('The request clashes with what exists.') },

  // ---- the server itself
  overloaded: { status: 503, message: 'The service is busy. Please try again in a moment.' },
  unavailable: { status: 503, message: 'The service is temporarily unavailable. Please try again in a moment.' },
  // ---- the operator's monitoring (CONTRACTS §13)
  metricsUnauthorized: { status: 401, message: 'The metrics need the right bearer token.' },
  databaseUnavailable: { status: 503, message: 'Database unavailable' },
  internal: { status: 500, message: 'Something went wrong on our side. Please try again.' },
} as const satisfies Record<string, ErrorEntry>;

/** A code of the error table. */
export type ErrorCode = keyof typeof ERRORS;

/** The parameters a code's message takes (`[]` for a fixed text; one optional object for free text). */
export type ErrorParams<C extends ErrorCode> = (typeof ERRORS)[C]['message'] extends (...args: infer A) => string
  ? A
  : [];

/** Every code, in the table's order. */
export const ERROR_CODES = Object.keys(ERRORS) as readonly ErrorCode[];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERRORS, value);
}

/** The HTTP status a code is answered with. */
export function errorStatus(code: ErrorCode): number {
  return ERRORS[code].status;
}

/** A code's English message, made from its parameters where it takes any. */
export function errorMessage<C extends ErrorCode>(code: C, ...params: ErrorParams<C>): string {
  const message = ERRORS[code].message as string | ((params?: unknown) => string);
  return typeof message === 'string' ? message : message(params[0]);
}

/**
 * The admin API's codes (docs/ADMIN.md): what its `{ ok: false, message, code }` answers carry.
 * Any other code raised under `/api/admin` is answered as the admin code of its status
 * ({@link adminCodeOf}).
 */
export const ADMIN_ERROR_CODES = [
  'unauthenticated',
  'bad_credentials',
  'otp_required',
  'bad_otp',
  'operator_locked',
  'throttled',
  'invalid',
  'not_found',
  'conflict',
  'cross_site',
  'forbidden',
] as const satisfies readonly ErrorCode[];

export type AdminErrorCode = (typeof ADMIN_ERROR_CODES)[number];

export function isAdminErrorCode(value: unknown): value is AdminErrorCode {
  return typeof value === 'string' && (ADMIN_ERROR_CODES as readonly string[]).includes(value);
}

/**
 * The admin code a code is answered with under `/api/admin`: its own when it is one, else by its
 * status (429 `throttled`, 404 `not_found`, 409 `conflict`, 401 `unauthenticated`, any other
 * below 500 `invalid`); null for a 5xx, which the admin answers as the rest of
 * the API does.
 */
export function adminCodeOf(code: ErrorCode): AdminErrorCode | null {
  if (isAdminErrorCode(code)) return code;
  const status = errorStatus(code);
  if (status === 429) return 'throttled';
  if (status === 404) return 'not_found';
  if (status === 409) return 'conflict';
  if (status === 401) return 'unauthenticated';
  if (status < 500) return 'invalid';
  return null;
}
