import { describe, expect, it } from 'vitest';
import { useTestApp, startTestApp, type TestApp } from '../../../test/harness.ts';
import { routesNotIn } from '../../../test/route-coverage.ts';

interface Operation {
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }>;
  parameters?: { name: string; in: string }[];
}

describe('GET /api/openapi.json', () => {
  let app: TestApp;
  useTestApp(async () => {
    app = await startTestApp();
    return app;
  });

  const operations = async () => {
    const res = await app.request('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    const paths = res.body.paths as Record<string, Record<string, Operation>>;
    return Object.entries(paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        key: `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`,
        operation,
      })),
    );
  };

  it('names every route the server registers, each with its answer', async () => {
    const documented = await operations();
    // A route registered any other way than through the route table is missing from the document.
    expect(
      routesNotIn(
        app,
        documented.map((d) => d.key),
      ).missing,
    ).toEqual([]);
    for (const { key, operation } of documented) {
      const success = Object.entries(operation.responses).find(([status]) => status.startsWith('2'));
      expect(success, key).toBeDefined();
      const [status, answer] = success ?? [];
      if (status === '204') continue;
      expect(Object.keys(answer?.content ?? {}), key).not.toHaveLength(0);
      const json = answer?.content?.['application/json'];
      // A JSON answer is described by its schema, never left open.
      if (json) expect(json.schema.type ?? json.schema.anyOf ?? json.schema.oneOf, key).toBeDefined();
    }
  });

  it("gives a route's body and query from the schemas that parse them", async () => {
    const documented = new Map((await operations()).map((d) => [d.key, d.operation]));
    const health = documented.get('GET /api/health');
    expect(health?.requestBody).toBeUndefined();
    expect(health?.responses['200'].content?.['application/json'].schema.anyOf).toHaveLength(2);
    const withBody = [...documented.values()].filter((o) => o.requestBody);
    for (const operation of withBody) {
      const schema = operation.requestBody?.content['application/json'].schema as { type?: string };
      expect(schema.type).toBe('object');
    }
  });
});
