import type { LostValue, SyncNotice } from '../../data/notices-table';

/** A translation key with its values; the view layer turns it into words. */
export interface Phrase {
  key: string;
  values?: Record<string, unknown>;
}

/**
 * The labels a notice names fields by are among the strings the signed-in layout loads anyway (the
 * `app` bundle: `sync.fields`, `notifications.kinds`, the agents' own labels): showing a notice
 * never needs the settings screen's strings.
 */
const PROFILE_FIELDS: ReadonlySet<string> = new Set([
  'firstName',
  'lastName',
  'skills',
  'portfolioLinks',
  'profileTitle',
  'profileOverview',
  'workHistory',
  'portfolio',
  'upworkProfileUrl',
  'freelancerProfileUrl',
  'upworkProfileComplete',
  'freelancerProfileComplete',
]);

const JOB_ITEM_LABELS: Record<string, string> = {
  proposalRequirements: 'agents.proposals.letterLabel',
  outcome: 'agents.proposals.outcome',
};

/** The label key of a field of a notice's record (the field's own name when none is known). */
export function fieldLabelKey(entity: SyncNotice['entity'], field: string): string {
  switch (entity) {
    case 'agent':
      return `agents.fields.${field}`;
    case 'jobItem':
      return JOB_ITEM_LABELS[field] ?? field;
    case 'profile':
      return field === 'language' ? 'common.language' : PROFILE_FIELDS.has(field) ? `sync.fields.${field}` : field;
    case 'settings':
      return `notifications.kinds.${field}`;
  }
}

/** Longest value shown in a notice (a whole cover letter would bury the choice). */
export const SHOWN_VALUE_MAX = 280;

/**
 * A value as a notice shows it: text as typed (cut at SHOWN_VALUE_MAX), lists joined, yes/no,
 * nothing as "(empty)"; an agent's or proposal's option as its translated name.
 */
export function valuePhrase(entity: SyncNotice['entity'], field: string, value: unknown): Phrase {
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) return { key: 'sync.empty' };
  if (typeof value === 'boolean') return { key: value ? 'sync.on' : 'sync.off' };
  if (Array.isArray(value)) return { key: 'sync.value', values: { value: value.join(', ') } };
  if (entity === 'agent' && field === 'status') return { key: value === 'active' ? 'agents.list.active' : 'agents.detail.paused' };
  if (entity === 'agent' && typeof value === 'string' && ['platform', 'activeEvery', 'sendMode', 'promptTemplate'].includes(field)) {
    return { key: `agents.options.${field}.${value}`, values: { defaultValue: value } };
  }
  if (entity === 'jobItem' && field === 'outcome' && typeof value === 'string') return { key: `agents.proposals.outcomes.${value}` };
  const text = String(value);
  return { key: 'sync.value', values: { value: text.length > SHOWN_VALUE_MAX ? `${text.slice(0, SHOWN_VALUE_MAX - 1)}…` : text } };
}

/** What the user's values were, as plain text to copy (a refused write they may want to redo). */
export function copyText(notice: Pick<SyncNotice, 'lost'>): string {
  return notice.lost
    .map((l: LostValue) => (Array.isArray(l.yours) ? l.yours.join(', ') : l.yours === null || l.yours === undefined ? '' : String(l.yours)))
    .join('\n\n');
}

/** The notice's sentence: which record (`name`, already resolved), what happened to the user's change, and why. */
export function noticePhrase(notice: SyncNotice, { name, fields, reason }: { name: string; fields: string; reason: string }): Phrase {
  if (notice.kind === 'conflict') {
    switch (notice.entity) {
      case 'agent':
        return { key: 'sync.conflict', values: { name, fields } };
      case 'jobItem':
        return notice.op === 'approve'
          ? { key: 'sync.conflictApprove', values: { name } }
          : { key: 'sync.conflictProposal', values: { name, fields } };
      case 'profile':
        return { key: 'sync.conflictProfile', values: { fields } };
      case 'settings':
        return { key: 'sync.conflictSettings', values: { fields } };
    }
  }
  switch (notice.entity) {
    case 'jobItem':
      return { key: 'sync.rejectedProposal', values: { name, reason } };
    case 'profile':
      return { key: 'sync.rejectedProfile', values: { reason } };
    case 'settings':
      return { key: 'sync.rejectedSettings', values: { reason } };
    case 'agent': {
      if (notice.kept) return { key: 'sync.rejectedKept', values: { name, reason } };
      const key = notice.op === 'create' ? 'sync.rejectedCreate' : notice.op === 'delete' ? 'sync.rejectedDelete' : 'sync.rejectedUpdate';
      return { key, values: { name, reason } };
    }
  }
}
