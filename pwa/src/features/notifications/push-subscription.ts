import { pushPublicKeyResponseSchema, pushSettingsResponseSchema } from '@shared/schemas/push';
import { ignoreAnswer, type ApiClient } from '../../lib/api';

export type PushSupport = 'unsupported' | 'denied' | 'off' | 'on';

/** Why turning push on did not work, so the card can say so (not only a toast that goes away). */
export class PushEnableError extends Error {
  override readonly name = 'PushEnableError';
  constructor(
    /** `dismissed`: the permission prompt was closed; `subscribe`: the browser's push service refused; `register`: our server did not take it. */
    readonly step: 'dismissed' | 'subscribe' | 'register',
    message: string,
  ) {
    super(message);
  }
}

/** How long to wait for the service worker before saying push cannot start. */
const READY_TIMEOUT_MS = 10_000;
/** How long a permission request may go unanswered (the user reads the prompt first). */
const PERMISSION_TIMEOUT_MS = 120_000;

/** The VAPID key as the bytes `pushManager.subscribe` wants. */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const padded = value.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (value.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function supported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** Whether this device gets push notices now. */
export async function pushState(): Promise<PushSupport> {
  if (!supported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  return subscription ? 'on' : 'off';
}

/**
 * Asks permission, subscribes this device with the server's VAPID key and registers it. Answers
 * 'denied' when the user blocks notifications; throws a PushEnableError saying which step failed
 * (the prompt dismissed, the browser's push service, our server), never fails silently.
 */
export async function enablePush(api: ApiClient): Promise<PushSupport> {
  if (!supported()) return 'unsupported';
  // A browser that neither shows the prompt nor answers (a quiet permission UI) must not leave the button spinning.
  let timer: ReturnType<typeof setTimeout> | undefined;
  const permission = await Promise.race([
    Notification.requestPermission(),
    new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new PushEnableError('dismissed', 'The browser did not answer the permission request')),
        PERMISSION_TIMEOUT_MS,
      );
    }),
  ]).finally(() => clearTimeout(timer));
  if (permission === 'denied') return 'denied';
  if (permission !== 'granted') throw new PushEnableError('dismissed', 'The permission request was closed without an answer');
  const registration = await Promise.race([
    navigator.serviceWorker.ready,
    new Promise<never>((_, reject) =>
      setTimeout(
        () => reject(new PushEnableError('subscribe', 'The app is not installed in this browser yet (no service worker)')),
        READY_TIMEOUT_MS,
      ),
    ),
  ]);
  let publicKey: string;
  try {
    publicKey = (await api.get('/push/public-key', pushPublicKeyResponseSchema)).publicKey;
  } catch (error) {
    throw new PushEnableError('register', error instanceof Error ? error.message : String(error));
  }
  let subscription: PushSubscription;
  try {
    subscription =
      (await registration.pushManager.getSubscription()) ??
      (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: base64UrlToBytes(publicKey) }));
  } catch (error) {
    throw new PushEnableError('subscribe', error instanceof Error ? `${error.name}: ${error.message}` : String(error));
  }
  try {
    await api.post('/push/subscribe', subscription.toJSON(), ignoreAnswer);
  } catch (error) {
    throw new PushEnableError('register', error instanceof Error ? error.message : String(error));
  }
  return 'on';
}

/**
 * Calls `onChange` when the notification permission changes (granted in the browser's settings
 * after a denial, say), without a reload; answers the function that stops watching.
 */
export function watchPushPermission(onChange: () => void): () => void {
  if (!supported()) return () => {};
  let status: PermissionStatus | null = null;
  let stopped = false;
  void navigator.permissions
    ?.query({ name: 'notifications' })
    .then((found) => {
      if (stopped) return;
      status = found;
      status.addEventListener('change', onChange);
    })
    .catch(() => undefined);
  // Where the Permissions API says nothing, coming back to the tab checks again.
  const onVisible = () => document.visibilityState === 'visible' && onChange();
  document.addEventListener('visibilitychange', onVisible);
  window.addEventListener('focus', onChange);
  return () => {
    stopped = true;
    status?.removeEventListener('change', onChange);
    document.removeEventListener('visibilitychange', onVisible);
    window.removeEventListener('focus', onChange);
  };
}

/** Stops push notices on this device (the server forgets the subscription too). */
export async function disablePush(api: ApiClient): Promise<PushSupport> {
  if (!supported()) return 'unsupported';
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  if (subscription) {
    await api.post('/push/unsubscribe', { endpoint: subscription.endpoint }, ignoreAnswer).catch(() => undefined);
    await subscription.unsubscribe();
  }
  return 'off';
}

/** The notice settings with their version (what the outbox's edits are based on). */
export const loadPushSettings = (api: ApiClient, signal?: AbortSignal) =>
  api.get('/push/settings', pushSettingsResponseSchema, { signal }).then((r) => ({ ...r.data, version: r.version }));
