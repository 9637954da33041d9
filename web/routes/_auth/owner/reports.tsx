import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../components/coming-soon';

export const Route = createFileRoute('/_auth/owner/reports')({
  component: () => <ComingSoon title="Reports & Analytics" summary="Reports on real bookings arrive with the owner release." />,
});
