import { waiverText } from '../../../core/rate-sign';
import { RateSignSections } from '../../components/rate-sign';
import { Card } from '../../components/ui/card';
import type { LotDetail } from '../../lib/booking';

/** A rate-card lot's posted rates, and the fees its owner waived that have not ended (a typhoon, ashfall). */
export function RateCardCard({ lot }: { lot: LotDetail }) {
  const { rateCard, waivers } = lot.pricing;
  if (!rateCard) return null;
  const now = Date.now();
  const waived = (waivers ?? []).filter((waiver) => Date.parse(waiver.to) > now);
  return (
    <Card>
      <h2 className="mb-3 font-semibold">Rate Card</h2>
      {waived.length > 0 && (
        <ul aria-label="Waived fees" className="mb-4 space-y-2">
          {waived.map((waiver) => (
            <li
              key={waiver.id}
              className="rounded-lg bg-emerald-100 p-2 text-sm text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100"
            >
              <span className="font-medium">{waiver.reason}</span>: {waiverText(waiver)}
            </li>
          ))}
        </ul>
      )}
      <RateSignSections card={rateCard} />
    </Card>
  );
}
