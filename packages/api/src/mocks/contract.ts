/**
 * The mocks hold to the contract (`@separ/domain/contract`): what a handler receives is checked
 * against the route's request schemas (refused as the server refuses it), and what it sends against
 * the answer schemas. An answer that breaks the contract is a bug of the mock: it throws, which MSW
 * answers with a 500 and the tests see.
 */
import { ErrorAnswer, firstRefusal, refusalMessage, type RouteContract, type TSchema } from '@separ/domain/contract';

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

/** The refusal of a request's parts by the route's schemas, in the server's order, or null. */
export function refuseRequest(
  contract: RouteContract,
  parts: { params?: Record<string, string>; query?: URLSearchParams; body?: unknown },
): RequestRefusal | null {
  if (refusalBy(contract.params, parts.params ?? {}) !== null) return { status: 404, message: 'Not found' };
  const query = refusalBy(contract.querystring, Object.fromEntries(parts.query ?? []));
  if (query !== null) return { status: 400, message: query };
  const body = refusalBy(contract.body, parts.body ?? {});
  if (body !== null) return { status: 400, message: body };
  return null;
}

/** Throws when `answer` (sent with `status`) is not what the contract says the route answers. */
export function checkAnswer(name: string, contract: RouteContract, status: number, answer: unknown): void {
  const schema = status >= 200 && status < 300 ? contract.answer : status >= 400 ? ErrorAnswer : null;
  if (!schema) return;
  const refusal = firstRefusal(schema, answer);
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
