import { describe, expect, it } from 'vitest';
import type { EarlyAnswers } from '../lib/early-answers';
import { askNewDeviceAnswers } from './early-start';
import { figuresPath } from './figures-path';

function recorder(): EarlyAnswers & { asked: string[] } {
  const asked: string[] = [];
  return { asked, ask: (url) => void asked.push(url), take: () => undefined };
}

const now = () => new Date(2026, 10, 26, 12);

describe('askNewDeviceAnswers', () => {
  it('on a device without the database, asks the small tables and, on the dashboard, the month’s counts', async () => {
    const early = recorder();
    await askNewDeviceAnswers('/dashboard', { early, databases: async () => [{ name: 'other' }], now });
    expect(early.asked).toEqual(['/api/sync/start', `/api${figuresPath(now())}`]);
    expect(early.asked[1]).toContain(encodeURIComponent(new Date(2026, 10, 1).toISOString()));
  });

  it('asks only the small tables on another signed-in screen', async () => {
    const early = recorder();
    await askNewDeviceAnswers('/dashboard/automations', { early, databases: async () => [], now });
    expect(early.asked).toEqual(['/api/sync/start']);
  });

  it('asks nothing where the database exists (the device synced before) or cannot be listed', async () => {
    const early = recorder();
    await askNewDeviceAnswers('/dashboard', { early, databases: async () => [{ name: 'bidpilot' }], now });
    await askNewDeviceAnswers('/dashboard', { early, databases: () => Promise.reject(new Error('denied')), now });
    expect(early.asked).toEqual([]);
  });
});
