/**
 * The sandbox gateway: no real money. Its checkout is our /checkout page, where the payer approves or
 * declines; the decision comes back as a webhook signed exactly like a real gateway's
 * (`Parkada-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`, five-minute tolerance).
 */
import { signedAt, verifySignedAt } from '../../core/hmac';
import type { PaymentEvent, PaymentIntent, PaymentProvider } from './gateway';

export const SIGNATURE_HEADER = 'Parkada-Signature';
const TOLERANCE_SECONDS = 300;

export async function signSandboxPayload(secret: string, body: string, now = new Date()): Promise<string> {
  const t = Math.floor(now.getTime() / 1000);
  return `t=${t},v1=${await signedAt(secret, t, body)}`;
}

export function createSandboxProvider(secret: string): PaymentProvider & {
  /** What the sandbox gateway would POST to our webhook for a payment: body and signed headers. */
  webhookFor(event: Omit<PaymentEvent, 'id'>, now?: Date): Promise<{ body: string; headers: Headers }>;
} {
  return {
    name: 'sandbox',
    sandbox: true,
    supportsSavedMethods: true,
    async createCheckout(intent: PaymentIntent) {
      return { providerRef: `sbx_${intent.paymentId}`, checkoutUrl: `/checkout?payment=${intent.paymentId}` };
    },
    async chargeSaved(intent: PaymentIntent) {
      return { providerRef: `sbx_${intent.paymentId}` };
    },
    // The payer decides on our own page, so the sandbox never has news of a checkout we lack.
    async checkoutState() {
      return { status: 'open' } as const;
    },
    // Test money goes back at once.
    async refund(request) {
      return { providerRefundId: `sbx_ref_${request.refundId}`, status: 'succeeded' } as const;
    },
    // It answers every refund at once and keeps no record: one still being confirmed never reached it.
    async refundState() {
      return { status: 'absent' } as const;
    },
    async webhookFor(event, now = new Date()) {
      const body = JSON.stringify({ ...event, id: `evt_${crypto.randomUUID()}` });
      return {
        body,
        headers: new Headers({ 'Content-Type': 'application/json', [SIGNATURE_HEADER]: await signSandboxPayload(secret, body, now) }),
      };
    },
    async verifyWebhook(rawBody, headers, now = new Date()) {
      const parts = Object.fromEntries((headers.get(SIGNATURE_HEADER) ?? '').split(',').map((part) => part.split('=', 2)));
      const t = Number(parts.t);
      if (!Number.isInteger(t) || Math.abs(now.getTime() / 1000 - t) > TOLERANCE_SECONDS) return null;
      if (!(await verifySignedAt(secret, t, rawBody, parts.v1))) return null;
      try {
        return JSON.parse(rawBody) as unknown;
      } catch {
        return null;
      }
    },
  };
}
