import { OpenAPIHono } from '@hono/zod-openapi';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { tablesOf } from '../../store/schema/index';
import { AppError } from '../../kernel/errors';
import { requireAuth } from '../accounts/auth-middleware';
import type { AppEnv } from '../../kernel/http/context';
import { quotaRoutes } from './quota-routes';
import { ensureSecrets } from '../../kernel/secrets';
import { makeTestApp, type TestApp } from '../../testing/harness';
import type { QuotaPort } from '../runner/ports';
import {
  coverLetterQuota,
  coverLetterQuotaService,
  consumeCoverLetter,
  pruneCoverLetterUsage,
  quotaDay,
  refundCoverLetter,
} from './cover-letter-quota';

const DAY = 86_400_000;
let t: TestApp;
afterEach(() => t?.close());

/** The quota route on its own app (the lead mounts it in app.ts). */
function routeApp(t: TestApp) {
  const app = new OpenAPIHono<AppEnv>();
  const pepper = ensureSecrets(t.dataDir).sessionPepper;
  app.route(
    '/api',
    quotaRoutes({ store: t.store, clock: t.clock, requireAuth: requireAuth({ store: t.store, clock: t.clock, pepper }, () => false) }),
  );
  app.onError((error, c) => (error instanceof AppError ? c.json(error.toBody(), error.status) : c.json({ message: String(error) }, 500)));
  return app;
}

const setZone = (userId: string, timeZone: string | null) => {
  const { users } = tablesOf(t.db);
  return t.db.update(users).set({ timeZone }).where(eq(users.id, userId));
};

describe('cover-letter quota', () => {
  it("counts per plan per local day and refuses the free plan's third letter", async () => {
    t = makeTestApp();
    const { user } = await t.signup();
    // The trial has the basic plan's 20 a day.
    expect(await coverLetterQuota(t.store, user.id, t.clock.now())).toEqual({ used: 0, limit: 20, plan: 'basic' });
    t.clock.advance(8 * DAY);
    const now = t.clock.now();
    expect(await coverLetterQuota(t.store, user.id, now)).toEqual({ used: 0, limit: 2, plan: 'free' });
    expect(await t.store.tx((tx) => consumeCoverLetter(tx, user.id, now))).toEqual({ used: 1, limit: 2, plan: 'free' });
    expect(await t.store.tx((tx) => consumeCoverLetter(tx, user.id, now))).toEqual({ used: 2, limit: 2, plan: 'free' });
    const error = await t.store.tx((tx) => consumeCoverLetter(tx, user.id, now)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      code: 'cover_letter_limit',
      message: 'Daily cover letter limit reached',
      status: 403,
      details: { limit: 2 },
    });
    expect((await coverLetterQuota(t.store, user.id, now)).used).toBe(2);
    // A refund gives one back; the next day starts at zero.
    await t.store.tx((tx) => refundCoverLetter(tx, user.id, now));
    expect((await coverLetterQuota(t.store, user.id, now)).used).toBe(1);
    expect((await coverLetterQuota(t.store, user.id, new Date(now.getTime() + DAY))).used).toBe(0);
  });

  it("uses the user's time zone for the day (UTC when none)", async () => {
    t = makeTestApp();
    const { coverLetterUsage } = tablesOf(t.db);
    const { user } = await t.signup();
    // 2026-01-05T09:00Z is still Jan 4 in Honolulu (UTC−10) and already Jan 5 in Tokyo.
    const at = new Date('2026-01-05T09:00:00Z');
    expect(quotaDay(null, at)).toBe('2026-01-05');
    expect(quotaDay('Pacific/Honolulu', at)).toBe('2026-01-04');
    expect(quotaDay('Not/AZone', at)).toBe('2026-01-05');
    await setZone(user.id, 'Pacific/Honolulu');
    await t.store.tx((tx) => consumeCoverLetter(tx, user.id, at));
    expect(await t.db.select().from(coverLetterUsage)).toEqual([{ userId: user.id, day: '2026-01-04', count: 1 }]);
    // 10:30 UTC is 00:30 in Honolulu: a new local day.
    expect((await coverLetterQuota(t.store, user.id, new Date('2026-01-05T10:30:00Z'))).used).toBe(0);
    expect((await coverLetterQuota(t.store, user.id, new Date('2026-01-05T09:59:00Z'))).used).toBe(1);
    expect(await pruneCoverLetterUsage(t.store, new Date('2026-01-20T00:00:00Z'))).toBe(1);
  });

  it("fits the runner's QuotaPort: takes several letters at once, as many as are left, and gives several back", async () => {
    t = makeTestApp();
    const { user } = await t.signup();
    const service = coverLetterQuotaService(t.store);
    const port: QuotaPort = service;
    const now = t.clock.now();
    expect(await t.store.tx((tx) => port.take(tx, user.id, now, 1))).toBe(1);
    expect(await service.quota(user.id, now)).toEqual({ used: 1, limit: 20, plan: 'basic' });
    // Several at once while there is room; near the limit only what is left; then none.
    expect(await t.store.tx((tx) => port.take(tx, user.id, now, 15))).toBe(15);
    expect(await t.store.tx((tx) => port.take(tx, user.id, now, 6))).toBe(4);
    expect(await service.quota(user.id, now)).toEqual({ used: 20, limit: 20, plan: 'basic' });
    expect(await t.store.tx((tx) => port.take(tx, user.id, now, 2))).toBe(0);
    // Letters given back together, never below zero.
    await t.store.tx((tx) => port.refund(tx, user.id, now, 3));
    expect((await service.quota(user.id, now)).used).toBe(17);
    await t.store.tx((tx) => port.refund(tx, user.id, now, 30));
    expect((await service.quota(user.id, now)).used).toBe(0);
  });

  it('GET /api/users/{id}/cover-letter-quota answers the own quota and 404 for anyone else', async () => {
    t = makeTestApp();
    const app = routeApp(t);
    const ada = await t.signup('ada@gmail.com');
    const bob = await t.signup('bob@gmail.com');
    await t.store.tx((tx) => consumeCoverLetter(tx, ada.user.id, t.clock.now()));
    const get = (id: string, token?: string) =>
      app.request(`/api/users/${id}/cover-letter-quota`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
    const own = await get(ada.user.id, ada.token);
    expect(own.status).toBe(200);
    expect(await own.json()).toEqual({ used: 1, limit: 20, plan: 'basic' });
    expect((await get(ada.user.id, bob.token)).status).toBe(404);
    expect((await get(ada.user.id)).status).toBe(401);
  });
});
