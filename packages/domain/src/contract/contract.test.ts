import { describe, expect, it } from 'vitest';
import { ADMIN_ROUTES, AUDIT_ACTIONS, emptyReconcileSummary, firstRefusal, refusalMessage, Type } from './index.ts';
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
    const unbounded: string[] = [];
    const walk = (schema: Record<string, unknown>, path: string) => {
      if (schema.type === 'integer' || schema.type === 'number')
        if (schema.maximum === undefined && schema.const === undefined) unbounded.push(path);
      if (schema.type === 'string' && schema.maxLength === undefined && schema.const === undefined)
        unbounded.push(path);
      if (schema.type === 'array' && schema.maxItems === undefined) unbounded.push(path);
      for (const [key, child] of Object.entries((schema.properties as Record<string, object>) ?? {}))
        walk(child as Record<string, unknown>, `${path}.${key}`);
      if (schema.items) walk(schema.items as Record<string, unknown>, `${path}[]`);
      for (const option of (schema.anyOf as object[]) ?? []) walk(option as Record<string, unknown>, path);
    };
    for (const [name, route] of Object.entries(ADMIN_ROUTES))
      for (const part of ['params', 'querystring', 'body'] as const) {
        const schema = (route as Record<string, unknown>)[part];
        if (schema) walk(schema as Record<string, unknown>, `${name}.${part}`);
      }
    expect(unbounded).toEqual([]);
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
