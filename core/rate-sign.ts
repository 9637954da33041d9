/**
 * A rate card in the words Metro Manila lots post it at their entrance ("First 3 hours ₱50.00, every
 * succeeding hour or fraction ₱20.00"): the owner's printable sign and the driver's lot page read the
 * same lines.
 */
import { formatPeso } from './money';
import type { RateCard, Waiver } from './rate-card';
import { formatManilaDay } from './time';

type SignLine = { label: string; value: string };
export type SignSection = { heading: string; lines: SignLine[] };

const hours = (count: number) => `${count} hour${count === 1 ? '' : 's'}`;

/** "00:00" → "12:00 AM". */
function clockLabel(time: string) {
  const hour = Number(time.slice(0, 2));
  return `${hour % 12 || 12}:${time.slice(3, 5)} ${hour < 12 ? 'AM' : 'PM'}`;
}

const classLines = (rate: RateCard['classes']['car']): SignLine[] => [
  { label: `First ${hours(rate.firstHours)}`, value: formatPeso(rate.firstCents) },
  { label: 'Every succeeding hour or fraction', value: formatPeso(rate.succeedingCents) },
  ...(rate.dailyCapCents === undefined ? [] : [{ label: 'Daily maximum', value: formatPeso(rate.dailyCapCents) }]),
];

/** The card's sections: cars, motorcycles when they have their own rate, and the fees every vehicle pays. */
export function rateSign(card: RateCard): SignSection[] {
  const { motorcycle } = card.classes;
  const fees: SignLine[] = [
    card.graceMinutes > 0
      ? { label: 'Grace period', value: `First ${card.graceMinutes} minutes free` }
      : { label: 'Grace period', value: 'None' },
    ...(card.overnight
      ? [
          {
            label: `Overnight, ${clockLabel(card.overnight.from)} – ${clockLabel(card.overnight.until)}`,
            value: formatPeso(card.overnight.cents),
          },
        ]
      : []),
    { label: 'Lost ticket', value: formatPeso(card.lostTicketCents) },
  ];
  return [
    { heading: motorcycle ? 'Cars' : 'All vehicles', lines: classLines(card.classes.car) },
    ...(motorcycle ? [{ heading: 'Motorcycles', lines: classLines(motorcycle) }] : []),
    { heading: 'Fees', lines: fees },
  ];
}

const WAIVER_KINDS: Record<Waiver['kind'], string> = { overnight: 'Overnight fees waived', all: 'All fees waived' };

/** "Overnight fees waived · Jul 24, 2026 – Jul 25, 2026": the Manila days the waiver covers, the last one included. */
export function waiverText(waiver: Waiver) {
  const first = formatManilaDay(waiver.from);
  const last = formatManilaDay(Date.parse(waiver.to) - 1);
  return `${WAIVER_KINDS[waiver.kind]} · ${first === last ? first : `${first} – ${last}`}`;
}
