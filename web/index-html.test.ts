/**
 * The CSP allows index.html's inline theme script by its hash alone; an edit to the script without
 * the new hash would leave the page unthemed before first paint (and a CSP violation in the console).
 */
import { describe, expect, it } from 'vitest';
import indexHtml from '../index.html?raw';
import { contentSecurityPolicy, THEME_SCRIPT_HASH } from '../core/security-headers';

const inlineScripts = [...indexHtml.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1]);

async function sha256Source(script: string) {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(script)));
  return `'sha256-${btoa(String.fromCharCode(...digest))}'`;
}

describe('index.html under the content security policy', () => {
  it('has exactly one inline script, the theme script, and the CSP names its hash', async () => {
    expect(inlineScripts).toHaveLength(1);
    const hash = await sha256Source(inlineScripts[0]);
    expect(THEME_SCRIPT_HASH).toBe(hash);
    expect(contentSecurityPolicy()).toContain(`script-src 'self' ${hash}`);
  });

  it('forbids framing and allows images from the map tile server', () => {
    expect(contentSecurityPolicy()).toContain("frame-ancestors 'none'");
    expect(contentSecurityPolicy()).toMatch(/img-src 'self' data: https:\/\/tile\.openstreetmap\.org(;|$)/);
  });
});
