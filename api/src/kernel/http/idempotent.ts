import type { AppContext } from './context';
import { requestHeader, signedIn } from './context';
import { REPLAYED_HEADER } from '@shared/schemas/sync';
import type { AppError } from '../errors';

export interface WriteResult<T = unknown> {
  status: number;
  body: T;
}

export interface Replayable<T> extends WriteResult<T> {
  replayed: boolean;
  /** The error the write failed with (answered through the error handler, with its headers). */
  error?: AppError;
}

/** Runs a write at most once per (user, Idempotency-Key): the store's `IdempotencyStore`. */
export interface IdempotentWrites {
  run<T>(
    scope: { userId: string; key: string | undefined; method: string; path: string },
    write: () => WriteResult<T> | Promise<WriteResult<T>>,
  ): Promise<Replayable<T>>;
}

/**
 * Answers a write through the idempotency store: the first request with a key runs `write`; a
 * replay gets the stored answer with `Idempotent-Replayed: true`.
 */
export async function answerWrite<T>(
  c: AppContext,
  store: IdempotentWrites,
  write: (userId: string) => WriteResult<T> | Promise<WriteResult<T>>,
): Promise<never> {
  const user = signedIn(c);
  const result = await store.run(
    { userId: user.id, key: requestHeader(c, 'idempotency-key'), method: c.req.method, path: c.req.path },
    () => write(user.id),
  );
  if (result.replayed) c.header(REPLAYED_HEADER, 'true');
  if (result.error && !result.replayed) throw result.error;
  // The status is decided at run time (first answer or replay), so the typed-route check cannot see
  // it; the bodies are typed by the route's schemas through `write`'s result.
  return c.json(result.body as never, result.status as never) as never;
}
