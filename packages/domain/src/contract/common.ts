/**
 * The HTTP contract's building blocks: a route is its method, path, request schemas (params,
 * querystring, body) and answer schema, written once here as TypeBox schemas (plain JSON Schema).
 * The server validates and serialises with them (Fastify `schema`), packages/api takes its types
 * from them (`Static`), the MSW mocks check what they receive and send against them, and
 * docs/openapi.json is generated from them.
 */
import { Type, type Static, type TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { ERROR_CODES, type ErrorCode } from './errors.ts';

export { Type, type Static, type TSchema };

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** The media types a body comes in. */
export const FORM = 'application/x-www-form-urlencoded';
export const JSON_MEDIA = 'application/json';

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
  /** The media types the body comes in (JSON when not said). */
  bodyMedia?: readonly string[];
  /**
   * The handler reads the body itself: `body` says what the peer sends, for the types and the
   * OpenAPI document, and the server refuses only what the handler refuses. So do the V2bX nodes'
   * pushes (any Content-Type, the entries it cannot read skipped, Xboard's answers to what is no
   * JSON), and the site's routes that read their fields from the query string or the body alike
   * (`param()`, as the spec's clients send them in the query): their blank or long fields are
   * refused in the spec's words, and after the session check.
   */
  lenientBody?: true;
  /** The body must be there: an empty one is refused as not an object (else it reads as `{}`). */
  bodyRequired?: true;
  /**
   * The answer of a success (200): its JSON body; {@link NoJson} when the success is none (a page,
   * in `media`; a redirect, in `answers`).
   */
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
   * Answers of other statuses that are the route's own, by status (`'304'`, `'303'`, `'404'`): no
   * body (a 304, a redirect), a protocol's field beside the error answer's, a page for a browser.
   * Any other error is the error answer.
   */
  answers?: Readonly<Record<string, OtherAnswer>>;
  /**
   * The codes of the error answers this route gives of its own, beside those any request may get
   * ({@link COMMON_ERROR_CODES}); a refusal answered with status 200 is part of `answer`.
   */
  errors?: readonly ErrorCode[];
}

