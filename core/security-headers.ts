/**
 * The security headers of every answer, declared once for the two places that send them: the
 * worker (hono's secure-headers on /api) and the `_headers` file that Workers Static Assets applies
 * to the app's HTML and assets (written by the build, see vite.config.ts). docs/foundation.md says why.
 */
import { DEFAULT_TILE_ORIGIN } from './map-tiles.ts';

/** SHA-256 of the inline theme script in index.html; web/index-html.test.ts fails when they part. */
export const THEME_SCRIPT_HASH = "'sha256-6ymkeRFSmCqa09jNVAaUUCgiZ1hgKit7QSqTsuGAf80='";

/**
 * The policy for a deployment whose map draws from `tileOrigin` (MAP_TILES_URL, core/map-tiles.ts):
 * the map's images come from there, and so do the service worker's fetches of them (its cache of
 * tiles seen, web/features/push/service-worker.ts), which its own policy's connect-src governs.
 */
export const cspDirectives = (tileOrigin: string) => ({
  defaultSrc: ["'self'"],
  // 'wasm-unsafe-eval' lets our own WebAssembly compile (the gate's plate reader, docs/gate.md); it
  // allows no eval of JavaScript.
  scriptSrc: ["'self'", THEME_SCRIPT_HASH, "'wasm-unsafe-eval'"],
  // Radix's scroll lock writes a <style> element whose content varies, so no hash can name it. Styles
  // cannot run code; scripts stay limited to our files and the theme script's hash.
  styleSrc: ["'self'", "'unsafe-inline'"],
  // data: for the inline favicon; the map's tiles come from their own server.
  imgSrc: ["'self'", 'data:', tileOrigin],
  connectSrc: ["'self'", tileOrigin],
  fontSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
});

export const REFERRER_POLICY = 'strict-origin-when-cross-origin';
/** Production only: a browser that saw it refuses plain http for a year, which local runs need. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/** `defaultSrc: ['a', 'b']` → `default-src a b`, the way hono's secure-headers writes the header. */
export function contentSecurityPolicy(tileOrigin = DEFAULT_TILE_ORIGIN): string {
  return Object.entries(cspDirectives(tileOrigin))
    .map(([directive, sources]) => `${directive.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)} ${sources.join(' ')}`)
    .join('; ');
}

/**
 * The build's assets are named by their content's hash (Vite), so a browser keeps each as long as it
 * likes and never asks again; the HTML, which names them, keeps the default (asked again each time).
 */
export const IMMUTABLE_ASSETS = 'public, max-age=31536000, immutable';

/**
 * The headers of the static assets, in the `_headers` format of Workers Static Assets. Written at build,
 * so with the default tiles: the worker sends the pages and the service worker's script itself, with
 * the policy of the tiles configured (worker/auth/app-pages.ts).
 */
export function staticAssetHeaders({ production }: { production: boolean }): string {
  const headers: Record<string, string> = {
    'Content-Security-Policy': contentSecurityPolicy(),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': REFERRER_POLICY,
    'X-Frame-Options': 'DENY',
    ...(production ? { 'Strict-Transport-Security': STRICT_TRANSPORT_SECURITY } : {}),
  };
  return `/*\n${Object.entries(headers)
    .map(([name, value]) => `  ${name}: ${value}\n`)
    .join('')}/assets/*\n  Cache-Control: ${IMMUTABLE_ASSETS}\n`;
}
