import type { ModuleContext, ModuleParts } from '../context';
import { healthRoutes } from './routes';

/** Health and readiness, on every process (a runner answers nothing else but its sandbox). */
export function healthModule(ctx: ModuleContext) {
  const { config } = ctx;
  return {
    everywhere: [
      healthRoutes({
        sandbox: config.sandbox,
        version: ctx.version,
        role: config.role,
        store: ctx.store,
        sandboxStore: ctx.sandboxStore,
        lifecycle: ctx.lifecycle,
      }),
    ],
  } satisfies ModuleParts;
}
