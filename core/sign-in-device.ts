/**
 * A sign-in's device as a person reads it (docs/account.md, New sign-ins): the browser and its system,
 * e.g. "Chrome 130 on Android", read from the User-Agent with bowser. Only the names bowser knows and a
 * version's digits are shown, never the header's own text, which the client writes as it likes.
 */
import Bowser from 'bowser';

export const UNKNOWN_DEVICE_LABEL = 'an unknown browser';

const BROWSERS = new Set(Object.values(Bowser.BROWSER_MAP));
const SYSTEMS = new Set(Object.values(Bowser.OS_MAP));

export function signInDeviceLabel(userAgent: string | null | undefined): string {
  if (!userAgent?.trim()) return UNKNOWN_DEVICE_LABEL;
  const { browser, os } = Bowser.parse(userAgent);
  // bowser falls back to the header's first "name/version" for a browser it does not know.
  if (!browser.name || !BROWSERS.has(browser.name)) return UNKNOWN_DEVICE_LABEL;
  const major = browser.version?.match(/^\d+/)?.[0];
  const named = major ? `${browser.name} ${major}` : browser.name;
  return os.name && SYSTEMS.has(os.name) ? `${named} on ${os.name}` : named;
}
