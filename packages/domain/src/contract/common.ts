/**
 * The HTTP contract's building blocks: a route is its method, path, request schemas (params,
 * querystring, body) and answer schema, written once here as TypeBox schemas (plain JSON Schema).
 * The server validates and serialises with them (Fastify `schema`), packages/api takes its types
 * from them (`Static`), the MSW mocks check what they receive and send against them, and
 * docs/openapi.json is generated from them.
 */
import { Type, type Static, type TSchema } from 'typebox';
import { Value } from 'typebox/value';

export { Type, type Static, type TSchema };

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** One HTTP route of the contract. */
export interface RouteContract {
  method: HttpMethod;
  /** Fastify's form: `/api/admin/plans/:id`. */
  url: string;
  /** One line for the OpenAPI document. */
  summary: string;
  tags: readonly string[];
  params?: TSchema;
  querystring?: TSchema;
  body?: TSchema;
  /** The answer of a success (200): its JSON body. */
  answer: TSchema;
  /**
   * The success's bodies in other media types, beside `answer` (a text is `Type.String()`; YAML is
   * described as the data it holds). A handler sends such a body as its own text or bytes: the
   * server serialises only objects, so the schema describes these, and the contract test checks them.
   */
  media?: Readonly<Record<string, TSchema>>;
  /** Headers of a success that its clients read (ETag, `subscription-userinfo`, …). */
  answerHeaders?: Readonly<Record<string, TSchema>>;
  /**
   * Answers of other statuses that are the route's own, by status (`'304'`, `'404'`): no body (a
   * 304), a protocol's field beside the error answer's, a page for a browser. Any other error is
   * the error answer.
   */
  answers?: Readonly<Record<string, OtherAnswer>>;
  /**
   * The handler reads the body itself, as its protocol's peers need (V2bX: any Content-Type, the
   * entries it cannot read skipped, Xboard's answers to what is no JSON): `body` says what the peer
   * sends, for the types and the OpenAPI document, and the server refuses only what the handler
   * refuses.
   */
  lenientBody?: true;
}

/** An answer of a status other than 200: what it means, and its body by media type (none: no body). */
export interface OtherAnswer {
  description: string;
  content?: Readonly<Record<string, TSchema>>;
}

/** A route, its schemas' types kept exact. */
export const route = <const R extends RouteContract>(definition: R): R => definition;

type SchemaType<S> = S extends TSchema ? Static<S> : never;
/** What a route answers on success. */
export type AnswerOf<R extends RouteContract> = SchemaType<R['answer']>;
/** What a route takes as its JSON or form body (what the peer sends, for a route that reads its body itself). */
export type BodyOf<R extends RouteContract> = SchemaType<R['body']>;
/** What a route takes in its query string. */
export type QueryOf<R extends RouteContract> = SchemaType<R['querystring']>;
/** Its path's parameters. */
export type ParamsOf<R extends RouteContract> = SchemaType<R['params']>;

/**
 * The error answer of every route: `{ ok: false, message, code }`. `code` names the error for
 * machines (clients switch on it, never on the message). Open: an answer may carry more fields.
 */
export const ErrorAnswer = Type.Object(
  {
    ok: Type.Literal(false),
    message: Type.String(),
    code: Type.Optional(Type.String()),
  },
  { additionalProperties: true },
);
export type ErrorAnswer = Static<typeof ErrorAnswer>;

/** `{ ok: true }`: a change that answers nothing else. */
export const OkAnswer = Type.Object({ ok: Type.Literal(true) });

/** Text or null. */
export const Nullable = <S extends TSchema>(schema: S) => Type.Union([schema, Type.Null()]);

/** A path's numeric id: digits only (anything else names nothing, 404). */
export const IdParams = Type.Object({ id: Type.String({ pattern: '^[0-9]{1,15}$', maxLength: 15 }) });

/**
 * The schema keyword of the message a refused value answers with (`{ ok: false, message }`): the
 * server's and the mock's refusals read the same sentence. `x-` keeps it out of JSON Schema's own.
 */
export const MESSAGE_KEYWORD = 'x-message';

/** A refusal as Ajv and TypeBox report one: where, and which rule. */
export interface SchemaRefusal {
  instancePath: string;
  keyword: string;
  params?: Record<string, unknown>;
  message?: string;
}

function childSchema(schema: unknown, key: string): unknown {
  const s = schema as {
    properties?: Record<string, unknown>;
    items?: unknown;
    anyOf?: unknown[];
    additionalProperties?: unknown;
  };
  if (s?.properties?.[key] !== undefined) return s.properties[key];
  if (s?.items !== undefined && /^[0-9]+$/.test(key)) return s.items;
  if (Array.isArray(s?.anyOf)) {
    for (const option of s.anyOf) {
      const found = childSchema(option, key);
      if (found !== undefined) return found;
    }
  }
  if (typeof s?.additionalProperties === 'object') return s.additionalProperties;
  return undefined;
}

/**
 * The sentence a refusal answers with: the `x-message` of the schema that refused it (or of the
 * missing property), else the nearest one above it, else a plain description.
 */
export function refusalMessage(schema: TSchema, refusal: SchemaRefusal): string {
  const path = refusal.instancePath.split('/').filter(Boolean).map(decodeURIComponent);
  const missing =
    refusal.keyword === 'required'
      ? String(
          (refusal.params?.missingProperty as string | undefined) ??
            (refusal.params?.requiredProperties as string[] | undefined)?.[0] ??
            '',
        )
      : '';
  if (missing) path.push(missing);
  const chain: unknown[] = [schema];
  for (const key of path) chain.push(childSchema(chain[chain.length - 1], key));
  for (let i = chain.length - 1; i >= 0; i -= 1) {
    const message = (chain[i] as Record<string, unknown> | undefined)?.[MESSAGE_KEYWORD];
    if (typeof message === 'string') return message;
  }
  const name = path.join('.') || 'The request';
  if (missing) return `${name} is required.`;
  return `${name} ${refusal.message ?? 'is not valid'}.`;
}

/** The first refusal of `value` by `schema`, or null when it passes. */
export function firstRefusal(schema: TSchema, value: unknown): SchemaRefusal | null {
  if (Value.Check(schema, value)) return null;
  const [first] = Value.Errors(schema, value);
  return first
    ? { instancePath: first.instancePath, keyword: first.keyword, params: first.params, message: first.message }
    : { instancePath: '', keyword: 'type' };
}

/** Whether `value` passes `schema`. */
export const conforms = (schema: TSchema, value: unknown): boolean => Value.Check(schema, value);
