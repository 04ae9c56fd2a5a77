/**
 * The chaos test's model of what the server must end with, from what the user was told.
 *
 * Both pages are tabs of one browser profile: they share one IndexedDB outbox, which the sync sends
 * in the order the writes were made. So the server applies the writes the user was told about in
 * the order the test made them, and each field of an edit is judged against what the form showed
 * when it was opened (`seen`): if the server still has that value, the edit applies; if the server
 * already has the edit's value, nothing changes; otherwise the server keeps its value and the user
 * must be shown a conflict with both. (Values are unique per edit where it matters, so a value
 * that went away and came back does not blur this.)
 */

export type AgentField = 'name' | 'emailsPerDay' | 'status';

export interface AgentState {
  title: string;
  name: string;
  emailsPerDay: number;
  status: 'active' | 'paused';
}

export type Write =
  | { kind: 'create'; id: string; agent: AgentState }
  | { kind: 'edit'; id: string; changes: Partial<Record<AgentField, { seen: unknown; value: unknown }>> }
  | { kind: 'delete'; id: string }
  | { kind: 'decide'; itemId: string; decision: 'approve' | 'discard' };

/** A conflict as the notice shows it: the field's label, the user's value, the server's. */
export const conflictKey = (field: AgentField, yours: unknown, theirs: unknown): string =>
  `${FIELD_LABELS[field]}|${shown(field, yours)}|${shown(field, theirs)}`;

export const FIELD_LABELS: Record<AgentField, string> = { name: 'Agent name', emailsPerDay: 'Proposals per day', status: 'Status' };

/** A value the way the notice writes it (English). */
export function shown(field: AgentField, value: unknown): string {
  if (field === 'status') return value === 'active' ? 'Active' : 'Paused';
  return String(value);
}

export interface Expected {
  agents: Map<string, AgentState>;
  decisions: Map<string, 'approve' | 'discard'>;
  /** The conflicts the user must have been shown (a multiset of conflictKey). */
  conflicts: string[];
  /** Edits of agents no longer on the server: refused, and shown as such. */
  refused: number;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** What the server must hold after applying `writes` in order to the agents it started with. */
export function expectedState(initial: ReadonlyMap<string, AgentState>, writes: readonly Write[]): Expected {
  const agents = new Map([...initial].map(([id, agent]) => [id, { ...agent }]));
  const decisions = new Map<string, 'approve' | 'discard'>();
  const conflicts: string[] = [];
  let refused = 0;
  for (const write of writes) {
    switch (write.kind) {
      case 'create':
        agents.set(write.id, { ...write.agent });
        break;
      case 'delete':
        agents.delete(write.id);
        break;
      case 'decide':
        decisions.set(write.itemId, write.decision);
        break;
      case 'edit': {
        const agent = agents.get(write.id);
        if (!agent) {
          refused += 1;
          break;
        }
        for (const [field, change] of Object.entries(write.changes) as Array<[AgentField, { seen: unknown; value: unknown }]>) {
          const current = agent[field];
          if (same(change.seen, current)) (agent as unknown as Record<string, unknown>)[field] = change.value;
          else if (!same(change.value, current)) conflicts.push(conflictKey(field, change.value, current));
        }
        if (agent.name === '') agent.name = agent.title;
        break;
      }
    }
  }
  return { agents, decisions, conflicts, refused };
}

/** The keys of `expected` missing from `actual` and the other way round (multisets). */
export function multisetDiff(expected: readonly string[], actual: readonly string[]): { missing: string[]; extra: string[] } {
  const left = [...actual];
  const missing: string[] = [];
  for (const key of expected) {
    const at = left.indexOf(key);
    if (at >= 0) left.splice(at, 1);
    else missing.push(key);
  }
  return { missing, extra: left };
}
