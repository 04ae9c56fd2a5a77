import { z } from '../zod';

/** The notices a user can turn on or off, one setting each (all on by default). */
export const PUSH_KINDS = ['proposalSent', 'draftWaiting', 'proposalFailed', 'clientReplied'] as const;
export const pushKindSchema = z.enum(PUSH_KINDS);
export type PushKind = z.infer<typeof pushKindSchema>;

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

/** A push service endpoint: https, or http on this machine (tests). */
export const pushEndpointSchema = z
  .string()
  .max(2048, 'The endpoint is too long')
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.test(url.hostname));
    } catch {
      return false;
    }
  }, 'The endpoint must be an https URL');

/** `PushSubscription.toJSON()` as a browser gives it (base64url keys, no padding or with it). */
export const pushSubscriptionBodySchema = z.object({
  endpoint: pushEndpointSchema,
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    /** The browser's P-256 public key: 65 bytes, uncompressed point (starts with 0x04). */
    p256dh: z.string().regex(/^B[A-Za-z0-9_-]{86}=?$/, 'keys.p256dh must be a base64url P-256 public key'),
    /** The 16-byte authentication secret. */
    auth: z.string().regex(/^[A-Za-z0-9_-]{22}(==)?$/, 'keys.auth must be 16 bytes in base64url'),
  }),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBodySchema>;

export const pushUnsubscribeBodySchema = z.object({ endpoint: z.string().min(1).max(2048) });

export const pushPublicKeyResponseSchema = z.object({
  /** The VAPID public key, base64url: the `applicationServerKey` for `pushManager.subscribe`. */
  publicKey: z.string(),
});

export const pushSubscribeResponseSchema = z.object({ success: z.literal(true), id: z.string() });
export const pushUnsubscribeResponseSchema = z.object({ success: z.literal(true), removed: z.boolean() });

export const pushSettingsSchema = z.object({
  proposalSent: z.boolean(),
  draftWaiting: z.boolean(),
  proposalFailed: z.boolean(),
  /** A client answered a proposal (read from the marketplace). */
  clientReplied: z.boolean(),
});
export type PushSettings = z.infer<typeof pushSettingsSchema>;
export const DEFAULT_PUSH_SETTINGS: PushSettings = { proposalSent: true, draftWaiting: true, proposalFailed: true, clientReplied: true };

/**
 * `PUT /api/push/settings`: the settings being changed; the others are kept. With `baseVersion`
 * (the `version` the user saw), a setting changed since then to another value answers 409.
 */
export const pushSettingsUpdateSchema = pushSettingsSchema
  .partial()
  .extend({
    baseVersion: z.number().int().nonnegative().optional(),
    baseVersions: z.record(z.string().max(64), z.number().int().nonnegative()).optional(),
  })
  .strict();
export type PushSettingsUpdate = z.infer<typeof pushSettingsUpdateSchema>;
/** The settings and their version (0 while they are the defaults). */
export const pushSettingsResponseSchema = z.object({ data: pushSettingsSchema, version: z.number().int().nonnegative() });
export type PushSettingsResponse = z.infer<typeof pushSettingsResponseSchema>;

/** Buttons on a notice: approve a draft from the notice, or open it. */
export const PUSH_ACTIONS = ['approve', 'open'] as const;

/** What the service worker receives (decrypted), at most ~3.5 KB of JSON. */
export const pushPayloadSchema = z.object({
  kind: pushKindSchema,
  title: z.string(),
  body: z.string(),
  /** The page to open, same-origin path. */
  url: z.string(),
  jobItemId: z.string().optional(),
  actions: z.array(z.object({ action: z.enum(PUSH_ACTIONS), title: z.string() })).optional(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;

/** The largest payload sent (push services accept 4 KB of ciphertext; the encryption adds some). */
export const PUSH_PAYLOAD_MAX_BYTES = 3500;
