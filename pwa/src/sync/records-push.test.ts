import { describe, expect, it } from 'vitest';
import type { User } from '@shared/schemas/user';
import { createProfileRepository, createPushSettingsRepository, PUSH_SETTINGS_ID } from '../data/records-repository';
import { pushSettingsStore } from '../data/records';
import { pull } from './pull';
import { push } from './push';
import { FakeServer } from './testing/fake-server';
import { testDb } from '../data/testing/fake-db';

const user: User = {
  id: 'u1',
  email: 'ada@gmail.com',
  platformType: 'upwork',
  emailVerified: true,
  firstName: 'Ada',
  lastName: null,
  skills: ['React'],
  profileTitle: null,
  profileOverview: null,
  workHistory: null,
  portfolio: null,
  upworkProfileUrl: null,
  freelancerProfileUrl: null,
  portfolioLinks: [],
  upworkProfileComplete: false,
  freelancerProfileComplete: false,
  language: 'en',
  timeZone: null,
  referralCode: 'ADA123',
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  version: 1,
};

async function setup() {
  const db = await testDb('u1');
  const server = new FakeServer('u1');
  server.setProfile(user);
  await pull({ db, transport: server });
  return {
    db,
    server,
    profile: createProfileRepository({ db, userId: 'u1' }),
    settings: createPushSettingsRepository({ db, userId: 'u1' }),
  };
}

describe('profile edits through the outbox', () => {
  it('shows an offline edit at once, keeps it over a pulled record, and sends only the touched field on the version seen', async () => {
    const { db, server, profile } = await setup();
    const seen = (await db.profile.get('u1'))!;
    const view = await profile.edit({ firstName: 'Ada', lastName: 'Lovelace', skills: ['React'] }, seen);
    expect(view).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', version: 1 });

    server.editProfileElsewhere({ skills: ['Go'] });
    await pull({ db, transport: server });
    expect(await db.profile.get('u1')).toMatchObject({
      lastName: 'Lovelace',
      skills: ['Go'],
      server: expect.objectContaining({ version: 2 }),
    });

    expect(await push({ db, transport: server })).toEqual({ acknowledged: 1, rejected: 0, conflicts: 0 });
    expect(server.received.filter((r) => r.method === 'PUT').map((r) => r.body)).toEqual([{ lastName: 'Lovelace', baseVersion: 2 }]);
    expect(server.profile).toMatchObject({ lastName: 'Lovelace', skills: ['Go'], version: 3 });
    const stored = (await db.profile.get('u1'))!;
    expect(stored).toMatchObject({ lastName: 'Lovelace', skills: ['Go'], version: 3 });
    expect(stored.server).toBeUndefined();
  });

  it('a field changed elsewhere since the form was opened: the server keeps it, both values are shown, the other field is saved', async () => {
    const { db, server, profile } = await setup();
    const seen = (await db.profile.get('u1'))!;
    server.editProfileElsewhere({ firstName: 'Augusta' });
    await profile.edit({ firstName: 'Ada B.', lastName: 'Byron' }, seen);

    expect(await push({ db, transport: server })).toEqual({ acknowledged: 1, rejected: 0, conflicts: 1 });
    expect(server.profile).toMatchObject({ firstName: 'Augusta', lastName: 'Byron' });
    expect(await db.profile.get('u1')).toMatchObject({ firstName: 'Augusta', lastName: 'Byron' });
    expect(await db.notices.toArray()).toEqual([
      expect.objectContaining({
        kind: 'conflict',
        entity: 'profile',
        op: 'editProfile',
        baseVersion: 2,
        lost: [{ field: 'firstName', yours: 'Ada B.', theirs: 'Augusta' }],
      }),
    ]);
  });
});

describe('notice settings through the outbox', () => {
  it('queues a change on the version seen (0: the defaults) and merges per field with another device', async () => {
    const { db, server, settings } = await setup();
    await settings.store({ proposalSent: true, draftWaiting: true, proposalFailed: true, clientReplied: true, version: 0 });
    const seen = (await pushSettingsStore.read(db, PUSH_SETTINGS_ID))!.view;
    expect(await settings.edit({ draftWaiting: false }, seen)).toMatchObject({ draftWaiting: false, version: 0 });
    server.editPushSettings({ proposalSent: false });

    expect(await push({ db, transport: server })).toEqual({ acknowledged: 1, rejected: 0, conflicts: 0 });
    expect(server.received.map((r) => r.body)).toContainEqual({ draftWaiting: false, baseVersion: 0 });
    expect((await pushSettingsStore.read(db, PUSH_SETTINGS_ID))!.view).toEqual({
      proposalSent: false,
      draftWaiting: false,
      proposalFailed: true,
      clientReplied: true,
      version: 2,
    });
  });
});
