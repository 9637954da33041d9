import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { Card } from '../../components/ui/card';
import { ownerLotsQuery } from '../../lib/owner';
import { merchantsQuery, useMerchantActions } from '../../lib/validations';
import { LotSelect } from './lot-select';
import { MerchantCard } from './merchant-card';
import { RegisterMerchantForm } from './merchant-forms';
import { ValidationReport } from './validation-report';

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
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[22rem_1fr]">
      <Card className="h-fit p-4 sm:p-6">
        <h2 className="mb-4 text-lg font-semibold">Register a merchant</h2>
        <RegisterMerchantForm lotName={lotName} actions={actions} />
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
