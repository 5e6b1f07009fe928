/**
 * The subscription link (CONTRACTS §7): `GET /sub/{token}` answers each client in its format, chosen
 * by its User-Agent (the sing-box family, then the Clash family, then a browser's `Accept:
 * text/html`, then everyone else) or forced by `?format=`. The profiles carry the headers clients
 * read (`subscription-userinfo`, `profile-update-interval`, …) and an ETag; a browser gets the
 * subscription page, and the page's own data comes from `?format=json`.
 *
 * The device limit by hardware id (CONTRACTS §14): a request with `x-hwid` (printable ASCII, at
 * most 128 characters; anything else is read as none) and, optionally, `x-device-os`, `x-ver-os`
 * and `x-device-model` (kept to {@link HWID_HEADER_LIMITS}) registers that device for the account;
 * one device more than `allowedDevices` (app logins included) gets its profile with no links and
 * the header `announce: base64:<why, in the account's language>`.
 */
import { ErrorAnswer, Nullable, route, Type, type Static } from './common.ts';

/** The longest value kept of each header of a subscription's device (CONTRACTS §14). */
export const HWID_HEADER_LIMITS = { hwid: 128, os: 32, osVersion: 32, model: 64 } as const;

/** The formats `?format=` forces (`json`: the subscription page's data; `xray`: Xray JSON, CONTRACTS §14). */
export const SUBSCRIPTION_FORMATS = ['base64', 'clash', 'singbox', 'xray', 'json'] as const;
export type SubscriptionFormat = (typeof SUBSCRIPTION_FORMATS)[number];

export const SubscriptionParams = Type.Object({
  /** The account's subscription token (192 random bits, base64url); a reset replaces it. */
  token: Type.String({ minLength: 16, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }),
});

export const SubscriptionQuery = Type.Object({
  format: Type.Optional(Type.Unsafe<SubscriptionFormat>({ type: 'string', enum: [...SUBSCRIPTION_FORMATS] })),
  /**
   * The page's language (`en`, `fa`; anything else falls back to the `i18next` cookie, then
   * Persian). Free text, as it always was: no value of it is refused.
   */
  lng: Type.Optional(Type.String()),
});

/** `?format=json`: what the subscription page shows, the account's state and its link (no credentials). */
export const SubscriptionPage = Type.Object(
  {
    ok: Type.Literal(true),
    username: Type.String(),
    expireDate: Nullable(Type.String()),
    usedMB: Type.Number({ minimum: 0 }),
    /** -1: unlimited. */
    allowedMB: Type.Integer({ minimum: -1 }),
    allowedDevices: Type.Integer({ minimum: 0 }),
    suspend: Type.Integer(),
    subsDays: Type.Integer({ minimum: 0 }),
    ios: Type.Integer(),
    /** Always empty here: the page shows neither devices nor payments. */
    devices: Type.Array(Type.Object({}), { maxItems: 0 }),
    payments: Type.Array(Type.Object({}), { maxItems: 0 }),
    /** This subscription's absolute URL. */
    subUrl: Type.String(),
    /** How many connection links the profiles carry now. */
    links: Type.Integer({ minimum: 0 }),
    /** Their names, as the apps show them (a node's extra hosts: the node's name and the host's remark). */
    linkNames: Type.Optional(Type.Array(Type.String({ maxLength: 300 }), { maxItems: 1000 })),
    /** As the panel's account (CONTRACTS §14): the plan's reset period, absent when it does not reset. */
    reset: Type.Optional(Type.Union([Type.Literal('day'), Type.Literal('week'), Type.Literal('month')])),
    /** The next reset (ISO 8601); null when none is due before the expiry or the subscription has not started. */
    nextResetAt: Type.Optional(Nullable(Type.String())),
  },
  { additionalProperties: false },
);
export type SubscriptionPage = Static<typeof SubscriptionPage>;

const tagged = Type.Object({ type: Type.String(), tag: Type.String() }, { additionalProperties: true });

/** The sing-box profile (SFA, SFI, SFM, SFT, Hiddify, Karing): a TUN inbound, the servers behind a selector. */
export const SingBoxProfile = Type.Object(
  {
    log: Type.Object({}, { additionalProperties: true }),
    /** Typed servers for a core of 1.12 or later (its User-Agent names it), the older form otherwise. */
    dns: Type.Object({ servers: Type.Array(Type.Object({}, { additionalProperties: true })) }),
    inbounds: Type.Array(tagged),
    outbounds: Type.Array(tagged),
    route: Type.Object({}, { additionalProperties: true }),
  },
  { additionalProperties: false },
);

