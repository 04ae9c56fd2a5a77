/**
 * The marketplaces Bidpilot works on: the one list every schema, table, adapter registry and
 * screen reads (no zod here: the PWA's first load reads it). Adding one is a line here, a folder in `api/src/modules/marketplaces/` registered
 * in its `registry.ts`, and its name in the locale files (docs/architecture.md, step by step).
 */
export const PLATFORMS = ['upwork', 'freelancer'] as const;

export type Platform = (typeof PLATFORMS)[number];

export const isPlatform = (value: unknown): value is Platform => (PLATFORMS as readonly unknown[]).includes(value);

/** What the product knows of each marketplace beyond its adapter. */
export interface MarketplaceFacts {
  /** Its own name, as the marketplace writes it. */
  name: string;
  /** The longest proposal text it accepts, in characters. */
  letterMax: number;
  /** Its public site (where a job's page and the user's profile live). */
  siteUrl: string;
}

/** Freelancer.com refuses a bid description longer than this (the sandbox enforces the same number). */
export const FREELANCER_BID_DESCRIPTION_MAX = 1500;
/** Upwork's cover-letter limit. */
export const UPWORK_COVER_LETTER_MAX = 5000;

export const MARKETPLACES: Readonly<Record<Platform, MarketplaceFacts>> = {
  upwork: { name: 'Upwork', letterMax: UPWORK_COVER_LETTER_MAX, siteUrl: 'https://www.upwork.com' },
  freelancer: { name: 'Freelancer.com', letterMax: FREELANCER_BID_DESCRIPTION_MAX, siteUrl: 'https://www.freelancer.com' },
};
