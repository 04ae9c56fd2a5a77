/**
 * The agent's "posted within" window (`datePosted`, the specification's default `1w`): the choices
 * the wizard offers and how long each is. Older values outside the list are kept as they are.
 */
export const POSTED_WITHIN = ['1d', '3d', '1w', '2w', '1m'] as const;
export type PostedWithin = (typeof POSTED_WITHIN)[number];

const DAY_MS = 86_400_000;
const SPANS: Readonly<Record<PostedWithin, number>> = {
  '1d': DAY_MS,
  '3d': 3 * DAY_MS,
  '1w': 7 * DAY_MS,
  '2w': 14 * DAY_MS,
  '1m': 30 * DAY_MS,
};

export const isPostedWithin = (value: string): value is PostedWithin => (POSTED_WITHIN as readonly string[]).includes(value);

/** The window in milliseconds, or null for a value outside the list. */
export const postedWithinMs = (value: string): number | null => (isPostedWithin(value) ? SPANS[value] : null);
