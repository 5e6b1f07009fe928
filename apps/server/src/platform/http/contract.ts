/**
 * The contract's routes (`@separ/domain/contract`) as Fastify routes: the request is validated and
 * the answer serialised with the contract's schemas, and the handler is typed from them.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  ErrorAnswer,
  refusalMessage,
  type AnswerOf,
  type BodyOf,
  type ParamsOf,
  type QueryOf,
  type RouteContract,
  type TSchema,
} from '@separ/domain/contract';

/** Fastify's route schema of a contract route: its request parts, its answer and the error answer. */
export function schemaOf(contract: RouteContract) {
  return {
    summary: contract.summary,
    tags: [...contract.tags],
    ...(contract.params ? { params: contract.params } : {}),
    ...(contract.querystring ? { querystring: contract.querystring } : {}),
    ...(contract.body ? { body: contract.body } : {}),
    response: { 200: contract.answer, '4xx': ErrorAnswer, '5xx': ErrorAnswer },
  };
}

/** A request whose parts the contract has checked. */
export type ContractRequest<R extends RouteContract> = FastifyRequest<{
  Params: ParamsOf<R>;
  Querystring: QueryOf<R>;
  Body: BodyOf<R>;
}>;

type Handler<R extends RouteContract> = (
  request: ContractRequest<R>,
  reply: FastifyReply,
) => Promise<AnswerOf<R> | FastifyReply> | AnswerOf<R> | FastifyReply;

/** Registers `handler` for the contract's route, with its schemas and any route `config`. */
export function serve<R extends RouteContract>(
  app: FastifyInstance,
  contract: R,
  handler: Handler<R>,
  config?: Record<string, unknown>,
) {
  app.route({
    method: contract.method,
    url: contract.url,
    schema: schemaOf(contract),
    ...(config ? { config } : {}),
    // An empty body is an empty object (the spec's clients post JSON with no body; the routes read
    // their optional fields from it), then the schema judges it.
    ...(contract.body
      ? {
          preValidation: async (request: FastifyRequest) => {
            if (request.body === undefined || request.body === null) request.body = {};
          },
        }
      : {}),
    handler: handler as (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  });
}

/**
 * A request the schemas refused, as the contract answers it: a path that names nothing is 404 `Not
 * found`; anything else 400 with the refusing schema's message.
 */
export function refusalOf(error: FastifyError, request: FastifyRequest): { status: 400 | 404; message: string } | null {
  const first = error.validation?.[0];
  if (!first) return null;
  const part = error.validationContext;
  if (part === 'params') return { status: 404, message: 'Not found' };
  const schemas = request.routeOptions.schema as Record<string, TSchema | undefined> | undefined;
  const schema = part ? schemas?.[part === 'querystring' ? 'querystring' : part] : undefined;
  if (!schema) return { status: 400, message: error.message };
  return {
    status: 400,
    message: refusalMessage(schema, {
      instancePath: first.instancePath,
      keyword: first.keyword,
      params: first.params as Record<string, unknown>,
      ...(first.message ? { message: first.message } : {}),
    }),
  };
}
