/**
 * The signed-in person's own answers the service worker keeps for offline use (docs/notifications.md,
 * Installing the app): who is signed in (so the app starts), a reservation and its pass (the QR the
 * gate scans), the wallet's balance, and the platform's rules the reservation page states. Only GETs,
 * always fetched first (network-first): the copy is read only without a connection. Signing out, or
 * any 401 among them, deletes the copies.
 */
export const OWN_ANSWERS = /^\/api\/(auth\/user|wallet|platform\/settings|reservations\/[^/]+(\/pass)?)$/;

export const OWN_ANSWERS_CACHE = 'parkada-own';

/** Before signing out (web/lib/leave-browser.ts): nothing of this person stays readable on the device. */
export const forgetOwnAnswers = async () => 'caches' in globalThis && (await caches.delete(OWN_ANSWERS_CACHE));

/**
 * For their queries: asked once even when the browser says it is offline (React Query would otherwise
 * wait for a connection), since the service worker may answer from its copy.
 */
export const READ_OFFLINE = { networkMode: 'offlineFirst' } as const;
