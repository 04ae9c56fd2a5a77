import type { AgentFields, AgentStatus } from '@shared/schemas/agent';
import type { User } from '@shared/schemas/user';
import type { AgentRepository } from '../data/agents-repository';
import type { BidpilotDb } from '../data/db';
import type { JobItemRepository } from '../data/job-items-repository';
import type { SyncNotice } from '../data/notices-table';
import type { JobItemOutcome, ProfileEdit } from '../data/outbox-table';
import type { PushSettingsView } from '../data/records';
import type { ProfileRepository, PushSettingsRepository } from '../data/records-repository';
import { canChooseMine } from './notice-choice';

export interface NoticeActionDeps {
  db: BidpilotDb;
  agents: AgentRepository;
  jobItems: JobItemRepository;
  profile: ProfileRepository;
  settings: PushSettingsRepository;
}

/**
 * "Use mine" on a conflict: the user's values are written again, as a change made on the server's
 * values they now saw (the notice's version is the base, so a further change elsewhere conflicts
 * again), and the notice goes. A refused approval approves the user's letter.
 */
export async function chooseMine(deps: NoticeActionDeps, notice: SyncNotice): Promise<void> {
  if (!canChooseMine(notice)) return;
  const yours: Record<string, unknown> = Object.fromEntries(notice.lost.map((l) => [l.field, l.yours]));
  const seen = { ...Object.fromEntries(notice.lost.map((l) => [l.field, l.theirs])), version: notice.baseVersion! };
  const id = notice.entityId;
  switch (notice.entity) {
    case 'agent': {
      const { status, ...fields } = yours;
      if (Object.keys(fields).length > 0) await deps.agents.updateAgent(id, fields as Partial<AgentFields>, seen);
      if (status !== undefined) await deps.agents.setAgentStatus(id, status as AgentStatus, seen);
      break;
    }
    case 'jobItem': {
      const letter = typeof yours.proposalRequirements === 'string' ? yours.proposalRequirements : undefined;
      if (notice.op === 'approve') await deps.jobItems.approve(id, letter, seen);
      else {
        if (letter !== undefined) await deps.jobItems.saveLetter(id, letter, seen);
        if ('outcome' in yours) await deps.jobItems.setOutcome(id, yours.outcome as JobItemOutcome | null, seen);
      }
      break;
    }
    case 'profile':
      await deps.profile.edit(yours as ProfileEdit, seen as unknown as User);
      break;
    case 'settings':
      await deps.settings.edit(yours, seen as unknown as PushSettingsView);
      break;
  }
  if (notice.id !== undefined) await deps.db.notices.delete(notice.id);
}
