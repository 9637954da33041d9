import { createFileRoute } from '@tanstack/react-router';
import { Spinner } from '../components/ui/spinner';
import { linkNotWorking } from '../components/link-not-working';
import { MerchantLinkPage } from '../features/merchant-link/merchant-link-page';
import { merchantLinkQuery } from '../lib/validations';

/** A merchant's cashier validates parking here, without an account: the token in the link is the authority (docs/passes.md). */
export const Route = createFileRoute('/m/$token')({
  loader: ({ context, params }) => context.queryClient.ensureQueryData(merchantLinkQuery(params.token)),
  pendingComponent: () => <Spinner label="Opening the merchant link" />,
  errorComponent: linkNotWorking('Parking validation'),
  component: MerchantLinkPage,
});
