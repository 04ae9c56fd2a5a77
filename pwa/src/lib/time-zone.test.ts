import { describe, expect, it } from 'vitest';
import { browserTimeZone } from './time-zone';

describe('browserTimeZone', () => {
  it('asks Temporal where there is one, else Intl', () => {
    const global = globalThis as { Temporal?: unknown };
    const saved = global.Temporal;
    try {
      global.Temporal = { Now: { timeZoneId: () => 'Africa/Lagos' } };
      expect(browserTimeZone()).toBe('Africa/Lagos');
      global.Temporal = undefined;
      expect(browserTimeZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    } finally {
      global.Temporal = saved;
    }
  });
});
