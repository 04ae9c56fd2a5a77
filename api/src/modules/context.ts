import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Hono, MiddlewareHandler } from 'hono';
import type { Clock } from '../kernel/clock';
import type { Config } from '../kernel/config';
import type { AppEnv } from '../kernel/http/context';
import type { Translate } from '../kernel/i18n';
import type { Lifecycle } from '../kernel/lifecycle';
import type { Logger } from '../kernel/logger';
import type { Metrics } from '../kernel/metrics';
import type { Secrets } from '../kernel/secrets';
import type { IdempotencyStore } from '../store/idempotency';
import type { Store } from '../store/store';
import type { Wakeups } from '../store/wakeups';

/** A router a module mounts under `/api` (its paths are relative to it). */
export type Router = OpenAPIHono<AppEnv>;
/** A sandbox twin's router, mounted under `/sandbox`: each speaks its service's wire format, in its own Hono env. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type SandboxRouter = Hono<any, any, any>;
/** Work done on each tick of the runner's schedule, in one process however many serve the API. */
export type Chore = () => Promise<unknown>;
/** A fetch that reaches this app in-process (`app.request`). */
export type Loopback = (input: string | Request | URL, init?: RequestInit) => Promise<Response>;
/** The session check a module's routes put in front of their handlers (the accounts module makes it). */
export type Auth = MiddlewareHandler<AppEnv>;

/** What every module is given: the process's kernel and store, built once by `createApp`. */
export interface ModuleContext {
  config: Config;
  store: Store;
  /**
   * The sandbox twins' own database (store/sandbox-store.ts), apart from the product's: opened only
   * by a process that serves a twin keeping records (`needsSandboxStore`). Read with `sandboxStoreOf`.
   */
  sandboxStore?: Store;
  clock: Clock;
  log: Logger;
  /** The process's Prometheus metrics (kernel/metrics.ts): counted where the work happens. */
  metrics: Metrics;
  t: Translate;
  secrets: Secrets;
  version: string;
  lifecycle: Lifecycle;
  /** Wake-ups between processes (through the database), or within this app only. */
  wakeups: Wakeups;
  /** Writes answered once per Idempotency-Key. */
  idempotency: IdempotencyStore;
  /** Where this server reaches its own sandbox (loopback; the port may be known only after listening). */
  sandboxBase: () => string;
  /** This app called in-process: the sandbox twins are reached through it, whatever PUBLIC_URL is. */
  loopback: Loopback;
  /** Whether an origin may make credentialed calls (CORS and the cookie session agree on it). */
  allowedOrigin: (origin: string, selfOrigin: string) => boolean;
}

/**
 * The sandbox store, for a module that mounts a twin keeping records (or the sandbox mailbox's
 * reader); a process that serves one has opened it (`needsSandboxStore`), so its absence is a wiring
 * error, said at start.
 */
export function sandboxStoreOf(ctx: Pick<ModuleContext, 'sandboxStore'>): Store {
  if (!ctx.sandboxStore)
    throw new Error('A sandbox twin is mounted, but no sandbox store was opened (store/sandbox-store.ts: openSandboxStore)');
  return ctx.sandboxStore;
}

/** What a module mounts. `createApp` puts each part in its place; a module never mounts itself. */
export interface ModuleParts {
  /** Under `/api`, on a process that serves users (not on ROLE=runner). */
  routes?: Router[];
  /** Under `/api` on every process (health and readiness). */
  everywhere?: Router[];
  /** Under `/sandbox`: the module's twins of outside services, where they stand in for them. */
  sandbox?: SandboxRouter[];
  /** Done on each runner tick (outboxes drained, claims a crash left finished). */
  chores?: Chore[];
}
