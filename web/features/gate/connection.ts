/**
 * What the gate's Online/Offline switch shows: the browser's own signal (`navigator.onLine`) and
 * whether the last request reached the server, since a phone can hold a Wi-Fi link with no internet
 * behind it. Plain state with subscribers, so the rules run without React.
 */
export type ConnectionState = { online: boolean; queued: number; syncing: boolean };

const browserOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;

let reachable = true;
let state: ConnectionState = { online: browserOnline(), queued: 0, syncing: false };
const listeners = new Set<() => void>();

function update(change: Partial<Omit<ConnectionState, 'online'>> = {}) {
  const next = { ...state, ...change, online: browserOnline() && reachable };
  if (next.online === state.online && next.queued === state.queued && next.syncing === state.syncing) return;
  state = next;
  for (const listener of listeners) listener();
}

export const connectionState = () => state;

export function subscribeToConnection(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A request went unanswered: the gate counts as offline until one is answered again. */
export function markUnreachable() {
  reachable = false;
  update();
}

export function markReachable() {
  reachable = true;
  update();
}

export const setQueuedCount = (queued: number) => update({ queued });
export const setSyncing = (syncing: boolean) => update({ syncing });

/** The browser's online/offline events; coming back online is also a reason to try the server again. */
export function watchBrowserConnection(onBackOnline: () => void) {
  const online = () => {
    reachable = true;
    update();
    onBackOnline();
  };
  const offline = () => update();
  window.addEventListener('online', online);
  window.addEventListener('offline', offline);
  return () => {
    window.removeEventListener('online', online);
    window.removeEventListener('offline', offline);
  };
}
