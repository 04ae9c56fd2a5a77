import { createPageSession } from '../session/page-session';

/**
 * The page's one API client and auth store. The shell gives them to the screens through
 * `SessionProvider` (App.tsx); start-up (main.tsx) reads the auth store before the first render.
 * Nothing outside app/ imports this module.
 */
export const session = createPageSession();
export const { authStore } = session;
