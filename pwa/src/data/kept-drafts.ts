import type { Agent } from '@shared/schemas/agent';
import type { AgentRepository } from './agents-repository';
import type { AgentRow } from './agents-table';
import { agentFieldsOf, agentOf } from './agents-table';
import type { BidpilotDb } from './db';
import type { KeptDraft } from './kept-drafts-table';

/**
 * Keeps an agent the server refused to create as a draft, with every field as the user last set
 * it here. Call it in the transaction that drops the refused creation (it writes `keptDrafts`).
 */
export async function keepRefusedAgent(db: BidpilotDb, row: AgentRow, reason: KeptDraft['reason'], at: number): Promise<KeptDraft> {
  const agent = agentOf(row);
  const draft: KeptDraft = {
    id: agent.id,
    userId: agent.userId,
    name: agent.name || agent.title,
    fields: agentFieldsOf(agent),
    reason,
    keptAt: at,
  };
  await db.keptDrafts.put(draft);
  return draft;
}

export const KEPT_DRAFT_NOT_FOUND = 'Kept draft not found';

/** What the user does with a kept draft: save it to the account again, or discard it. */
export interface KeptDraftRepository {
  /** Creates the agent again (same id, same fields) and forgets the draft, in one transaction. */
  save(id: string): Promise<Agent>;
  /** Forgets the draft for good (the user asked). */
  discard(id: string): Promise<void>;
}

export function createKeptDraftRepository(deps: { db: BidpilotDb; agents: AgentRepository }): KeptDraftRepository {
  const { db, agents } = deps;
  return {
    save(id) {
      return db.transaction('rw', db.agents, db.outbox, db.keptDrafts, async () => {
        const draft = await db.keptDrafts.get(id);
        if (!draft) throw new Error(KEPT_DRAFT_NOT_FOUND);
        await db.keptDrafts.delete(id);
        return agents.createAgent(draft.fields, (await db.agents.get(id)) ? undefined : id);
      });
    },
    async discard(id) {
      await db.keptDrafts.delete(id);
    },
  };
}

/** The draft as a file to keep: its fields, readable and ready to paste into the wizard again. */
export function keptDraftFile(draft: KeptDraft): { name: string; text: string } {
  const safe =
    draft.name
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'agent';
  return { name: `bidpilot-agent-${safe}.json`, text: `${JSON.stringify(draft.fields, null, 2)}\n` };
}
