import { describe, expect, it } from 'vitest';
import { minuteOffsetMs, onAgentsSecond } from './spread';

const ids = Array.from({ length: 600 }, (_, i) => `agent-${i.toString(36)}-${(i * 7919).toString(16)}`);

describe("an agent's second within the minute", () => {
  it('is fixed by the id alone: the same in every process, and different from agent to agent', () => {
    expect(minuteOffsetMs('0b9f6a58-7c1e-4a35-9d0e-3c2f1b7a6e11')).toBe(minuteOffsetMs('0b9f6a58-7c1e-4a35-9d0e-3c2f1b7a6e11'));
    const offsets = ids.map(minuteOffsetMs);
    for (const offset of offsets) {
      expect(offset).toBeGreaterThanOrEqual(0);
      expect(offset).toBeLessThan(60_000);
    }
    expect(new Set(offsets).size).toBeGreaterThan(590);
  });

  it('spreads agents due at the same time over the whole minute, a few per second', () => {
    // 600 agents whose hours start at 09:00: each second of the minute gets some, none gets a crowd.
    const nine = new Date('2026-11-25T09:00:00.000Z');
    const perSecond = Array<number>(60).fill(0);
    for (const id of ids) perSecond[Math.floor((onAgentsSecond(id, nine).getTime() - nine.getTime()) / 1000)]!++;
    expect(perSecond.every((count) => count > 0)).toBe(true);
    expect(Math.max(...perSecond)).toBeLessThan(30);
  });

  it('never moves a run earlier, and delays it by less than a minute', () => {
    for (const id of ids.slice(0, 50)) {
      for (const at of [new Date('2026-11-25T09:00:00.000Z'), new Date('2026-11-25T16:01:30.250Z'), new Date('2026-11-25T23:59:59.999Z')]) {
        const spread = onAgentsSecond(id, at);
        expect(spread.getTime()).toBeGreaterThanOrEqual(at.getTime());
        expect(spread.getTime() - at.getTime()).toBeLessThan(60_000);
        expect(spread.getTime() % 60_000).toBe(minuteOffsetMs(id));
        // Already on its second: stays there.
        expect(onAgentsSecond(id, spread)).toEqual(spread);
      }
    }
  });
});
