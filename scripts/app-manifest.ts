/**
 * The web app manifest (docs/notifications.md, Installing the app): what makes Parkada installable,
 * and on an iPhone what lets Web Push reach it at all (only an app on the Home Screen gets pushes).
 * vite-plugin-pwa writes it as `manifest.webmanifest` and links it from every page of the build. The
 * icons are the app's mark (index.html's icon) drawn once into public/icons.
 */
import type { ManifestOptions } from 'vite-plugin-pwa';

/** The app's orange, as the page's `theme-color`. */
const THEME_COLOR = '#f97316';
/** The light theme's background (web/styles.css `--bg`): the splash screen's colour. */
const BACKGROUND_COLOR = '#ffffff';

const ICON_192 = { src: '/icons/parkada-192.png', sizes: '192x192', type: 'image/png' };

export const APP_MANIFEST: Partial<ManifestOptions> = {
  id: '/',
  name: 'Parkada',
  short_name: 'Parkada',
  description: 'Find, reserve and pay for parking in Metro Manila, and show your pass at the gate.',
  lang: 'en',
  start_url: '/?source=pwa',
  scope: '/',
  display: 'standalone',
  theme_color: THEME_COLOR,
  background_color: BACKGROUND_COLOR,
  icons: [
    { ...ICON_192, purpose: 'any' },
    { src: '/icons/parkada-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/parkada-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
  // The header's own screens (web/components/app-header.tsx), what a driver opens the app for.
  shortcuts: [
    { name: 'Find Parking', url: '/', icons: [ICON_192] },
    { name: 'My Reservations', url: '/reservations', icons: [ICON_192] },
    { name: 'Wallet', url: '/wallet', icons: [ICON_192] },
  ],
};
