import { describe, expect, it } from 'vitest';
import {
  ADMIN_ROUTES,
  APP_ROUTES,
  AUDIT_ACTIONS,
  emptyReconcileSummary,
  ERRORS,
  firstRefusal,
  GROWTH_ROUTES,
  PANEL_ROUTES,
  PAYMENT_ROUTES,
  plainRefusalMessage,
  PUBLIC_ROUTES,
  refusalMessage,
  SITE_ROUTES,
  Type,
  type RouteContract,
  type TSchema,
} from './index.ts';
import { AUDIT_ACTIONS as ADMIN_AUDIT_ACTIONS } from '../admin.ts';

describe('the contract', () => {
  it('answers a refusal with the message of the schema that refused it', () => {
    const body = ADMIN_ROUTES.createPlan.body;
    const plan = { title: 'Weekly', ios: false, allowedMB: 100, days: 7, devices: 1, toman: 1000 };
    expect(firstRefusal(body, plan)).toBeNull();
    const message = (value: unknown) => refusalMessage(body, firstRefusal(body, value)!);
    expect(message({ ...plan, days: 0 })).toBe('Days must be a whole number from 1 to 3650.');
    expect(message({ ...plan, title: '   ' })).toBe('The title must be 1 to 80 characters.');
    expect(message({ ...plan, title: undefined })).toBe('The title must be 1 to 80 characters.');
    expect(message({ ...plan, allowedMB: -2 })).toBe('Data must be a whole number of MB, or -1 for unlimited.');
    expect(message({ ...plan, toman: 1.5 })).toBe('The price must be a whole number of tomans, at least 1.');
  });

  it('reads Ajv’s way of naming a missing property too, and describes what has no message', () => {
    const schema = Type.Object({ a: Type.Object({ b: Type.Integer() }) });
    expect(refusalMessage(schema, { instancePath: '/a', keyword: 'required', params: { missingProperty: 'b' } })).toBe(
      'a.b is required.',
    );
    expect(refusalMessage(schema, { instancePath: '/a/b', keyword: 'type', message: 'must be integer' })).toBe(
      'a.b must be integer.',
    );
  });

  it('bounds every number and every text an admin body takes', () => {
    expect(unboundedParts(ADMIN_ROUTES, ['body'])).toEqual([]);
  });

  it('bounds every text and number the site’s, the panel’s, the apps’ and the payments’ requests take', () => {
    // The one exception: the unsubscribe link's language, which the server has always taken as
    // it came (anything but en is fa); bounding it now would refuse links that work.
    expect(unboundedParts(WEB_ROUTES, ['params', 'querystring', 'body'])).toEqual(['unsubscribe.querystring.lng']);
  });

  it('lists as a route’s error answers only codes answered with an error status', () => {
    for (const [name, route] of Object.entries(WEB_ROUTES))
      for (const code of route.errors ?? [])
        expect([name, code, ERRORS[code].status >= 400]).toEqual([name, code, true]);
  });

  it('gives every route its own method and path', () => {
    const routes: RouteContract[] = [...Object.values(WEB_ROUTES), ...Object.values(ADMIN_ROUTES)];
    const keys = routes.map((route) => `${route.method} ${route.url}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('words a refusal without a message of its own as the server’s validator does', () => {
    const schema = SITE_ROUTES.login.querystring;
    const words = (part: 'querystring' | 'body' | 'params', s: TSchema | undefined, value: unknown) =>
      plainRefusalMessage(s!, part, firstRefusal(s!, value)!);
    expect(words('querystring', schema, { username: 'x'.repeat(257) })).toBe(
      'Invalid request: querystring/username must NOT have more than 256 characters',
    );
    expect(words('querystring', schema, { username: ['a', 'b'] })).toBe(
      'Invalid request: querystring/username must be string',
    );
    const app = APP_ROUTES.appLogin.body;
    expect(words('body', app, undefined)).toBe('Invalid request: body must be object');
    expect(words('body', app, { password: 'x', deviceInfo: 'd' })).toBe(
      "Invalid request: body must have required property 'username'",
    );
    expect(words('body', app, { username: 'u', password: '', deviceInfo: 'd' })).toBe(
      'Invalid request: body/password must NOT have fewer than 1 characters',
    );
    expect(words('body', PAYMENT_ROUTES.sandboxAnswer.body, { action: 'steal' })).toBe(
      'Invalid request: body/action must be equal to one of the allowed values',
    );
    expect(words('querystring', SITE_ROUTES.unsubscribe.querystring, { u: 'abc' })).toBe(
      'Invalid request: querystring/u must match pattern "^[0-9]{1,12}$"',
    );
    // A field of any name, `%` and `/` too (JSON Pointer's escapes, nothing percent-encoded).
    const back = PAYMENT_ROUTES.paymentReturn.querystring;
    expect(words('querystring', back, { '%': 'x'.repeat(501) })).toBe(
      'Invalid request: querystring/% must NOT have more than 500 characters',
    );
    expect(refusalMessage(back, firstRefusal(back, { 'a/b': 'x'.repeat(501) })!)).toBe(
      'a/b must not have more than 500 characters.',
    );
    // A schema that says its own message answers it.
    const own = Type.Object({ n: Type.Integer({ maximum: 3, 'x-message': 'At most three.' }) });
    expect(words('body', own, { n: 4 })).toBe('At most three.');
  });

  it('describes with the limits the handlers check', () => {
    const max = (schema: unknown) => (schema as { maxLength?: number }).maxLength;
    const login = SITE_ROUTES.login.body.properties;
    expect([max(login.username), max(login.password)]).toEqual([64, 128]);
    expect(max(PANEL_ROUTES.unlinkDevice.body.properties.sessionId)).toBe(100);
  });

  it('names the audit actions the server writes', () => {
    expect(AUDIT_ACTIONS).toBe(ADMIN_AUDIT_ACTIONS);
    expect(AUDIT_ACTIONS).toContain('plan.create');
  });

  it('starts a reconciliation summary as an answer of the reconcile route, every outcome at zero', () => {
    const summary = emptyReconcileSummary(7);
    expect(firstRefusal(ADMIN_ROUTES.reconcile.answer, summary)).toBeNull();
    expect(summary.checked).toBe(7);
    expect(Object.entries(summary).filter(([key, n]) => key !== 'checked' && n !== 0)).toEqual([]);
  });
});

/** The site's, the panel's, the apps' and the payments' routes (not the admin's). */
const WEB_ROUTES: Record<string, RouteContract> = {
  ...PUBLIC_ROUTES,
  ...SITE_ROUTES,
  ...PANEL_ROUTES,
  ...APP_ROUTES,
  ...PAYMENT_ROUTES,
  ...Object.fromEntries(Object.entries(GROWTH_ROUTES).map(([name, route]) => [`growth.${name}`, route])),
};

/** Where a route's request parts take a text, number or list without a bound: `route.part.field`. */
function unboundedParts(routes: Record<string, RouteContract>, parts: Array<'params' | 'querystring' | 'body'>) {
  const unbounded: string[] = [];
  const walk = (schema: Record<string, unknown>, path: string) => {
    if (schema.type === 'integer' || schema.type === 'number')
      if (schema.maximum === undefined && schema.const === undefined) unbounded.push(path);
    // A text is bounded by a length, a constant, a list of values or a whole-text pattern without * or +.
    const bounded =
      schema.maxLength !== undefined ||
      schema.const !== undefined ||
      schema.enum !== undefined ||
      (typeof schema.pattern === 'string' && /^\^[^*+]*\$$/.test(schema.pattern));
    if (schema.type === 'string' && !bounded) unbounded.push(path);
    if (schema.type === 'array' && schema.maxItems === undefined) unbounded.push(path);
    for (const [key, child] of Object.entries((schema.properties as Record<string, object>) ?? {}))
      walk(child as Record<string, unknown>, `${path}.${key}`);
    if (schema.items) walk(schema.items as Record<string, unknown>, `${path}[]`);
    for (const option of (schema.anyOf as object[]) ?? []) walk(option as Record<string, unknown>, path);
  };
  for (const [name, route] of Object.entries(routes))
    for (const part of parts) {
      const schema = (route as unknown as Record<string, unknown>)[part];
      if (schema) walk(schema as Record<string, unknown>, `${name}.${part}`);
    }
  return unbounded;
}
