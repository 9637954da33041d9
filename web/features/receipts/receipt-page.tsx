import { useSuspenseQuery } from '@tanstack/react-query';
import { formatDateTime } from '../../../core/time';
import { PrintToolbar } from '../../components/print-toolbar';
import { receiptQuery } from '../../lib/receipts';
import { useAuth } from '../../lib/session';
import { StayValidation } from '../reservations/stay-validation';
import { RateStayButton } from '../reviews/rate-stay';

import { ReceiptFacts, ReceiptLines, VoidNotes } from './receipt-parts';

/**
 * A receipt, or the VOID of one, laid out for paper; the browser's print dialog also saves it as PDF.
 * Its official number heads it; a voided receipt names the VOID and the receipt that replaced it.
 */
export function ReceiptPage({ id }: { id: string }) {
  const { data: receipt } = useSuspenseQuery(receiptQuery(id));
  const { user } = useAuth();
  const isVoid = receipt.kind === 'VOID';
  return (
    <main className="mx-auto max-w-xl px-4 py-8 print:max-w-none print:p-0">
      <PrintToolbar backTo="/history" backLabel="History" />
      <article data-testid="receipt" className="space-y-5 rounded-xl border border-border bg-card p-6 print:border-0">
        <header className="flex items-start justify-between gap-4">
          <div>
            <p className="text-xl font-bold text-brand">Parkada</p>
            <p className="text-xs text-muted-foreground">Smart parking · Metro Manila, Philippines</p>
          </div>
          <div className="text-right">
            <h1 className="font-semibold">
              {isVoid ? 'Void' : 'Receipt'} {receipt.number}
            </h1>
            <p className="text-xs text-muted-foreground">Issued {formatDateTime(receipt.createdAt)}</p>
          </div>
        </header>
        <VoidNotes receipt={receipt} />
        <ReceiptFacts receipt={receipt} user={user} />
        <ReceiptLines receipt={receipt} />
        <p className="text-sm text-muted-foreground">
          Paid with {receipt.paymentMethod}
          {receipt.paymentReference && <> · reference {receipt.paymentReference}</>} · amounts in PHP · times in Asia/Manila
        </p>
      </article>
      {/* Still parked: the driver can enter a merchant's validation code before leaving (docs/passes.md). */}
      {receipt.status === 'ACTIVE' && receipt.reservationId && !isVoid && user?.role === 'parking_user' && (
        <div className="mt-6 print:hidden">
          <StayValidation reservationId={receipt.reservationId} />
        </div>
      )}
      {/* The stay is over: its driver may rate it here too (docs/reviews.md). */}
      {receipt.status === 'COMPLETED' && receipt.reservationId && !isVoid && user?.role === 'parking_user' && (
        <div className="mt-6 print:hidden">
          <RateStayButton id={receipt.reservationId} />
        </div>
      )}
    </main>
  );
}
