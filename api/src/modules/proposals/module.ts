import type { Auth, ModuleContext, ModuleParts } from '../context';
import { coverLetterQuotaService } from './cover-letter-quota';
import { JobItemService } from './job-items';
import { MatchLearning } from './match-learning';
import { matchingRoutes } from './matching-routes';
import { quotaRoutes } from './quota-routes';

/** Proposals: the job items the agents write, the user's decisions and outcomes, the daily letter quota, and what the matcher learns from them. */
export function proposalsModule(ctx: ModuleContext, { auth }: { auth: Auth }) {
  const { store, clock } = ctx;
  const learning = new MatchLearning({ store, clock });
  return {
    jobItems: new JobItemService({ store, clock }),
    learning,
    quota: coverLetterQuotaService(store),
    routes: [quotaRoutes({ store, clock, requireAuth: auth }), matchingRoutes({ learning, requireAuth: auth })],
  } satisfies ModuleParts & Record<string, unknown>;
}

export type ProposalsModule = ReturnType<typeof proposalsModule>;
