import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, auditActionKey, isAuditAction } from '../admin.ts';
import { firstRefusal, MESSAGE_KEYWORD, refusalMessage } from './common.ts';
import { ERRORS, errorMessage, type ErrorCode } from './errors.ts';

const say = (text: string) => ({ [MESSAGE_KEYWORD]: text });

describe('a refusal answers with the message of the schema that refused it', () => {
  const schema = Type.Object(
    {
      name: Type.String({ maxLength: 3, ...say('name: at most 3 letters.') }),
      tags: Type.Array(Type.String({ maxLength: 2, ...say('a tag: at most 2 letters.') })),
      either: Type.Union([Type.Object({ left: Type.Number({ ...say('left: a number.') }) }), Type.Null()]),
      extra: Type.Object({}, { additionalProperties: Type.Integer({ ...say('extra: whole numbers.') }) }),
    },
    say('The body is wrong.'),
  );
  const message = (value: unknown) => refusalMessage(schema, firstRefusal(schema, value)!);
  const whole = { name: 'abc', tags: ['ab'], either: null, extra: {} };

  it('passes what conforms', () => {
    expect(firstRefusal(schema, whole)).toBeNull();
  });

  it('reads the property, the list item, the union option and the record value that refused', () => {
    expect(message({ ...whole, name: 'abcd' })).toBe('name: at most 3 letters.');
    expect(message({ ...whole, tags: ['ab', 'abc'] })).toBe('a tag: at most 2 letters.');
    expect(message({ ...whole, either: { left: 'x' } })).toMatch(/left: a number\.|The body is wrong\./);
    expect(message({ ...whole, extra: { a: 1.5 } })).toBe('extra: whole numbers.');
  });

  it('names a missing property by its own message, and falls back to the nearest one above', () => {
    const { name: _name, ...noName } = whole;
    expect(message(noName)).toBe('name: at most 3 letters.');
    expect(refusalMessage(schema, { instancePath: '/unknown/deeper', keyword: 'type' })).toBe('The body is wrong.');
  });
});

describe('the error table', () => {
  it('gives every code a status and a sentence, whatever parameters it takes', () => {
    const sample = {
      text: 'x',
      of: 'tries',
      name: 'n',
      given: 'vmess',
      protocol: 'vless',
      account: 1,
      limit: 2,
      min: 1,
      max: 2,
    };
    for (const code of Object.keys(ERRORS) as ErrorCode[]) {
      const entry = ERRORS[code];
      expect(entry.status, code).toBeGreaterThanOrEqual(200);
      const text =
        typeof entry.message === 'function' ? (entry.message as (p: typeof sample) => string)(sample) : entry.message;
      expect(text.length, code).toBeGreaterThan(0);
      const withParams = errorMessage as (code: ErrorCode, params: typeof sample) => string;
      expect(withParams(code, sample), code).toBe(text);
    }
  });
});

describe('audit actions', () => {
  it('knows the actions the server writes, and keys their labels', () => {
    for (const action of AUDIT_ACTIONS) {
      expect(isAuditAction(action)).toBe(true);
      expect(auditActionKey(action)).toMatch(/^[a-z_0-9]+$/);
    }
    expect(isAuditAction('node.create')).toBe(false);
  });
});
