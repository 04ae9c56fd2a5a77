import type { Tx } from '../db/client';
import { activityLog } from '../db/schema';
import type { ActivityKind } from '@shared/schemas/dashboard';

export type { ActivityKind };

/** One line of the user's recent activity (the dashboard's feed). */
export function recordActivity(
  db: Tx,
  userId: string,
  kind: ActivityKind,
  now: Date,
  refs: { agentId?: string | null; jobItemId?: string | null; data?: Record<string, unknown> } = {},
): void {
  db.insert(activityLog)
    .values({ userId, kind, agentId: refs.agentId ?? null, jobItemId: refs.jobItemId ?? null, data: refs.data ?? {}, createdAt: now })
    .run();
}
