import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../testing/harness';

let t: TestApp;
let ada: { token: string; user: { id: string } };
beforeEach(async () => {
  t = makeTestApp();
  ada = await t.signup('ada@gmail.com');
});
afterEach(() => t.close());

const experiment = (over: Record<string, unknown> = {}) => ({
  id: 'exp-1',
  arms: ['web_development', 'custom'],
  assignment: 'thompson',
  metric: 'replied',
  startedAt: '2026-01-05T09:00:00.000Z',
  endedAt: null,
  winner: null,
  ...over,
});

async function agent() {
  const res = await t.call('POST', '/api/automations', { title: 'React developer', platform: 'freelancer' }, t.auth(ada.token));
  return res.json.data as { id: string; version: number };
}

describe('template experiments on an agent', () => {
  it('starts one as an agent field, and reports it with every arm (nothing sent yet)', async () => {
    const { id } = await agent();
    expect((await t.call('GET', `/api/automations/${id}/experiment`, undefined, t.auth(ada.token))).json).toEqual({ data: null });
    const put = await t.call('PUT', `/api/automations/${id}`, { experiment: experiment() }, t.auth(ada.token));
    expect(put.status).toBe(200);
    expect(put.json.data.experiment).toEqual(experiment());
    const report = await t.call('GET', `/api/automations/${id}/experiment`, undefined, t.auth(ada.token));
    expect(report.status).toBe(200);
    expect(report.json.data).toMatchObject({ experimentId: 'exp-1', metric: 'replied', sent: 0, leader: null, likelyWinner: null });
    expect(report.json.data.arms.map((arm: { template: string; probabilityBest: number }) => [arm.template, arm.probabilityBest])).toEqual([
      ['web_development', 0.5],
      ['custom', 0.5],
    ]);
  });

  it.each([
    ['one template', { arms: ['custom'] }, 'experiment.arms'],
    ['the same template twice', { arms: ['custom', 'custom'] }, 'experiment.arms'],
    ['an unknown template', { arms: ['custom', 'poetry'] }, 'experiment.arms.1'],
    ['an unknown assignment', { assignment: 'always_a' }, 'experiment.assignment'],
    ['a winner outside the experiment', { endedAt: '2026-01-06T09:00:00.000Z', winner: 'graphic_design' }, 'experiment.winner'],
    ['a field that does not exist', { colour: 'blue' }, 'experiment'],
  ])('refuses %s with a 400 naming the field, and changes nothing', async (_label, over, path) => {
    const { id, version } = await agent();
    const res = await t.call('PUT', `/api/automations/${id}`, { experiment: experiment(over) }, t.auth(ada.token));
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.json)).toContain(path);
    const after = await t.call('GET', `/api/automations/detail/${id}`, undefined, t.auth(ada.token));
    expect(after.json.data).toMatchObject({ experiment: null, version });
  });

  it('shows an agent’s experiment to its owner only', async () => {
    const { id } = await agent();
    await t.call('PUT', `/api/automations/${id}`, { experiment: experiment() }, t.auth(ada.token));
    const bob = await t.signup('bob@gmail.com');
    expect((await t.call('GET', `/api/automations/${id}/experiment`, undefined, t.auth(bob.token))).status).toBe(404);
    expect((await t.call('GET', `/api/automations/${id}/experiment`)).status).toBe(401);
  });
});
