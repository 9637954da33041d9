/** What the attendant is told after an entry or exit (spec 8), for answers and for queued items alike. */
import { formatPeso } from '../../../core/money';
import type { GateOutcome } from './gate-actions';

const QUEUED = 'Saved on this device: it is sent when the connection returns.';

export function entryMessage(outcome: GateOutcome) {
  const plate = outcome.queued ? outcome.plate : outcome.checkin.plate;
  const slot = outcome.queued ? outcome.slot : outcome.checkin.slot;
  const parts = [`Vehicle ${plate} processed successfully.`, slot ? `Slot ${slot}.` : '', outcome.queued ? QUEUED : ''];
  return { title: 'Check-in Successful', description: parts.filter(Boolean).join(' ') };
}

export function exitMessage(outcome: GateOutcome) {
  if (outcome.queued)
    return {
      title: 'Check-out Successful',
      description: `Vehicle ${outcome.plate} processed successfully. ${QUEUED} The charge is worked out then.`,
    };
  const { plate, amountCents, paidBy } = outcome.checkin;
  const charge = !amountCents
    ? 'Nothing to pay.'
    : paidBy === 'wallet'
      ? `${formatPeso(amountCents)} paid from the wallet.`
      : `Collect ${formatPeso(amountCents)} in cash.`;
  return { title: 'Check-out Successful', description: `Vehicle ${plate} processed successfully. ${charge}` };
}
