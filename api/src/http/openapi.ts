import * as z from 'zod/mini';
import { ERROR_CODES } from '../../../contract/errors.ts';
import type { OpenApiDocument } from '../../../contract/openapi.ts';
import type { Route } from '../../../contract/route.ts';
import type { Served } from './serve.ts';

// biome-ignore lint/suspicious/noExplicitAny: a schema of any input and output.
type AnySchema = z.ZodMiniType<any, any>;

/** A schema's JSON Schema (draft 2020-12, as OpenAPI 3.1 reads it); what JSON cannot say (a refinement) is left open. */
const jsonSchema = (schema: AnySchema, io: 'input' | 'output'): Record<string, unknown> => {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' });
  return rest as Record<string, unknown>;
};

/** The refusal every route may answer with (contract/errors.ts). */
const errorAnswer = z.object({
  success: z.literal(false),
  code: z.enum(ERROR_CODES),
  message: z.string(),
  errors: z.optional(z.array(z.object({ field: z.string(), message: z.string() }))),
});

const pathParams = (path: string) => [...path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]);
const openApiPath = (path: string) => path.replace(/:([A-Za-z]+)/g, '{$1}');

function answerContent(route: Route, answer: AnySchema | null): Record<string, unknown> {
  switch (route.answer.kind) {
    case 'json':
      return { 'application/json': { schema: answer ? jsonSchema(answer, 'output') : {} } };
    case 'file':
      return { [route.answer.mediaType]: { schema: { type: 'string', contentMediaType: route.answer.mediaType } } };
    case 'text':
      return { [route.answer.mediaType]: { schema: { type: 'string' } } };
    case 'events':
      return { [route.answer.mediaType]: { schema: { type: 'string' } } };
  }
}

function operation({ route, answer }: Served): Record<string, unknown> {
  const parameters: unknown[] = pathParams(route.path).map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  if (route.query) {
    const query = jsonSchema(route.query, 'input') as { properties?: Record<string, unknown>; required?: string[] };
    for (const [name, schema] of Object.entries(query.properties ?? {})) {
      parameters.push({ name, in: 'query', required: query.required?.includes(name) ?? false, schema });
    }
  }
  const status = String(route.status ?? 200);
  return {
    summary: route.summary,
    'x-caller': route.caller,
    ...(route.caller === 'anyone' ? {} : { security: [{ bearer: [] }] }),
    ...(parameters.length ? { parameters } : {}),
    ...(route.body
      ? {
          requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(route.body, 'input') } } },
        }
      : {}),
    responses: {
      [status]: {
        description: 'Success',
        ...(status === '204' ? {} : { content: answerContent(route, answer) }),
      },
      default: {
        description: 'A refusal or a fault, with a code a program decides by and words for people',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorAnswer' } } },
      },
    },
  };
}

/** The OpenAPI 3.1 document of the routes served, drawn only from their declarations and answer schemas. */
export function openApiDocumentOf(served: readonly Served[], version: string): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const entry of served) {
    const path = openApiPath(entry.route.path);
    paths[path] = { ...paths[path], [entry.route.method.toLowerCase()]: operation(entry) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'ServiceConnect API',
      version,
      description: 'Every route of this server, drawn from its route table (contract/).',
    },
    paths,
    components: {
      schemas: { ErrorAnswer: jsonSchema(errorAnswer, 'output') },
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
    },
  };
}
