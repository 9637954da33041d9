import { useQuery } from '@tanstack/react-query';
import { Download, Share2 } from 'lucide-react';
import { useState } from 'react';
import { remainingTime } from '../../../core/booking';
import { formatPeso } from '../../../core/money';
import { hasPass } from '../../../core/passes';
import { formatDateTime, formatTime } from '../../../core/time';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { toast } from '../../components/ui/toast-store';
import { passQuery, type Reservation } from '../../lib/booking';
import { useMinuteClock } from '../../lib/use-minute-clock';
import { QrPass, QrPending, savePassImage } from './qr-pass';

async function share(passId: string) {
  const url = window.location.href;
  if (navigator.share) {
    await navigator.share({ title: `Parkada pass ${passId}`, url }).catch(() => undefined);
  } else {
    await navigator.clipboard.writeText(url);
    toast({ title: 'Link copied', description: 'The reservation link is on your clipboard.' });
  }
}

/** The signed QR pass the gate scans while the booking holds one, the stay in short, and Share and Save. */
export function PassCard({ reservation }: { reservation: Reservation }) {
  const now = useMinuteClock();
  const live = hasPass(reservation.status);
  const { data: pass } = useQuery({ ...passQuery(reservation.id), enabled: live });
  const [passDrawn, setPassDrawn] = useState(false);
  return (
    <Card className="text-center">
      <h2 className="mb-3 font-semibold">QR Pass</h2>
      {!live ? (
        <p className="py-16 text-muted-foreground">This pass is no longer valid.</p>
      ) : pass ? (
        <QrPass token={pass.token} passId={pass.passId} onDrawn={() => setPassDrawn(true)} />
      ) : (
        <QrPending />
      )}
      <p className="mt-3 text-lg font-bold">{reservation.lotName}</p>
      <p className="text-sm text-muted-foreground">
        Slot {reservation.slotLabel ?? '—'}
        {reservation.slotLevel ? ` · Level ${reservation.slotLevel}` : ''} · {reservation.vehiclePlate}
      </p>
      <p className="text-sm">
        {formatDateTime(reservation.startTs)} – {formatTime(reservation.endTs)}
      </p>
      <p className="mt-1 font-semibold">{formatPeso(reservation.amountCents)}</p>
      {live && <p className="text-sm text-muted-foreground">Time remaining: {remainingTime(reservation.endTs, now)}</p>}
      <p className="mt-2 font-mono text-sm">Pass ID {reservation.passId}</p>
      <div className="mt-4 flex justify-center gap-2">
        <Button variant="outline" size="sm" onClick={() => share(reservation.passId)}>
          <Share2 className="h-4 w-4" /> Share
        </Button>
        <Button
          variant="outline"
          size="sm"
          // Saves the drawn code: not before it is drawn.
          disabled={!live || !passDrawn}
          onClick={() =>
            savePassImage({
              passId: reservation.passId,
              lotName: reservation.lotName,
              plate: reservation.vehiclePlate ?? '',
              slot: reservation.slotLabel ?? '—',
              window: `${formatDateTime(reservation.startTs)} – ${formatTime(reservation.endTs)}`,
            })
          }
        >
          <Download className="h-4 w-4" /> Save
        </Button>
      </div>
    </Card>
  );
}
