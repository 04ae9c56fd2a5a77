import { describe, expect, it } from 'vitest';
import type { AgentRun } from '@shared/schemas/run';
import { formatDuration, runEnded, runStatus, waitingFor } from './run-status';

const summary = {
  agentId: 'a1',
  found: 4,
  clientFiltered: 0,
  queued: 0,
  drafts: 2,
  flagged: 0,
  failed: 0,
  returned: 0,
  poorMatch: 2,
  overCap: 0,
  quota: 0,
  nextRunAt: '2026-11-18T17:00:00.000Z',
};
const at = (iso: string) => Date.parse(iso);

describe('the run status of the agent page', () => {
  it('shows a run under way until its lease ends, and a hold until the service is tried again', () => {
    const run: AgentRun = {
      running: { startedAt: '2026-11-18T16:00:00.000Z', until: '2026-11-18T16:10:00.000Z', manual: true, found: 4, planned: 2, written: 1 },
      last: null,
      held: { service: 'writer', reason: 'unavailable', until: '2026-11-18T16:03:00.000Z', failures: 2, everyone: false },
    };
    expect(runStatus(run, at('2026-11-18T16:01:00Z'))).toMatchObject({ running: { written: 1 }, held: { service: 'writer' } });
    // The service is tried again from 16:03; a process that died mid-run is not shown running after its lease.
    expect(runStatus(run, at('2026-11-18T16:05:00Z'))).toMatchObject({ running: { written: 1 }, held: null });
    expect(runStatus(run, at('2026-11-18T16:11:00Z'))).toMatchObject({ running: null, held: null });
    expect(runStatus(null, 0)).toEqual({ running: null, held: null, last: null });
  });

  it('tells when the run started at a moment has ended, with its summary', () => {
    const ended: AgentRun = { running: null, held: null, last: { ...summary, endedAt: '2026-11-18T16:00:30.000Z', manual: true } };
    expect(runEnded(ended, '2026-11-18T16:00:00.000Z')).toMatchObject({ drafts: 2 });
    // An earlier run's summary, or a run still under way, is not the one asked about.
    expect(runEnded(ended, '2026-11-18T16:01:00.000Z')).toBeNull();
    expect(
      runEnded(
        {
          ...ended,
          running: {
            startedAt: '2026-11-18T16:01:00.000Z',
            until: '2026-11-18T16:11:00.000Z',
            manual: true,
            found: null,
            planned: 0,
            written: 0,
          },
        },
        '2026-11-18T16:00:00.000Z',
      ),
    ).toBeNull();
  });

  it('says what the agent waits for after its last scheduled run, and nothing stale', () => {
    const waiting = { reason: 'reserve' as const, kept: 3, opensAt: '2026-11-18T12:00:00.000Z' };
    const run: AgentRun = { running: null, held: null, last: { ...summary, waiting, endedAt: '2026-11-18T10:00:00.000Z', manual: false } };
    expect(waitingFor(run, at('2026-11-18T10:01:00Z'))).toEqual({ ...waiting, nextRunAt: summary.nextRunAt });
    // A run under way or a hold says more; a day-old run says nothing any more; a run that waits for nothing neither.
    const hold = {
      service: 'writer' as const,
      reason: 'unavailable' as const,
      until: '2026-11-18T11:00:00.000Z',
      failures: 1,
      everyone: false,
    };
    expect(waitingFor({ ...run, held: hold }, at('2026-11-18T10:01:00Z'))).toBeNull();
    expect(waitingFor(run, at('2026-11-19T10:01:00Z'))).toBeNull();
    expect(waitingFor({ ...run, last: { ...run.last!, waiting: undefined } }, at('2026-11-18T10:01:00Z'))).toBeNull();
  });

  it('says a posted → draft time in seconds, minutes or hours, in the language of the page', () => {
    expect(formatDuration(45_000, 'en')).toBe('45 seconds');
    expect(formatDuration(4 * 60_000, 'en')).toBe('4 minutes');
    expect(formatDuration(3 * 3_600_000, 'en')).toBe('3 hours');
    expect(formatDuration(4 * 60_000, 'fr')).toBe('4 minutes');
    expect(formatDuration(150 * 60_000, 'de')).toBe('2,5 Stunden');
  });
});
