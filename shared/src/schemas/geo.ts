import { z } from '../zod';

/**
 * `GET /api/geo`: the caller's country from the server's offline database. The field names follow
 * the IP-geolocation service the specification names (ipapi.co), so the PWA reads either alike.
 */
export const geoResponseSchema = z.object({
  country_code: z.string().length(2).nullable(),
  currency: z.string().length(3).nullable(),
  source: z.enum(['geoip', 'none']),
});
export type GeoResponse = z.infer<typeof geoResponseSchema>;
