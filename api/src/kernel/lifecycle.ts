/**
 * Where this process is in its life, for readiness: it takes new work until shutdown begins
 * (server.ts), then answers not ready while what is under way finishes and its leases go back.
 */
export class Lifecycle {
  private shuttingDown = false;

  get stopping(): boolean {
    return this.shuttingDown;
  }

  beginShutdown(): void {
    this.shuttingDown = true;
  }
}
