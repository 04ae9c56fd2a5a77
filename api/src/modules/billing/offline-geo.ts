import { createRequire } from 'node:module';
import { USD_RATES } from '@shared/currency';

export interface GeoLocation {
  country: string;
  currency: string | null;
}

/** Looks an address up; null when unknown (private, loopback or unlisted). */
export interface GeoLookup {
  lookup(ip: string): GeoLocation | null;
}

interface GeoipCountry {
  lookup(ip: string): { country: string; currency?: string[] } | null;
}

/**
 * The offline country database of the `geoip-country` package (GeoLite2, shipped inside the npm
 * package; ~9 MB, loaded on the first lookup so start-up stays fast).
 */
export function createOfflineGeo(): GeoLookup {
  let db: GeoipCountry | undefined;
  return {
    lookup(ip) {
      db ??= createRequire(import.meta.url)('geoip-country') as GeoipCountry;
      const plain = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
      const hit = db.lookup(plain);
      if (!hit?.country) return null;
      const currencies = hit.currency ?? [];
      return { country: hit.country, currency: currencies.find((c) => c in USD_RATES) ?? currencies[0] ?? null };
    },
  };
}
