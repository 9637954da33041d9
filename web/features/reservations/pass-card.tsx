import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { remainingTime } from '../../../core/booking';
import { formatPeso } from '../../../core/money';
import { hasPass } from '../../../core/passes';
import { formatDateTime, formatTime } from '../../../core/time';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { passQuery, type Reservation } from '../../lib/booking';
import { useMinuteClock } from '../../lib/use-minute-clock';
import { QrPass, QrPending, savePassImage } from './qr-pass';
import { SharePass } from './share-pass';

/** The signed QR pass the gate scans while the booking holds one, the stay in short, and Share (with a companion) and Save. */
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
        <SharePass reservation={reservation} live={live} />
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
