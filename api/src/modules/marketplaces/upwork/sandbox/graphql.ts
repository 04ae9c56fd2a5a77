import { execute, GraphQLError, parse, validate, type DocumentNode, type ExecutionResult } from 'graphql';
import { upworkSchema } from './schema';

/**
 * The sandbox's GraphQL execution (graphql-js and the schema), loaded with the first request so a
 * server start pays nothing for it.
 */

const documents = new Map<string, DocumentNode | readonly GraphQLError[]>();

/** Parses and validates a query once; later requests with the same text reuse the result. */
function prepare(query: string): DocumentNode | readonly GraphQLError[] {
  const cached = documents.get(query);
  if (cached) return cached;
  let prepared: DocumentNode | readonly GraphQLError[];
  try {
    const document = parse(query);
    const errors = validate(upworkSchema(), document);
    prepared = errors.length > 0 ? errors : document;
  } catch (error) {
    prepared = [error instanceof GraphQLError ? error : new GraphQLError(String(error))];
  }
  if (documents.size > 200) documents.clear();
  documents.set(query, prepared);
  return prepared;
}

export interface GraphRequest {
  query: string;
  variables?: Record<string, unknown>;
  operationName?: string;
  rootValue: unknown;
  contextValue: unknown;
}

/** The answer's body as the real service sends it (HTTP 200 either way). */
export async function runGraphQL(request: GraphRequest): Promise<{ data: unknown; errors?: unknown[] }> {
  const prepared = prepare(request.query);
  if (!('kind' in prepared)) return { data: null, errors: prepared.map((e) => e.toJSON()) };
  const result: ExecutionResult = await execute({
    schema: upworkSchema(),
    document: prepared,
    rootValue: request.rootValue,
    contextValue: request.contextValue,
    variableValues: request.variables,
    operationName: request.operationName,
  });
  if (result.errors && result.data === undefined) return { data: null, errors: result.errors.map((e) => e.toJSON()) };
  return result.errors ? { data: result.data ?? null, errors: result.errors.map((e) => e.toJSON()) } : { data: result.data };
}
