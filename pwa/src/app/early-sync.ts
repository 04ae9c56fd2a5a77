/** The part of the auth store the early start reads (the app's `authStore` is one). */
export interface EarlySession {
  getState(): { user: { id: string } | null; initialize(): Promise<void>; clearSession(): void };
}

/** The part of the sync runtime (`sync/app-sync.ts`) it starts. */
export interface EarlySyncRuntime {
  startAppSync(options: { userId: string; onUnauthorized?: () => void }): void;
  /** Opens the page's database ahead (creating it, on a fresh device, takes a while). */
  prepareAppSync(): void;
}

export interface EarlySyncOptions {
  /** A session was started in this browser (the session hint): worth opening the database ahead. */
  sessionLikely: boolean;
}

/**
 * Opened at a signed-in path: asks who is signed in at once, beside the screens' chunks instead of
 * after the first render, and starts the page's sync as soon as the answer names a user, so a
 * first pull does not wait for the page to be drawn. With a session likely, the sync runtime loads
 * and the database opens while the server answers. The layout's sync starter then finds the sync
 * running for that user (`startAppSync` starts a user's sync once). Answers whether it started.
 */
export async function startSyncEarly(
  session: EarlySession,
  loadRuntime: () => Promise<EarlySyncRuntime>,
  options: EarlySyncOptions,
): Promise<boolean> {
  // The question goes out before the runtime's chunks are asked for (it waits for none of them).
  const checked = session.getState().initialize();
  const ahead = options.sessionLikely
    ? loadRuntime().then((runtime) => {
        runtime.prepareAppSync();
        return runtime;
      })
    : undefined;
  ahead?.catch(() => undefined); // its failure shows below, if the runtime is needed
  await checked;
  const user = session.getState().user;
  if (!user) return false;
  const runtime = await (ahead ?? loadRuntime());
  // Signed out (or someone else) meanwhile: the sync starter decides.
  if (session.getState().user?.id !== user.id) return false;
  runtime.startAppSync({ userId: user.id, onUnauthorized: () => session.getState().clearSession() });
  return true;
}
