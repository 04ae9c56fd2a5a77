import type { SyncNotice } from '../data/notices-table';
import { appDb } from '../data/app-db';
import { createAgentRepository, type AgentRepository } from '../data/agents-repository';
import type { BidpilotDb } from '../data/db';
import { createJobItemRepository, type JobItemRepository } from '../data/job-items-repository';
import { createKeptDraftRepository, type KeptDraftRepository } from '../data/kept-drafts';
import {
  createProfileRepository,
  createPushSettingsRepository,
  type ProfileRepository,
  type PushSettingsRepository,
} from '../data/records-repository';
import { requestAppSync } from './app-sync';
import { chooseMine } from './notice-actions';

/*
 * The signed-in app's writes, each followed by a sync request. Apart from the sync runtime
 * (`app-sync.ts`): they bring the agent schemas (zod), and a first pull need not wait for those.
 */

/** The agent writes for the signed-in user, each followed by a sync request. */
export function appAgentRepository(userId: string, db: BidpilotDb = appDb()): AgentRepository {
  return createAgentRepository({ db, userId, onWrite: () => requestAppSync() });
}

/** The decisions on proposals (approve, discard, mark sent, letter, outcome), each followed by a sync request. */
export function appJobItemRepository(db: BidpilotDb = appDb()): JobItemRepository {
  return createJobItemRepository({ db, onWrite: () => requestAppSync() });
}

/** The profile edits of the signed-in user, each followed by a sync request. */
export function appProfileRepository(userId: string, db: BidpilotDb = appDb()): ProfileRepository {
  return createProfileRepository({ db, userId, onWrite: () => requestAppSync() });
}

/** The notice settings' edits, each followed by a sync request. */
export function appPushSettingsRepository(userId: string, db: BidpilotDb = appDb()): PushSettingsRepository {
  return createPushSettingsRepository({ db, userId, onWrite: () => requestAppSync() });
}

/** Save again or discard the agents the server refused to create. */
export function appKeptDraftRepository(userId: string, db: BidpilotDb = appDb()): KeptDraftRepository {
  return createKeptDraftRepository({ db, agents: appAgentRepository(userId, db) });
}

/** "Use mine" on a conflict notice, with the page's repositories. */
export function chooseMineInApp(userId: string, notice: SyncNotice, db: BidpilotDb = appDb()): Promise<void> {
  return chooseMine(
    {
      db,
      agents: appAgentRepository(userId, db),
      jobItems: appJobItemRepository(db),
      profile: appProfileRepository(userId, db),
      settings: appPushSettingsRepository(userId, db),
    },
    notice,
  );
}
