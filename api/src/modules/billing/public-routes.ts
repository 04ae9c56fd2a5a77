import { createRoute } from '@hono/zod-openapi';
import { PLANS, plansResponseSchema } from '@shared/plans';
import { geoResponseSchema } from '@shared/schemas/geo';
import type { GeoLookup } from './offline-geo';
import { createRouter, jsonResponse } from '../../kernel/http/router';

/** Calls that need no account: the plan table and the caller's country. */
export function publicRoutes(deps: { geo: GeoLookup }) {
  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/plans',
        tags: ['plans'],
        summary: 'Every plan with its prices (USD and naira), limits and features',
        responses: { 200: jsonResponse(plansResponseSchema, 'The plan table') },
      }),
      (c) => {
        c.header('Cache-Control', 'public, max-age=300');
        return c.json({ data: [...PLANS] }, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/geo',
        tags: ['geo'],
        summary: "The caller's country and currency from the offline country database",
        responses: { 200: jsonResponse(geoResponseSchema, 'Country and currency, or nulls when unknown') },
      }),
      (c) => {
        c.header('Cache-Control', 'private, no-store');
        const hit = deps.geo.lookup(c.get('clientIp'));
        return c.json(
          hit
            ? { country_code: hit.country, currency: hit.currency, source: 'geoip' as const }
            : { country_code: null, currency: null, source: 'none' as const },
          200,
        );
      },
    );
}