/** An answer of a status other than 200: what it means, its body by media type (none: no body), its headers. */
export interface OtherAnswer {
  description: string;
  content?: Readonly<Record<string, TSchema>>;
  headers?: Readonly<Record<string, TSchema>>;
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

/** A code of the error table (`ERRORS` in errors.ts), as a schema: one of `codes`, every code when not given. */
export const ErrorCodeOf = <C extends ErrorCode>(codes: readonly C[]) =>
  Type.Unsafe<C>({ type: 'string', enum: [...codes] });

/**
 * The error answer of every route: `{ ok: false, message, code }`. `code` names the error for
 * machines (clients switch on it, never on the message); every error answer carries one. Open: an
 * answer may carry more fields.
 */
export const ErrorAnswer = Type.Object(
  {
    ok: Type.Literal(false),
    message: Type.String(),
    code: ErrorCodeOf(ERROR_CODES),
  },
  { additionalProperties: true },
);
export type ErrorAnswer = Static<typeof ErrorAnswer>;

/** An error answer of one of `codes` only: the refusals a route answers with status 200 (`ok: false`). */
export const ErrorAnswerOf = <C extends ErrorCode>(codes: readonly C[]) =>
  Type.Object(
    { ok: Type.Literal(false), message: Type.String(), code: ErrorCodeOf(codes) },
    { additionalProperties: true },
  );

/**
 * The codes any request may be answered with, whatever its route: a request the server cannot read
 * or that its schemas refuse, a cross-site one, and a failure of ours.
 */
export const COMMON_ERROR_CODES = [
  'invalid',
  'invalidJson',
  'badRequest',
  'bodyTooLarge',
  'unsupportedMediaType',
  'uriTooLong',
  'cross_site',
  'unavailable',
  'internal',
] as const satisfies readonly ErrorCode[];

/** The codes a route may answer: its own and the common ones. */
export const errorCodesOf = (contract: RouteContract): readonly ErrorCode[] => [
  ...(contract.errors ?? []),
  ...COMMON_ERROR_CODES,
];

/** The answer of a route whose success is no JSON: a page (its `media`) or a redirect (its `answers`). */
export const NoJson = Type.Never({ description: 'No JSON: see the route’s other media types and answers.' });

/** A page (HTML) a route answers with, in the route's `media` or an answer's content. */
export const HTML_MEDIA = 'text/html';
export const HtmlPage = (description: string) => Type.String({ description });

/** A redirect (303 See Other), as one of a route's `answers`: no body, `Location` says where it goes on. */
export const Redirect = (description: string): OtherAnswer => ({
  description,
  headers: { location: Type.String({ description: 'Where the answer goes on.' }) },
});

/** `{ ok: true }`: a change that answers nothing else. */
export const OkAnswer = Type.Object({ ok: Type.Literal(true) });

/** Text or null. */
export const Nullable = <S extends TSchema>(schema: S) => Type.Union([schema, Type.Null()]);

/** Query parameters the route does not read: whatever a client adds is ignored. */
export const NoQuery = Type.Object({});

/**
 * A parameter the spec's clients send in the query string: text of at most 256 characters (such a
 * route reads the same names from its body too, form-encoded or JSON).
 */
export const QueryText = (description?: string) =>
  Type.String({ maxLength: 256, ...(description ? { description } : {}) });

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

function refusedPath(refusal: SchemaRefusal): { path: string[]; missing: string } {
  // A JSON Pointer (RFC 6901): `~1` is a slash and `~0` a tilde; nothing is percent-encoded (a
  // field named `%` is `/%`, which decodeURIComponent would throw on).
  const path = refusal.instancePath
    .split('/')
    .filter(Boolean)
    .map((key) => key.replaceAll('~1', '/').replaceAll('~0', '~'));
  const missing =
    refusal.keyword === 'required'
      ? String(
          (refusal.params?.missingProperty as string | undefined) ??
            (refusal.params?.requiredProperties as string[] | undefined)?.[0] ??
            '',
        )
      : '';
  if (missing) path.push(missing);
  return { path, missing };
}

/**
 * The `x-message` of the schema that refused a value (or of the missing property), else of the
 * nearest one above it; null when none says one.
 */
export function declaredMessage(schema: TSchema, refusal: SchemaRefusal): string | null {
  const { path } = refusedPath(refusal);
  const chain: unknown[] = [schema];
  for (const key of path) chain.push(childSchema(chain[chain.length - 1], key));
  for (let i = chain.length - 1; i >= 0; i -= 1) {
    const message = (chain[i] as Record<string, unknown> | undefined)?.[MESSAGE_KEYWORD];
    if (typeof message === 'string') return message;
  }
  return null;
}

/**
 * The sentence a refusal answers with (the admin's way): the `x-message` of the schema that
 * refused it ({@link declaredMessage}), else a plain description.
 */
export function refusalMessage(schema: TSchema, refusal: SchemaRefusal): string {
  const declared = declaredMessage(schema, refusal);
  if (declared !== null) return declared;
  const { path, missing } = refusedPath(refusal);
  const name = path.join('.') || 'The request';
  if (missing) return `${name} is required.`;
  return `${name} ${refusal.message ?? 'is not valid'}.`;
}

/** The part of a request a schema judged, as the server names it in a refusal. */
export type RequestPart = 'params' | 'querystring' | 'body';

/** JSON Schema's words for a refusal, as Ajv (the server's validator) says them. */
function ajvWords(refusal: SchemaRefusal): string {
  const params = refusal.params ?? {};
  const limit = params.limit;
  switch (refusal.keyword) {
    case 'required': {
      const missing =
        (params.missingProperty as string | undefined) ?? (params.requiredProperties as string[] | undefined)?.[0];
      return `must have required property '${missing ?? ''}'`;
    }
    case 'type':
      return `must be ${Array.isArray(params.type) ? params.type.join(',') : String(params.type)}`;
    case 'maxLength':
      return `must NOT have more than ${String(limit)} characters`;
    case 'minLength':
      return `must NOT have fewer than ${String(limit)} characters`;
    case 'pattern':
      return `must match pattern "${String(params.pattern)}"`;
    case 'enum':
      return 'must be equal to one of the allowed values';
    case 'const':
      return 'must be equal to constant';
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return `must be ${String(params.comparison)} ${String(limit)}`;
    default:
      return refusal.message ?? 'is not valid';
  }
}

/**
 * The sentence a refusal of the site's, the app's and the payments' routes answers with (400
 * `invalid`): the schema's own `x-message` when it says one, else JSON Schema's words as the server
 * has always answered them, e.g. `Invalid request: querystring/username must NOT have more than 256
 * characters`.
 */
export function plainRefusalMessage(schema: TSchema, part: RequestPart, refusal: SchemaRefusal): string {
  return declaredMessage(schema, refusal) ?? `Invalid request: ${part}${refusal.instancePath} ${ajvWords(refusal)}`;
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
