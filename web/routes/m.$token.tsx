import { createFileRoute } from '@tanstack/react-router';
import { MerchantLinkPage } from '../features/merchant-link/merchant-link-page';

/** A merchant's cashier validates parking here, without an account: the token in the link is the authority (docs/passes.md). */
export const Route = createFileRoute('/m/$token')({ component: MerchantLinkPage });
