import { describe, expect, it } from 'vitest';
import type { SyncNotice } from '../../data/notices-table';
import { canChooseMine } from '../../sync/notice-choice';
import { bundleOfKey } from '@shared/locale-bundles';
import { PUSH_KINDS } from '@shared/schemas/push';
import { updateUserBodySchema } from '@shared/schemas/user';
import en from '../../../../locales/en.json';
import { copyText, fieldLabelKey, noticePhrase, SHOWN_VALUE_MAX, valuePhrase } from './notice-view';

const lookUp = (tree: unknown, key: string): unknown =>
  key
    .split('.')
    .reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), tree);

const notice = (over: Partial<SyncNotice>): SyncNotice => ({
  kind: 'conflict',
  entity: 'agent',
  entityId: 'a1',
  entityName: 'Bot',
  op: 'update',
  code: 'conflict',
  message: 'changed',
  lost: [{ field: 'name', yours: 'Mine', theirs: 'Theirs' }],
  baseVersion: 3,
  createdAt: 0,
  ...over,
});

describe('notice view', () => {
  it('labels fields by their record', () => {
    expect(fieldLabelKey('agent', 'emailsPerDay')).toBe('agents.fields.emailsPerDay');
    expect(fieldLabelKey('jobItem', 'proposalRequirements')).toBe('agents.proposals.letterLabel');
    expect(fieldLabelKey('profile', 'upworkProfileComplete')).toBe('sync.fields.upworkProfileComplete');
    expect(fieldLabelKey('profile', 'language')).toBe('common.language');
    expect(fieldLabelKey('settings', 'draftWaiting')).toBe('notifications.kinds.draftWaiting');
  });

  it('finds every profile field and notice kind a user edits in the strings the signed-in layout loads', () => {
    const profileFields = Object.keys(updateUserBodySchema.shape).filter(
      (field) => !['baseVersion', 'baseVersions', 'platformType', 'timeZone'].includes(field),
    );
    const labels = [
      ...profileFields.map((field) => fieldLabelKey('profile', field)),
      ...PUSH_KINDS.map((kind) => fieldLabelKey('settings', kind)),
    ];
    for (const key of labels) {
      expect(lookUp(en, key), key).toEqual(expect.any(String));
      // The shell (every page) or the app bundle (the signed-in layout's own strings): not the settings screen's.
      expect(['translation', 'app'], key).toContain(bundleOfKey(key.split('.')[0]!));
    }
  });

  it.each<[string, SyncNotice['entity'], string, unknown, ReturnType<typeof valuePhrase>]>([
    ['text as typed', 'agent', 'name', 'Bot', { key: 'sync.value', values: { value: 'Bot' } }],
    ['nothing', 'profile', 'lastName', null, { key: 'sync.empty' }],
    ['an empty list', 'agent', 'skills', [], { key: 'sync.empty' }],
    ['a list', 'agent', 'skills', ['Go', 'Rust'], { key: 'sync.value', values: { value: 'Go, Rust' } }],
    ['yes or no', 'settings', 'draftWaiting', false, { key: 'sync.off' }],
    ["an agent's status by its name", 'agent', 'status', 'active', { key: 'agents.list.active' }],
    [
      "an agent's option by its name",
      'agent',
      'sendMode',
      'auto',
      { key: 'agents.options.sendMode.auto', values: { defaultValue: 'auto' } },
    ],
    ['an outcome by its name', 'jobItem', 'outcome', 'hired', { key: 'agents.proposals.outcomes.hired' }],
  ])('shows %s', (_name, entity, field, value, expected) => {
    expect(valuePhrase(entity, field, value)).toEqual(expected);
  });

  it('cuts a long letter', () => {
    const phrase = valuePhrase('jobItem', 'proposalRequirements', 'x'.repeat(1000));
    expect((phrase.values!.value as string).length).toBe(SHOWN_VALUE_MAX);
  });

  it('offers "Use mine" for a conflict with values and the version read, never for a refusal', () => {
    expect(canChooseMine(notice({}))).toBe(true);
    expect(canChooseMine(notice({ baseVersion: undefined }))).toBe(false);
    expect(canChooseMine(notice({ kind: 'rejected' }))).toBe(false);
  });

  it('copies what the user typed', () => {
    expect(
      copyText(
        notice({
          lost: [
            { field: 'proposalRequirements', yours: 'Dear client', theirs: 'x' },
            { field: 'skills', yours: ['Go'], theirs: [] },
          ],
        }),
      ),
    ).toBe('Dear client\n\nGo');
  });

  it.each<[string, Partial<SyncNotice>, string]>([
    ['an agent conflict', {}, 'sync.conflict'],
    ['a refused approval', { entity: 'jobItem', op: 'approve' }, 'sync.conflictApprove'],
    ['a letter conflict', { entity: 'jobItem', op: 'editJob' }, 'sync.conflictProposal'],
    ['a profile conflict', { entity: 'profile', op: 'editProfile' }, 'sync.conflictProfile'],
    ['a refused new agent kept as a draft', { kind: 'rejected', op: 'create', kept: true }, 'sync.rejectedKept'],
    ['a refused profile change', { kind: 'rejected', entity: 'profile', op: 'editProfile' }, 'sync.rejectedProfile'],
    ['a refused settings change', { kind: 'rejected', entity: 'settings', op: 'editPushSettings' }, 'sync.rejectedSettings'],
  ])('says %s', (_name, over, key) => {
    expect(noticePhrase(notice(over), { name: 'Bot', fields: 'Name', reason: 'r' }).key).toBe(key);
  });
});
