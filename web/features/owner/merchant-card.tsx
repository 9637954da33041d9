/** One merchant of a lot: its cap and link, the link's buttons, and the codes issued for it. */
import { FileText, Link2 } from 'lucide-react';
import { useState } from 'react';
import { formatPeso } from '../../../core/money';
import { formatDateTime } from '../../../core/time';
import { worthLabel } from '../../../core/validations';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { toast } from '../../components/ui/toast-store';
import { downloadFile } from '../../lib/download';
import type { CodeBatch, MerchantSummary, useMerchantActions } from '../../lib/validations';
import { failed, IssueCodesForm, NewLink } from './merchant-forms';

type MerchantActions = ReturnType<typeof useMerchantActions>;

const linkWorthOf = (merchant: MerchantSummary) => ({ hours: merchant.linkHours, amountCents: merchant.linkAmountCents });

function MerchantSummaryText({ merchant }: { merchant: MerchantSummary }) {
  return (
    <div>
      <h3 className="text-lg font-semibold">{merchant.name}</h3>
      <p className="text-sm text-muted-foreground">
        {merchant.perStayCapCents ? `At most ${formatPeso(merchant.perStayCapCents)} per stay` : 'No per-stay cap'} · {merchant.unusedCodes}{' '}
        unused {merchant.unusedCodes === 1 ? 'code' : 'codes'}
      </p>
      <p className="text-sm">
        {merchant.linkActive
          ? `Merchant link active: ${worthLabel(linkWorthOf(merchant), formatPeso)} per stay`
          : merchant.linkRevokedAt
            ? `Merchant link revoked ${formatDateTime(merchant.linkRevokedAt)}`
            : 'No merchant link'}
      </p>
    </div>
  );
}

/** Revoke the merchant's link, or make a new one worth what the last was (the new token goes to `onToken`). */
function LinkButtons({
  merchant,
  actions,
  onToken,
}: {
  merchant: MerchantSummary;
  actions: MerchantActions;
  onToken: (token: string) => void;
}) {
  const linkWorth = linkWorthOf(merchant);
  const revoke = () =>
    actions.revokeLink.mutate(merchant.id, {
      onSuccess: () => toast({ title: 'Link Revoked', description: `${merchant.name}'s merchant link no longer works.` }),
      onError: failed('Link Not Revoked'),
    });
  const open = () =>
    actions.openLink.mutate(
      { merchantId: merchant.id, ...(linkWorth.amountCents ? { amountCents: linkWorth.amountCents } : { hours: linkWorth.hours ?? 1 }) },
      { onSuccess: (made) => onToken(made.linkToken), onError: failed('Link Not Made') },
    );
  return (
    <div className="flex flex-wrap gap-2">
      {merchant.linkActive ? (
        <Button size="sm" variant="destructive" disabled={actions.revokeLink.isPending} onClick={revoke}>
          Revoke Link
        </Button>
      ) : null}
      <Button size="sm" variant="outline" disabled={actions.openLink.isPending} onClick={open}>
        <Link2 aria-hidden className="h-4 w-4" /> {merchant.linkActive ? 'Replace Link' : 'New Link'}
      </Button>
    </div>
  );
}

/** The batch just issued, with its printable QR sheet. */
function IssuedBatch({ batch, lotName }: { batch: CodeBatch; lotName: string }) {
  const printSheet = async () => {
    try {
      const { codeSheetPdf } = await import('./code-sheet-pdf');
      downloadFile(`parkada-validations-${batch.batchId.slice(0, 8)}.pdf`, await codeSheetPdf(batch, lotName), 'application/pdf');
    } catch (failure) {
      toast({ title: 'PDF Not Made', description: failure instanceof Error ? failure.message : 'Try again.', variant: 'destructive' });
    }
  };
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-border p-3 text-sm" data-testid="code-batch">
      <span>
        {batch.codes.length} codes, {worthLabel(batch, formatPeso)}, valid until {formatDateTime(batch.expiresAt)}:{' '}
        <span className="font-mono">
          {batch.codes.slice(0, 3).join(', ')}
          {batch.codes.length > 3 ? '…' : ''}
        </span>
      </span>
      <Button size="sm" onClick={() => void printSheet()}>
        <FileText aria-hidden className="h-4 w-4" /> QR Sheet (PDF)
      </Button>
    </div>
  );
}

export function MerchantCard({ merchant, lotName, actions }: { merchant: MerchantSummary; lotName: string; actions: MerchantActions }) {
  const [batch, setBatch] = useState<CodeBatch | null>(null);
  const [token, setToken] = useState<string | null>(null);
  return (
    <Card className="space-y-4 p-4 sm:p-6" data-testid="merchant-card">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <MerchantSummaryText merchant={merchant} />
        <LinkButtons merchant={merchant} actions={actions} onToken={setToken} />
      </div>
      {token && <NewLink token={token} onDone={() => setToken(null)} />}
      <IssueCodesForm merchant={merchant} actions={actions} onIssued={setBatch} />
      {batch && <IssuedBatch batch={batch} lotName={lotName} />}
    </Card>
  );
}
