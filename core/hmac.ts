/** HMAC-SHA256 as gateways sign their webhooks, and as Parkada signs its own (docs/api.md, Webhooks): hex signatures over `t.body`, verified in constant time. */
const encoder = new TextEncoder();
const keyOf = (secret: string) =>
  crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);

/** The hex HMAC-SHA256 of `t.body` under `secret`. */
export async function signedAt(secret: string, t: number, body: string): Promise<string> {
  const mac = await crypto.subtle.sign('HMAC', await keyOf(secret), encoder.encode(`${t}.${body}`));
  return [...new Uint8Array(mac)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** Whether `signature` (hex) is the HMAC-SHA256 of `t.body` under `secret`; crypto.subtle.verify compares in constant time. */
export async function verifySignedAt(secret: string, t: number, body: string, signature: string | undefined): Promise<boolean> {
  if (!/^[0-9a-f]{64}$/.test(signature ?? '')) return false;
  const bytes = new Uint8Array((signature!.match(/../g) ?? []).map((pair) => Number.parseInt(pair, 16)));
  return crypto.subtle.verify('HMAC', await keyOf(secret), bytes, encoder.encode(`${t}.${body}`));
}
