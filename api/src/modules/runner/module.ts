import type { AgentsModule } from '../agents/module';
import type { Auth, Chore, ModuleContext, ModuleParts } from '../context';
import type { MarketplacesModule } from '../marketplaces/module';
import type { NoticesModule } from '../notices/module';
import type { ProposalsModule } from '../proposals/module';
import type { WriterPort } from './ports';
import { runnerRoutes } from './routes';
import { Runner } from './runner';
import { Breaker } from './breaker';

export interface RunnerModuleOptions {
  auth: Auth;
  agents: AgentsModule;
  proposals: ProposalsModule;
  marketplaces: MarketplacesModule;
  notices: NoticesModule;
  writer: WriterPort;
  /** The other modules' chores, done after the agents on each tick. */
  chores: Chore[];
}

/**
 * The runner: on its schedule it claims due agents, runs each (search, rank, write, hold or queue),
 * sends what is due, reads outcomes and does the other modules' chores; Run now and the user's
 * decisions on proposals are its routes. An API-only process (ROLE=api) places no bid itself: it
 * hands sends to the runner processes through a wake-up.
 */
export function runnerModule(ctx: ModuleContext, options: RunnerModuleOptions) {
  const { config, store, clock, log, wakeups, idempotency, metrics } = ctx;
  const { proposals, marketplaces } = options;
  const apiOnly = config.role === 'api';
  const runner = new Runner(
    {
      store,
      clock,
      log,
      marketplaces: marketplaces.marketplaces,
      session: marketplaces.session,
      writer: options.writer,
      notifier: options.notices.notifier,
      quota: proposals.quota,
      claims: { writeMs: config.runner.leaseMs, sendMs: config.runner.leaseMs },
      scanEveryMs: config.runner.scanEveryMs,
      userCallsPerHour: { upwork: config.runner.upworkCallsPerUserHour },
      matchModel: (userId) => proposals.learning.model(userId),
      metrics,
      breaker: new Breaker({
        onChange: (service, open) => {
          metrics.breakers.set({ service }, open ? 1 : 0);
          if (open) log.warn('breaker open: runs that need this service are held back', { service });
          else log.info('breaker closed: the service answers again', { service });
        },
      }),
    },
    {
      leaseMs: config.runner.leaseMs,
      outcomes: config.outcomes,
      chores: options.chores,
      handOffSends: apiOnly ? () => wakeups.signal('sends') : undefined,
    },
  );
  // An approved proposal goes out at once: from here when this process runs the runner, else by a
  // runner process the wake-up reaches.
  const sendSoon = apiOnly ? () => wakeups.signal('sends') : (jobItemId: string) => runner.sendSoon(jobItemId);
  return {
    runner,
    routes: [
      runnerRoutes({
        runner,
        sendSoon,
        agents: options.agents.agents,
        jobItems: proposals.jobItems,
        idempotency,
        store,
        requireAuth: options.auth,
      }),
    ],
  } satisfies ModuleParts & Record<string, unknown>;
}
