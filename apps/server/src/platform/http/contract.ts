/**
 * The contract's routes (`@separ/domain/contract`) as Fastify routes: the request is validated and
 * the answer serialised with the contract's schemas, and the handler is typed from them.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SwaggerTransform } from '@fastify/swagger';
import {
  ErrorAnswer,
  refusalMessage,
  type AnswerOf,
  type BodyOf,
  type OtherAnswer,
  type ParamsOf,
  type QueryOf,
  type RouteContract,
  type TSchema,
} from '@separ/domain/contract';

/**
 * Fastify's route schema of a contract route: its request parts, its answers and the error answer. A
 * success in several media types, or with headers, is written per media type (Fastify serialises an
 * object with the schema of its Content-Type, and @fastify/swagger documents each).
 */
export function schemaOf(contract: RouteContract) {
  const others = Object.entries(contract.answers ?? {}).map(([status, answer]) => [status, otherAnswer(answer)]);
  return {
    summary: contract.summary,
    tags: [...contract.tags],
    ...(contract.params ? { params: contract.params } : {}),
    ...(contract.querystring ? { querystring: contract.querystring } : {}),
    ...(contract.body && !contract.lenientBody ? { body: contract.body } : {}),
    response: { 200: success(contract), '4xx': ErrorAnswer, '5xx': ErrorAnswer, ...Object.fromEntries(others) },
  };
}

const byMedia = (content: Readonly<Record<string, TSchema>>) =>
  Object.fromEntries(Object.entries(content).map(([media, schema]) => [media, { schema }]));

function success(contract: RouteContract) {
  if (!contract.media && !contract.answerHeaders) return contract.answer;
  return {
    description: (contract.answer as { description?: string }).description ?? 'Default Response',
    ...(contract.answerHeaders ? { headers: contract.answerHeaders } : {}),
    content: byMedia({ 'application/json': contract.answer, ...contract.media }),
  };
}

function otherAnswer(answer: OtherAnswer) {
  return answer.content
    ? { description: answer.description, content: byMedia(answer.content) }
    : { type: 'null', description: answer.description };
}

/** A request whose parts the contract has checked (a body its handler reads itself stays unknown). */
export type ContractRequest<R extends RouteContract> = FastifyRequest<{
  Params: ParamsOf<R>;
  Querystring: QueryOf<R>;
  Body: R extends { lenientBody: true } ? unknown : BodyOf<R>;
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
  const lenient = contract.body !== undefined && contract.lenientBody === true;
  // A body the handler reads itself is no part of the validation; the OpenAPI document still shows it.
  const documented: { swaggerTransform?: SwaggerTransform } = lenient
    ? { swaggerTransform: ({ schema, url }) => ({ schema: { ...schema, body: contract.body }, url }) }
    : {};
  const routeConfig = config || lenient ? { ...config, ...documented } : undefined;
  app.route({
    method: contract.method,
    url: contract.url,
    schema: schemaOf(contract),
    ...(routeConfig ? { config: routeConfig } : {}),
    // An empty body is an empty object (the spec's clients post JSON with no body; the routes read
    // their optional fields from it), then the schema judges it.
    ...(contract.body && !lenient
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
