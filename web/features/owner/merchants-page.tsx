import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { Download, FileText, Link2, Plus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { formatPeso, pesosToCents } from '../../../core/money';
import { addDays, formatDateTime, manilaDate } from '../../../core/time';
import { validationReportCsv, worthLabel } from '../../../core/validations';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Field, Input, MonthField, Select } from '../../components/ui/field';
import { SidewaysScroll } from '../../components/ui/sideways-scroll';
import { toast } from '../../components/ui/toast-store';
import { downloadFile } from '../../lib/download';
import { ownerLotsQuery } from '../../lib/owner';
import {
  merchantLinkUrl,
  merchantsQuery,
  useMerchantActions,
  validationReportQuery,
  type CodeBatch,
  type MerchantSummary,
} from '../../lib/validations';
import { LotSelect } from './lot-select';

type WorthKind = 'hours' | 'pesos';
/** What the form's kind and number make: hours free, or centavos off. */
const worthOf = (kind: WorthKind, value: string) =>
  kind === 'hours' ? { hours: Math.trunc(Number(value)) } : { amountCents: pesosToCents(value) };

const failed = (title: string) => (error: Error) => toast({ title, description: error.message, variant: 'destructive' });

function WorthFields({
  id,
  kind,
  value,
  onKind,
  onValue,
}: {
  id: string;
  kind: WorthKind;
  value: string;
  onKind: (kind: WorthKind) => void;
  onValue: (value: string) => void;
}) {
  return (
    <div className="grid grid-cols-2 gap-3">
      <Field label="Worth" htmlFor={`${id}-kind`}>
        <Select id={`${id}-kind`} value={kind} onChange={(e) => onKind(e.target.value as WorthKind)}>
          <option value="hours">Hours free</option>
          <option value="pesos">Pesos off</option>
        </Select>
      </Field>
      <Field label={kind === 'hours' ? 'Hours' : 'Amount (₱)'} htmlFor={`${id}-value`}>
        <Input
          id={`${id}-value`}
          type="number"
          min={1}
          step={kind === 'hours' ? 1 : 0.01}
          value={value}
          onChange={(e) => onValue(e.target.value)}
        />
      </Field>
    </div>
  );
}

/** A merchant link's address, shown once after it is made (only its hash is kept). */
function NewLink({ token, onDone }: { token: string; onDone: () => void }) {
  const url = merchantLinkUrl(token);
  return (
    <div role="status" className="space-y-2 rounded-lg border border-green-600 p-3 text-sm">
      <p className="font-semibold">Merchant link made. Send it to the merchant's cashier now: it is shown only once.</p>
      <p className="break-all font-mono" data-testid="merchant-link">
        {url}
      </p>
      <div className="flex gap-2">
        <Button size="sm" variant="outline" onClick={() => void navigator.clipboard?.writeText(url)}>
          Copy link
        </Button>
        <Button size="sm" variant="ghost" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}

/** The merchants of a lot, the validations they give (codes on printable QR sheets, a cashier's link), and what to invoice them. */
export function OwnerMerchantsPage() {
  const { data: lots } = useSuspenseQuery(ownerLotsQuery);
  const search = useSearch({ from: '/_auth/owner/merchants' });
  const navigate = useNavigate({ from: '/owner/merchants' });
  const lotId = search.lot ?? lots[0]?.id ?? '';
  const lotName = lots.find((lot) => lot.id === lotId)?.name ?? '';
  return (
    <main className="mx-auto max-w-6xl space-y-6 px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold">Merchant Validations</h1>
        {lots.length > 0 && (
          <LotSelect
            lots={lots}
            value={lotId}
            onPick={(lot) => navigate({ search: (s) => ({ ...s, lot }), replace: true })}
            aria-label="Parking lot"
            className="w-64"
          />
        )}
      </div>
      {lotId ? <LotMerchants key={lotId} lotId={lotId} lotName={lotName} /> : <p>Add a parking lot first.</p>}
      <ValidationReport />
    </main>
  );
}

function LotMerchants({ lotId, lotName }: { lotId: string; lotName: string }) {
  const { data: merchants, isError, error } = useQuery(merchantsQuery(lotId));
  const actions = useMerchantActions(lotId);
  const [name, setName] = useState('');
  const [cap, setCap] = useState('');
  const [withLink, setWithLink] = useState(false);
  const [linkKind, setLinkKind] = useState<WorthKind>('hours');
  const [linkValue, setLinkValue] = useState('1');
  const [shownToken, setShownToken] = useState<string | null>(null);

  const register = (e: FormEvent) => {
    e.preventDefault();
    actions.register.mutate(
      {
        name,
        perStayCapCents: cap ? pesosToCents(cap) : null,
        ...(withLink ? { link: worthOf(linkKind, linkValue) } : {}),
      },
      {
        onSuccess: ({ linkToken }) => {
          toast({ title: 'Merchant Registered', description: `${name} can now validate parking at ${lotName}.` });
          setName('');
          setCap('');
          setShownToken(linkToken);
        },
        onError: failed('Merchant Not Registered'),
      },
    );
  };

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[22rem_1fr]">
      <Card className="h-fit p-4 sm:p-6">
        <h2 className="mb-4 text-lg font-semibold">Register a merchant</h2>
        <form className="space-y-4" onSubmit={register}>
          <Field label="Merchant name" htmlFor="merchant-name">
            <Input id="merchant-name" value={name} onChange={(e) => setName(e.target.value)} placeholder="Jollibee Ayala" />
          </Field>
          <Field label="Per-stay cap (₱, optional)" htmlFor="merchant-cap" hint="The most this merchant's validations take off one stay.">
            <Input id="merchant-cap" type="number" min={1} step={0.01} value={cap} onChange={(e) => setCap(e.target.value)} />
          </Field>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={withLink} onChange={(e) => setWithLink(e.target.checked)} /> Also make a merchant link for its
            cashier
          </label>
          {withLink && <WorthFields id="merchant-link" kind={linkKind} value={linkValue} onKind={setLinkKind} onValue={setLinkValue} />}
          <Button type="submit" className="w-full" disabled={actions.register.isPending || name.trim().length < 2}>
            <Plus aria-hidden className="h-4 w-4" /> Register Merchant
          </Button>
        </form>
        {shownToken && (
          <div className="mt-4">
            <NewLink token={shownToken} onDone={() => setShownToken(null)} />
          </div>
        )}
      </Card>
      <section className="space-y-4" aria-label="Merchants">
        {isError && <p className="text-destructive">{error.message}</p>}
        {merchants?.length === 0 && (
          <Card className="p-4 text-sm text-muted-foreground">No merchants at this lot yet: register one to issue validations.</Card>
        )}
        {merchants?.map((merchant) => (
          <MerchantCard key={merchant.id} merchant={merchant} lotName={lotName} actions={actions} />
        ))}
      </section>
    </div>
  );
}

