import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { isCardOrderState, cardOffsets, CARD_OFFSET } from '../cards.ts';
import { isPanelReturnPath } from '../constants.ts';
import { toNumber } from '../records.ts';
import {
  COMMON_ERROR_CODES,
  conforms,
  errorCodesOf,
  plainRefusalMessage,
  refusalMessage,
  route,
  type SchemaRefusal,
} from './common.ts';

/** The server's plain refusals (400 `invalid`) say JSON Schema's words, as Ajv does, for every rule. */
describe('a plain refusal in JSON Schema’s words', () => {
  const schema = Type.Object({ name: Type.String() });
  const say = (refusal: SchemaRefusal) => plainRefusalMessage(schema, 'querystring', refusal);

  it('names the part, the path and the rule', () => {
    const cases: Array<[SchemaRefusal, string]> = [
      [
        { instancePath: '', keyword: 'required', params: { missingProperty: 'name' } },
        "must have required property 'name'",
      ],
      [
        { instancePath: '', keyword: 'required', params: { requiredProperties: ['gate'] } },
        "must have required property 'gate'",
      ],
      [{ instancePath: '', keyword: 'required' }, "must have required property ''"],
      [{ instancePath: '/name', keyword: 'type', params: { type: ['string', 'null'] } }, 'must be string,null'],
      [{ instancePath: '/name', keyword: 'type', params: { type: 'string' } }, 'must be string'],
      [
        { instancePath: '/name', keyword: 'maxLength', params: { limit: 256 } },
        'must NOT have more than 256 characters',
      ],
      [{ instancePath: '/name', keyword: 'minLength', params: { limit: 1 } }, 'must NOT have fewer than 1 characters'],
      [{ instancePath: '/name', keyword: 'pattern', params: { pattern: '^a$' } }, 'must match pattern "^a$"'],
      [{ instancePath: '/name', keyword: 'enum' }, 'must be equal to one of the allowed values'],
      [{ instancePath: '/name', keyword: 'const' }, 'must be equal to constant'],
      [{ instancePath: '/n', keyword: 'maximum', params: { comparison: '<=', limit: 9 } }, 'must be <= 9'],
      [{ instancePath: '/n', keyword: 'exclusiveMinimum', params: { comparison: '>', limit: 0 } }, 'must be > 0'],
      [{ instancePath: '/n', keyword: 'format', message: 'must match format "email"' }, 'must match format "email"'],
      [{ instancePath: '/n', keyword: 'format' }, 'is not valid'],
    ];
    for (const [refusal, words] of cases)
      expect(say(refusal), refusal.keyword).toBe(`Invalid request: querystring${refusal.instancePath} ${words}`);
  });

  it('names what is missing, or the request itself, when no schema says a message', () => {
    expect(
      refusalMessage(schema, { instancePath: '', keyword: 'required', params: { requiredProperties: ['a'] } }),
    ).toBe('a is required.');
    expect(refusalMessage(schema, { instancePath: '', keyword: 'type' })).toBe('The request is not valid.');
    expect(refusalMessage(schema, { instancePath: '/name', keyword: 'type', message: 'must be string' })).toBe(
      'name must be string.',
    );
  });

  it('checks a value against a schema, and lists a route’s codes before the common ones', () => {
    expect(conforms(schema, { name: 'x' })).toBe(true);
    expect(conforms(schema, { name: 1 })).toBe(false);
    const contract = route({
      method: 'GET',
      url: '/x',
      summary: 'x',
      tags: ['public'],
      answer: Type.Object({}),
      errors: ['planNotFound'],
    });
    expect(errorCodesOf(contract)).toEqual(['planNotFound', ...COMMON_ERROR_CODES]);
  });
});

describe('small rules', () => {
  it('tell a card order’s states and offer every offset, whole tomans below 100,000 rials', () => {
    expect(isCardOrderState('awaiting_review')).toBe(true);
    expect(isCardOrderState('pending')).toBe(false);
    expect(isCardOrderState(2)).toBe(false);
    const offsets = cardOffsets();
    expect(offsets[0]).toBe(CARD_OFFSET.min);
    expect(offsets.at(-1)).toBe(CARD_OFFSET.below - CARD_OFFSET.step);
    expect(offsets.every((offset) => offset % 10 === 0)).toBe(true);
  });

  it('send a visitor back only to a panel page after the login', () => {
    expect(isPanelReturnPath('/panel/wallet')).toBe(true);
    expect(isPanelReturnPath('/panel')).toBe(true);
    expect(isPanelReturnPath('//evil.example/panel')).toBe(false);
    expect(isPanelReturnPath('/panel/../admin')).toBe(false);
    expect(isPanelReturnPath(7)).toBe(false);
  });

  it('read numbers from what a record holds', () => {
    expect(toNumber(Infinity, 5)).toBe(5);
    expect(toNumber(true)).toBe(1);
    expect(toNumber(false)).toBe(0);
    expect(toNumber('  ', 3)).toBe(3);
    expect(toNumber('x', 4)).toBe(4);
  });
});
