/**
 * The account panel's calls (SPEC §7, CONTRACTS §3, §7 and §15), each with the session cookie
 * `jwtUserToken`: the account, the password change, a device's end, the servers, the subscription
 * link and the bot's link code. Without a live session they answer 401 (`loginRequired`,
 * `sessionEnded`). The spec's client posts them with `Content-Type: application/json` and no body.
 */
import { PASSWORD_CHANGE_REFUSALS } from '../validation.ts';
import { HWID_HEADER_LIMITS } from './subscription.ts';
import {
  ErrorAnswerOf,
  FORM,
  JSON_MEDIA,
  NoQuery,
  Nullable,
  OkAnswer,
  QueryText,
  route,
  Type,
  type Static,
} from './common.ts';

const TAGS = ['site'] as const;

/** The longest password field and device id the panel's calls take (longer: 400 `parameterTooLong`). */
export const PANEL_LIMITS = { password: 128, sessionId: 100 } as const;

/** The refusals of a call that needs a session. */
const SESSION_ERRORS = ['loginRequired', 'sessionEnded'] as const;

/** A device of the account: an app's session, an OpenConnect connection, a subscription's hardware id. */
export const DeviceRecord = Type.Object({
  id: Type.String(),
  /** Operating system and version, separated by a semicolon (SPEC §3). */
  deviceInfo: Type.String(),
  loginAt: Type.String(),
  /** The device's model, as a subscription's client said it (`x-device-model`, CONTRACTS §14). */
  model: Type.Optional(Type.String({ maxLength: HWID_HEADER_LIMITS.model })),
});
export type DeviceRecord = Static<typeof DeviceRecord>;

/**
 * A payment of the account (SPEC §3): `state` 2 success, 1 failed, else pending; `amount` in rials;
 * `amountUsdCents` only for an order paid in dollars (a crypto gateway, CONTRACTS §12): the US cents
 * it was invoiced, at the rate stored on the order.
 */
export const PaymentRecord = Type.Object({
  resNum: Type.String(),
  refNum: Type.String(),
  state: Type.Integer(),
  amount: Type.Integer(),
  createdAt: Type.String(),
  plan_id: Type.Integer(),
  amountUsdCents: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000_000_000 })),
});
export type PaymentRecord = Static<typeof PaymentRecord>;

/** `POST /api/site/account`: the account of SPEC §3 and its subscription link (CONTRACTS §7). */
export const AccountAnswer = Type.Object({
  ok: Type.Literal(true),
  username: Type.String(),
  expireDate: Nullable(Type.String()),
  usedMB: Type.Integer(),
  /** -1: unlimited. */
  allowedMB: Type.Integer(),
  allowedDevices: Type.Integer(),
  /** 1: suspended. */
  suspend: Type.Integer(),
  /** Above 0: pending activation, the days the first use starts. */
  subsDays: Type.Integer(),
  ios: Type.Integer(),
  devices: Type.Array(DeviceRecord),
  payments: Type.Array(PaymentRecord),
  /** The subscription URL, absolute. */
  subUrl: Type.String(),
  /** The account's referral code (CONTRACTS §12): its link is `{origin}/?ref={code}`. */
  referralCode: Type.Optional(Type.String()),
  /**
   * CONTRACTS §14: when the account's plan resets its data (every day, week or month from the
   * subscription's start), the moment of the next reset (ISO 8601); null when none is due before
   * the expiry or the subscription has not started; absent when the plan does not reset.
   */
  nextResetAt: Type.Optional(Nullable(Type.String())),
  /** The plan's reset period, with `nextResetAt`. */
  reset: Type.Optional(Type.Union([Type.Literal('day'), Type.Literal('week'), Type.Literal('month')])),
});
export type AccountAnswer = Static<typeof AccountAnswer>;

/** A server of the account's list (SPEC §3): `server` is JSON text whose `s` lists its links, `xxx` already filled in. */
export const ServerRecord = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  /** 2: V2Ray; anything else OpenConnect. */
  type: Type.Integer(),
  countryCode: Type.String(),
  server: Type.String(),
});
export type ServerRecord = Static<typeof ServerRecord>;

/** A country of the servers list: `title` in the visitor's language (the `lng` query, else the `i18next` cookie, else fa). */
export const CountryRecord = Type.Object({
  id: Type.String(),
  title: Type.String(),
  title_en: Type.String(),
  title_fa: Type.String(),
});
export type CountryRecord = Static<typeof CountryRecord>;

