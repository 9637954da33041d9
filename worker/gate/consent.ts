/**
 * A driver's consent to pay at the gate from their wallet (docs/gate.md, Who moves whose money): the
 * pay code they show, or their own tap on the lot's exit tag, up to the price they were shown. A
 * consent that cannot pay is refused, and stays unspent.
 */
import { formatPeso } from '../../core/money';
import { refusal } from '../../core/refusal';
import type { Bindings } from '../env';
import { verifyPayCode, type PayCode } from '../wallet/wallet.service';

export const PAY_CODE_USED = 'This pay code was already used: ask the driver to show a new one.';

/** A pay code, or a tap: the code's id (or the stay's, for a tap) keys the wallet debit, so one consent pays once. */
export type Consent = PayCode & { via: 'pay code' | 'tap' };

export const walletShort = (balanceCents: number, amountCents: number, via: Consent['via'] = 'pay code') =>
  via === 'tap'
    ? `Your wallet holds ${formatPeso(balanceCents)}, short of ${formatPeso(amountCents)}: top up and tap Check out again, or pay the attendant.`
    : `The driver's wallet holds ${formatPeso(balanceCents)}, short of ${formatPeso(amountCents)}: collect cash, or ask them to top up and show a new code.`;

/** The driver's own tap at the exit: their consent to pay this stay at this lot, up to what they were shown. */
export const tapConsent = (userId: string, stayId: string, lot: { id: string; name: string }, limitCents: number, now: Date): Consent => ({
  via: 'tap',
  userId,
  codeId: `tap:${stayId}`,
  lotId: lot.id,
  lotName: lot.name,
  limitCents,
  expiresAt: now.toISOString(),
});

/** The driver a genuine, unexpired pay code names, or the refusal. */
export async function consentOf(env: Bindings, token: string, now: Date): Promise<Consent> {
  const check = await verifyPayCode(env, token, now);
  if (check.valid) return { ...check.code, via: 'pay code' };
  throw refusal(
    'conflict',
    check.reason === 'expired' ? 'This pay code expired: ask the driver to show a new one.' : 'This pay code is not genuine.',
  );
}

/** A pay code consents to one stay at its lot, up to its limit: anything else is refused. */
export function assertConsentCovers(code: Consent, lotId: string, amountCents: number) {
  if (code.lotId !== lotId) throw refusal('conflict', `This pay code is for ${code.lotName}, not this lot.`);
  if (amountCents <= code.limitCents) return;
  throw refusal(
    'conflict',
    code.via === 'tap'
      ? `This stay now costs ${formatPeso(amountCents)}, more than the ${formatPeso(code.limitCents)} you were shown. Check the new price and tap Check out again.`
      : `This stay costs ${formatPeso(amountCents)}, above the pay code's limit of ${formatPeso(code.limitCents)}.`,
  );
}
