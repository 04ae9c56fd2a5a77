import { useMemo } from 'react';
import { useAuth } from '../../session/session-provider';
import type { JobItemRepository } from '../../data/job-items-repository';
import { appJobItemRepository } from '../../sync/app-repositories';

/** The decisions on proposals for the signed-in user (null when signed out); each write asks for a sync. */
export function useJobItemRepository(): JobItemRepository | null {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  return useMemo(() => (userId ? appJobItemRepository() : null), [userId]);
}
