/** What docs/api.md and wrangler.toml say of webhooks is what the code does: the worked example's signature, the Queue's attempts. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { signedAt } from './hmac';
import { signatureHeader, WEBHOOK_ATTEMPTS, WEBHOOK_SIGNATURE_HEADER } from './webhooks';

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

describe('wrangler.toml, the webhooks Queue', () => {
  it('retries a message WEBHOOK_ATTEMPTS - 1 times, here and in production, so its last attempt is the one the consumer marks failed', () => {
    const toml = readFileSync(new URL('../wrangler.toml', import.meta.url), 'utf8');
    const consumers = [...toml.matchAll(/queue = "parkada-webhooks"\n(?:[a-z_]+ = .+\n)*?max_retries = (\d+)/g)];
    expect(consumers.map((match) => Number(match[1]))).toEqual([WEBHOOK_ATTEMPTS - 1, WEBHOOK_ATTEMPTS - 1]);
  });
});
