import type { PushSettings } from '@shared/schemas/push';
import type { ApiClient } from './api';

export type PushSupport = 'unsupported' | 'denied' | 'off' | 'on';

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

/** Asks permission, subscribes this device with the server's VAPID key and registers it. */
export async function enablePush(api: ApiClient): Promise<PushSupport> {
  if (!supported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'denied' : 'off';
  const registration = await navigator.serviceWorker.ready;
  const { publicKey } = await api.get<{ publicKey: string }>('/push/public-key');
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: base64UrlToBytes(publicKey) }));
  await api.post('/push/subscribe', subscription.toJSON());
  return 'on';
}

/** Stops push notices on this device (the server forgets the subscription too). */
export async function disablePush(api: ApiClient): Promise<PushSupport> {
  if (!supported()) return 'unsupported';
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  if (subscription) {
    await api.post('/push/unsubscribe', { endpoint: subscription.endpoint }).catch(() => undefined);
    await subscription.unsubscribe();
  }
  return 'off';
}

export const loadPushSettings = (api: ApiClient) => api.get<{ data: PushSettings }>('/push/settings').then((r) => r.data);
export const savePushSettings = (api: ApiClient, change: Partial<PushSettings>) =>
  api.put<{ data: PushSettings }>('/push/settings', change).then((r) => r.data);
