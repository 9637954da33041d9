import { useSuspenseQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { formatDateTime, formatTime } from '../../../core/time';
import { AuthCard } from '../../components/auth-card';
import { Directions } from '../../components/directions';
import { sharedPassQuery } from '../../lib/booking';
import { QrPass } from './qr-pass';
import { StatusBadge } from './status-badge';

/** A pass a driver shared with a companion, opened without an account: the QR the gate accepts, where and when, the plate masked. */
export function SharedPassPage() {
  const { token } = useParams({ from: '/shared/$token' });
  const { data: shared } = useSuspenseQuery(sharedPassQuery(token));
  return (
    <AuthCard title={shared.lot.name} subtitle="A parking pass shared with you: show it at the entrance gate.">
      <div className="space-y-3 text-center">
        <StatusBadge status={shared.status} />
        <QrPass token={shared.pass.token} passId={shared.pass.passId} />
        <p className="font-mono text-sm">Pass ID {shared.pass.passId}</p>
        <dl className="space-y-1 text-sm">
          <div>
            <dt className="sr-only">When</dt>
            <dd className="font-medium">
              {formatDateTime(shared.startTs)} – {formatTime(shared.endTs)}
            </dd>
          </div>
          <div>
            <dt className="sr-only">Where</dt>
            <dd className="text-muted-foreground">
              {shared.lot.address ?? shared.lot.name} · Slot {shared.slot.label ?? '—'}
              {shared.slot.level ? ` · Level ${shared.slot.level}` : ''}
            </dd>
          </div>
          <div>
            <dt className="inline text-muted-foreground">Plate </dt>
            <dd className="inline font-medium">{shared.plate ?? '—'}</dd>
          </div>
        </dl>
        <div className="flex justify-center gap-2">
          <Directions lot={shared.lot} lotName={shared.lot.name} />
        </div>
      </div>
    </AuthCard>
  );
}
