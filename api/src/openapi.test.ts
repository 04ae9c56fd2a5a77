import { afterAll, describe, expect, it } from 'vitest';
import { makeTestApp } from './testing/harness';

/** The API's OpenAPI document, as a client generator reads it. */
describe('/api/openapi.json', () => {
  const t = makeTestApp();
  afterAll(() => t.close());

  const document = async () => {
    const res = await t.call('GET', '/api/openapi.json');
    expect(res.status).toBe(200);
    return res.json as {
      paths: Record<
        string,
        Record<string, { operationId?: string; responses: Record<string, { content?: Record<string, { schema: unknown }> }> }>
      >;
      components: { schemas?: Record<string, unknown>; responses?: Record<string, unknown>; securitySchemes?: Record<string, unknown> };
    };
  };
  const operations = (doc: Awaited<ReturnType<typeof document>>) =>
    Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
        .map(([method, operation]) => ({ path, method, operation })),
    );

  it('has no two path templates that differ only in their parameters’ names', async () => {
    const doc = await document();
    const shapes = new Map<string, string>();
    for (const path of Object.keys(doc.paths)) {
      const shape = path.replace(/\{[^}]+\}/g, '{}');
      expect(shapes.get(shape), `${path} and ${shapes.get(shape)}`).toBeUndefined();
      shapes.set(shape, path);
    }
  });

  it('names every operation, each name once', async () => {
    const all = operations(await document());
    expect(all.length).toBeGreaterThan(50);
    const ids = all.map(({ operation }) => operation.operationId);
    expect(all.filter(({ operation }) => !operation.operationId).map(({ method, path }) => `${method} ${path}`)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    const agents = all.find(({ method, path }) => method === 'get' && path === '/automations/{id}/jobs');
    expect(agents?.operation.operationId).toBe('getAutomationsJobsById');
  });

  it('shares the error answer as one component that every operation refers to', async () => {
    const doc = await document();
    expect(doc.components.schemas).toHaveProperty('Error');
    expect(doc.components.securitySchemes).toHaveProperty('bearerAuth');
    // An error answer written out in place (its `message` and `code`) instead of referring to the component.
    const isInlineError = (schema: unknown) => {
      const properties = (schema as { properties?: Record<string, unknown> } | undefined)?.properties;
      return Boolean(properties && 'message' in properties && 'code' in properties);
    };
    let references = 0;
    const inline = operations(doc).flatMap(({ method, path, operation }) =>
      Object.entries(operation.responses)
        .filter(([status]) => Number(status) >= 400)
        .filter(([, response]) => {
          const schema = response.content?.['application/json']?.schema;
          if (JSON.stringify(schema) === JSON.stringify({ $ref: '#/components/schemas/Error' })) references++;
          return isInlineError(schema);
        })
        .map(([status]) => `${method} ${path} ${status}`),
    );
    expect(references).toBeGreaterThan(100);
    expect(inline).toEqual([]);
  });
});
