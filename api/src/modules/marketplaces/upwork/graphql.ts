import { z } from 'zod';
import { MarketplaceError } from '../errors';
import type { MarketplaceProfile, MarketplaceSession } from '../types';

/** Upwork's GraphQL envelope: its errors, and the two calls the outcome reader makes (adapter.ts). */

export const graphErrorSchema = z.object({
  message: z.string(),
  extensions: z.record(z.string(), z.unknown()).nullish(),
  /** Where in the answer the error happened (an alias, for per-field errors). */
  path: z.array(z.union([z.string(), z.number()])).nullish(),
});
export type GraphError = z.infer<typeof graphErrorSchema>;

/** A GraphQL request's `data` and `errors` (errors arrive with HTTP 200). */
export interface GraphAnswer {
  data: Record<string, unknown> | null;
  errors: GraphError[];
}

/** What reading proposals' fates needs of the adapter (outcomes.ts), so it need not import the adapter. */
export interface UpworkGraph {
  graphql(
    session: MarketplaceSession,
    query: string,
    variables: Record<string, unknown> | undefined,
    idempotent: boolean,
    retries?: number,
  ): Promise<GraphAnswer>;
  self(session: MarketplaceSession): Promise<MarketplaceProfile>;
}

/** GraphQL `errors` as a typed error. */
export function graphqlErrorKind(errors: Array<z.infer<typeof graphErrorSchema>>): MarketplaceError {
  const first = errors[0]!;
  const code = typeof first.extensions?.code === 'string' ? first.extensions.code : undefined;
  const text = `${code ?? ''} ${first.message}`;
  const kind: MarketplaceError['kind'] = /permission|scope|FORBIDDEN/i.test(text)
    ? 'forbidden'
    : /UNAUTHENTICATED|authenticat|unauthori[sz]ed|expired token|invalid token/i.test(text)
      ? 'unauthorized'
      : /rate.?limit|too many/i.test(text)
        ? 'rate_limited'
        : /not.?found/i.test(text)
          ? 'not_found'
          : 'rejected';
  return new MarketplaceError('upwork', kind, first.message, { code, ...(kind === 'rate_limited' ? { retryAfterMs: 60_000 } : {}) });
}
