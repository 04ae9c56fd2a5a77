/** The part of the auth store the early start reads (the app's `authStore` is one). */
export interface EarlySession {
  getState(): { user: { id: string } | null; initialize(): Promise<void>; clearSession(): void };
}

/** The part of the sync runtime (`sync/app-sync.ts`) it starts. */
export interface EarlySyncRuntime {
  startAppSync(options: { userId: string; onUnauthorized?: () => void }): void;
}

/**
 * Opened at a signed-in path: asks who is signed in at once, beside the screens' chunks instead of
 * after the first render, and starts the page's sync as soon as the answer names a user, so a
 * first pull does not wait for the page to be drawn. The layout's sync starter then finds the sync
 * running for that user (`startAppSync` starts a user's sync once). Answers whether it started.
 */
export async function startSyncEarly(session: EarlySession, loadRuntime: () => Promise<EarlySyncRuntime>): Promise<boolean> {
  await session.getState().initialize();
  const user = session.getState().user;
  if (!user) return false;
  const runtime = await loadRuntime();
  // Signed out (or someone else) meanwhile: the sync starter decides.
  if (session.getState().user?.id !== user.id) return false;
  runtime.startAppSync({ userId: user.id, onUnauthorized: () => session.getState().clearSession() });
  return true;
}
