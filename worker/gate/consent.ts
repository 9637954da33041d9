/**
 * A driver's consent to pay at the gate from their wallet: the pay code they show (docs/gate.md, Who
 * moves whose money). A code that cannot pay is refused, and stays unspent.
 */
import { formatPeso } from '../../core/money';
import { refusal } from '../../core/refusal';
import type { Bindings } from '../env';
import { verifyPayCode, type PayCode } from '../wallet/wallet.service';

export const PAY_CODE_USED = 'This pay code was already used: ask the driver to show a new one.';

export const walletShort = (balanceCents: number, amountCents: number) =>
  `The driver's wallet holds ${formatPeso(balanceCents)}, short of ${formatPeso(amountCents)}: collect cash, or ask them to top up and show a new code.`;

/** The driver a genuine, unexpired pay code names, or the refusal. */
export async function consentOf(env: Bindings, token: string, now: Date): Promise<PayCode> {
  const check = await verifyPayCode(env, token, now);
  if (check.valid) return check.code;
  throw refusal(
    'conflict',
    check.reason === 'expired' ? 'This pay code expired: ask the driver to show a new one.' : 'This pay code is not genuine.',
  );
}

/** A pay code consents to one stay at its lot, up to its limit: anything else is refused. */
export function assertConsentCovers(code: PayCode, lotId: string, amountCents: number) {
  if (code.lotId !== lotId) throw refusal('conflict', `This pay code is for ${code.lotName}, not this lot.`);
  if (amountCents > code.limitCents)
    throw refusal('conflict', `This stay costs ${formatPeso(amountCents)}, above the pay code's limit of ${formatPeso(code.limitCents)}.`);
}
