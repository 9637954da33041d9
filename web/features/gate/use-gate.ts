/**
 * What both gate screens share: the chosen lot (remembered on the device, so it is known offline),
 * the connection state, the sending of the offline queue and the syncing of the pass keys.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { registerSW } from 'virtual:pwa-register';
import { toast } from '../../components/ui/toast-store';
import { connectionState, subscribeToConnection, watchBrowserConnection } from './connection';
import { fetchPassKeys, fetchRevokedPasses, gateLotsQuery, type GateLot } from './gate-api';
import { rememberedLot, rememberLot, savedPassKeys, savePublicKeys, saveRevoked, stayOfReservation } from './gate-store';
import { flushQueue, onFlushed, refreshQueuedCount } from './offline-queue';
import { checkPass, type PassContext } from './pass-check';
import { refreshGate } from './use-gate-actions';

export const useConnection = () => useSyncExternalStore(subscribeToConnection, connectionState);

/** The lot the gate works: the one chosen last on this device if the user still works it, else the first. */
export function useGateLot() {
  // Not read with suspense: offline, the remembered lot stands in for a list the server cannot send.
  const lots = useQuery(gateLotsQuery);
  const [chosen, setChosen] = useState(rememberedLot);
  const list = lots.data ?? (chosen ? [chosen] : []);
  const lot = list.find((candidate) => candidate.id === chosen?.id) ?? list[0] ?? null;
  useEffect(() => {
    if (lot && lot.id !== chosen?.id) setChosen(lot);
  }, [lot, chosen?.id]);
  const choose = useCallback((next: GateLot) => {
    rememberLot(next);
    setChosen(next);
  }, []);
  useEffect(() => {
    if (lot) rememberLot(lot);
  }, [lot]);
  return { lot, lots: list, choose, isLoading: lots.isLoading && !chosen, error: lots.data ? null : lots.error };
}

/** How often a gate with items waiting checks whether the server answers again. */
const RETRY_MS = 15_000;
/** Revoked passes change with every cancellation: a gate online refreshes its copy this often. */
const PASS_KEYS_MS = 60_000;

/** Each part is kept as soon as it arrives: keys without a fresh revoked list still tell a forged pass. */
async function syncPassKeys(lotId: string) {
  const syncedAt = new Date().toISOString();
  await Promise.all([
    fetchPassKeys().then((jwks) => savePublicKeys(jwks, syncedAt)),
    fetchRevokedPasses(lotId).then(({ reservationIds }) => saveRevoked(lotId, reservationIds, syncedAt)),
  ]);
}

/** Verifies a scanned pass with what the device holds, refreshed first when the server answers. */
export async function verifyOnDevice(token: string, lotId: string, purpose: PassContext['purpose']) {
  if (connectionState().online) await syncPassKeys(lotId).catch(() => undefined);
  const { jwks, revoked } = await savedPassKeys(lotId);
  return checkPass(token, {
    jwks,
    revoked,
    lotId,
    purpose,
    now: new Date(),
    insideOnDevice: async (id) => Boolean(await stayOfReservation(id)),
  });
}

let serviceWorkerRegistered = false;

/**
 * Keeps the gate working across connection losses: installs the service worker (so the screens load
 * offline), sends the queue whenever the server may answer, keeps the pass keys fresh, and refreshes
 * the portal's figures once queued items reached the server.
 */
export function useGateSync(lotId: string | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!serviceWorkerRegistered) {
      serviceWorkerRegistered = true;
      registerSW({ immediate: true });
    }
  }, []);
  useEffect(() => {
    const send = () => void flushQueue();
    const stopListening = onFlushed(({ sent, rejected }) => {
      for (const item of rejected) toast({ title: 'Error', description: `${item.plate}: ${item.message}`, variant: 'destructive' });
      if (sent || rejected.length) void refreshGate(queryClient);
    });
    void refreshQueuedCount().then(() => connectionState().online && connectionState().queued > 0 && send());
    const stopWatching = watchBrowserConnection(send);
    const retry = setInterval(() => {
      if (connectionState().queued > 0 && navigator.onLine) send();
    }, RETRY_MS);
    return () => {
      stopListening();
      stopWatching();
      clearInterval(retry);
    };
  }, [queryClient]);
  useEffect(() => {
    if (!lotId) return;
    const sync = () => void syncPassKeys(lotId).catch(() => undefined);
    sync();
    const timer = setInterval(sync, PASS_KEYS_MS);
    return () => clearInterval(timer);
  }, [lotId]);
}
