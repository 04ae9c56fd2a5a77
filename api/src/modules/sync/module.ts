import type { Auth, ModuleContext, ModuleParts } from '../context';
import { syncRoutes } from './routes';

/** Sync: `GET /sync/pull`, every change to the user's records since a point of the change log. */
export function syncModule(ctx: ModuleContext, { auth }: { auth: Auth }) {
  return { routes: [syncRoutes({ store: ctx.store, clock: ctx.clock, requireAuth: auth })] } satisfies ModuleParts;
}
