import { describe, expect, it } from 'vitest';
import { createLogger } from './logger';

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
