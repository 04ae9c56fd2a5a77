import type { Clock } from './kernel/clock';
import type { Config } from './kernel/config';
import { OperatorAlerts, type OperatorAlert } from './modules/mail/operator-alerts';
import type { Logger } from './kernel/logger';
import { sweepExpired } from './store/expiry';
import type { Store } from './store/store';

export const OPS_USAGE = `npm run ops -- <command>

  alerts [--all]   what a person must act on, newest first (--all: resolved ones too)
  resolve <id>     mark an alert dealt with (seen again, it opens and is mailed anew)
  sweep            delete now what the retention settings no longer keep (the runner does it every tick)
`;

export interface OpsDeps {
  config: Config;
  store: Store;
  clock: Clock;
  log: Logger;
}

const when = (date: Date | null) => (date ? date.toISOString().replace('T', ' ').slice(0, 19) : '–');

function alertLines(alerts: OperatorAlert[]): string[] {
  if (alerts.length === 0) return ['No open alerts.'];
  return alerts.flatMap((alert) => [
    `#${alert.id}  ${alert.resolvedAt ? `resolved ${when(alert.resolvedAt)}` : 'OPEN'}  seen ${alert.count}× (first ${when(alert.firstAt)}, last ${when(alert.lastAt)})${alert.mailedAt ? '  mailed' : ''}`,
    `    ${alert.message}`,
    `    ${JSON.stringify(alert.details)}`,
  ]);
}

/**
 * The operator's command line (`npm run ops -- …`, scripts/ops.ts): the alerts a person must act
 * on, and the retention sweep on demand. Answers what to print and the exit code.
 */
export async function runOps(args: readonly string[], deps: OpsDeps): Promise<{ out: string; code: number }> {
  const [command, ...rest] = args;
  const alerts = new OperatorAlerts({
    store: deps.store,
    clock: deps.clock,
    log: deps.log,
    operatorEmail: deps.config.operatorEmail,
    publicUrl: deps.config.publicUrl,
    dispatchSoon: () => undefined,
  });
  if (command === 'alerts') {
    return { out: alertLines(await alerts.list({ all: rest.includes('--all') })).join('\n'), code: 0 };
  }
  if (command === 'resolve') {
    const id = Number(rest[0]);
    if (!Number.isInteger(id) || id <= 0) return { out: `Give the alert's number: npm run ops -- resolve <id>`, code: 2 };
    return (await alerts.resolve(id)) ? { out: `Alert #${id} resolved.`, code: 0 } : { out: `No open alert #${id}.`, code: 1 };
  }
  if (command === 'sweep') {
    const swept = await sweepExpired(deps.store, deps.clock.now(), deps.config.retention);
    return {
      out: Object.entries(swept)
        .map(([what, n]) => `${what}: ${n}`)
        .join('\n'),
      code: 0,
    };
  }
  return { out: OPS_USAGE, code: command === undefined || command === 'help' ? 0 : 2 };
}
