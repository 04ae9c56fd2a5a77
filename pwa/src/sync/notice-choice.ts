import type { SyncNotice } from '../data/notices-table';

/** Whether "Use mine" can write the user's values again (a conflict with values to choose from). */
export const canChooseMine = (notice: SyncNotice): boolean =>
  notice.kind === 'conflict' && notice.baseVersion !== undefined && notice.lost.length > 0;
