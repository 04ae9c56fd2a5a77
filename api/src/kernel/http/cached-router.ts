import type { Result, Router } from 'hono/router';
import { RegExpRouter } from 'hono/router/reg-exp-router';
import { SmartRouter } from 'hono/router/smart-router';
import { TrieRouter } from 'hono/router/trie-router';

/**
 * Hono's router with the answers for paths without parameters remembered. The app's routes cannot
 * all go into the RegExpRouter (`/automations/{userId}` beside `/automations/detail/{id}`), so Hono
 * falls back to its TrieRouter, which walks the tree and sorts the matching handlers on every
 * request: a few microseconds, a large share of a health check's. A path whose match holds no
 * parameter (`/api/health`, `/api/sync/pull`, a page) always matches the same handlers, so its answer
 * is kept; a path with parameters (an id) is matched each time. At most `size` answers are kept:
 * when full (paths made up by a scanner), the memory starts again.
 */
export class CachedRouter<T> implements Router<T> {
  readonly name = 'CachedRouter';
  private readonly answers = new Map<string, Result<T>>();

  constructor(
    private readonly inner: Router<T> = new SmartRouter<T>({ routers: [new RegExpRouter<T>(), new TrieRouter<T>()] }),
    private readonly size = 512,
  ) {}

  add(method: string, path: string, handler: T): void {
    this.answers.clear();
    this.inner.add(method, path, handler);
  }

  match(method: string, path: string): Result<T> {
    const key = `${method} ${path}`;
    const known = this.answers.get(key);
    if (known) return known;
    const result = this.inner.match(method, path);
    if (withoutParameters(result)) {
      if (this.answers.size >= this.size) this.answers.clear();
      this.answers.set(key, result);
    }
    return result;
  }
}

/** Whether a router's answer binds no parameter (either form: named values, or indexes into a stash). */
function withoutParameters<T>(result: Result<T>): boolean {
  for (const [, params] of result[0]) for (const _ in params) return false;
  return true;
}
