import { LANGUAGES } from '../languages';
import { z } from '../zod';

/**
 * `GET /api/geo`'s query: the browser's IANA time zone (`Africa/Lagos`, `America/Argentina/Buenos_Aires`,
 * `Etc/GMT+3`), the country's fallback when the caller's address gives none. A zone the table does
 * not know is no error (it gives no country); text that cannot be a zone name is.
 */
export const geoQuerySchema = z.object({
  tz: z
    .string()
    .max(64, 'tz must be an IANA time zone name of at most 64 characters')
    .regex(/^[A-Za-z][\w+-]*(?:\/[A-Za-z0-9][\w+-]*){0,2}$/, 'tz must be an IANA time zone name, such as Africa/Lagos')
    .optional(),
});
export type GeoQuery = z.infer<typeof geoQuerySchema>;

/**
 * `GET /api/geo`: the caller's country from the server's offline database, else from the time zone
 * the caller sent. The field names follow the IP-geolocation service the specification names
 * (ipapi.co), so the PWA reads either alike; `language` is the country's interface language (the
 * specification's country table), null when it lists none.
 */
export const geoResponseSchema = z.object({
  country_code: z.string().length(2).nullable(),
  currency: z.string().length(3).nullable(),
  language: z.enum(LANGUAGES).nullable(),
  source: z.enum(['geoip', 'timezone', 'none']),
});
export type GeoResponse = z.infer<typeof geoResponseSchema>;
