import type { Agent } from '@shared/schemas/agent';
import type { JobItem } from '@shared/schemas/job-item';
import type { SyncChange } from '@shared/schemas/sync';
import type { User } from '@shared/schemas/user';
import type { AgentRow } from '../data/agents-table';
import { rebaseJobItem, type JobItemRow } from '../data/job-items-table';
import type { OutboxEntry } from '../data/outbox-table';
import type { ProfileRow } from '../data/profile-table';
import { rebaseRecord } from '../data/records';
import { rebaseAgent } from '../data/agent-rebase';

/** What one pulled page changes in IndexedDB, table by table: written in bulk, in one transaction. */
export interface PageWrites {
  agents: { put: AgentRow[]; delete: string[] };
  jobItems: { put: JobItemRow[]; delete: string[] };
  profile: { put: ProfileRow[]; delete: string[] };
}

/** What is stored now for the records of a page, read in bulk before planning. */
export interface PageState {
  agents: ReadonlyMap<string, AgentRow>;
  jobItems: ReadonlyMap<string, JobItemRow>;
  profiles: ReadonlyMap<string, ProfileRow>;
  /** Unsent outbox entries by record id, in `seq` order. */
  pending: ReadonlyMap<string, readonly OutboxEntry[]>;
}

/** The ids of a page's agent, job item and profile changes: what to read before planning. */
export function pageIds(changes: readonly SyncChange[]): { agents: string[]; jobItems: string[]; profiles: string[]; all: string[] } {
  const agents: string[] = [];
  const jobItems: string[] = [];
  const profiles: string[] = [];
  for (const change of changes) {
    if (change.entity === 'agent') agents.push(change.id);
    else if (change.entity === 'jobItem') jobItems.push(change.id);
    else profiles.push(change.id);
  }
  return { agents, jobItems, profiles, all: [...agents, ...jobItems, ...profiles] };
}

/** Outbox entries grouped by record id, each group in send (`seq`) order. */
export function pendingById(entries: readonly OutboxEntry[]): Map<string, OutboxEntry[]> {
  const byId = new Map<string, OutboxEntry[]>();
  for (const entry of [...entries].sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0))) {
    const list = byId.get(entry.entityId);
    if (list) list.push(entry);
    else byId.set(entry.entityId, [entry]);
  }
  return byId;
}

/**
 * The writes of one pulled page, decided in memory: a record with unsent local changes is rebased
 * (the server's record with the pending changes on top) instead of overwritten, a tombstone
 * deletes only what has nothing queued (the push answers for the rest), and a record already
 * newer here (from a push answer) is left alone. Later changes of the same record win.
 */
export function planPage(changes: readonly SyncChange[], state: PageState): PageWrites {
  const agents = new Map<string, AgentRow | null>();
  const jobItems = new Map<string, JobItemRow | null>();
  const profiles = new Map<string, ProfileRow | null>();
  const NONE: readonly OutboxEntry[] = [];

  for (const change of changes) {
    const pending = state.pending.get(change.id) ?? NONE;
    if (change.entity === 'agent') {
      if (change.deleted || !change.data) {
        if (pending.length === 0) agents.set(change.id, null);
        continue;
      }
      const data: Agent = change.data;
      const row = agents.get(change.id) ?? state.agents.get(change.id);
      if (row?.server && row.server.version > data.version) continue;
      const view = rebaseAgent(data, pending);
      agents.set(change.id, { ...view.agent, server: data, pendingDelete: view.deleted });
    } else if (change.entity === 'jobItem') {
      const data = change.deleted || !change.data ? null : (change.data as JobItem);
      if (!data) {
        if (pending.length === 0) jobItems.set(change.id, null);
        continue;
      }
      const row = jobItems.get(change.id) ?? state.jobItems.get(change.id);
      const known = row?.server ?? row;
      if (known && known.version > data.version) continue;
      jobItems.set(change.id, rebaseJobItem(data, pending));
    } else {
      if (change.deleted || !change.data) {
        profiles.set(change.id, null);
        continue;
      }
      // Unsent profile edits stay on top of the server's record.
      const data = change.data as User;
      const row = profiles.get(change.id) ?? state.profiles.get(change.id);
      const known = row?.server ?? row;
      if (known && known.version > data.version) continue; // already newer from a push answer
      const { view, server } = rebaseRecord(data, pending);
      profiles.set(change.id, server ? { ...view, server } : view);
    }
  }

  const split = <Row>(map: Map<string, Row | null>) => {
    const put: Row[] = [];
    const del: string[] = [];
    for (const [id, row] of map) {
      if (row) put.push(row);
      else del.push(id);
    }
    return { put, delete: del };
  };
  return { agents: split(agents), jobItems: split(jobItems), profile: split(profiles) };
}
