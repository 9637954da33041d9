import { Star } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '../../components/ui/button';
import type { StayKind } from '../../lib/reviews';

const RateStayDialog = lazy(() => import('./rate-stay-dialog').then((m) => ({ default: m.RateStayDialog })));

/** "Rate your stay" on a completed stay: opens the dialog (already open when a notice's link asked for it). */
export function RateStayButton({
  kind = 'reservation',
  id,
  initiallyOpen = false,
}: {
  kind?: StayKind;
  id: string;
  initiallyOpen?: boolean;
}) {
  const [open, setOpen] = useState(initiallyOpen);
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        <Star aria-hidden className="h-4 w-4" /> Rate your stay
      </Button>
      {open && (
        <Suspense fallback={null}>
          <RateStayDialog kind={kind} id={id} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
