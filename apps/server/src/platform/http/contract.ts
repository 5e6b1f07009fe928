/**
 * The contract's routes (`@separ/domain/contract`) as Fastify routes: the request is validated and
 * the answer serialised with the contract's schemas, and the handler is typed from them.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SwaggerTransform } from '@fastify/swagger';
import {
  COMMON_ERROR_CODES,
  declaredMessage,
  ErrorAnswer,
  ERRORS,
  JSON_MEDIA,
  NoJson,
  refusalMessage,
  type AnswerOf,
  type BodyOf,
  type OtherAnswer,
  type ParamsOf,
  type QueryOf,
  type RouteContract,
  type TSchema,
} from '@separ/domain/contract';

/** The error answers' description: the route's own codes with their statuses, and any request's. */
function errorsDescription(contract: RouteContract): string {
  const own = contract.errors ?? [];
  const listed = own.map((code) => `\`${code}\` (${ERRORS[code].status})`).join(', ');
  const common = COMMON_ERROR_CODES.map((code) => `\`${code}\``).join(', ');
  return `{ ok: false, message, code }${listed ? `; this route's codes: ${listed}` : ''}; any request's: ${common}.`;
}

/**
 * Fastify's route schema of a contract route: its request parts, its answers and the error answer. A
 * success in several media types, or with headers, is written per media type (Fastify serialises an
 * object with the schema of its Content-Type, and @fastify/swagger documents each). A body its
 * handler reads itself (`lenientBody`) is not validated first, only described.
 */
export function schemaOf(contract: RouteContract) {
  const others = Object.entries(contract.answers ?? {}).map(([status, answer]) => [status, otherAnswer(answer)]);
  const ok = success(contract);
  return {
    summary: contract.summary,
    tags: [...contract.tags],
    // A route that answers `loginRequired` needs the session cookie.
    ...(contract.errors?.includes('loginRequired') ? { security: [{ session: [] }] } : {}),
    ...(contract.params ? { params: contract.params } : {}),
    ...(contract.querystring ? { querystring: contract.querystring } : {}),
    ...(contract.body && !contract.lenientBody ? { body: contract.body } : {}),
    response: {
      ...(ok ? { 200: ok } : {}),
      '4xx': { description: errorsDescription(contract), ...ErrorAnswer },
      '5xx': { description: 'A failure of ours: { ok: false, message, code }.', ...ErrorAnswer },
      ...Object.fromEntries(others),
    },
  };
}

const byMedia = (content: Readonly<Record<string, TSchema>>) =>
  Object.fromEntries(Object.entries(content).map(([media, schema]) => [media, { schema }]));

/** The success (200): its JSON answer, and its other media types; none for a route whose success is a redirect. */
function success(contract: RouteContract) {
  const json: Record<string, TSchema> = contract.answer === NoJson ? {} : { [JSON_MEDIA]: contract.answer };
  if (!contract.media && !contract.answerHeaders) return contract.answer === NoJson ? null : contract.answer;
  const content = { ...json, ...contract.media };
  const description =
    (Object.values(content)[0] as { description?: string } | undefined)?.description ?? 'Default Response';
  return {
    description,
    ...(contract.answerHeaders ? { headers: contract.answerHeaders } : {}),
    content: byMedia(content),
  };
}

function otherAnswer(answer: OtherAnswer) {
  const headers = answer.headers ? { headers: answer.headers } : {};
  return answer.content
    ? { description: answer.description, ...headers, content: byMedia(answer.content) }
    : { type: 'null', description: answer.description, ...headers };
}

/** The marker of a body the route does not need, for the OpenAPI document (`requestBody.required`). */
export const OPTIONAL_BODY = 'x-optional-body';

/** The body as OpenAPI describes it: the contract's schema, under each media type it comes in. */
function documentedBody(contract: RouteContract) {
  if (!contract.body) return undefined;
  const media = contract.bodyMedia ?? [JSON_MEDIA];
  const schema = contract.bodyRequired ? contract.body : { ...contract.body, [OPTIONAL_BODY]: true };
  return { content: Object.fromEntries(media.map((type) => [type, { schema }])) };
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
  const schema = schemaOf(contract);
  const body = documentedBody(contract);
  // OpenAPI describes the body under its media types, validated or read by the handler itself.
  const documented: { swaggerTransform?: SwaggerTransform } = body
    ? { swaggerTransform: ({ url }) => ({ schema: { ...schema, body }, url }) }
    : {};
  const routeConfig = config || body ? { ...config, ...documented } : undefined;
  app.route({
    method: contract.method,
    url: contract.url,
    schema,
    ...(routeConfig ? { config: routeConfig } : {}),
    // An empty body is an empty object (the spec's clients post JSON with no body; the routes read
    // their optional fields from it), then the schema judges it; unless the route needs a body.
    ...(contract.body && !contract.lenientBody && !contract.bodyRequired
      ? {
          preValidation: async (request: FastifyRequest) => {
            if (request.body === undefined || request.body === null) request.body = {};
          },
        }
      : {}),
    handler: handler as (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  });
}

/** The schema of the request's part a validation error is about. */
function refusingSchema(error: FastifyError, request: FastifyRequest): TSchema | undefined {
  const part = error.validationContext;
  const schemas = request.routeOptions.schema as Record<string, TSchema | undefined> | undefined;
  return part ? schemas?.[part] : undefined;
}

/** The first refusal of a validation error, as the contract's helpers read one. */
function firstOf(error: FastifyError) {
  const first = error.validation?.[0];
  if (!first) return null;
  return {
    instancePath: first.instancePath,
    keyword: first.keyword,
    params: first.params as Record<string, unknown>,
    ...(first.message ? { message: first.message } : {}),
  };
}

/**
 * A request the schemas refused, as the admin's contract answers it: a path that names nothing is
 * 404 `Not found`; anything else 400 with the refusing schema's message.
 */
export function refusalOf(error: FastifyError, request: FastifyRequest): { status: 400 | 404; message: string } | null {
  const first = firstOf(error);
  if (!first) return null;
  if (error.validationContext === 'params') return { status: 404, message: 'Not found' };
  const schema = refusingSchema(error, request);
  if (!schema) return { status: 400, message: error.message };
  return { status: 400, message: refusalMessage(schema, first) };
}

/**
 * The message of a refusal of the other routes when their schema says one (`x-message`); null
 * otherwise, and they answer in JSON Schema's words, as they always have (`plainRefusalMessage`).
 */
export function declaredRefusal(error: FastifyError, request: FastifyRequest): string | null {
  const first = firstOf(error);
  const schema = refusingSchema(error, request);
  try {
    return first && schema ? declaredMessage(schema, first) : null;
  } catch {
    // Whatever the refused value was, the refusal is answered (in JSON Schema's words), never a 500.
    return null;
  }
}
