import { createPageSession } from '../session/page-session';

/**
 * The page's one API client and auth store. The shell hands them to the screens through
 * `ApiProvider` and `AuthProvider` (App.tsx); start-up (main.tsx) reads the auth store before the
 * first render. Nothing outside app/ imports this module.
 */
export const { api, authStore } = createPageSession();
