/**
 * The browser's offer to install Parkada (`beforeinstallprompt`, Chromium), held from the page's load
 * until the app asks at the right moment: after a booking, on the reservation's page, never on the
 * landing page (which runs no script at all). "Not now" is remembered on this device, so it never nags.
 */
import { useSyncExternalStore } from 'react';

interface InstallOffer extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

const NOT_NOW_KEY = 'parkada.install.not-now';

let offer: InstallOffer | null = null;
const listeners = new Set<() => void>();
const changed = (next: InstallOffer | null) => {
  offer = next;
  for (const listener of listeners) listener();
};

/** From the app's first script (web/main.tsx): the browser makes its offer once, at load. */
export function holdInstallOffer() {
  window.addEventListener('beforeinstallprompt', (event) => {
    // Kept for our own card rather than the browser's mini-infobar.
    event.preventDefault();
    if (localStorage.getItem(NOT_NOW_KEY) === null) changed(event as InstallOffer);
  });
  window.addEventListener('appinstalled', () => changed(null));
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The offer while it stands, with what the card's buttons do. */
export function useInstallOffer() {
  const current = useSyncExternalStore(subscribe, () => offer);
  if (!current) return null;
  return {
    install: async () => {
      await current.prompt();
      // Either way the browser's offer is spent; declined in its dialog counts as "Not now".
      if ((await current.userChoice).outcome === 'dismissed') localStorage.setItem(NOT_NOW_KEY, new Date().toISOString());
      changed(null);
    },
    notNow: () => {
      localStorage.setItem(NOT_NOW_KEY, new Date().toISOString());
      changed(null);
    },
  };
}
