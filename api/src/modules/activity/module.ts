import type { Auth, ModuleContext, ModuleParts } from '../context';
import { dashboardRoutes } from './dashboard-routes';

/** Activity: the feed every domain writes to (`recordActivity`) and the dashboard reads. */
export function activityModule(ctx: ModuleContext, { auth }: { auth: Auth }) {
  return { routes: [dashboardRoutes({ store: ctx.store, requireAuth: auth })] } satisfies ModuleParts;
}
