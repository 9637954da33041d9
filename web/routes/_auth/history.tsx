import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../components/coming-soon';

export const Route = createFileRoute('/_auth/history')({
  component: () => <ComingSoon title="History" summary="Past reservations, receipts and CSV export arrive with the booking release." />,
});
