/**
 * The write and pull protocol's constants, as in `@shared/schemas/sync` (a test checks they are
 * equal). Repeated here because that module builds zod schemas, which the service worker must not
 * download just to read three constants.
 */
export const SYNC_PROTOCOL_VERSION = 1;
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const REPLAYED_HEADER = 'Idempotent-Replayed';

/** The Background Sync tag the service worker answers by pushing the outbox. */
export const OUTBOX_SYNC_TAG = 'bidpilot-outbox';

/** The Background Sync tag the service worker answers by telling the server of a sign-out it has not heard yet. */
export const SIGNOUT_SYNC_TAG = 'bidpilot-signout';
