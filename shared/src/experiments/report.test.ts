import { describe, expect, it } from 'vitest';
import type { Experiment } from '../schemas/agent';
import { outcomeFlags } from './outcome-flags';
import { experimentReport, type ExperimentItem } from './report';

const experiment: Experiment = {
  id: 'exp-1',
  arms: ['web_development', 'custom'],
  assignment: 'random',
  metric: 'replied',
  startedAt: '2026-01-01T00:00:00.000Z',
  endedAt: null,
  winner: null,
};

const item = (over: Partial<ExperimentItem>): ExperimentItem => ({
  status: 'completed',
  outcome: null,
  outcomeSource: null,
  repliedAt: null,
  promptTemplate: 'custom',
  experimentId: 'exp-1',
  ...over,
});

describe('outcomeFlags', () => {
  it('counts a polled reply even when the job was lost later, but takes a manual mark as given', () => {
    expect(outcomeFlags(item({ outcome: 'lost', outcomeSource: 'marketplace', repliedAt: '2026-01-02T00:00:00Z' })).replied).toBe(true);
    expect(outcomeFlags(item({ outcome: 'lost', outcomeSource: 'manual', repliedAt: '2026-01-02T00:00:00Z' })).replied).toBe(false);
    expect(outcomeFlags(item({ outcome: 'hired' }))).toEqual({ sent: true, replied: true, interview: true, won: true });
    expect(outcomeFlags(item({ status: 'draft', outcome: 'hired' })).sent).toBe(false);
  });
});

describe('experimentReport', () => {
  it('counts each arm from its own proposals only, with rates, intervals and the probability of being best', () => {
    const items = [
      ...Array.from({ length: 20 }, (_, i) => item({ promptTemplate: 'web_development', outcome: i < 2 ? 'replied' : null })),
      ...Array.from({ length: 20 }, (_, i) => item({ promptTemplate: 'custom', outcome: i < 12 ? (i < 3 ? 'hired' : 'replied') : null })),
      item({ promptTemplate: 'custom', experimentId: 'older', outcome: 'hired' }),
      item({ promptTemplate: 'graphic_design', outcome: 'hired' }),
      item({ promptTemplate: 'custom', status: 'draft' }),
    ];
    const report = experimentReport(experiment, items, 5000);
    const [a, b] = report.arms;
    expect(a).toMatchObject({ template: 'web_development', sent: 20, replied: { successes: 2, trials: 20, rate: 0.1 } });
    expect(b).toMatchObject({ template: 'custom', sent: 20, replied: { successes: 12, rate: 0.6 }, won: { successes: 3, rate: 0.15 } });
    expect(b!.replied.low).toBeGreaterThan(a!.replied.high!);
    expect(b!.probabilityBest).toBeGreaterThan(0.99);
    expect(report).toMatchObject({ sent: 40, leader: 'custom', likelyWinner: 'custom' });
    // Seeded: the same results always give the same figures.
    expect(experimentReport(experiment, items, 5000)).toEqual(report);
  });

  it('names no leader while the sends have no success yet, or the arms are level', () => {
    const noReplies = [
      ...Array.from({ length: 5 }, () => item({ promptTemplate: 'web_development' })),
      ...Array.from({ length: 5 }, () => item({ promptTemplate: 'custom' })),
    ];
    expect(experimentReport(experiment, noReplies, 5000)).toMatchObject({ sent: 10, leader: null, likelyWinner: null });
    const level = [
      ...Array.from({ length: 4 }, (_, i) => item({ promptTemplate: 'web_development', outcome: i < 1 ? 'replied' : null })),
      ...Array.from({ length: 4 }, (_, i) => item({ promptTemplate: 'custom', outcome: i < 1 ? 'replied' : null })),
    ];
    expect(experimentReport(experiment, level, 5000).leader).toBeNull();
  });

  it('names no winner while the arms are close', () => {
    const items = [
      ...Array.from({ length: 6 }, (_, i) => item({ promptTemplate: 'web_development', outcome: i < 2 ? 'replied' : null })),
      ...Array.from({ length: 6 }, (_, i) => item({ promptTemplate: 'custom', outcome: i < 3 ? 'replied' : null })),
    ];
    const report = experimentReport(experiment, items, 5000);
    expect(report.likelyWinner).toBeNull();
    expect(report.leader).toBe('custom');
  });

  it('gives every arm the same chance before anything was sent', () => {
    const report = experimentReport(experiment, []);
    expect(report.arms.map((arm) => arm.probabilityBest)).toEqual([0.5, 0.5]);
    expect(report.leader).toBeNull();
  });
});
