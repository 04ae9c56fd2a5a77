import { afterEach, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../testing/harness';
import { mailTo } from '../../testing/rights';

let t: TestApp;
afterEach(() => t?.close());

describe('the operator at the foot of the mails', () => {
  it('names who runs the deployment, where and how to reach them, in the codes and the support acknowledgement', async () => {
    t = makeTestApp({
      OPERATOR_NAME: 'Acme Freelance Tools Ltd',
      OPERATOR_ADDRESS: '12 Marina Road, Lagos',
      OPERATOR_EMAIL: 'hello@acme.example',
    });
    const { token } = await t.signup('foot.note@gmail.com');
    const line = 'Sent by Acme Freelance Tools Ltd · 12 Marina Road, Lagos · hello@acme.example';
    const code = await mailTo(t, 'foot.note@gmail.com', /verification code/);
    expect(code?.text).toContain(line);
    expect(code?.html).toContain('Sent by Acme Freelance Tools Ltd · 12 Marina Road, Lagos · hello@acme.example');
    // Support answers verified addresses only.
    const verified = await t.call('POST', '/api/auth/verify-email', {
      email: 'foot.note@gmail.com',
      code: await t.lastCode('foot.note@gmail.com'),
    });
    expect(verified.status).toBe(200);
    expect(
      (await t.call('POST', '/api/support/requests', { topic: 'other', message: 'Who runs this service?' }, t.auth(token))).status,
    ).toBe(201);
    expect((await mailTo(t, 'foot.note@gmail.com', /We received your request/))?.text).toContain(line);
  });
});
