import type { Auth, ModuleContext, ModuleParts } from '../context';
import { resumeRoutes } from './routes';

export { isResumeUpload } from './routes';

/** The résumé: upload, text extraction, and the details the agents' letters draw on. */
export function resumeModule(ctx: ModuleContext, { auth }: { auth: Auth }) {
  return { routes: [resumeRoutes({ store: ctx.store, clock: ctx.clock, requireAuth: auth })] } satisfies ModuleParts;
}
