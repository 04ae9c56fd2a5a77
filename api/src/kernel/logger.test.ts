import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { tablesOf } from '../store/schema/index';
import { makeTestApp } from '../testing/harness';
import { bufferedSink, createLogger, redactText } from './logger';

function capture(options: Parameters<typeof createLogger>[3] = {}) {
  const lines: string[] = [];
  const log = createLogger('debug', { role: 'runner', pid: 4242 }, (line) => lines.push(line), options);
  return { log, lines, records: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
}

describe('logger', () => {
  it('writes JSON lines with the role and pid of the process, and never a credential field', () => {
    const lines: string[] = [];
    const log = createLogger('info', { role: 'api', pid: 7 }, (line) => lines.push(line)).child({ reqId: 'r1' });
    log.info('signin', { email: 'ada@gmail.com', password: 'Sturdy-Pass1', nested: { token: 'abc', ok: 1 } });
    log.debug('hidden');
    expect(lines).toHaveLength(1);
    const record = JSON.parse(lines[0]!);
    expect(record).toMatchObject({ level: 'info', msg: 'signin', role: 'api', pid: 7, reqId: 'r1', password: '[redacted]' });
    expect(record.nested).toEqual({ token: '[redacted]', ok: 1 });
    expect(lines[0]).not.toContain('Sturdy-Pass1');
  });

  it('keeps fields merely named like a secret (the writer’s error code), and redacts secret values wherever they are', () => {
    const { log, records } = capture({ secrets: ['sk-configured-key-0123456789'] });
    log.warn('proposal writer failed', {
      code: 'rate_limited',
      keyId: 'k1',
      reason: 'refused key sk-configured-key-0123456789 for model x',
      header: 'Bearer abcdefghijklmnop0123456789',
      url: 'postgres://bidpilot:hunter2-secret@db:5432/bidpilot',
      hash: 'a'.repeat(64),
      session: 'Zq3kT9vN2mP8xR4wL7yB1cF6hJ0dG5sA3eU',
    });
    const [record] = records();
    expect(record).toMatchObject({ code: 'rate_limited', keyId: 'k1', role: 'runner', pid: 4242 });
    expect(record!.reason).toBe('refused key [redacted] for model x');
    expect(record!.header).toBe('Bearer [redacted]');
    expect(record!.url).toBe('postgres://bidpilot:[redacted]@db:5432/bidpilot');
    expect(record!.hash).toBe('[redacted]');
    expect(record!.session).toBe('[redacted]');
  });

  it('leaves ordinary text alone: ids, paths, messages', () => {
    for (const text of [
      '/api/automations/3f2b9c1e-8d4a-4e5f-9a1b-2c3d4e5f6a7b/run',
      'The AI writer is rate limited: slow down',
      'AuthorisationExceptionCodes.RATE_LIMITED',
      'job 39421123 on freelancer',
    ])
      expect(redactText(text)).toBe(text);
  });

  it('logs a failed query with its SQL and its cause, never its parameters', () => {
    const { log, lines, records } = capture();
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "sessions_token_hash_unique"'), {
      code: '23505',
      detail: 'Key (token_hash)=(c0ffee) already exists.',
    });
    const tokenHash = 'f'.repeat(64);
    log.error('request failed', {
      error: new DrizzleQueryError('insert into "sessions" ("id", "token_hash") values ($1, $2)', ['s1', tokenHash], cause),
    });
    const error = records()[0]!.error as Record<string, unknown>;
    expect(error.message).toBe('Failed query: insert into "sessions" ("id", "token_hash") values ($1, $2)');
    expect(error.cause).toMatchObject({ code: '23505', message: expect.stringContaining('sessions_token_hash_unique') });
    expect(lines[0]).not.toContain(tokenHash);
    expect(lines[0]).not.toContain('c0ffee');
  });

  it('marks an alert and hands it, redacted, to the alert handler', () => {
    const alerts: Array<[string, Record<string, unknown>]> = [];
    const { log, records } = capture();
    const alerting = log.child({ module: 'billing' }).withAlerts((msg, fields) => alerts.push([msg, fields]));
    alerting.alert('a person must give this payment back', { reference: 'ref_1', authorization: 'AUTH_x' });
    expect(records()[0]).toMatchObject({ level: 'error', alert: true, reference: 'ref_1', authorization: '[redacted]' });
    expect(alerts).toEqual([
      [
        'a person must give this payment back',
        expect.objectContaining({ module: 'billing', reference: 'ref_1', authorization: '[redacted]' }),
      ],
    ]);
  });

  it("logs a failed database query by its SQL and the database's reason, never its parameters", async () => {
    const t = makeTestApp();
    try {
      const { users } = tablesOf(t.db);
      const { user } = await t.signup('private.person@gmail.com');
      const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
      // A second account with the same address and a private note in a field: the query fails on either engine.
      const failed = await t.db
        .insert(users)
        .values({ ...row!, id: 'other-id', referralCode: 'OTHERCODE', firstName: 'Very private note' })
        .then(
          () => undefined,
          (error: unknown) => error,
        );
      expect(failed).toBeInstanceOf(Error);
      const lines: string[] = [];
      createLogger('error', {}, (line) => lines.push(line)).error('unhandled error', { error: failed });
      const record = JSON.parse(lines[0]!) as { error: { message: string; query?: string; cause?: { message: string } } };
      // The reason is kept (the driver's own message, or drizzle's wrapper's cause with its SQL).
      expect(`${record.error.message} ${record.error.cause?.message ?? ''}`).toMatch(/unique|duplicate/i);
      if (record.error.query !== undefined) expect(record.error.query).toMatch(/insert into "users"/i);
      expect(lines[0]).not.toContain('private.person@gmail.com');
      expect(lines[0]).not.toContain('Very private note');
    } finally {
      t.close();
    }
  });
});

describe('bufferedSink', () => {
  it('writes each stream’s lines in one batch at the end of the turn, or at once on flush', async () => {
    const out: string[] = [];
    const err: string[] = [];
    const sink = bufferedSink({ write: (chunk) => out.push(chunk) }, { write: (chunk) => err.push(chunk) });
    const log = createLogger('info', {}, sink);
    log.info('one');
    log.info('two');
    log.error('bad');
    expect(out).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(out).toHaveLength(1);
    expect(
      out[0]!
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line).msg),
    ).toEqual(['one', 'two']);
    expect(err).toHaveLength(1);
    log.info('three');
    log.flush();
    expect(out).toHaveLength(2);
  });
});
