import { forgetMapTiles } from './map-tiles-cache';
import { forgetOwnAnswers } from './own-answers';
import { offlineUser } from './session';

/**
 * What this browser forgets before its person signs out, so whoever uses it next gets nothing of theirs:
 * its push subscription (docs/notifications.md), the copies its service worker kept for offline use
 * (its answers, and the map tiles it saw, which tell where its person looked for parking),
 * and on a gate phone, the offline gate, after sending what waits (docs/gate.md, "A shared phone"). Best effort: signing out never fails on it.
 */
export async function leaveThisBrowser() {
  await import('../features/push/this-browser').then((push) => push.unsubscribeThisBrowser()).catch(() => undefined);
  await forgetOwnAnswers().catch(() => undefined);
  await forgetMapTiles().catch(() => undefined);
  // The gate screens keep their user to start offline: its presence marks a gate phone.
  if (offlineUser()) await import('../features/gate/offline-queue').then((gate) => gate.leaveGateDevice()).catch(() => undefined);
}
