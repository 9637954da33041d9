import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../components/coming-soon';

export const Route = createFileRoute('/_auth/owner/pricing')({
  component: () => <ComingSoon title="Pricing Management" summary="Static and progressive pricing arrive with the owner release." />,
});
