import { describe, expect, it } from 'vitest';
import { OneAtATime } from './one-at-a-time';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('OneAtATime', () => {
  it('runs jobs one after another, in order, and refuses beyond the waiting room', async () => {
    const gate = new OneAtATime(2);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const job = (n: number) => async () => {
      running++;
      most = Math.max(most, running);
      await tick();
      order.push(n);
      running--;
      return n;
    };
    const first = gate.run(job(1));
    const second = gate.run(job(2));
    const third = gate.run(job(3));
    // One running, two waiting: a fourth is refused at once.
    await expect(gate.run(job(4))).rejects.toThrow(/busy/);
    expect(await Promise.all([first, second, third])).toEqual([1, 2, 3]);
    expect(order).toEqual([1, 2, 3]);
    expect(most).toBe(1);
    // A failing job lets the next one run.
    await expect(
      gate.run(async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await gate.run(job(5))).toBe(5);
  });
});
