/** Paths shown inside the signed-in layout (sidebar, sync status): /dashboard… and /settings. */
export function isSignedInLayoutPath(pathname: string): boolean {
  return /^\/(dashboard|settings)(\/|$)/.test(pathname);
}
