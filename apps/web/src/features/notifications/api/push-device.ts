import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PushSubscriptionInput } from '@tolk/shared/schemas/notifications';
import { pushDeviceQueryKey } from './keys';
import { removePushSubscription, savePushSubscription } from './push-subscriptions';

/*
 * Push on this device: the browser's side (its permission, its service worker, its push
 * subscription) kept in step with the server's list of my devices (push-subscriptions.ts).
 */

/**
 * Whether this browser can take pushes at all, whatever the server: `insecure` on plain HTTP away
 * from localhost (a phone on the LAN), where browsers offer no service worker and no push;
 * `unsupported` where the browser lacks one of them.
 */
export type PushSupport = 'supported' | 'insecure' | 'unsupported';

export function pushSupport(): PushSupport {
  if (!window.isSecureContext) return 'insecure';
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) {
    return 'unsupported';
  }
  return 'supported';
}

/** This device as the screen shows it: whether the browser lets the site notify, and whether it is subscribed. */
export interface PushDeviceState {
  permission: NotificationPermission;
  subscribed: boolean;
}

/** Why turning push on failed on the browser's side (a failure of the server's is an HttpError). */
export type PushDeviceFailure = 'noWorker' | 'subscribeFailed';

export class PushDeviceError extends Error {
  constructor(
    readonly reason: PushDeviceFailure,
    options?: ErrorOptions,
  ) {
    super(`push on this device: ${reason}`, options);
    this.name = 'PushDeviceError';
  }
}

/** The server's key as browsers take it: base64url (RFC 4648 section 5, unpadded) to bytes. */
export function applicationServerKeyOf(publicKey: string): Uint8Array<ArrayBuffer> {
  const base64 = publicKey.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  return Uint8Array.from(atob(padded), (char) => char.charCodeAt(0));
}

function sameBytes(key: ArrayBuffer | null, expected: Uint8Array): boolean {
  if (!key || key.byteLength !== expected.byteLength) return false;
  const bytes = new Uint8Array(key);
  return bytes.every((byte, index) => byte === expected[index]);
}

/** What the server keeps of a subscription: its endpoint and the device's two keys. */
function subscriptionInput(subscription: PushSubscription): PushSubscriptionInput {
  const { endpoint, keys } = subscription.toJSON();
  const p256dh = keys?.p256dh;
  const auth = keys?.auth;
  if (!endpoint || !p256dh || !auth) throw new PushDeviceError('subscribeFailed');
  return { endpoint, keys: { p256dh, auth } };
}

async function deviceSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/**
 * The app's service worker, which receives the pushes. A production build installs it once the
 * page has loaded (main.tsx); one opened before that, or a worker removed since, is installed here.
 */
async function deviceRegistration(): Promise<ServiceWorkerRegistration> {
  if (!(await navigator.serviceWorker.getRegistration())) {
    const { registerServiceWorker } = await import('../../../lib/register-service-worker');
    await registerServiceWorker();
    // It says nothing when it fails (the app works without it): ask again.
    if (!(await navigator.serviceWorker.getRegistration())) throw new PushDeviceError('noWorker');
  }
  return navigator.serviceWorker.ready;
}

/**
 * This device's push, as it stands. A subscription made with the server's key is sent to the
 * server again, which keeps it in step (after signing in again, say: signing out removed it);
 * one made with another key (the server's changed) no longer reaches this device, so counts as off.
 */
export async function readPushDevice(publicKey: string): Promise<PushDeviceState> {
  const subscription = await deviceSubscription();
  const subscribed =
    subscription !== null && sameBytes(subscription.options.applicationServerKey, applicationServerKeyOf(publicKey));
  if (subscription && subscribed) await savePushSubscription(subscriptionInput(subscription));
  return { permission: Notification.permission, subscribed };
}

export const pushDeviceQuery = (publicKey: string) =>
  queryOptions({
    queryKey: pushDeviceQueryKey(publicKey),
    queryFn: () => readPushDevice(publicKey),
  });

/**
 * Asks the browser's permission, subscribes this device to the server's pushes (first dropping a
 * subscription made with another key: a browser keeps one per worker) and tells the server. When
 * the server refuses it, the subscription is dropped again, so the device does not look on while
 * nothing reaches it. A permission not given leaves everything as it was.
 */
export async function turnOnPush(publicKey: string): Promise<PushDeviceState> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return { permission, subscribed: false };
  const registration = await deviceRegistration();
  const applicationServerKey = applicationServerKeyOf(publicKey);
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameBytes(subscription.options.applicationServerKey, applicationServerKey)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  try {
    subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
  } catch (error) {
    throw new PushDeviceError('subscribeFailed', { cause: error });
  }
  try {
    await savePushSubscription(subscriptionInput(subscription));
  } catch (error) {
    await subscription.unsubscribe().catch(() => false);
    throw error;
  }
  return { permission, subscribed: true };
}

/**
 * Tells the server first, then drops the browser's subscription: a refusal leaves both as they
 * were, so the screen never says off while pushes still come.
 */
export async function turnOffPush(): Promise<PushDeviceState> {
  const subscription = await deviceSubscription();
  if (subscription) {
    await removePushSubscription(subscription.endpoint);
    await subscription.unsubscribe();
  }
  return { permission: Notification.permission, subscribed: false };
}

/** Turns push on for this device; the screen shows how it stands at once. */
export function useTurnOnPush(publicKey: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => turnOnPush(publicKey),
    onSuccess: (state) => {
      queryClient.setQueryData(pushDeviceQueryKey(publicKey), state);
    },
    // A subscription with an old key may be gone, or the permission refused meanwhile: ask the device.
    onError: () => queryClient.invalidateQueries({ queryKey: pushDeviceQueryKey(publicKey) }),
  });
}

/** Turns push off for this device. */
export function useTurnOffPush(publicKey: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: turnOffPush,
    onSuccess: (state) => {
      queryClient.setQueryData(pushDeviceQueryKey(publicKey), state);
    },
    onError: () => queryClient.invalidateQueries({ queryKey: pushDeviceQueryKey(publicKey) }),
  });
}
