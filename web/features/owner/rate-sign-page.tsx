import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Printer } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { rateCardOf } from '../../../core/lot-pricing';
import { PrintToolbar } from '../../components/print-toolbar';
import { RateSignSections } from '../../components/rate-sign';
import { Button } from '../../components/ui/button';
import { ownerLotsQuery } from '../../lib/owner';

/** Opens the lot's printable rate sign (its saved card). */
export const PrintSignLink = ({ lotId }: { lotId: string }) => (
  <Button variant="outline" asChild>
    <Link to="/owner/pricing/sign" search={{ lot: lotId }}>
      <Printer className="h-4 w-4" /> Print rate sign
    </Link>
  </Button>
);

/** The print dialog, once, as soon as there is a sign to print (StrictMode runs effects twice). */
function usePrintOnce(ready: boolean) {
  const printed = useRef(false);
  useEffect(() => {
    if (!ready || printed.current) return;
    printed.current = true;
    window.print();
  }, [ready]);
}

/**
 * The lot's rate sign for its entrance, the way Manila lots post it: large type, black on white on
 * paper whatever the screen's theme, one A4 or Letter page.
 */
export function RateSignPage({ lotId }: { lotId: string }) {
  const { data: lots } = useSuspenseQuery(ownerLotsQuery);
  const lot = lots.find((candidate) => candidate.id === lotId);
  const card = lot?.strategy === 'RATE_CARD' ? rateCardOf(lot.rateCardJson) : null;
  usePrintOnce(card !== null);
  return (
    <main className="mx-auto max-w-3xl px-4 py-8 print:max-w-none print:p-0">
      <PrintToolbar backTo="/owner/pricing" backSearch={{ lot: lotId }} backLabel="Pricing" />
      {lot && card ? (
        <article className="space-y-8 rounded-xl border-4 border-foreground p-6 sm:p-10 print:break-inside-avoid print:border-black print:bg-white print:text-black">
          <header className="text-center">
            <p className="text-xl font-semibold uppercase tracking-widest">Parking rates</p>
            <h1 className="mt-2 text-4xl font-bold sm:text-5xl">{lot.name}</h1>
          </header>
          <RateSignSections card={card} large />
          <p className="text-center text-lg">Prices include VAT · Parkada</p>
        </article>
      ) : (
        <p className="text-muted-foreground">
          {lot ? `${lot.name} is not on a rate card: save one on the pricing page first.` : 'Unknown lot.'}
        </p>
      )}
    </main>
  );
}
