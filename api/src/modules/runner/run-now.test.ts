import { afterEach, describe, expect, it } from 'vitest';
import type { Agent } from '@shared/schemas/agent';
import { runStartedSchema } from '@shared/schemas/run';
import type { ProposalWriter } from '../writer';
import { makeTestApp, type TestApp } from '../../testing/harness';

let t: TestApp | undefined;
afterEach(() => t?.close());

/** A model that answers only when the test lets it: the run is still under way until then. */
function heldWriter() {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const writer: ProposalWriter = {
    kind: 'ai',
    model: 'test-model',
    async write({ job }) {
      await gate;
      return {
        text: `Your project "${job.title}" is one I can deliver well. When would you like to start?`,
        writer: 'ai',
        model: 'test-model',
        truncated: false,
        unknownPlaceholders: [],
        questions: [],
        injected: [],
      };
    },
  };
  return { writer, release };
}

/** The agent as the device's next sync brings it. */
async function pulledAgent(app: TestApp, token: string, id: string): Promise<Agent> {
  const pulled = await app.call('GET', '/api/sync/pull?since=0', undefined, app.auth(token));
  const change = (pulled.json.changes as Array<{ entity: string; id: string; data: Agent }>).find(
    (c) => c.entity === 'agent' && c.id === id,
  );
  return change!.data;
}

describe('Run now', () => {
  it('answers 202 at once while the letters are still being written; progress and the summary reach the agent by sync', async () => {
    const held = heldWriter();
    t = makeTestApp({}, { inProcessMarketplaces: true, writer: held.writer });
    const app = t;
    const { token } = await app.signup();
    const created = await app.call(
      'POST',
      '/api/automations',
      { title: 'developer', platform: 'freelancer', sendMode: 'review', emailsPerDay: 2, minMatchScore: 0 },
      app.auth(token),
    );
    const id = created.json.id as string;

    const started = await app.call('POST', `/api/automations/${id}/run`, undefined, app.auth(token));
    // Answered though no letter is written yet (the writer is held).
    expect(started.status).toBe(202);
    expect(runStartedSchema.parse(started.json).data).toMatchObject({ agentId: id, state: 'running' });
    const during = await pulledAgent(app, token, id);
    expect(during.run?.running).toMatchObject({ manual: true, startedAt: started.json.data.startedAt, written: 0 });
    // A second press meanwhile answers the same run: no second one starts.
    const again = await app.call('POST', `/api/automations/${id}/run`, undefined, app.auth(token));
    expect(again.status).toBe(202);
    expect(again.json.data.startedAt).toBe(started.json.data.startedAt);

    held.release();
    await expect.poll(async () => (await pulledAgent(app, token, id)).run?.running, { timeout: 15_000 }).toBeNull();
    const after = await pulledAgent(app, token, id);
    expect(after.run?.last).toMatchObject({ manual: true, drafts: 2, failed: 0 });
    expect(after.lastRun).not.toBeNull();
    // Its drafts (and any job held for a red flag) came with the same sync.
    const pulled = await app.call('GET', '/api/sync/pull?since=0', undefined, app.auth(token));
    const items = (pulled.json.changes as Array<{ entity: string; data: { status: string } }>).filter((c) => c.entity === 'jobItem');
    expect(items.map((c) => c.data.status)).toEqual(Array(after.run!.last!.drafts + after.run!.last!.flagged).fill('draft'));
  });
});
