import { sql } from 'drizzle-orm';
import type { Tx } from '../../store/sqlite/client';
import { preparedOnce } from '../../store/prepared';
import { tablesOf } from '../../store/schema/index';
import type { ActivityKind } from '@shared/schemas/dashboard';

export type { ActivityKind };

type ActivityRefs = { agentId?: string | null; jobItemId?: string | null; data?: Record<string, unknown> };

/** One line of the user's recent activity (the dashboard's feed); awaited in the store transaction of what it records. */
export async function recordActivity(tx: Tx, userId: string, kind: ActivityKind, now: Date, refs: ActivityRefs = {}): Promise<void> {
  await preparedOnce(insertStatements, tx, prepareInsert).run(activityValues(userId, kind, now, refs));
}

const activityValues = (userId: string, kind: ActivityKind, now: Date, refs: ActivityRefs) => ({
  userId,
  kind,
  agentId: refs.agentId ?? null,
  jobItemId: refs.jobItemId ?? null,
  data: refs.data ?? {},
  createdAt: now,
});

// Every run and every proposal step adds a line: prepared once per database.
const insertStatements = new WeakMap<object, ReturnType<typeof prepareInsert>>();
const prepareInsert = (db: Tx) => {
  const { activityLog } = tablesOf(db);
  return db
    .insert(activityLog)
    .values({
      userId: sql.placeholder('userId'),
      kind: sql.placeholder('kind'),
      agentId: sql.placeholder('agentId'),
      jobItemId: sql.placeholder('jobItemId'),
      data: sql.placeholder('data'),
      createdAt: sql.placeholder('createdAt'),
    })
    .prepare();
};
