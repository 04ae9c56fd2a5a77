import type { AppContext } from './context';
import { requestHeader } from './context';
import type { IdempotencyStore, WriteResult } from '../../store/idempotency';
import { REPLAYED_HEADER } from '@shared/schemas/sync';
import { unauthorized } from '../errors';

/**
 * Answers a write through the idempotency store: the first request with a key runs `write`; a
 * replay gets the stored answer with `Idempotent-Replayed: true`.
 */
export async function answerWrite<T>(
  c: AppContext,
  store: IdempotencyStore,
  write: (userId: string) => WriteResult<T> | Promise<WriteResult<T>>,
): Promise<never> {
  const user = c.get('user');
  if (!user) throw unauthorized();
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
