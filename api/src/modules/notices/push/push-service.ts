import crypto from 'node:crypto';
import { isIP } from 'node:net';
import { and, eq, inArray, ne } from 'drizzle-orm';
import { ErrorCode } from '@shared/errors';
import { agentPath, proposalPath } from '@shared/app-routes';
import { isLanguage, type Language } from '@shared/languages';
import {
  DEFAULT_PUSH_SETTINGS,
  PUSH_PAYLOAD_MAX_BYTES,
  type PushKind,
  type PushPayload,
  type PushSettings,
  type PushSettingsUpdate,
  type PushSubscriptionBody,
} from '@shared/schemas/push';
import type { PushSender, PushUrgency } from './web-push-sender';
import { isLocalAddress } from './local-address';
import type { Clock } from '../../../kernel/clock';
import { first, type Store } from '../../../store/store';
import { tablesOf } from '../../../store/schema/index';
import { AppError } from '../../../kernel/errors';
import { changedFields, conflictingFields } from '../../../store/field-versions';
import type { Translate } from '../../../kernel/i18n';
import type { Logger } from '../../../kernel/logger';
import type { Platform } from '@shared/marketplaces';

/** What a notice is about (the runner passes what it knows). */
export interface NoticeData {
  jobItemId?: string;
  agentId?: string | null;
  jobTitle?: string;
  platform?: Platform;
  /** Why a proposal failed (the job item's `lastError`). */
  reason?: string | null;
  /** The first line of the client's message (a reply). */
  message?: string | null;
  /** The page to open; by default the proposal on its agent's page (`proposalPath`), else the agent's page, else the dashboard. */
  url?: string;
}

export interface NotifyResult {
  kind: PushKind;
  /** Devices the push service accepted the notice for. */
  sent: number;
  /** Subscriptions deleted because the push service no longer knows them (404/410). */
  removed: number;
  failed: number;
  skipped?: 'disabled' | 'no_subscriptions' | 'error';
  errors?: string[];
  /**
   * A device's push service failed in a way that may pass (unreachable, a 429, a 5xx), or the notice
   * could not be read or written: the outbox tries the notice again on push later.
   */
  retry?: boolean;
  /** With `retry` after a device's failure: the devices (subscription ids) to try again, the others took it. */
  retryOnly?: string[];
}

/** How long a push service keeps an undelivered notice, and how urgently it delivers it. */
const DELIVERY: Record<PushKind, { ttl: number; urgency: PushUrgency }> = {
  proposalSent: { ttl: 6 * 3600, urgency: 'normal' },
  draftWaiting: { ttl: 24 * 3600, urgency: 'high' },
  proposalFailed: { ttl: 24 * 3600, urgency: 'normal' },
  clientReplied: { ttl: 48 * 3600, urgency: 'high' },
};

/** English, for a server whose locale files do not have the push keys yet (locales/_pending/push.json). */
const ENGLISH: Record<string, string> = {
  'push.proposalSent.title': 'Proposal sent',
  'push.proposalSent.body': 'Your proposal for “{{job}}” was sent on {{platform}}.',
  'push.proposalSent.bodyNoPlatform': 'Your proposal for “{{job}}” was sent.',
  'push.draftWaiting.title': 'Proposal ready for review',
  'push.draftWaiting.body': 'A proposal for “{{job}}” is waiting for your approval.',
  'push.proposalFailed.title': 'Proposal not sent',
  'push.proposalFailed.body': 'The proposal for “{{job}}” could not be sent: {{reason}}',
  'push.proposalFailed.bodyNoReason': 'The proposal for “{{job}}” could not be sent.',
  'push.clientReplied.title': 'Client replied',
  'push.clientReplied.body': '“{{job}}”: {{message}}',
  'push.actions.approve': 'Approve and send',
  'push.actions.open': 'Open',
};

const PLATFORM_NAMES = { upwork: 'Upwork', freelancer: 'Freelancer.com' } as const;

const clip = (text: string, max: number) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
};

/** Loopback, private, link-local and local names and addresses: never a real push service. */
export function isLocalEndpoint(endpoint: string): boolean {
  let host: string;
  try {
    host = new URL(endpoint).hostname.toLowerCase().replace(/^\[|\]$/g, '');
  } catch {
    return true;
  }
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local') || host.endsWith('.internal')) return true;
  // An address is judged here; a name is judged again by what it resolves to when a notice is sent.
  return isIP(host) !== 0 && isLocalAddress(host);
}

export interface PushServiceDeps {
  store: Store;
  clock: Clock;
  t: Translate;
  log: Logger;
  sender: PushSender;
  vapidPublicKey: string;
  /** Accept subscriptions whose endpoint is on this machine or a private network (tests, development). */
  allowLocalEndpoints?: boolean;
}

