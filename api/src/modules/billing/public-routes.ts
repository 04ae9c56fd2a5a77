import { createRoute } from '@hono/zod-openapi';
import { currencyForCountry } from '@shared/currency';
import { languageForCountry } from '@shared/languages';
import { PLANS, plansResponseSchema } from '@shared/plans';
import { geoQuerySchema, geoResponseSchema, type GeoResponse } from '@shared/schemas/geo';
import { countryForTimeZone } from '@shared/time-zone-country';
import type { GeoLookup } from './offline-geo';
import { createRouter, errorResponses, jsonResponse } from '../../kernel/http/router';

/** The caller's country: from the address when the database knows it, else from the time zone. */
function locate(geo: GeoLookup, ip: string, timeZone: string | undefined): GeoResponse {
  const hit = geo.lookup(ip);
  if (hit) return { country_code: hit.country, currency: hit.currency, language: languageForCountry(hit.country) ?? null, source: 'geoip' };
  const country = countryForTimeZone(timeZone);
  if (country) {
    return {
      country_code: country,
      currency: currencyForCountry(country) ?? null,
      language: languageForCountry(country) ?? null,
      source: 'timezone',
    };
  }
  return { country_code: null, currency: null, language: null, source: 'none' };
}

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
        summary: "The caller's country, currency and language: from the offline country database, else from the time zone it sends",
        request: { query: geoQuerySchema },
        responses: {
          200: jsonResponse(geoResponseSchema, 'Country, currency and language, or nulls when unknown'),
          ...errorResponses(400),
        },
      }),
      (c) => {
        c.header('Cache-Control', 'private, no-store');
        return c.json(locate(deps.geo, c.get('clientIp'), c.req.valid('query').tz), 200);
      },
    );
}
