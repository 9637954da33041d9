import { Link } from '@tanstack/react-router';
import { formatPeso } from '../../../core/money';
import { formatDateTime } from '../../../core/time';
import type { ReceiptDocument } from '../../lib/receipts';
import type { CurrentUser } from '../../lib/session';

const Line = ({ label, cents, strong = false }: { label: string; cents: number; strong?: boolean }) => (
  <div className={strong ? 'flex justify-between border-t border-border pt-2 font-semibold' : 'flex justify-between text-sm'}>
    <span>{label}</span>
    <span className="tabular-nums">{formatPeso(cents)}</span>
  </div>
);

/** Another numbered document of the same reservation (or monthly pass). */
const DocumentLink = ({ id, number }: { id: string; number: string }) => (
  <Link to="/receipt/$id" params={{ id }} className="font-mono text-brand underline-offset-2 hover:underline">
    {number}
  </Link>
);

/** What a VOID voids, or on a voided receipt, the VOID and the receipt that replaced it. */
export function VoidNotes({ receipt }: { receipt: ReceiptDocument }) {
  return (
    <>
      {receipt.voids && (
        <p data-testid="receipt-voids" className="rounded-md border border-border p-3 text-sm">
          This document voids receipt <DocumentLink {...receipt.voids} />: its amount is no longer paid.
        </p>
      )}
      {receipt.voidedBy && (
        <p data-testid="receipt-voided" className="rounded-md border border-destructive p-3 text-sm">
          <strong>Void.</strong> Voided by <DocumentLink {...receipt.voidedBy} /> on {formatDateTime(receipt.voidedBy.createdAt)}
          {receipt.replacedBy ? (
            <>
              , replaced by receipt <DocumentLink {...receipt.replacedBy} />.
            </>
          ) : (
            '.'
          )}
        </p>
      )}
    </>
  );
}

/** Who is billed, the lot, and the stay or the monthly pass paid for. */
export function ReceiptFacts({ receipt, user }: { receipt: ReceiptDocument; user: CurrentUser | null }) {
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
      <dt className="text-muted-foreground">Billed to</dt>
      <dd>
        {user?.firstName} {user?.lastName}
        <span className="block text-xs text-muted-foreground">{user?.email}</span>
      </dd>
      <dt className="text-muted-foreground">Lot</dt>
      <dd>
        {receipt.lot.name}
        {receipt.lot.address && <span className="block text-xs text-muted-foreground">{receipt.lot.address}</span>}
      </dd>
      {receipt.monthlyPass ? (
        // A monthly pass's receipt: what was bought, and the period it is valid (docs/passes.md).
        <>
          <dt className="text-muted-foreground">Monthly pass</dt>
          <dd>{receipt.monthlyPass.productName}</dd>
          <dt className="text-muted-foreground">Period</dt>
          <dd>
            {receipt.monthlyPass.periodLabel}
            <span className="block text-xs text-muted-foreground">
              {formatDateTime(receipt.startTs)} – {formatDateTime(receipt.endTs)}
            </span>
          </dd>
          <dt className="text-muted-foreground">Vehicle</dt>
          <dd>{receipt.vehiclePlate ?? 'Not specified'}</dd>
        </>
      ) : (
        <>
          <dt className="text-muted-foreground">Stay</dt>
          <dd>
            {formatDateTime(receipt.startTs)} – {formatDateTime(receipt.endTs)}
          </dd>
          <dt className="text-muted-foreground">Vehicle</dt>
          <dd>{receipt.vehiclePlate ?? 'Not specified'}</dd>
          <dt className="text-muted-foreground">Slot · Pass</dt>
          <dd>
            {receipt.slotLabel ?? '—'} · {receipt.passId}
          </dd>
          <dt className="text-muted-foreground">Status</dt>
          <dd>{receipt.status}</dd>
        </>
      )}
      {receipt.replaces && (
        <>
          <dt className="text-muted-foreground">Replaces</dt>
          <dd>
            Receipt <DocumentLink {...receipt.replaces} />
          </dd>
        </>
      )}
    </dl>
  );
}

/** A charge's rate-card lines as they were charged (first block, succeeding hours, nights, waivers at ₱0, lost ticket). */
const CardLines = ({ lines }: { lines: { label: string; cents: number }[] }) =>
  lines.length > 0 && (
    <ul aria-label="Rate card lines" className="space-y-0.5 pl-4 text-muted-foreground">
      {lines.map((line, index) => (
        // Lines of one charge never change, so their order is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: a charge's lines are fixed when it is made
        <li key={index}>
          <Line label={line.label} cents={line.cents} />
        </li>
      ))}
    </ul>
  );

/** The payments line by line, merchant validations, the total and its VAT. */
export function ReceiptLines({ receipt }: { receipt: ReceiptDocument }) {
  const isVoid = receipt.kind === 'VOID';
  return (
    <section className="space-y-1.5">
      {receipt.lines.map((line) => (
        <div key={line.id}>
          <Line label={`${line.label} · ${formatDateTime(line.createdAt)} · ${line.method}`} cents={line.amountCents} />
          <CardLines lines={line.cardLines} />
        </div>
      ))}
      {receipt.validations.map((validation) => (
        <div key={validation.id} data-testid="receipt-validation" className="flex justify-between text-sm text-muted-foreground">
          <span>
            Validated by {validation.merchantName} ({validation.label}), not charged
          </span>
          <span className="tabular-nums">−{formatPeso(validation.valueCents)}</span>
        </div>
      ))}
      <Line label={isVoid ? 'Total voided' : 'Total paid'} cents={receipt.amountCents} strong />
      <Line label="VATable amount" cents={receipt.netOfVatCents} />
      <Line label="VAT (12%, included)" cents={receipt.vatCents} />
    </section>
  );
}