function MerchantCard({
  merchant,
  lotName,
  actions,
}: {
  merchant: MerchantSummary;
  lotName: string;
  actions: ReturnType<typeof useMerchantActions>;
}) {
  const [count, setCount] = useState('12');
  const [kind, setKind] = useState<WorthKind>('hours');
  const [value, setValue] = useState('2');
  const [expires, setExpires] = useState(addDays(manilaDate(Date.now()), 30));
  const [batch, setBatch] = useState<CodeBatch | null>(null);
  const [token, setToken] = useState<string | null>(null);
  const id = `m-${merchant.id.slice(0, 8)}`;

  const printSheet = async (made: CodeBatch) => {
    try {
      const { codeSheetPdf } = await import('./code-sheet-pdf');
      downloadFile(`parkada-validations-${made.batchId.slice(0, 8)}.pdf`, await codeSheetPdf(made, lotName), 'application/pdf');
    } catch (failure) {
      toast({ title: 'PDF Not Made', description: failure instanceof Error ? failure.message : 'Try again.', variant: 'destructive' });
    }
  };
  const issue = (e: FormEvent) => {
    e.preventDefault();
    actions.codes.mutate(
      { merchantId: merchant.id, count: Math.trunc(Number(count)), ...worthOf(kind, value), expiresAt: `${expires}T23:59:59+08:00` },
      {
        onSuccess: (made) => {
          setBatch(made);
          toast({ title: 'Codes Issued', description: `${made.codes.length} single-use codes for ${merchant.name}.` });
        },
        onError: failed('Codes Not Issued'),
      },
    );
  };
  const linkWorth = { hours: merchant.linkHours, amountCents: merchant.linkAmountCents };

  return (
    <Card className="space-y-4 p-4 sm:p-6" data-testid="merchant-card">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 className="text-lg font-semibold">{merchant.name}</h3>
          <p className="text-sm text-muted-foreground">
            {merchant.perStayCapCents ? `At most ${formatPeso(merchant.perStayCapCents)} per stay` : 'No per-stay cap'} ·{' '}
            {merchant.unusedCodes} unused {merchant.unusedCodes === 1 ? 'code' : 'codes'}
          </p>
          <p className="text-sm">
            {merchant.linkActive
              ? `Merchant link active: ${worthLabel(linkWorth, formatPeso)} per stay`
              : merchant.linkRevokedAt
                ? `Merchant link revoked ${formatDateTime(merchant.linkRevokedAt)}`
                : 'No merchant link'}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {merchant.linkActive ? (
            <Button
              size="sm"
              variant="destructive"
              disabled={actions.revokeLink.isPending}
              onClick={() =>
                actions.revokeLink.mutate(merchant.id, {
                  onSuccess: () => toast({ title: 'Link Revoked', description: `${merchant.name}'s merchant link no longer works.` }),
                  onError: failed('Link Not Revoked'),
                })
              }
            >
              Revoke Link
            </Button>
          ) : null}
          <Button
            size="sm"
            variant="outline"
            disabled={actions.openLink.isPending}
            onClick={() =>
              actions.openLink.mutate(
                {
                  merchantId: merchant.id,
                  ...(linkWorth.amountCents ? { amountCents: linkWorth.amountCents } : { hours: linkWorth.hours ?? 1 }),
                },
                { onSuccess: (made) => setToken(made.linkToken), onError: failed('Link Not Made') },
              )
            }
          >
            <Link2 aria-hidden className="h-4 w-4" /> {merchant.linkActive ? 'Replace Link' : 'New Link'}
          </Button>
        </div>
      </div>
      {token && <NewLink token={token} onDone={() => setToken(null)} />}
      <form
        className="grid grid-cols-1 items-end gap-3 sm:grid-cols-[6rem_1fr_10rem_auto]"
        onSubmit={issue}
        aria-label={`Issue codes for ${merchant.name}`}
      >
        <Field label="Codes" htmlFor={`${id}-count`}>
          <Input id={`${id}-count`} type="number" min={1} max={500} value={count} onChange={(e) => setCount(e.target.value)} />
        </Field>
        <WorthFields id={id} kind={kind} value={value} onKind={setKind} onValue={setValue} />
        <Field label="Valid until" htmlFor={`${id}-expires`}>
          <Input id={`${id}-expires`} type="date" value={expires} onChange={(e) => e.target.value && setExpires(e.target.value)} />
        </Field>
        <Button type="submit" disabled={actions.codes.isPending}>
          Issue Codes
        </Button>
      </form>
      {batch && (
        <div
          className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-border p-3 text-sm"
          data-testid="code-batch"
        >
          <span>
            {batch.codes.length} codes, {worthLabel(batch, formatPeso)}, valid until {formatDateTime(batch.expiresAt)}:{' '}
            <span className="font-mono">
              {batch.codes.slice(0, 3).join(', ')}
              {batch.codes.length > 3 ? '…' : ''}
            </span>
          </span>
          <Button size="sm" onClick={() => void printSheet(batch)}>
            <FileText aria-hidden className="h-4 w-4" /> QR Sheet (PDF)
          </Button>
        </div>
      )}
    </Card>
  );
}