/** `POST /api/site/changepassword` done: the sessions, devices and bot chats it ended (CONTRACTS §15). */
export const PasswordChanged = Type.Object({
  ok: Type.Literal(true),
  message: Type.String(),
  sessionsEnded: Type.Integer(),
  devicesEnded: Type.Integer(),
  chatsUnlinked: Type.Integer(),
});

/** A refusal of the new password (SPEC §5, CONTRACTS §15): answered with status 200, `ok: false`. */
export const PasswordRefused = ErrorAnswerOf(PASSWORD_CHANGE_REFUSALS);

export const PANEL_ROUTES = {
  account: route({
    method: 'POST',
    url: '/api/site/account',
    summary: 'The account of the session: data, expiry, status flags, devices, payments and the subscription URL.',
    tags: TAGS,
    querystring: NoQuery,
    answer: AccountAnswer,
    errors: SESSION_ERRORS,
  }),
  changePassword: route({
    method: 'POST',
    url: '/api/site/changepassword',
    summary:
      'Change the password (currentpassword, newpassword, in the body or the query); this session stays, the others and the app devices end. A refused password answers 200 with ok false.',
    tags: TAGS,
    querystring: Type.Object({
      currentpassword: Type.Optional(QueryText()),
      newpassword: Type.Optional(QueryText()),
    }),
    body: Type.Object({
      currentpassword: Type.Optional(
        Type.String({
          maxLength: PANEL_LIMITS.password,
          description: 'Blank: 400 `missingParameter`; longer: 400 `parameterTooLong`.',
        }),
      ),
      newpassword: Type.Optional(
        Type.String({
          maxLength: PANEL_LIMITS.password,
          description: `Blank: 400 \`missingParameter\`; longer than ${PANEL_LIMITS.password} characters: 400 \`parameterTooLong\`; the rules of SPEC §5 and CONTRACTS §15, else 200 with ok false.`,
        }),
      ),
    }),
    bodyMedia: [JSON_MEDIA, FORM],
    lenientBody: true,
    answer: Type.Union([PasswordChanged, PasswordRefused]),
    errors: [...SESSION_ERRORS, 'missingParameter', 'parameterTooLong', 'tooManyAttempts', 'overloaded'],
  }),
  unlinkDevice: route({
    method: 'POST',
    url: '/api/site/unlinkdevice',
    summary: 'Disconnect one of your own devices (sessionId); an OpenConnect connection cannot be (409).',
    tags: TAGS,
    querystring: Type.Object({ sessionId: Type.Optional(QueryText()) }),
    body: Type.Object({
      sessionId: Type.Optional(
        Type.String({
          maxLength: PANEL_LIMITS.sessionId,
          description: 'Blank: 400 `missingParameter`; longer: 400 `parameterTooLong`.',
        }),
      ),
    }),
    bodyMedia: [JSON_MEDIA, FORM],
    lenientBody: true,
    answer: OkAnswer,
    errors: [...SESSION_ERRORS, 'missingParameter', 'parameterTooLong', 'deviceNotDisconnectable', 'deviceNotFound'],
  }),
  servers: route({
    method: 'POST',
    url: '/api/site/servers',
    summary: 'Countries and servers; links carry username-password in place of xxx, and the V2Ray nodes the VPN id.',
    tags: TAGS,
    querystring: Type.Object({
      lng: Type.Optional(
        Type.Unknown({ description: 'fa or en: the language of the country titles (anything else is ignored).' }),
      ),
    }),
    answer: Type.Object({
      ok: Type.Literal(true),
      servers: Type.Array(ServerRecord),
      countries: Type.Array(CountryRecord),
    }),
    errors: SESSION_ERRORS,
  }),
  resetSubscription: route({
    method: 'POST',
    url: '/api/site/sub/reset',
    summary: 'A new subscription link; the old one answers 404.',
    tags: TAGS,
    querystring: NoQuery,
    answer: Type.Object({ ok: Type.Literal(true), subUrl: Type.String() }),
    errors: SESSION_ERRORS,
  }),
  botCode: route({
    method: 'POST',
    url: '/api/site/botcode',
    summary: "A one-time code (8 digits, 10 minutes) that links the messaging bot's chat to this account.",
    tags: TAGS,
    querystring: NoQuery,
    answer: Type.Object({
      ok: Type.Literal(true),
      code: Type.String({ pattern: '^[0-9]{8}$' }),
      expiresAt: Type.String(),
      minutes: Type.Integer(),
    }),
    errors: SESSION_ERRORS,
  }),
};
