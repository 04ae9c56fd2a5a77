import { describe, expect, it } from 'vitest';
import { gate } from '../testing/gate';
import { KeyedMutex } from './store';

describe('KeyedMutex', () => {
  it('runs one task of a key at a time in the order asked, tasks of other keys alongside, and forgets a key once idle', async () => {
    const turns = new KeyedMutex();
    const order: string[] = [];
    const first = gate();
    const a1 = turns.run('a', async () => {
      order.push('a1 start');
      await first.opened;
      order.push('a1 end');
    });
    const a2 = turns.run('a', async () => {
      order.push('a2');
    });
    const b = turns.run('b', async () => {
      order.push('b');
    });
    await b;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(order).toEqual(['a1 start', 'b']);
    expect(turns.size).toBe(1);
    first.open();
    await Promise.all([a1, a2]);
    expect(order).toEqual(['a1 start', 'b', 'a1 end', 'a2']);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(turns.size).toBe(0);
  });

  it('goes on with the next task of a key after one fails, and the failure reaches its caller', async () => {
    const turns = new KeyedMutex();
    const failed = turns.run('a', async () => {
      throw new Error('refused');
    });
    const next = turns.run('a', async () => 'ran');
    await expect(failed).rejects.toThrow('refused');
    expect(await next).toBe('ran');
  });
});
