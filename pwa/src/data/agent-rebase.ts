import type { Agent } from '@shared/schemas/agent';
import { changedFields, type OutboxEntry } from './outbox-table';
import { sameValue } from '@shared/sync/field-merge';
import { fieldOf } from '../lib/guards';

/** Applies one change's fields to an agent (the way the server would: `active` follows `status`). */
export function applyFields(agent: Agent, fields: Readonly<Record<string, unknown>>): Agent {
  const next = { ...agent, ...fields } as Agent;
  if ('status' in fields) next.active = next.status === 'active';
  if (('name' in fields || 'title' in fields) && !next.name) next.name = next.title;
  return next;
}

/**
 * The agent the user sees: the server's record with the unsent changes on top, in queue order.
 * `deleted` when a pending entry deletes it.
 */
export function rebaseAgent(base: Agent, pending: readonly OutboxEntry[]): { agent: Agent; deleted: boolean } {
  let agent = base;
  let deleted = false;
  for (const entry of pending) {
    if (entry.op === 'delete') deleted = true;
    else if (entry.op === 'create') agent = applyFields(agent, entry.payload);
    else agent = applyFields(agent, changedFields(entry));
  }
  return { agent, deleted };
}

/**
 * After the server acknowledged one change (`acked`) and answered `after`, the later entries of the
 * same agent made on `before` can move to `after.version` when nothing they touch changed between
 * the two except by the acknowledged change itself. This keeps a quick second edit of the same
 * field from conflicting with the user's own first edit, while a real change from elsewhere still
 * answers 409. Entries that carry what the user saw (`seen`) are left alone: their base is decided
 * when they are sent (sync/send-base.ts), since a stale form may have been made on `before`
 * without seeing the acknowledged change. Returns the entries whose base moves.
 */
export function advanceBases(input: {
  later: readonly OutboxEntry[];
  before: Agent | null;
  after: Agent;
  acked: Readonly<Record<string, unknown>>;
}): Array<{ seq: number; baseVersion: number }> {
  const { later, before, after, acked } = input;
  if (!before) return [];
  const moves: Array<{ seq: number; baseVersion: number }> = [];
  for (const entry of later) {
    if (entry.seq === undefined || entry.seen || entry.baseVersion === null || entry.baseVersion !== before.version) continue;
    if (after.version <= entry.baseVersion) continue;
    const fields = Object.keys(changedFields(entry));
    const safe = fields.every((field) => {
      const was = fieldOf(before, field);
      const now = fieldOf(after, field);
      if (sameValue(was, now)) return true;
      return field in acked && sameValue(acked[field], now);
    });
    if (safe) moves.push({ seq: entry.seq, baseVersion: after.version });
  }
  return moves;
}