/**
 * Xray JSON (CONTRACTS §14; Happ, and v2rayN/v2rayNG by `?format=xray`): complete Xray configs, one
 * per link Xray carries: SOCKS and HTTP inbounds on loopback, the proxy outbound first, then
 * `direct`, `block` (and `fragment` when the shop sets it), and the shop's routing rules.
 */
const xrayTagged = Type.Object({ tag: Type.String(), protocol: Type.String() }, { additionalProperties: true });
export const XrayProfile = Type.Array(
  Type.Object(
    {
      remarks: Type.String(),
      log: Type.Object({}, { additionalProperties: true }),
      inbounds: Type.Array(xrayTagged),
      outbounds: Type.Array(xrayTagged),
      routing: Type.Object(
        { rules: Type.Array(Type.Object({}, { additionalProperties: true })) },
        { additionalProperties: true },
      ),
    },
    { additionalProperties: false },
  ),
);

/** The Clash.Meta (mihomo) profile, as the YAML holds it. */
export const ClashProfile = Type.Object(
  {
    'mixed-port': Type.Integer(),
    'allow-lan': Type.Boolean(),
    mode: Type.String(),
    'log-level': Type.String(),
    proxies: Type.Array(
      Type.Object(
        { name: Type.String(), type: Type.String(), server: Type.String(), port: Type.Integer() },
        { additionalProperties: true },
      ),
    ),
    'proxy-groups': Type.Array(
      Type.Object(
        { name: Type.String(), type: Type.String(), proxies: Type.Array(Type.String()) },
        { additionalProperties: true },
      ),
    ),
    rules: Type.Array(Type.String()),
  },
  { additionalProperties: false },
);

/** The headers of every profile (base64, Clash, sing-box), not of the page or its data. */
export const SubscriptionHeaders = {
  'subscription-userinfo': Type.String({
    pattern: '^upload=0; download=[0-9]+; total=[0-9]+; expire=[0-9]+$',
    description: 'Bytes used and allowed (total 0: unlimited), and the expiry in Unix seconds (0: not yet, or never).',
  }),
  'profile-update-interval': Type.Literal('12', { description: 'Hours.' }),
  'profile-title': Type.String({ pattern: '^base64:', description: "base64 of the shop's name." }),
  'support-url': Type.String(),
  'profile-web-page-url': Type.String({ description: 'This subscription’s URL: a browser gets the page.' }),
  'content-disposition': Type.String({
    description: 'attachment; filename="<username>"; filename*=UTF-8\'\'<username, percent-encoded>',
  }),
  etag: Type.String({
    pattern: '^"[0-9a-f]{40}"$',
    description: 'sha1 of the body: If-None-Match with it answers 304.',
  }),
  'cache-control': Type.Literal('no-cache'),
  vary: Type.Literal('User-Agent, Accept'),
};

export const SUBSCRIPTION_ROUTES = {
  subscription: route({
    method: 'GET',
    url: '/sub/:token',
    summary:
      'The subscription: base64 links, Clash.Meta YAML, sing-box JSON or Xray JSON by User-Agent (?format= forces), the page for a browser. With x-hwid, a device of the account; one over its limit gets no links and an announce header.',
    tags: ['subscriptions'],
    params: SubscriptionParams,
    querystring: SubscriptionQuery,
    answer: Type.Union([SubscriptionPage, SingBoxProfile, XrayProfile], {
      description:
        'The profile in the client’s format; its JSON is the sing-box profile, Xray JSON (Happ, ?format=xray), or with ?format=json the page’s data (Cache-Control: no-store, none of the profile headers).',
    }),
    media: {
      'text/plain': Type.String({
        pattern: '^[A-Za-z0-9+/]*={0,2}$',
        description:
          'The account’s V2Ray links, one a line, base64 (v2rayNG, v2rayN, Streisand, Shadowrocket, curl…); empty for an account that is suspended or expired, and for a hardware id over the device limit (then with `announce: base64:…`).',
      }),
      'text/yaml': ClashProfile,
      'text/html': Type.String({ description: 'The subscription page, for a browser, in the visitor’s language.' }),
    },
    answerHeaders: SubscriptionHeaders,
    answers: {
      '304': { description: 'Not modified: If-None-Match named the profile’s ETag. No body.' },
      '404': {
        description:
          'No such subscription (never was, or replaced by a reset); a browser gets the page, which says so.',
        content: { 'application/json': ErrorAnswer, 'text/html': Type.String() },
      },
    },
  }),
};
