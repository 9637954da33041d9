import { Link } from '@tanstack/react-router';
import type { HistoryCsvRow } from '../../../core/history';
import { formatPeso } from '../../../core/money';
import { formatDateTime } from '../../../core/time';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import type { ListedReservation } from '../../lib/booking';
import type { ReceiptSummary } from '../../lib/receipts';
import { StatusBadge } from '../reservations/status-badge';

export const reservationRow = (r: ListedReservation): HistoryCsvRow => ({ ...r, plate: r.vehiclePlate, voidNumber: r.receiptVoidNumber });
export const receiptRow = (r: ReceiptSummary): HistoryCsvRow => ({
  ...r,
  lotName: r.lot.name,
  plate: r.vehiclePlate,
  receiptNumber: r.number,
  voidNumber: r.voidedBy?.number ?? null,
});

const ReceiptLink = ({ id, label }: { id: string; label: string }) => (
  <Button variant="outline" size="sm" asChild>
    <Link to="/receipt/$id" params={{ id }}>
      {label}
    </Link>
  </Button>
);

/** A reservation of the History: its lot, plate, window, amount and status, its details and, once completed, its receipt. */
export function HistoryReservation({ reservation: r }: { reservation: ListedReservation }) {
  return (
    <Card data-testid="history-reservation" className="p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <p className="font-semibold">{r.lotName}</p>
          <p className="text-sm text-muted-foreground">
            {r.vehiclePlate ?? 'Not specified'} · {formatDateTime(r.startTs)} – {formatDateTime(r.endTs)}
          </p>
        </div>
        <div className="flex items-center gap-3">
          <span className="font-semibold tabular-nums">{formatPeso(r.amountCents)}</span>
          <StatusBadge status={r.status} />
        </div>
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button variant="outline" size="sm" asChild>
          <Link to="/reservation/$id" params={{ id: r.id }}>
            View Details
          </Link>
        </Button>
        {/* Receipt once a stay is COMPLETED and its amount final; every paid one is in the Receipts tab. */}
        {r.status === 'COMPLETED' && r.receiptId && <ReceiptLink id={r.receiptId} label="Receipt" />}
      </div>
    </Card>
  );
}

/** A receipt of the History: its number, what it was for, its amount (struck through once voided) and a link to it. */
export function HistoryReceipt({ receipt: r }: { receipt: ReceiptSummary }) {
  return (
    <Card data-testid="history-receipt" className="flex flex-wrap items-center justify-between gap-3 p-4">
      <div>
        <p className="font-semibold">{r.lot.name}</p>
        <p className="text-sm text-muted-foreground">
          <span className="font-mono">{r.number}</span> · issued {formatDateTime(r.createdAt)} ·{' '}
          {r.monthlyPass ? `monthly pass: ${r.monthlyPass.productName}, ${r.monthlyPass.periodLabel}` : r.status?.toLowerCase()}
          {r.voidedBy && <> · voided by {r.voidedBy.number}</>}
        </p>
      </div>
      <div className="flex items-center gap-3">
        <span className={r.voidedBy ? 'font-semibold tabular-nums text-muted-foreground line-through' : 'font-semibold tabular-nums'}>
          {formatPeso(r.amountCents)}
        </span>
        <ReceiptLink id={r.id} label="View Receipt" />
      </div>
    </Card>
  );
}