/** Web Push: devices' subscriptions, the user's notice settings, and sending the notices. */
export class PushService {
  constructor(private readonly deps: PushServiceDeps) {}

  publicKey(): string {
    return this.deps.vapidPublicKey;
  }

  /**
   * Stores a browser's subscription for the user, one row per (user, endpoint). A row another user
   * holds for the same endpoint moves to this user only when the auth secret matches (the same
   * browser, now signed in as someone else); otherwise it is left alone.
   */
  async subscribe(userId: string, body: PushSubscriptionBody, userAgent?: string | null): Promise<{ id: string }> {
    if (!this.deps.allowLocalEndpoints && isLocalEndpoint(body.endpoint)) {
      throw new AppError(ErrorCode.validation, 'The endpoint must be a public push service', {
        issues: [{ path: 'endpoint', message: 'The endpoint must be a public push service' }],
      });
    }
    const now = this.deps.clock.now();
    const keys = { p256dh: body.keys.p256dh.replace(/=+$/, ''), auth: body.keys.auth.replace(/=+$/, '') };
    const agent = userAgent ? userAgent.slice(0, 300) : null;
    return this.deps.store.tx(async (tx) => {
      const { pushSubscriptions } = tablesOf(tx);
      // The same browser signed in as someone else: only its own auth secret proves it, and then its
      // notices follow the person now signed in. Without the secret, another user's row stays theirs.
      await tx
        .delete(pushSubscriptions)
        .where(
          and(eq(pushSubscriptions.endpoint, body.endpoint), ne(pushSubscriptions.userId, userId), eq(pushSubscriptions.auth, keys.auth)),
        );
      const [row] = await tx
        .insert(pushSubscriptions)
        .values({ id: crypto.randomUUID(), userId, endpoint: body.endpoint, ...keys, userAgent: agent, createdAt: now })
        .onConflictDoUpdate({ target: [pushSubscriptions.userId, pushSubscriptions.endpoint], set: { ...keys, userAgent: agent } })
        .returning({ id: pushSubscriptions.id });
      return { id: row!.id };
    });
  }

  /** Forgets one device of the user; another user's endpoint is left alone. */
  async unsubscribe(userId: string, endpoint: string): Promise<{ removed: boolean }> {
    const removed = await this.deps.store.tx((tx) => {
      const { pushSubscriptions } = tablesOf(tx);
      return tx
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
        .returning({ id: pushSubscriptions.id });
    });
    return { removed: removed.length > 0 };
  }

  async subscriptionsOf(userId: string) {
    const { pushSubscriptions } = tablesOf(this.deps.store.db);
    return this.deps.store.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  }

  async settings(userId: string): Promise<PushSettings> {
    return (await this.settingsRecord(userId)).data;
  }

