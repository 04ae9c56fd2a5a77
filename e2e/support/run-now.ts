import type { RunSummary } from '@shared/schemas/run';
import { until } from './wait';

type Call = (path: string, init?: RequestInit) => Promise<Response>;

/**
 * Run now through the API as the app does: it answers 202 at once and the run goes on; this waits
 * until the agent's record shows it ended (its `run.last`, written after the start) and answers
 * that summary.
 */
export async function runNowAndWait(api: Call, agentId: string, timeoutMs = 60_000): Promise<RunSummary> {
  const started = await api(`/automations/${agentId}/run`, { method: 'POST' });
  if (started.status !== 202) throw new Error(`Run now answered ${started.status}: ${await started.text()}`);
  const { startedAt } = ((await started.json()) as { data: { startedAt: string } }).data;
  type Run = { running: unknown; last: (RunSummary & { endedAt: string }) | null } | null | undefined;
  const run = await until(
    async () => ((await (await api(`/automations/detail/${agentId}`)).json()) as { data: { run?: Run } }).data.run,
    (value) => Boolean(value && !value.running && value.last && Date.parse(value.last.endedAt) >= Date.parse(startedAt)),
    'the run to end',
    timeoutMs,
  );
  return run!.last!;
}
