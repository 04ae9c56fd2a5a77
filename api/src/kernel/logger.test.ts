import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { tablesOf } from '../store/schema/index';
import { makeTestApp } from '../testing/harness';
import { bufferedSink, createLogger } from './logger';

describe('logger', () => {
  it('writes JSON lines and never the value of a secret-looking field', () => {
    const lines: string[] = [];
    const log = createLogger('info', { svc: 'api' }, (line) => lines.push(line)).child({ reqId: 'r1' });
    log.info('signin', { email: 'ada@gmail.com', password: 'Sturdy-Pass1', nested: { token: 'abc', ok: 1 } });
    log.debug('hidden');
    expect(lines).toHaveLength(1);
    const record = JSON.parse(lines[0]!);
    expect(record).toMatchObject({ level: 'info', msg: 'signin', svc: 'api', reqId: 'r1', password: '[redacted]' });
    expect(record.nested).toEqual({ token: '[redacted]', ok: 1 });
    expect(lines[0]).not.toContain('Sturdy-Pass1');
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
