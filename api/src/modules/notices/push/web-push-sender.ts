import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type * as WebPush from 'web-push';

import { checkVapidDetails } from './vapid-check';
import { isLocalAddress } from './local-address';

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
  | {
      ok: false;
      statusCode?: number;
      gone: boolean;
      transient: boolean;
      message: string;
      /** Set when nothing was sent: the endpoint's host resolved to this machine or a private network. */
      refusedHost?: string;
    };

/** Sends one encrypted Web Push message; never throws. */
export interface PushSender {
  send(target: PushTarget, message: PushMessage): Promise<PushSendResult>;
}

let webPush: Promise<typeof WebPush> | undefined;
// web-push is CommonJS: its exports are the module's default however the import is compiled.
const loadWebPush = () =>
  (webPush ??= import('web-push').then((loaded) => ((loaded as { default?: typeof WebPush }).default ?? loaded) as typeof WebPush));

/** Every address a host name resolves to (node:dns lookup with `all`). */
export type ResolveHost = (host: string) => Promise<LookupAddress[]>;

const systemResolve: ResolveHost = (host) =>
  new Promise((resolve, reject) =>
    dnsLookup(host, { all: true, verbatim: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))),
  );

/** A connection's lookup that answers the checked addresses whatever it is asked. */
function pinnedLookup(addresses: readonly LookupAddress[]): LookupFunction {
  const [first] = addresses as [LookupAddress];
  return (_host, options, callback) => {
    if (options.all) (callback as (error: null, addresses: LookupAddress[]) => void)(null, [...addresses]);
    else callback(null, first.address, first.family);
  };
}

export interface VapidDetails {
  subject: string;
  publicKey: string;
  privateKey: string;
}

export interface WebPushSenderOptions {
  vapid: VapidDetails;
  timeoutMs?: number;
  /**
   * Send to endpoints on this machine or a private network: only where the sandbox serves this
   * machine alone, the rule registration follows (PushServiceDeps.allowLocalEndpoints).
   */
  allowLocalAddresses?: boolean;
  /** How host names are resolved (node:dns lookup, every address, by default). */
  resolve?: ResolveHost;
  /** TLS options for tests only (a local HTTPS push service with a throwaway certificate). */
  tls?: Pick<https.AgentOptions, 'rejectUnauthorized' | 'ca'>;
}

/**
 * The `web-push` sender: RFC 8291 encryption (`aes128gcm`), a VAPID JWT per request, TTL, urgency and
 * topic. The endpoint's host is resolved before each notice and every address it has is checked: one
 * on this machine or a private network (a public name pointed at one, DNS rebinding) is never sent
 * to unless local addresses are allowed, and the subscription is answered as gone. The connection
 * is then pinned to the checked addresses, so the check and the connection cannot disagree.
 */
export function createWebPushSender(options: WebPushSenderOptions): PushSender {
  const { vapid } = options;
  const resolveHost = options.resolve ?? systemResolve;
  // Fails early on a bad key pair or subject rather than on the first notice (no global state set).
  checkVapidDetails(vapid);
  return {
    async send(target, message) {
      let host: string;
      let addresses: LookupAddress[];
      try {
        host = new URL(target.endpoint).hostname.replace(/^\[|\]$/g, '');
        const family = isIP(host);
        addresses = family ? [{ address: host, family }] : await resolveHost(host);
        if (addresses.length === 0) throw new Error(`${host} has no address`);
      } catch (error) {
        const text = error instanceof Error ? error.message : String(error);
        return { ok: false, gone: false, transient: true, message: `could not resolve the push endpoint: ${text}` };
      }
      if (!options.allowLocalAddresses && addresses.some((entry) => isLocalAddress(entry.address)))
        return {
          ok: false,
          gone: true,
          transient: false,
          refusedHost: host,
          message: `the push endpoint's host ${host} resolves to this machine or a private network`,
        };
      // Loaded by the first notice: web-push and its key and JWT libraries are no part of a start.
      const webpush = await loadWebPush();
      const { WebPushError } = webpush;
      const agent = new https.Agent({ ...options.tls, keepAlive: false, lookup: pinnedLookup(addresses) });
      try {
        const res = await webpush.sendNotification(target, message.payload, {
          TTL: message.ttl,
          urgency: message.urgency,
          ...(message.topic ? { topic: message.topic } : {}),
          contentEncoding: 'aes128gcm',
          vapidDetails: { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
          timeout: options.timeoutMs ?? 10_000,
          agent,
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
      } finally {
        agent.destroy();
      }
    },
  };
}
