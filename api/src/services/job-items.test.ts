import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { jobItems } from '../db/schema';
import { makeTestApp, type TestApp } from '../test/harness';
import { AgentService } from './agents';
import { JobItemService } from './job-items';

let t: TestApp;
let service: JobItemService;
let userId: string;
let itemId: string;

beforeEach(async () => {
  t = makeTestApp();
  service = new JobItemService({ db: t.db, clock: t.clock });
  userId = (await t.signup()).user.id;
  const { agent } = await new AgentService({ store: t.store, clock: t.clock }).create(userId, { title: 'developer', platform: 'freelancer' });
  itemId = crypto.randomUUID();
  const now = t.clock.now();
  t.db
    .insert(jobItems)
    .values({ id: itemId, userId, agentId: agent.id, platform: 'freelancer', externalId: '42', title: 'Logo', status: 'draft', proposalRequirements: 'The letter as written', createdAt: now, updatedAt: now })
    .run();
});
afterEach(() => t.close());

describe('proposal edits with a base version', () => {
  it('merges per field: a letter changed since the base conflicts, the outcome set meanwhile does not', () => {
    expect(service.update(userId, itemId, { proposalRequirements: 'Edited in tab A', baseVersion: 1 })).toMatchObject({ version: 2 });
    // Tab B still on version 1: its letter conflicts and nothing changes, with the current proposal in the answer.
    let error: unknown;
    try {
      service.update(userId, itemId, { proposalRequirements: 'Edited in tab B', baseVersion: 1 });
    } catch (caught) {
      error = caught;
    }
    expect(error).toMatchObject({ code: 'conflict', status: 409, details: { conflictFields: ['proposalRequirements'], current: { proposalRequirements: 'Edited in tab A', version: 2 } } });
    expect(service.get(userId, itemId)).toMatchObject({ proposalRequirements: 'Edited in tab A', version: 2 });
    // The same letter as the server's is no conflict; an outcome on the old base merges.
    expect(service.update(userId, itemId, { proposalRequirements: 'Edited in tab A', baseVersion: 1 })).toMatchObject({ version: 2 });
    expect(service.update(userId, itemId, { outcome: 'viewed', baseVersion: 1 })).toMatchObject({ outcome: 'viewed', version: 3 });
    // A letter edit on version 2 (after tab A's) goes through even though the outcome changed since.
    expect(service.update(userId, itemId, { proposalRequirements: 'Seen A, then edited', baseVersion: 2 })).toMatchObject({ proposalRequirements: 'Seen A, then edited', version: 4 });
  });

  it('an approval on a version whose letter changed since is refused: nothing unseen goes out', () => {
    service.update(userId, itemId, { proposalRequirements: 'Edited elsewhere', baseVersion: 1 });
    expect(() => service.approve(userId, itemId, undefined, { baseVersion: 1 })).toThrow(/changed since you opened it/);
    expect(() => service.approve(userId, itemId, 'My own letter', { baseVersion: 1 })).toThrow(/changed since you opened it/);
    expect(service.get(userId, itemId).status).toBe('draft');
    // The letter the server has, or an approval made on the current version, goes out.
    expect(service.approve(userId, itemId, 'Edited elsewhere', { baseVersion: 1 })).toMatchObject({ status: 'processing', stage: 'queued' });
  });

  it('takes a base per field: a letter seen on the current version goes out although the write stands on an older one', () => {
    service.update(userId, itemId, { proposalRequirements: 'Edited elsewhere', baseVersion: 1 });
    expect(service.approve(userId, itemId, undefined, { baseVersion: 1, baseVersions: { proposalRequirements: 2 } })).toMatchObject({ status: 'processing' });
  });

  it('never answers the field versions to a client', () => {
    expect(Object.keys(service.get(userId, itemId))).not.toContain('fieldVersions');
  });
});
