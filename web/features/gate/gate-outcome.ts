/** What the attendant is told after an entry or exit, in the same words for answers and queued items. */
import { formatPeso } from '../../../core/money';
import type { GateOutcome } from './gate-actions';
import type { Checkin } from './gate-api';

const QUEUED = 'Saved on this device: it is sent when the connection returns.';

export function entryMessage(outcome: GateOutcome) {
  const plate = outcome.queued ? outcome.plate : outcome.checkin.plate;
  const slot = outcome.queued ? outcome.slot : outcome.checkin.slot;
  const parts = [`Vehicle ${plate} processed successfully.`, slot ? `Slot ${slot}.` : '', outcome.queued ? QUEUED : ''];
  return { title: 'Check-in Successful', description: parts.filter(Boolean).join(' ') };
}

const paymentOf = ({ amountCents, paidBy, walletCapCents }: Checkin) =>
  !amountCents
    ? 'Nothing to pay.'
    : paidBy === 'wallet'
      ? `${formatPeso(amountCents)} paid from the wallet.`
      : walletCapCents
        ? `Collect ${formatPeso(amountCents)} in cash: the overstay is above ${formatPeso(walletCapCents)}, a day here, the most the driver's wallet pays without their pay code.`
        : `Collect ${formatPeso(amountCents)} in cash.`;

/** What to collect, and the merchant validations that took their part off it. */
const chargeOf = (checkin: Checkin) =>
  [
    paymentOf(checkin),
    ...(checkin.validations ?? []).map(
      (validation) => `Validated by ${validation.merchantName} (${validation.label}): ${formatPeso(validation.valueCents)} off.`,
    ),
  ].join(' ');

export function exitMessage(outcome: GateOutcome) {
  if (outcome.queued)
    return {
      title: 'Check-out Successful',
      description: `Vehicle ${outcome.plate} processed successfully. ${QUEUED} The charge is worked out then.`,
    };
  return {
    title: 'Check-out Successful',
    description: `Vehicle ${outcome.checkin.plate} processed successfully. ${chargeOf(outcome.checkin)}`,
  };
}

/** What the server made of an entry or exit queued on this device, once it was sent. */
export function syncedMessage(kind: 'enter' | 'exit', checkin: Checkin) {
  if (kind === 'exit') return `Checked out. ${chargeOf(checkin)}`;
  const slot = checkin.slot ? `slot ${checkin.slot}` : 'no slot';
  if (checkin.walkIn) return `Checked in as a walk-in, ${slot}.`;
  if (checkin.revived)
    return `Checked in on its reservation, ${slot}: the entry came before the no-show deadline, so the expired reservation is active again.`;
  return `Checked in on its reservation, ${slot}.`;
}
