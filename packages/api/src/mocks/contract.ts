/**
 * The mocks hold to the contract (`@separ/domain/contract`): what a handler receives is checked
 * against the route's request schemas (refused as the server refuses it), and what it sends against
 * the answer schemas. An answer that breaks the contract is a bug of the mock: it throws, which MSW
 * answers with a 500 and the tests see.
 */
import {
  ErrorAnswer,
  errorCodesOf,
  firstRefusal,
  plainRefusalMessage,
  refusalMessage,
  type RequestPart,
  type RouteContract,
  type TSchema,
} from '@separ/domain/contract';

export class ContractViolation extends Error {
  override readonly name = 'ContractViolation';
}

/** How the server refuses a request the schemas refuse: 404 for a path naming nothing, else 400. */
export interface RequestRefusal {
  status: 400 | 404;
  message: string;
}

function refusalBy(schema: TSchema | undefined, value: unknown): string | null {
  if (!schema) return null;
  const refusal = firstRefusal(schema, value);
  return refusal ? refusalMessage(schema, refusal) : null;
}

/** The parts of a request the schemas judge. */
export interface RequestParts {
  params?: Record<string, string>;
  query?: URLSearchParams;
  /** The parsed body (JSON or form), undefined when there was none. */
  body?: unknown;
}

/** The query string as the server reads it: a name given twice is a list. */
function queryObject(query: URLSearchParams | undefined): Record<string, string | string[]> {
  const object: Record<string, string | string[]> = {};
  for (const [name, value] of query ?? []) {
    const before = object[name];
    object[name] = before === undefined ? value : [...(Array.isArray(before) ? before : [before]), value];
  }
  return object;
}

/** The body as the schema judges it: an empty one is `{}` unless the route needs a body. */
function bodyOf(contract: RouteContract, body: unknown): unknown {
  return body === undefined && !contract.bodyRequired ? {} : body;
}

/**
 * The refusal of an admin request's parts by the route's schemas, in the server's order (path,
 * body, query), or null: a path that names nothing 404, else 400 with the schema's message.
 */
export function refuseRequest(contract: RouteContract, parts: RequestParts): RequestRefusal | null {
  if (refusalBy(contract.params, parts.params ?? {}) !== null) return { status: 404, message: 'Not found' };
  const body = contract.lenientBody ? null : refusalBy(contract.body, bodyOf(contract, parts.body));
  if (body !== null) return { status: 400, message: body };
  const query = refusalBy(contract.querystring, queryObject(parts.query));
  if (query !== null) return { status: 400, message: query };
  return null;
}

/**
 * The refusal of a request of the site's, the app's or the payments' routes, or null: 400 with the
 * schema's `x-message`, else JSON Schema's words as the server says them (`plainRefusalMessage`),
 * whichever part refused it (path, body, query, in the server's order). A body its handler checks
 * itself is not judged here.
 */
export function refusePlainRequest(contract: RouteContract, parts: RequestParts): RequestRefusal | null {
  const judged: Array<[RequestPart, TSchema | undefined, unknown]> = [
    ['params', contract.params, parts.params ?? {}],
    ['body', contract.lenientBody ? undefined : contract.body, bodyOf(contract, parts.body)],
    ['querystring', contract.querystring, queryObject(parts.query)],
  ];
  for (const [part, schema, value] of judged) {
    const refusal = schema ? firstRefusal(schema, value) : null;
    if (schema && refusal) return { status: 400, message: plainRefusalMessage(schema, part, refusal) };
  }
  return null;
}

/** Throws when `answer` (sent with `status`, as JSON) is not what the contract says the route answers. */
export function checkAnswer(name: string, contract: RouteContract, status: number, answer: unknown): void {
  const success = status === 200;
  const own = contract.answers?.[String(status)];
  const schema = success
    ? contract.answer
    : own
      ? (own.content?.['application/json'] ?? null)
      : status >= 400
        ? ErrorAnswer
        : null;
  if (!schema) return;
  const refusal = firstRefusal(schema, answer);
  const code = (answer as { code?: unknown } | null)?.code;
  if (!refusal && status >= 400 && !(errorCodesOf(contract) as readonly unknown[]).includes(code) && contract.errors)
    throw new ContractViolation(
      `The mock's answer of ${name} (${contract.method} ${contract.url}, ${status}) has the code ${String(code)}, ` +
        'which the contract does not list for the route',
    );
  if (refusal)
    throw new ContractViolation(
      `The mock's answer of ${name} (${contract.method} ${contract.url}, ${status}) breaks the contract at ` +
        `"${refusal.instancePath || '/'}": ${refusal.message ?? refusal.keyword}`,
    );
}

/** {@link checkAnswer} of a finished Response (a JSON one; others pass). */
export async function checkResponse(name: string, contract: RouteContract, response: Response): Promise<Response> {
  if (!(response.headers.get('content-type') ?? '').includes('json')) return response;
  checkAnswer(name, contract, response.status, await response.clone().json());
  return response;
}
