/**
 * The pages prerendered at build into the client build's root (scripts/prerender.ts); static assets
 * serve `name.html` at `/name`. The worker answers navigations with them (worker/auth/app-pages.ts).
 */
export const STATIC_PAGES = {
  /** A signed-out visitor's `/`: the landing page, with no JavaScript. */
  landing: { file: 'landing.html', path: '/landing' },
  /** A signed-in driver's `/`: the app's shell with Find Parking's heading. */
  findParking: { file: 'find-parking-shell.html', path: '/find-parking-shell' },
  /** Any other signed-in screen: the app's shell, the header's frame and the loading spinner. */
  app: { file: 'app-shell.html', path: '/app-shell' },
} as const;

export type StaticPage = keyof typeof STATIC_PAGES;