/** Validations redeemed per merchant and month at every lot of the owner, with the value given: what to invoice each merchant. */
function ValidationReport() {
  const search = useSearch({ from: '/_auth/owner/merchants' });
  const navigate = useNavigate({ from: '/owner/merchants' });
  const month = manilaDate(Date.now()).slice(0, 7);
  const from = search.from ?? month;
  const to = search.to ?? month;
  const { data: rows, isError, error } = useQuery(validationReportQuery(from, to));
  const pick = (months: { from?: string; to?: string }) => navigate({ search: (s) => ({ ...s, ...months }), replace: true });
  const total = (rows ?? []).reduce((sum, row) => sum + row.valueCents, 0);
  return (
    <Card className="space-y-4 p-4 sm:p-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 className="text-lg font-semibold">Validations to invoice</h2>
        <div className="flex flex-wrap items-end gap-3">
          <MonthField id="validations-from" label="From month" value={from} onPick={(picked) => pick({ from: picked })} />
          <MonthField id="validations-to" label="To month" value={to} onPick={(picked) => pick({ to: picked })} />
          <Button
            variant="outline"
            disabled={!rows?.length}
            onClick={() => rows && downloadFile(`parkada-validations-${from}-to-${to}.csv`, validationReportCsv(rows))}
          >
            <Download aria-hidden className="h-4 w-4" /> Export CSV
          </Button>
        </div>
      </div>
      {isError && <p className="text-destructive">{error.message}</p>}
      <SidewaysScroll label="Validations redeemed">
        <table className="w-full min-w-[32rem] text-sm">
          <caption className="sr-only">Validations redeemed per merchant and month</caption>
          <thead>
            <tr className="border-b border-border text-left text-muted-foreground">
              <th scope="col" className="py-2 pr-3 font-medium">
                Month
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                Merchant
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                Lot
              </th>
              <th scope="col" className="py-2 pr-3 text-right font-medium">
                Redeemed
              </th>
              <th scope="col" className="py-2 pr-3 text-right font-medium">
                Value given
              </th>
            </tr>
          </thead>
          <tbody>
            {rows?.map((row) => (
              <tr key={`${row.month}-${row.merchantId}`} className="border-b border-border" data-testid="validation-row">
                <td className="py-2 pr-3">{row.month}</td>
                <th scope="row" className="py-2 pr-3 text-left font-medium">
                  {row.merchantName}
                </th>
                <td className="py-2 pr-3">{row.lotName}</td>
                <td className="py-2 pr-3 text-right tabular-nums">{row.redeemed}</td>
                <td className="py-2 pr-3 text-right tabular-nums">{formatPeso(row.valueCents)}</td>
              </tr>
            ))}
            {rows?.length === 0 && (
              <tr>
                <td colSpan={5} className="py-3 text-muted-foreground">
                  No validations redeemed in these months.
                </td>
              </tr>
            )}
          </tbody>
          {!!rows?.length && (
            <tfoot>
              <tr className="font-semibold">
                <th scope="row" colSpan={4} className="py-2 pr-3 text-left">
                  Total
                </th>
                <td className="py-2 pr-3 text-right tabular-nums">{formatPeso(total)}</td>
              </tr>
            </tfoot>
          )}
        </table>
      </SidewaysScroll>
    </Card>
  );
}