  /** The settings with their version (0 and the defaults until the user changes one); inside a transaction, as it sees them. */
  async settingsRecord(userId: string): Promise<{ data: PushSettings; version: number; fieldVersions: Record<string, number> }> {
    const { notificationSettings } = tablesOf(this.deps.store.db);
    const row = await first(this.deps.store.db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId)).limit(1));
    if (!row) return { data: { ...DEFAULT_PUSH_SETTINGS }, version: 0, fieldVersions: {} };
    return {
      data: {
        proposalSent: row.proposalSent,
        draftWaiting: row.draftWaiting,
        proposalFailed: row.proposalFailed,
        clientReplied: row.clientReplied,
      },
      version: row.version,
      fieldVersions: row.fieldVersions,
    };
  }

  /**
   * Merges the settings given. With a base version, a setting changed after it and set here to
   * another value is a conflict (409 with the fields and the current settings); the others merge.
   * The version checked is read in the transaction that writes the next one.
   */
  updateSettings(userId: string, update: PushSettingsUpdate): Promise<{ data: PushSettings; version: number }> {
    const { baseVersion, baseVersions, ...patch } = update;
    return this.deps.store.tx(async (tx) => {
      const { notificationSettings } = tablesOf(tx);
      const current = await this.settingsRecord(userId);
      const conflicts = conflictingFields({
        patch,
        current: current.data,
        fieldVersions: current.fieldVersions,
        baseVersion,
        baseVersions,
        unknownVersion: 0,
      });
      if (conflicts.length > 0) {
        throw new AppError(ErrorCode.conflict, `Your notice settings were changed elsewhere: ${conflicts.join(', ')}`, {
          conflictFields: conflicts,
          current: { data: current.data, version: current.version },
        });
      }
      const changed = changedFields(patch, current.data);
      if (changed.length === 0) return { data: current.data, version: current.version };
      const next = { ...current.data, ...patch };
      const version = current.version + 1;
      const fieldVersions = { ...current.fieldVersions, ...Object.fromEntries(changed.map((field) => [field, version])) };
      const now = this.deps.clock.now();
      await tx
        .insert(notificationSettings)
        .values({ userId, ...next, updatedAt: now, version, fieldVersions })
        .onConflictDoUpdate({ target: notificationSettings.userId, set: { ...next, updatedAt: now, version, fieldVersions } });
      return { data: next, version };
    });
  }

  /** The notice's JSON in the user's language, within the payload limit. */
  payload(language: Language, kind: PushKind, data: NoticeData): PushPayload {
    const text = (key: string, vars: Record<string, string> = {}) => {
      const value = this.deps.t(language, key, vars);
      if (value !== key) return value;
      return (ENGLISH[key] ?? key).replace(/\{\{\s*(\w+)\s*\}\}/g, (match, name: string) => vars[name] ?? match);
    };
    const vars = {
      job: clip(data.jobTitle ?? '', 80),
      platform: data.platform ? PLATFORM_NAMES[data.platform] : '',
      reason: clip(data.reason ?? '', 160),
      message: clip(data.message ?? '', 160),
    };
    const bodyKey =
      kind === 'proposalFailed' && !vars.reason
        ? 'push.proposalFailed.bodyNoReason'
        : kind === 'proposalSent' && !vars.platform
          ? 'push.proposalSent.bodyNoPlatform'
          : `push.${kind}.body`;
    const url =
      data.url ?? (data.jobItemId ? proposalPath(data.agentId, data.jobItemId) : data.agentId ? agentPath(data.agentId) : '/dashboard');
    const payload: PushPayload = {
      kind,
      title: text(`push.${kind}.title`),
      body: text(bodyKey, vars),
      url,
      ...(data.jobItemId ? { jobItemId: data.jobItemId } : {}),
      ...(kind === 'draftWaiting' && data.jobItemId
        ? {
            actions: [
              { action: 'approve' as const, title: text('push.actions.approve') },
              { action: 'open' as const, title: text('push.actions.open') },
            ],
          }
        : {}),
    };
    // Push services take about 4 KB of ciphertext: shorten the body until the JSON fits.
    while (Buffer.byteLength(JSON.stringify(payload)) > PUSH_PAYLOAD_MAX_BYTES && payload.body.length > 20) {
      payload.body = clip(payload.body, Math.floor(payload.body.length * 0.8));
    }
    return payload;
  }

  /**
   * Sends a notice to every device of the user, if the user wants this kind. Never throws: failures
   * are logged and counted. Gone subscriptions (404/410) are deleted; accepted ones get `lastSuccessAt`.
   * Called inside a transaction (the runner's work in an idempotent Run now), the notice goes out once
   * that transaction has committed, and never if it rolls back (the promise then stays pending).
   */
  notify(userId: string, kind: PushKind, data: NoticeData = {}, only?: string[]): Promise<NotifyResult> {
    return new Promise((resolve) => this.deps.store.afterCommit(() => void this.deliver(userId, kind, data, only).then(resolve)));
  }

  /**
   * The devices are read first (most users have none: that one read answers), then what the user
   * wants and their language in one read; the pushes go out outside any transaction, and what the push services answered is
   * written in another, to the rows as they were read: a device subscribed again meanwhile (new
   * keys, same row) is not removed for its old keys' 410.
   */
  private async deliver(userId: string, kind: PushKind, data: NoticeData, only?: string[]): Promise<NotifyResult> {
    const { notificationSettings, users } = tablesOf(this.deps.store.db);
    const result: NotifyResult = { kind, sent: 0, removed: 0, failed: 0 };
    const { store, log } = this.deps;
    try {
      // A notice tried again goes only to the devices still owed it (one since removed is owed nothing).
      const devices = (await this.subscriptionsOf(userId)).filter((device) => !only || only.includes(device.id));
      if (devices.length === 0) return { ...result, skipped: 'no_subscriptions' };
      // What the user wants (the defaults until a setting is changed) and their language, in one read.
      const target = await first(
        store.db
          .select({ language: users.language, wants: notificationSettings[kind] })
          .from(users)
          .leftJoin(notificationSettings, eq(notificationSettings.userId, users.id))
          .where(eq(users.id, userId))
          .limit(1),
      );
      if (!(target?.wants ?? DEFAULT_PUSH_SETTINGS[kind])) return { ...result, skipped: 'disabled' };
      const language: Language = target && isLanguage(target.language) ? target.language : 'en';
      const payload = JSON.stringify(this.payload(language, kind, data));
      const delivery = DELIVERY[kind];
      const topic = data.jobItemId ? crypto.createHash('sha256').update(data.jobItemId).digest('base64url').slice(0, 32) : undefined;
      const outcomes = await Promise.all(
        devices.map(async (device) => ({
          device,
          outcome: await this.deps.sender.send(
            { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
            { payload, ttl: delivery.ttl, urgency: delivery.urgency, ...(topic ? { topic } : {}) },
          ),
        })),
      );
      const now = this.deps.clock.now();
      const errors: string[] = [];
      const owed: string[] = [];
      const accepted: string[] = [];
      const gone: Array<{ device: (typeof devices)[number]; status: number | undefined; refusedHost?: string }> = [];
      for (const { device, outcome } of outcomes) {
        if (outcome.ok) {
          result.sent += 1;
          accepted.push(device.id);
        } else if (outcome.gone) {
          gone.push({ device, status: outcome.statusCode, ...(outcome.refusedHost ? { refusedHost: outcome.refusedHost } : {}) });
        } else {
          result.failed += 1;
          errors.push(outcome.message);
          if (outcome.transient) owed.push(device.id);
          log.warn('push notice failed', {
            userId,
            subscriptionId: device.id,
            status: outcome.statusCode,
            transient: outcome.transient,
            error: outcome.message,
          });
        }
      }
      if (accepted.length > 0 || gone.length > 0) {
        await store.tx(async (tx) => {
          const { pushSubscriptions } = tablesOf(tx);
          if (accepted.length > 0)
            await tx.update(pushSubscriptions).set({ lastSuccessAt: now }).where(inArray(pushSubscriptions.id, accepted));
          for (const { device, status, refusedHost } of gone) {
            const removed = await tx
              .delete(pushSubscriptions)
              .where(
                and(
                  eq(pushSubscriptions.id, device.id),
                  eq(pushSubscriptions.auth, device.auth),
                  eq(pushSubscriptions.p256dh, device.p256dh),
                ),
              )
              .returning({ id: pushSubscriptions.id });
            result.removed += removed.length;
            // The host only: the endpoint's path is the subscription's secret.
            if (refusedHost)
              log.warn('push endpoint resolves to this machine or a private network; not sent, subscription removed', {
                userId,
                subscriptionId: device.id,
                host: refusedHost,
              });
            else
              log.info(
                removed.length > 0 ? 'push subscription gone; removed' : 'push subscription gone; subscribed again meanwhile, kept',
                {
                  userId,
                  subscriptionId: device.id,
                  status,
                },
              );
          }
        });
      }
      return errors.length > 0 ? { ...result, errors, ...(owed.length > 0 ? { retry: true, retryOnly: owed } : {}) } : result;
    } catch (error) {
      log.error('push notify failed', { userId, kind, error });
      return { ...result, skipped: 'error', errors: [error instanceof Error ? error.message : String(error)], retry: true };
    }
  }
}

