/**
 * Web Push on this browser (docs/notifications.md): whether it can, what it was allowed, and
 * subscribing or unsubscribing it with the server. Every refusal says, in the driver's words, why.
 */
import { registerSW } from 'virtual:pwa-register';
import { api, ApiError, unwrap, unwrapEmpty } from '../../lib/api';

export type DevicePush = 'unsupported' | 'blocked' | 'off' | 'on';

/** Why this browser was not subscribed: `message` is what the screen shows. */
class PushRefused extends Error {}

const supported = () => 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** The app's service worker, once active; it never comes where none is built (`vite dev`), so the wait ends. */
async function registration() {
  registerSW({ immediate: true });
  const gaveUp = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new Error('the app’s service worker did not start; reload the page and try again')), 10_000),
  );
  return Promise.race([navigator.serviceWorker.ready, gaveUp]);
}

/** What this browser can do and does now, without asking anything. */
export async function devicePush(): Promise<DevicePush> {
  if (!supported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  const existing = await navigator.serviceWorker.getRegistration();
  return (await existing?.pushManager.getSubscription()) ? 'on' : 'off';
}

const keyBytes = (base64url: string) => Uint8Array.from(atob(base64url.replaceAll('-', '+').replaceAll('_', '/')), (c) => c.charCodeAt(0));

/** Asks the browser's permission, subscribes with the server's key and saves the subscription; throws `PushRefused` with the reason. */
export async function subscribeThisBrowser(): Promise<void> {
  if (!supported()) throw new PushRefused(UNSUPPORTED);
  const permission = await Notification.requestPermission();
  if (permission === 'denied') throw new PushRefused(BLOCKED);
  if (permission !== 'granted')
    throw new PushRefused('Parkada needs your permission to send notifications. Allow them when the browser asks.');
  let publicKey: string;
  try {
    ({ publicKey } = await unwrap(api.push['vapid-public-key'].$get()));
  } catch (error) {
    throw new PushRefused(error instanceof ApiError ? error.text : 'Could not reach Parkada. Try again.');
  }
  let subscription: PushSubscription;
  try {
    subscription = await (await registration()).pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
  } catch (error) {
    throw new PushRefused(`This browser could not subscribe to push notifications (${error instanceof Error ? error.message : error}).`);
  }
  const { endpoint, keys } = subscription.toJSON();
  await unwrapEmpty(api.push.subscription.$put({ json: { endpoint: endpoint!, keys: { p256dh: keys!.p256dh, auth: keys!.auth } } }));
}

/** Unsubscribes this browser, at the push service and with the server. */
export async function unsubscribeThisBrowser(): Promise<void> {
  const subscription = await (await navigator.serviceWorker.getRegistration())?.pushManager.getSubscription();
  if (!subscription) return;
  await subscription.unsubscribe();
  try {
    await unwrapEmpty(api.push.subscription.$delete({ json: { endpoint: subscription.endpoint } }));
  } catch (error) {
    // Already gone on the server: what this device wanted.
    if (!(error instanceof ApiError && error.status === 404)) throw error;
  }
}

export const UNSUPPORTED = 'This browser cannot show push notifications. On an iPhone, add Parkada to the Home Screen first.';
export const BLOCKED =
  'Notifications are blocked for Parkada in this browser. Allow them in the browser’s site settings, then turn this on again.';
