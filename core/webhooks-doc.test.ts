/** docs/api.md's worked example of a webhook's signature is what the worker signs: the page cannot drift from the code. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { signedAt } from './hmac';
import { signatureHeader, WEBHOOK_SIGNATURE_HEADER } from './webhooks';

const page = readFileSync(new URL('../docs/api.md', import.meta.url), 'utf8');
const line = (name: string) => new RegExp(`^${name}:\\s+(.+)$`, 'm').exec(page)![1]!;

describe('docs/api.md, Verifying a delivery', () => {
  it('gives the signature the worker makes for its secret, time and body', async () => {
    const t = Number(line('t'));
    const v1 = await signedAt(line('secret'), t, line('body'));
    expect(line('v1')).toBe(v1);
    expect(line('header')).toBe(`${WEBHOOK_SIGNATURE_HEADER}: ${signatureHeader(t, v1)}`);
  });
});