/** The runner's notice kinds (api/src/modules/runner/ports.ts NotifierPort) and this service's. */
export const PORT_KINDS = {
  proposal_sent: 'proposalSent',
  draft_waiting: 'draftWaiting',
  proposal_failed: 'proposalFailed',
  client_replied: 'clientReplied',
} as const;

/** What a runner notice says, as the push service's notice data (`body` is the reason or the client's words). */
export function noticeData(
  kind: keyof typeof PORT_KINDS,
  payload: { title: string; body: string; url: string; jobItemId?: string; platform?: Platform },
): NoticeData {
  return {
    jobTitle: payload.title,
    url: payload.url,
    ...(payload.jobItemId ? { jobItemId: payload.jobItemId } : {}),
    ...(payload.platform ? { platform: payload.platform } : {}),
    ...(kind === 'proposal_failed' ? { reason: payload.body } : {}),
    ...(kind === 'client_replied' ? { message: payload.body } : {}),
  };
}

/**
 * The push service as the runner's `NotifierPort`: `title` is the job's title, `body` the failure
 * reason for a failed proposal (the notice's own text is written here, in the user's language).
 */
export function pushNotifier(push: Pick<PushService, 'notify'>) {
  return {
    notify(
      userId: string,
      kind: keyof typeof PORT_KINDS,
      payload: { title: string; body: string; url: string; jobItemId?: string; agentId?: string | null; platform?: Platform },
      only?: string[],
    ): Promise<NotifyResult> {
      return push.notify(userId, PORT_KINDS[kind], noticeData(kind, payload), only);
    },
  };
}
