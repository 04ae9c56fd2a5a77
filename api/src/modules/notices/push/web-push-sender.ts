import type https from 'node:https';
import type * as WebPush from 'web-push';

import { checkVapidDetails } from './vapid-check';

export type PushUrgency = 'very-low' | 'low' | 'normal' | 'high';

/** Where a notice goes: one browser's subscription. */
export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface PushMessage {
  /** The JSON the service worker receives (encrypted on the way). */
  payload: string;
  /** Seconds the push service keeps an undelivered notice. */
  ttl: number;
  urgency: PushUrgency;
  /** A newer notice with the same topic replaces an undelivered one (≤ 32 base64url characters). */
  topic?: string;
}

export type PushSendResult =
  | { ok: true; statusCode: number }
  /** `gone`: the push service no longer knows the subscription (404/410): delete it. */
  | { ok: false; statusCode?: number; gone: boolean; transient: boolean; message: string };

/** Sends one encrypted Web Push message; never throws. */
export interface PushSender {
  send(target: PushTarget, message: PushMessage): Promise<PushSendResult>;
}

let webPush: Promise<typeof WebPush> | undefined;
// web-push is CommonJS: its exports are the module's default however the import is compiled.
const loadWebPush = () =>
  (webPush ??= import('web-push').then((loaded) => ((loaded as { default?: typeof WebPush }).default ?? loaded) as typeof WebPush));

export interface VapidDetails {
  subject: string;
  publicKey: string;
  privateKey: string;
}

/**
 * The `web-push` sender: RFC 8291 encryption (`aes128gcm`), a VAPID JWT per request, TTL, urgency and
 * topic. `agent` is for tests only (a local HTTPS push service with a throwaway certificate).
 */
export function createWebPushSender(options: { vapid: VapidDetails; timeoutMs?: number; agent?: https.Agent }): PushSender {
  const { vapid } = options;
  // Fails early on a bad key pair or subject rather than on the first notice (no global state set).
  checkVapidDetails(vapid);
  return {
    async send(target, message) {
      // Loaded by the first notice: web-push and its key and JWT libraries are no part of a start.
      const webpush = await loadWebPush();
      const { WebPushError } = webpush;
      try {
        const res = await webpush.sendNotification(target, message.payload, {
          TTL: message.ttl,
          urgency: message.urgency,
          ...(message.topic ? { topic: message.topic } : {}),
          contentEncoding: 'aes128gcm',
          vapidDetails: { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
          timeout: options.timeoutMs ?? 10_000,
          ...(options.agent ? { agent: options.agent } : {}),
        });
        return { ok: true, statusCode: res.statusCode };
      } catch (error) {
        if (error instanceof WebPushError) {
          const status = error.statusCode;
          return {
            ok: false,
            statusCode: status,
            gone: status === 404 || status === 410,
            transient: status === 429 || status >= 500,
            message: `${error.message} (${status})${error.body ? `: ${String(error.body).slice(0, 200)}` : ''}`,
          };
        }
        const text = error instanceof Error ? error.message : String(error);
        return { ok: false, gone: false, transient: true, message: text };
      }
    },
  };
}
