/**
 * How the benches and the browser tests start Chromium: headless, with no background traffic (no
 * request may leave the machine), and the map's tile host resolving to nothing, as no test or bench
 * reaches it. One home for both, so that what a bench measures is what a test drives.
 */
import { DEFAULT_TILE_ORIGIN } from '../core/map-tiles';

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  `--host-resolver-rules=MAP ${new URL(DEFAULT_TILE_ORIGIN).hostname} ~NOTFOUND`,
];
