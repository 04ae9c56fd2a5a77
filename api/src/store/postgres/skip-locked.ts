/**
 * PostgreSQL's `FOR UPDATE SKIP LOCKED` on a select built with the shared builders (typed as
 * SQLite's, which has no row locks): the rows it answers are locked until the transaction ends, and
 * rows another transaction holds are left out instead of waited for. Only for a store on PostgreSQL.
 */
export function skipLocked<Q>(query: Q): Q {
  return (query as unknown as { for(strength: 'update', config: { skipLocked: true }): Q }).for('update', { skipLocked: true });
}
