import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import { ERROR_CODES } from '@separ/domain/contract';
import { OPTIONAL_BODY } from './contract.ts';

/** Whether a schema of the document is the contract's error answer, with every code of the table. */
function isErrorAnswer(value: unknown): boolean {
  const properties = (value as { properties?: Record<string, { enum?: unknown[] }> } | null)?.properties;
  return (
    properties?.ok?.enum?.length === 1 &&
    properties.ok.enum[0] === false &&
    properties.code?.enum?.length === ERROR_CODES.length
  );
}

/**
 * The document as the contract says it: the error answer, with its table of codes, once under
 * `components.schemas.ErrorAnswer` (every route's error answers refer to it), and a body a route
 * does not need not required (@fastify/swagger says every body is).
 */
function finishDocument(document: Record<string, unknown>): Record<string, unknown> {
  let found: unknown = null;
  const visit = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(visit);
    if (typeof value !== 'object' || value === null) return value;
    if (isErrorAnswer(value)) {
      found ??= value;
      return { $ref: '#/components/schemas/ErrorAnswer' };
    }
    const entries = Object.entries(value).filter(([key]) => key !== OPTIONAL_BODY);
    const content = (value as { content?: Record<string, { schema?: Record<string, unknown> }> }).content;
    const optional =
      'required' in value && content && Object.values(content).some((media) => media.schema?.[OPTIONAL_BODY]);
    return Object.fromEntries(
      entries.map(([key, child]) => [key, optional && key === 'required' ? false : visit(child)]),
    );
  };
  const paths = visit(document.paths);
  if (found === null) return document;
  const components = (document.components ?? {}) as Record<string, Record<string, unknown>>;
  return {
    ...document,
    paths,
    components: { ...components, schemas: { ...components.schemas, ErrorAnswer: found } },
  };
}

/** Registers the OpenAPI generator; call before the routes. The document is at /api/openapi.json. */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Separ API',
        version: '1.0.0',
        description:
          'The HTTP contract of SPEC §7 and CONTRACTS §3, generated from @separ/domain/contract. Errors are JSON { ok: false, message, code }. State-changing requests from another site (Origin or Referer) are refused with 403.',
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'jwtUserToken' },
          nodeToken: { type: 'http', scheme: 'bearer' },
          operator: { type: 'apiKey', in: 'cookie', name: 'separ_admin' },
        },
      },
    },
    transformObject: (document) =>
      'openapiObject' in document ? finishDocument(document.openapiObject as Record<string, unknown>) : {},
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
