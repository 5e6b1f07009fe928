/**
 * The VPN apps' calls (CONTRACTS §3): the Android and Windows apps log in with a device session.
 * The web app does not call them.
 */
import { Nullable, route, Type } from './common.ts';
import { LOGIN_LIMITS } from './site.ts';

export const APP_ROUTES = {
  appLogin: route({
    method: 'POST',
    url: '/api/app/login',
    summary:
      'VPN app login: a device session, within the device limit; starts a pending subscription. Refused when the account may not connect.',
    tags: ['apps'],
    body: Type.Object({
      username: Type.String({ minLength: 1, maxLength: LOGIN_LIMITS.username }),
      password: Type.String({ minLength: 1, maxLength: LOGIN_LIMITS.password }),
      /** Operating system and version, separated by a semicolon. */
      deviceInfo: Type.String({ minLength: 1, maxLength: 200 }),
    }),
    bodyRequired: true,
    answer: Type.Object({
      ok: Type.Literal(true),
      /** The device's token. */
      token: Type.String(),
      deviceId: Type.String(),
      username: Type.String(),
      expireDate: Nullable(Type.String()),
    }),
    errors: [
      'bad_credentials',
      'tooManyAttempts',
      'overloaded',
      'accountSuspended',
      'accountExpired',
      'dataExceeded',
      'deviceLimitReached',
    ],
  }),
};
