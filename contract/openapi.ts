import { route, json } from './route.ts';

/** An OpenAPI 3.1 document: kept loose here, its shape is the standard's. */
export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  paths: Record<string, Record<string, unknown>>;
  components: Record<string, unknown>;
}

/** GET /api/openapi.json: every route of this server, drawn from the route table. */
export const openApiDocument = route({
  method: 'GET',
  path: '/api/openapi.json',
  caller: 'anyone',
  answer: json<OpenApiDocument>(),
  summary: 'The OpenAPI 3.1 document of every route this server answers, drawn from the route table.',
});
