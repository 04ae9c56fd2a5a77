import { describe, expect, it } from 'vitest';
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
