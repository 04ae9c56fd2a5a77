import type { Platform } from '@shared/marketplaces';

/** Why a marketplace call failed, in terms the runner and the screens can act on. */
export type MarketplaceErrorKind =
  | 'unauthorized' // token missing, expired or revoked: refresh or reconnect
  | 'forbidden' // the account or key may not do this (scope, capability)
  | 'rate_limited' // 429: wait `retryAfterMs`
  | 'not_found'
  | 'rejected' // the marketplace refused the request (duplicate bid, amount below minimum…)
  | 'unavailable' // 5xx, timeout, network: transient
  | 'malformed'; // an answer we cannot read

export class MarketplaceError extends Error {
  override name = 'MarketplaceError';
  constructor(
    readonly platform: Platform,
    readonly kind: MarketplaceErrorKind,
    message: string,
    readonly details: { status?: number; code?: string; retryAfterMs?: number; requestId?: string } = {},
  ) {
    super(message);
  }

  /** Worth trying again later without changing anything. */
  get transient(): boolean {
    return this.kind === 'rate_limited' || this.kind === 'unavailable';
  }
}
